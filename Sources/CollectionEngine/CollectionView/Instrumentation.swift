/// A phase of the engine's work that an observer can time.
///
/// Phases nest the way the calls do: `configure` (the data source's `cellForItemAt`) contains `dequeue`,
/// which contains `create` or `prepareForReuse`, and `applyAttributes`.
public enum EnginePhase: String, CaseIterable, Hashable, Sendable {
    /// The layout's `prepare()`.
    case prepare
    /// The layout's `layoutAttributesForElements(in:)`.
    case query
    /// Making a new view because its pool was empty.
    case create
    /// `dequeue…`: taking a view from a pool or creating one.
    case dequeue
    /// The data source configuring a cell or supplementary view.
    case configure
    /// A recycled view's `prepareForReuse()`.
    case prepareForReuse = "prepare-for-reuse"
    /// Applying layout attributes to a view.
    case applyAttributes = "apply-attributes"
    /// The delegate's will-display callback.
    case willDisplay = "will-display"
    /// The delegate's did-end-displaying callback.
    case didEndDisplaying = "did-end-displaying"
    /// Preparing a cell ahead of display.
    case prefetch
    /// Checking a batch update against UIKit's rules and planning it.
    case validateUpdates = "updates-validate"
    /// Applying a validated batch update: counts, selection, the layout's update hooks, the display.
    case applyUpdates = "updates-apply"
    /// Asking a view for its preferred layout attributes (`preferredLayoutAttributesFitting(_:)`): self-sizing.
    case measure
    /// Diffing an applied snapshot against the current one (a diffable data source's apply).
    case snapshotDiff = "snapshot-diff"
    /// A compositional section's `visibleItemsInvalidationHandler`, which runs on every layout pass over the
    /// section's visible items, with the app's work in it.
    case visibleItemsHandler = "visible-items-handler"
}

/// Observes the engine's phases, for a profiler.
///
/// The collection view calls the observer around each phase; with no observer installed, the cost is one
/// `nil` check per phase.
public protocol CollectionViewObserver: AnyObject {
    /// `phase` begins; `category` is the element category it works on, when there is one.
    func collectionView(_ collectionView: CollectionView, willBegin phase: EnginePhase, category: ElementCategory?)
    /// `phase` ends.
    func collectionView(_ collectionView: CollectionView, didEnd phase: EnginePhase, category: ElementCategory?)
}

/// Exact counts of the engine's work. The same data, layout and offsets give the same counts on any machine.
public struct EngineCounters: Hashable, Sendable {
    public var cellsCreated = 0
    public var cellsReused = 0
    /// Calls of the data source's `cellForItemAt`, displayed or prefetched.
    public var cellsConfigured = 0
    /// Cells configured ahead of display by prefetching, one per layout pass at most (included in
    /// ``cellsConfigured``).
    public var cellsPrefetched = 0
    /// Cells shown again, with `willDisplay` and no `cellForItemAt`, after they scrolled out and stayed
    /// within the prefetch region (the iOS 10 cell lifecycle).
    public var cellsRedisplayed = 0
    public var supplementaryCreated = 0
    public var supplementaryReused = 0
    public var supplementaryConfigured = 0
    public var decorationCreated = 0
    public var decorationReused = 0
    public var layoutPrepares = 0
    public var layoutInvalidations = 0
    /// Invalidations asked for by the layout's `shouldInvalidateLayout(forBoundsChange:)` returning `true`
    /// (included in ``layoutInvalidations``): on every scroll step for a layout that re-lays out as the
    /// content moves, as Cover Flow does.
    public var boundsInvalidations = 0
    /// Calls of the layout's `layoutAttributesForElements(in:)`.
    public var elementQueries = 0
    /// Attributes objects any layout created while the collection view was calling it — in `prepare()`,
    /// queries, invalidation, target offsets, update and transition callbacks — through any initializer
    /// of ``LayoutAttributes`` or a subclass, or ``LayoutAttributes/copy()``; the flow layout's cached
    /// attributes count each time it answers them, as if built. The collection view's own copies (of what
    /// it applied, for animations) are not counted. A layout that queries its whole content on every pass
    /// builds far more of them than it displays.
    public var layoutAttributesBuilt = 0
    /// Element, item and supplementary queries the flow layout answered for a layout's own calls while the
    /// collection view was calling it: a subclass's calls of `super` beyond the one that answers the
    /// collection view's query. A flow subclass that re-queries an item's line for each item of the line
    /// makes k of them per line of k items.
    public var nestedQueries = 0
    /// Cached attributes a layout looked at to answer element queries, as it reports them with
    /// ``CollectionViewLayout/recordAttributesExamined(_:)``; 0 for a layout that does not report. A layout
    /// that scans its whole cache per query examines far more than it returns.
    public var attributesExamined = 0
    /// Attributes applied to views because they changed.
    public var attributesApplied = 0
    /// Attributes not applied again because they were equal to the ones the view had.
    public var attributesUnchanged = 0
    public var batchUpdates = 0
    public var itemsInserted = 0
    public var itemsDeleted = 0
    public var itemsMoved = 0
    public var itemsReloaded = 0
    public var sectionsInserted = 0
    public var sectionsDeleted = 0
    public var sectionsMoved = 0
    public var sectionsReloaded = 0
    /// The most elements displayed at once.
    public var maxVisibleElements = 0
    /// Taps delivered, whatever they hit.
    public var taps = 0
    /// Items highlighted by a finger (`didHighlightItemAt` calls).
    public var highlights = 0
    /// Items selected by a tap (`didSelectItemAt` calls); programmatic selection is not counted.
    public var selections = 0
    /// Items deselected by a tap (`didDeselectItemAt` calls), including single selection's implicit ones.
    public var deselections = 0
    /// Edit menus shown by a long press.
    public var menusShown = 0
    /// Menu actions performed (`performAction` calls).
    public var menuActions = 0
    /// Pinch and long-press phases delivered to a layout that handles interaction.
    public var layoutInteractions = 0
    /// Calls of a view's ``ReusableView/preferredLayoutAttributesFitting(_:)``: every prepared cell is asked,
    /// with or without estimated sizes, as UIKit asks (rdar://26887172).
    public var preferredAttributesQueries = 0
    /// Invalidations the layout asked for because a view preferred other attributes
    /// (``CollectionViewLayout/invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)``).
    public var selfSizingInvalidations = 0
    /// Layout passes after which the content size differed from the one before.
    public var contentSizeChanges = 0
    /// Size changes above the visible top that moved what the user sees, because the layout's invalidation
    /// context did not adjust the content offset by as much.
    public var visibleContentShifts = 0
    /// Σ |measured − estimated| over the first measurement of each item, in points (main and cross axis
    /// together), rounded to an integer once per measurement so that it stays exact.
    public var estimateErrorPt = 0
    /// Snapshots applied through a diffable data source (diffed, or applied with `reloadData`).
    public var snapshotApplies = 0
    /// Items of the applied snapshots that were diffed: the new snapshot's item count, per diffed apply.
    public var snapshotItemsDiffed = 0
    /// Prepared cells (displayed, prefetched or kept) configured again in place by `reconfigureItems(at:)`.
    public var itemsReconfigured = 0
    /// Snapshots applied with `reloadData` rather than a diff (included in ``snapshotApplies``): a non-animated
    /// apply before iOS 15, or `applySnapshotUsingReloadData`. Each sends every prepared and prefetched cell back
    /// to its pool.
    public var snapshotReloads = 0

    public init() {}

    mutating func record(_ plan: UpdatePlan) {
        batchUpdates += 1
        itemsInserted += plan.itemsInserted
        itemsDeleted += plan.itemsDeleted
        itemsMoved += plan.itemsMoved
        itemsReloaded += plan.itemsReloaded
        sectionsInserted += plan.sectionsInserted
        sectionsDeleted += plan.sectionsDeleted
        sectionsMoved += plan.sectionsMoved
        sectionsReloaded += plan.sectionsReloaded
    }

    mutating func recordCreation(of category: ElementCategory) {
        switch category {
        case .cell: cellsCreated += 1
        case .supplementaryView: supplementaryCreated += 1
        case .decorationView: decorationCreated += 1
        }
    }

    mutating func recordReuse(of category: ElementCategory) {
        switch category {
        case .cell: cellsReused += 1
        case .supplementaryView: supplementaryReused += 1
        case .decorationView: decorationReused += 1
        }
    }
}
