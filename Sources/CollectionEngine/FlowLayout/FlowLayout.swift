/// UIKit's line-based layout: the engine's `UICollectionViewFlowLayout`.
///
/// Items fill a line greedily with ``minimumInteritemSpacing``; leftover space is spread equally between
/// a line's items (first item at the leading inset, last at the trailing edge); a line with a single
/// item is centered. The last line of a section whose items all have one size keeps the spacing of a full
/// line, so that its items align with the columns above (centered only when a full line holds one item);
/// when the sizes differ, it is leading-aligned with exactly ``minimumInteritemSpacing`` between its items,
/// as UIKit's is (rdar://20825965; https://stackoverflow.com/questions/13017257). Items whose width
/// (height, scrolling horizontally) exceeds the available width get UIKit's console warning in
/// ``CollectionView/warnings``. Items are centered across their line, whose thickness
/// is its largest item's; lines are ``minimumLineSpacing`` apart. A section's header comes before its
/// inset and its footer after, spanning the content's width (vertical) or height (horizontal); a zero
/// header or footer produces no element.
///
/// Geometry is indexed per section, so a query costs O(log n + k) for n items and k results, and kept
/// relative to each section's origin, so a change in one section reflows that section and shifts the
/// origins of the ones after it. Sections whose items all have one size are laid out in closed form.
open class FlowLayout: CollectionViewLayout {
    /// The axis along which the content scrolls and lines stack.
    public enum ScrollDirection: String, Hashable, Sendable, CaseIterable {
        case vertical, horizontal
    }

    /// The scroll direction; vertical by default.
    public var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// The item size when the delegate does not give one; 50 × 50 by default.
    public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// The minimum distance between lines; 10 by default. May be negative (lines then overlap).
    public var minimumLineSpacing = 10.0 { didSet { invalidateLayout() } }
    /// The minimum distance between items of a line; 10 by default.
    public var minimumInteritemSpacing = 10.0 { didSet { invalidateLayout() } }
    /// Space around each section's items; zero by default.
    public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    /// The header size: only its height is used when scrolling vertically, its width horizontally.
    public var headerReferenceSize = Size.zero { didSet { invalidateLayout() } }
    /// The footer size, used like ``headerReferenceSize``.
    public var footerReferenceSize = Size.zero { didSet { invalidateLayout() } }
    /// Whether each section's header stays at the top (leading edge, scrolling horizontally) of the visible
    /// bounds while its section is visible, pushed out by the end of its section; `false` by default.
    ///
    /// UIKit's `sectionHeadersPinToVisibleBounds`: "section header views scroll with content until they reach
    /// the top of the screen, at which point they are pinned to the upper bounds of the collection view. Each
    /// new header view that scrolls to the top of the screen pushes the previously pinned header view
    /// offscreen" (https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/sectionheaderspintovisiblebounds).
    public var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// Whether each section's footer stays at the bottom (trailing edge) of the visible bounds while its
    /// section is visible; `false` by default. UIKit's `sectionFootersPinToVisibleBounds`
    /// (https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/sectionfooterspintovisiblebounds).
    public var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

    /// The size items have until their cells are measured; `.zero` (the default) when cells do not size
    /// themselves.
    ///
    /// UIKit's `estimatedItemSize`: "Setting it to any other value, like `automaticSize`, causes the collection
    /// view to query each cell for its actual size using the cell's `preferredLayoutAttributesFitting(_:)`"
    /// and "Cells that aren't onscreen are assumed to be the estimated height" (Apple's documentation). With an
    /// estimate, the delegate's `sizeForItemAt` is not asked: every item is the estimate until its cell answers
    /// another size, which then re-lays out the items after it (in O(log n), see ``SizedLines``). A measured
    /// size stays with its item through batch updates and invalidations; a reload or a reloaded item goes back
    /// to the estimate. ``automaticSize`` estimates with ``itemSize``.
    public var estimatedItemSize = Size.zero { didSet { invalidateLayout() } }

    /// UIKit's `automaticSize`, "a non-zero, placeholder value" (Apple's documentation) for
    /// ``estimatedItemSize``: cells size themselves and, in Reel, items are ``itemSize`` until measured.
    public static let automaticSize = Size(width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// The size of items not measured yet, when cells size themselves; `nil` when they do not.
    var estimate: Size? {
        if estimatedItemSize == .zero { return nil }
        return estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
    }

    /// The z-index of headers and footers while they pin: above the cells' 0, so that the section scrolls under
    /// them. 1024 is the value UIKit's flow layout is observed to give them (no document states it).
    public static let pinnedZIndex = 1024

    /// Whether headers or footers pin: the supplementaries then move with every change of bounds.
    var pins: Bool { sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds }

    open override class var invalidationContextClass: InvalidationContext.Type { FlowLayoutInvalidationContext.self }

    /// The computed sections.
    var sections: [FlowSection] = []
    /// The content's extent across the scrolling axis when the sections were flowed.
    var crossExtent = 0.0
    /// The direction the sections were flowed in. Read by every query: unchecked, as a Boolean written by one
    /// assignment in `prepare()`.
    @exclusivity(unchecked) var flowedVertically = true
    var pending = PendingWork.everything
    /// How many times `prepare()` flowed a section, for tests of what an invalidation recomputes.
    var sectionsFlowed = 0
    /// The attributes objects built for earlier queries, handed out again until `prepare()` runs (see
    /// ``keepsLayoutAttributes``).
    let attributesCache = LayoutAttributesCache()
    /// The storage of the last two answers, reused by the next queries (see ``ReusedAnswer``).
    ///
    /// `@exclusivity(unchecked)` is safe here: a query takes it by swapping it with an empty value and gives it
    /// back by assigning it, and nothing else reads or writes it; each access spans no call, so no two can
    /// overlap (its two checks were a tenth of a steady frame's query).
    @exclusivity(unchecked) var answerStorage = AnswerStorage()

    /// Whether element queries answer with the attributes objects built for earlier queries while the layout
    /// was not invalidated (``LayoutAttributesCache``), as UIKit's flow layout does, instead of new ones.
    ///
    /// `true` for `FlowLayout` itself. A subclass that changes the attributes `super` returns must copy them
    /// first to keep them (UIKit's rule for its flow layout); Reel's default for subclasses is `false`, so that
    /// one written without copying keeps working: override it to return `true` when yours copies or changes
    /// nothing. Attributes of a subclass of ``LayoutAttributes`` are never kept.
    open var keepsLayoutAttributes: Bool { type(of: self) == FlowLayout.self }

    public override init() {}

    // MARK: Invalidation

    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let collectionView else { return false }
        // Pinned headers and footers follow the visible bounds, so every scroll moves them.
        return newBounds.size != collectionView.bounds.size || (pins && newBounds.origin != collectionView.bounds.origin)
    }

    /// The context for a change of bounds to `newBounds`: a change of size asks the delegate for every
    /// metric again and reflows; a change that keeps the size (scrolling) asks for nothing and keeps every
    /// position, even when a subclass invalidates on every bounds change.
    ///
    /// As UIKit's: `invalidateFlowLayoutDelegateMetrics` is set only when the size changes. Positions do
    /// not depend on the content offset, so scrolling leaves ``FlowLayoutInvalidationContext/invalidateFlowLayoutAttributes``
    /// off too; `prepare()` then re-flows nothing. With pinned headers or footers, a scroll invalidates only
    /// them (every section's, by name): `prepare()` keeps every item's position and the attributes objects
    /// kept for the cells, and the queries place the supplementaries against the new bounds.
    /// - Complexity: O(1); O(s) for s sections with pinning on.
    open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        if let flow = context as? FlowLayoutInvalidationContext {
            // Sizes often depend on the width (rotation): only a new size asks the delegate again. The
            // collection view's bounds still hold the old value here.
            let resized = collectionView.map { newBounds.size != $0.bounds.size } ?? true
            flow.invalidateFlowLayoutDelegateMetrics = resized
            flow.invalidateFlowLayoutAttributes = resized
            if pins && !resized {
                let all = sections.indices.map { IndexPath(item: 0, section: $0) }
                if sectionHeadersPinToVisibleBounds {
                    flow.invalidateSupplementaryElements(ofKind: CollectionView.elementKindSectionHeader, at: all)
                }
                if sectionFootersPinToVisibleBounds {
                    flow.invalidateSupplementaryElements(ofKind: CollectionView.elementKindSectionFooter, at: all)
                }
            }
        }
        return context
    }

    // MARK: Self-sizing

    /// Whether a cell's preferred size differs from its item's: with an ``estimatedItemSize``, as UIKit's flow
    /// layout; never without (the cells are still asked, rdar://26887172, but their answers are not used).
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                              withOriginalAttributes originalAttributes: LayoutAttributes) -> Bool {
        estimate != nil && originalAttributes.representedElementCategory == .cell
            && preferredAttributes.size != originalAttributes.size
    }

    /// A context that gives the item its preferred size: the items after it move and the content size changes
    /// by the difference (``InvalidationContext/contentSizeAdjustment``). Like UIKit's flow layout, it does not
    /// adjust the content offset, so that a size change above the visible top moves what the user sees
    /// (airbnb/MagazineLayout#9 reproduces the jumps with UIKit's flow layout); a subclass sets
    /// ``InvalidationContext/contentOffsetAdjustment`` to keep it still.
    /// - Complexity: O(1); the next `prepare()` updates the section in O(log n).
    open override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                           withOriginalAttributes originalAttributes: LayoutAttributes) -> InvalidationContext {
        let context = super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes,
                                                withOriginalAttributes: originalAttributes)
        let old = originalAttributes.size, new = preferredAttributes.size
        if let flow = context as? FlowLayoutInvalidationContext, originalAttributes.representedElementCategory == .cell {
            flow.invalidateFlowLayoutAttributes = false
            flow.preferredItemSizes[originalAttributes.indexPath] = new
        }
        context.contentSizeAdjustment = scrollDirection == .vertical
            ? Size(width: 0, height: new.height - old.height) : Size(width: new.width - old.width, height: 0)
        // How far off the estimate was, for an item that still had it.
        if let estimate, old == estimate, let collectionView {
            let error = abs(new.width - old.width) + abs(new.height - old.height)
            if error.isFinite { collectionView.counters.estimateErrorPt += Int(min(error, 1e15).rounded()) }
        }
        return context
    }

    open override func invalidateLayout(with context: InvalidationContext) {
        pending.merge(context)
        super.invalidateLayout(with: context)
    }

    // MARK: Preparing

    /// Reads counts and metrics and flows the sections, recomputing only what the invalidations since the
    /// last call require.
    ///
    /// - Complexity: O(n) for n items after a full invalidation (one size query per item when the delegate
    ///   gives sizes, O(1) per uniform section otherwise); O(items of the affected sections + sections) for
    ///   invalidations that name items; after a batch update, one size query per inserted, moved or reloaded
    ///   item, O(1) more per uniform section and O(items) per section of varying sizes it touched.
    open override func prepare() {
        super.prepare()
        defer { pending = PendingWork() }
        // The geometry may change: no attributes object built before stays valid — unless the invalidations ask
        // for nothing to be recomputed (a scroll with pinned supplementaries, which are never kept).
        guard !(pins && pending.isNothing) else { return }
        attributesCache.removeAll()
        guard let collectionView else {
            sections = []
            return
        }
        let inset = collectionView.contentInset
        let vertical = scrollDirection == .vertical
        let extent = max(0, vertical ? collectionView.bounds.width - inset.horizontal
                                     : collectionView.bounds.height - inset.vertical)
        let metrics = MetricsSource(layout: self, collectionView: collectionView)
        var reflowAll = pending.reflowAll || extent != crossExtent || vertical != flowedVertically
        var reflow = Set<Int>()

        if let plan = pending.batch, !pending.reloadCounts, plan.oldCounts.count == sections.count {
            reflow = apply(plan, metrics: metrics)
        } else if pending.reloadCounts || sections.count != collectionView.numberOfSections {
            sections = (0..<collectionView.numberOfSections).map {
                FlowSection(section: $0, count: collectionView.numberOfItems(inSection: $0), metrics: metrics)
            }
            reflowAll = true
        } else if pending.requeryAll {
            for index in sections.indices { sections[index].requery(section: index, metrics: metrics) }
            reflowAll = true
        } else {
            for section in pending.requerySections where sections.indices.contains(section) {
                sections[section].requery(section: section, metrics: metrics)
                reflow.insert(section)
            }
            for indexPath in pending.requeryItems.sorted()
            where sections.indices.contains(indexPath.section) && !pending.requerySections.contains(indexPath.section) {
                sections[indexPath.section].requerySize(of: indexPath.item, section: indexPath.section, metrics: metrics)
                reflow.insert(indexPath.section)
            }
            reflow.formUnion(pending.reflowSections)
        }

        crossExtent = extent
        flowedVertically = vertical
        let selfSizing = estimate != nil
        var flowed = reflowAll ? Set(sections.indices) : reflow.filter { sections.indices.contains($0) }
        // Measured sizes: in place in a section already flowed, else before it flows.
        var resized = false
        if selfSizing {
            for (indexPath, size) in pending.preferredItemSizes where sections.indices.contains(indexPath.section) {
                let section = indexPath.section
                if sections[section].setSize(size, of: indexPath.item) && !flowed.contains(section) {
                    resized = true
                } else {
                    flowed.insert(section)
                }
            }
        }
        // A batch may only reorder sections: their origins move even when nothing reflows.
        guard !flowed.isEmpty || pending.batch != nil || resized else { return }
        for index in flowed.sorted() { sections[index].flow(crossExtent: extent, vertical: vertical, selfSizing: selfSizing) }
        sectionsFlowed &+= flowed.count
        // UIKit logs its warning each time it lays out an item too large for the line; here once per
        // prepare that lays out such an item.
        if flowed.contains(where: { sections[$0].hasOversizedItem }) {
            collectionView.warnings.append(EngineWarning(
                kind: .flowItemTooLarge,
                message: vertical ? EngineWarning.flowItemTooWideMessage : EngineWarning.flowItemTooTallMessage,
                time: collectionView.frameTime))
        }
        var origin = 0.0
        for index in sections.indices {
            sections[index].origin = origin
            origin += sections[index].length
        }
    }

    // MARK: Queries

    /// The cells, headers and footers that intersect `rect`.
    ///
    /// - Complexity: O(log n + k) for n items and k results: sections and lines are found by binary
    ///   search (or in closed form for uniform sections), never by scanning every item.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { elements(in: rect) }

    /// The attributes of one item, or `nil` when it does not exist.
    /// - Complexity: O(1).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        itemAttributes(at: indexPath)
    }

    /// The header or footer of a section; `nil` for other kinds, missing sections and zero sizes.
    /// - Complexity: O(1).
    open override func layoutAttributesForSupplementaryView(ofKind kind: String,
                                                           at indexPath: IndexPath) -> LayoutAttributes? {
        headerOrFooterAttributes(ofKind: kind, at: indexPath)
    }

    // MARK: Content size

    open override var collectionViewContentSize: Size {
        let length = sections.last.map { $0.origin + $0.length } ?? 0
        return flowedVertically ? Size(width: crossExtent, height: length) : Size(width: length, height: crossExtent)
    }
}

/// What the invalidations since the last `prepare()` ask a flow layout to recompute.
struct PendingWork {
    var reloadCounts = false
    var requeryAll = false
    var reflowAll = false
    var requerySections = Set<Int>()
    var requeryItems = Set<IndexPath>()
    var reflowSections = Set<Int>()
    /// Sizes self-sizing cells answered (``FlowLayoutInvalidationContext/preferredItemSizes``).
    var preferredItemSizes: [IndexPath: Size] = [:]

    static let everything = PendingWork(reloadCounts: true, requeryAll: true, reflowAll: true)

    /// Whether nothing is to be recomputed.
    var isNothing: Bool {
        !reloadCounts && !requeryAll && !reflowAll && requerySections.isEmpty && requeryItems.isEmpty
            && reflowSections.isEmpty && batch == nil && preferredItemSizes.isEmpty
    }

    /// A batch update to apply to the sections, when it is the only change of counts since the last prepare.
    var batch: UpdatePlan?

    mutating func merge(_ context: InvalidationContext) {
        if let plan = context.updatePlan, !reloadCounts, batch == nil {
            batch = plan
            return
        }
        if context.invalidateEverything || context.invalidateDataSourceCounts {
            // Every item goes back to the estimate (a reload, or a whole invalidation).
            reloadCounts = true
            batch = nil
            preferredItemSizes = [:]
            return
        }
        let flow = context as? FlowLayoutInvalidationContext
        if let sizes = flow?.preferredItemSizes, !sizes.isEmpty { preferredItemSizes.merge(sizes) { $1 } }
        let requery = flow?.invalidateFlowLayoutDelegateMetrics ?? false
        let reposition = flow?.invalidateFlowLayoutAttributes ?? true
        var namedSections = Set<Int>()
        for indexPaths in (context.invalidatedSupplementaryIndexPaths ?? [:]).values {
            namedSections.formUnion(indexPaths.map(\.section))
        }
        let namedItems = context.invalidatedItemIndexPaths ?? []
        let namesSomething = !namedItems.isEmpty || !namedSections.isEmpty
        if requery {
            if namesSomething {
                requeryItems.formUnion(namedItems)
                requerySections.formUnion(namedSections)
            } else {
                requeryAll = true
            }
        }
        if reposition {
            if namesSomething {
                reflowSections.formUnion(namedItems.map(\.section))
                reflowSections.formUnion(namedSections)
            } else {
                reflowAll = true
            }
        }
    }
}

/// Reads metrics from the delegate when there is one, else from the layout's properties.
struct MetricsSource {
    let layout: FlowLayout
    let collectionView: CollectionView
    let delegate: (any FlowLayoutDelegate)?

    init(layout: FlowLayout, collectionView: CollectionView) {
        self.layout = layout
        self.collectionView = collectionView
        self.delegate = collectionView.delegate as? any FlowLayoutDelegate
    }

    func sectionMetrics(_ section: Int) -> SectionMetrics {
        guard let delegate else {
            return SectionMetrics(
                inset: layout.sectionInset, lineSpacing: layout.minimumLineSpacing,
                interitemSpacing: layout.minimumInteritemSpacing, header: layout.headerReferenceSize,
                footer: layout.footerReferenceSize)
        }
        return SectionMetrics(
            inset: delegate.collectionView(collectionView, layout: layout, insetForSectionAt: section),
            lineSpacing: delegate.collectionView(collectionView, layout: layout, minimumLineSpacingForSectionAt: section),
            interitemSpacing: delegate.collectionView(
                collectionView, layout: layout, minimumInteritemSpacingForSectionAt: section),
            header: delegate.collectionView(collectionView, layout: layout, referenceSizeForHeaderInSection: section),
            footer: delegate.collectionView(collectionView, layout: layout, referenceSizeForFooterInSection: section))
    }

    /// The size of items not measured yet, when cells size themselves (``FlowLayout/estimatedItemSize``).
    var estimate: Size? { layout.estimate }

    /// The size of an item nobody was asked about: the estimate, or the layout's `itemSize`.
    var defaultSize: Size { layout.estimate ?? layout.itemSize }

    /// Whether every item has the layout's `itemSize` (or the estimate) without asking.
    var sizesAreUniform: Bool { delegate == nil || layout.estimate != nil }

    /// The size every item of `section` has, when known without asking for each.
    func uniformSize(_ section: Int) -> Size? {
        if let estimate = layout.estimate { return estimate }
        guard let delegate else { return layout.itemSize }
        return delegate.collectionView(collectionView, layout: layout, uniformItemSizeInSection: section)
    }

    func size(_ indexPath: IndexPath) -> Size {
        if let estimate = layout.estimate { return estimate }
        return delegate?.collectionView(collectionView, layout: layout, sizeForItemAt: indexPath) ?? layout.itemSize
    }
}
