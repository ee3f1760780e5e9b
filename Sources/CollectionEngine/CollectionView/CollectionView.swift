/// A headless collection view: the engine's `UICollectionView`.
///
/// It asks its ``dataSource`` for counts and configured views, its ``collectionViewLayout`` for where they
/// go, and displays the elements that intersect its ``bounds``, recycling views through one reuse pool per
/// reuse identifier (per kind for supplementary and decoration views). Nothing is drawn: a displayed
/// element is a ``ReusableView`` with the layout attributes applied to it.
///
/// Changes (scrolling, invalidation, reloads) mark the view as needing layout; ``layoutIfNeeded()`` does
/// the work, once per frame, in UIKit's order.
public final class CollectionView {
    /// The kind of the flow layout's section headers.
    public static let elementKindSectionHeader = "header"
    /// The kind of the flow layout's section footers.
    public static let elementKindSectionFooter = "footer"

    /// The visible area in content coordinates: its origin is the content offset.
    ///
    /// Unchecked storage behind an inlinable getter, as ``counters``: read many times per frame, a trivial
    /// value, and written only by one assignment in `setBounds(_:)` and the initializer.
    public internal(set) var bounds: Rect {
        @inlinable get { storedBounds }
        _modify { yield &storedBounds }
    }
    @usableFromInline @exclusivity(unchecked) var storedBounds: Rect

    /// The view's frame; only its size matters headlessly. Changing the size changes ``bounds``; a layout
    /// that adopts ``LayoutInteractionHandling`` hears the new size first (`willResizeTo`), as an app's
    /// rotation handler does.
    public var frame: Rect {
        willSet {
            if newValue.size != frame.size, let handler = collectionViewLayout as? any LayoutInteractionHandling {
                callingLayout { handler.collectionView(self, willResizeTo: newValue.size) }
            }
        }
        didSet {
            if frame.size != oldValue.size { setBounds(Rect(origin: bounds.origin, size: frame.size)) }
        }
    }

    /// The point of the content shown at the top-left corner.
    public var contentOffset: Point {
        get { bounds.origin }
        set { setBounds(Rect(origin: newValue, size: bounds.size)) }
    }

    /// Space around the content; changing it invalidates the layout.
    public var contentInset: EdgeInsets = .zero {
        didSet { if contentInset != oldValue { collectionViewLayout.invalidateLayout() } }
    }

    /// The insets of the area no bar, notch or home indicator covers (`UIView.safeAreaInsets`); changing them
    /// invalidates the layout.
    public var safeAreaInsets: EdgeInsets = .zero {
        didSet { if safeAreaInsets != oldValue { collectionViewLayout.invalidateLayout() } }
    }

    /// The view's layout margins (`UIView.layoutMargins`); changing them invalidates the layout.
    public var layoutMargins: EdgeInsets = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { if layoutMargins != oldValue { collectionViewLayout.invalidateLayout() } }
    }

    /// Pixels per point of the screen (`UITraitCollection.displayScale`): 1, 2 or 3.
    public var displayScale: Double = 2 {
        didSet { if displayScale != oldValue { collectionViewLayout.invalidateLayout() } }
    }

    /// Whether content runs left to right or right to left
    /// (`UIView.effectiveUserInterfaceLayoutDirection`); changing it invalidates the layout.
    public var layoutDirection: LayoutDirection = .leftToRight {
        didSet { if layoutDirection != oldValue { collectionViewLayout.invalidateLayout() } }
    }

    /// The size of the content, from the layout after its last `prepare()`.
    public internal(set) var contentSize: Size = .zero

    /// Supplies counts and views. Setting it reloads the data.
    @exclusivity(unchecked) public weak var dataSource: (any CollectionViewDataSource)? {
        didSet { reloadData() }
    }

    // `dataSource`, `delegate`, `observer` and `collectionViewLayout` are read several times on every frame
    // (each scroll, each engine phase, each layout pass), and their dynamic exclusivity checks showed in a
    // frame's profile.
    // They are only ever read or assigned whole — the setters' observers run after the store, not inside an
    // access — so no access to them can overlap a write: unchecked is safe.
    /// Hears display events; a flow layout also reads its sizes from it. Setting it invalidates the layout.
    @exclusivity(unchecked) public weak var delegate: (any CollectionViewDelegate)? {
        didSet { collectionViewLayout.invalidateLayout() }
    }

    /// Observes the engine's phases, for profiling.
    @exclusivity(unchecked) public weak var observer: (any CollectionViewObserver)? {
        didSet {
            observerCalls = observer.map(UnretainedObserver.calling)
            // A pass holding the old observer goes on with the new one, loaded phase by phase.
            heldObserver = nil
        }
    }

    /// Records the engine's phases inline, for a profiler (``PhaseRecorder``): cheaper than an ``observer``,
    /// which is called at both ends of every phase. Both may be set; the recorder marks a phase first.
    ///
    /// A recorder replaced while a phase is open gets that phase's end: the collection view keeps every
    /// recorder it was given until it is deallocated, so a recorder is set once, not per frame.
    public var phaseRecorder: PhaseRecorder? {
        didSet {
            if let oldValue, oldValue !== phaseRecorder, !formerPhaseRecorders.contains(where: { $0 === oldValue }) {
                formerPhaseRecorders.append(oldValue)
            }
            heldPhaseRecorder = phaseRecorder.map(Unmanaged.passUnretained)
        }
    }

    /// `phaseRecorder`, read by every phase without reference counting: the property holds it, and
    /// `formerPhaseRecorders` once it is replaced. Unchecked: a trivial value, read or assigned whole.
    @exclusivity(unchecked) private var heldPhaseRecorder: Unmanaged<PhaseRecorder>?
    private var formerPhaseRecorders: [PhaseRecorder] = []

    /// `observer`, callable without reference counting; set whenever `observer` is, and forgotten by the first
    /// pass that finds the observer deallocated, so that without an observer a phase costs one `nil` check. It
    /// is called only through `heldObserver`, while a pass holds the observer.
    @exclusivity(unchecked) private var observerCalls: UnretainedObserver?
    /// `observerCalls` while a layout pass holds it and the observer alive (``holdingObserver(_:)``).
    @exclusivity(unchecked) private var heldObserver: Unmanaged<UnretainedObserver>?

    /// Whether items can be selected; when off, selection calls have no effect.
    public var allowsSelection = true

    /// Whether several items can be selected at once.
    public var allowsMultipleSelection = false {
        didSet {
            if !allowsMultipleSelection, let keep = selectedItems.min() {
                for other in selectedItems where other != keep { deselectItem(at: other) }
            }
        }
    }

    /// Whether cells are configured ahead of display, one per layout pass, and kept a while after they
    /// scroll out (the iOS 10 cell lifecycle). On by default, as in UIKit.
    @exclusivity(unchecked) public var isPrefetchingEnabled = true {
        didSet { if !isPrefetchingEnabled { discardOffscreenCells() } }
    }

    /// The most elements one layout pass displays, or `nil` (the default) for no limit.
    ///
    /// When the layout's answer for the visible rect holds more elements than this, the pass creates no
    /// views for it (elements already displayed end their display) and ``visibleElementOverflow`` says how
    /// many there were, so that the caller can stop with an error: 10,000,000 items of 0.0001 points all
    /// on screen would otherwise exhaust the memory. The flow layout and its subclasses are told the limit
    /// and stop building attributes at one more than it; other layouts answer in full and the collection
    /// view counts. Reel's replays set it to `TraceLimits.visibleElements`.
    @exclusivity(unchecked) public var visibleElementLimit: Int? {
        didSet { if visibleElementLimit != oldValue { needsLayout = true } }
    }

    /// How many elements the visible rect held at the last layout pass, when they were more than
    /// ``visibleElementLimit``; `nil` when they were within it. A flow layout counts them from its lines and
    /// columns without building them, the items that touch the rect's edges included. (Unchecked storage
    /// behind an inlinable getter, as ``counters``.)
    public internal(set) var visibleElementOverflow: Int? {
        @inlinable get { storedVisibleElementOverflow }
        _modify { yield &storedVisibleElementOverflow }
    }
    @usableFromInline @exclusivity(unchecked) var storedVisibleElementOverflow: Int?

    /// Exact counts of the work done so far.
    ///
    /// Incremented several times per element on every frame: `@exclusivity(unchecked)` spares each increment
    /// a dynamic exclusivity check. Safe: the counters are a struct of integers (a trivial value,
    /// which no overlapping access can leave freed or half-written), and every write is one increment.
    ///
    /// The attribute is on the storage, behind an inlinable getter: it holds only for the accesses compiled
    /// in this module, and a stored property read from another module (the replay, the catalogue's layouts, a
    /// layout of a user's) made the check all the same. Through the getter, that read is a plain load too.
    public internal(set) var counters: EngineCounters {
        @inlinable get { storedCounters }
        _modify { yield &storedCounters }
    }
    @usableFromInline @exclusivity(unchecked) var storedCounters: EngineCounters = EngineCounters()

    deinit { releaseLayouts() }

    /// Clears the back reference of every layout that answers for this view: the layout and, during a
    /// transition, its two layouts. Their ``CollectionViewLayout/collectionView`` is unretained, and must not
    /// outlive the view.
    private func releaseLayouts() {
        let layout = storedCollectionViewLayout
        if let transition = layout as? TransitionLayout {
            for inner in [transition.currentLayout, transition.nextLayout] where inner.storedCollectionView === self {
                inner.collectionView = nil
            }
        }
        if layout.storedCollectionView === self { layout.collectionView = nil }
    }

    /// The layout. Setting it replaces the layout without animation; the displayed elements take their
    /// attributes from the new layout at the next layout pass. (Unchecked storage behind an inlinable getter,
    /// as ``counters``.)
    public var collectionViewLayout: CollectionViewLayout {
        @inlinable get { storedCollectionViewLayout }
        set {
            let oldValue = storedCollectionViewLayout
            storedCollectionViewLayout = newValue
            guard newValue !== oldValue else { return }
            timeDrivenLayout = newValue as? any TimeDrivenLayout
            oldValue.collectionView = nil
            newValue.collectionView = self
            // A new layout may register other view classes under the same decoration kinds.
            decorationPools.removeAll()
            discardOffscreenCells()
            newValue.invalidateLayout()
        }
    }
    @usableFromInline @exclusivity(unchecked) var storedCollectionViewLayout: CollectionViewLayout

    // MARK: State

    // The selection, the displayed list, the held cells, the prefetch state, the pass's lists, the pending
    // attributes, the registrations and the reuse pools are touched for every cell that enters or leaves the
    // display: their dynamic exclusivity checks were ≈ 4 % of a browsing replay's instructions.
    // Every access to them is one statement that calls nothing which could reach them again — a subscript,
    // `contains`, `removeValue`, `popLast`, `append`, an assignment whose right-hand side is evaluated first,
    // a `for` over a copy, a `compactMap` or `first` whose closure reads only its argument. A view's own
    // code (`prepareForReuse()`, a factory, a delegate) runs only between such statements: a pool gives up
    // its view before the view is prepared (`recycleOrCreate`). No two accesses can overlap: unchecked is
    // safe.
    /// The selected items.
    @exclusivity(unchecked) var selectedItems = Set<IndexPath>()
    /// The running long press and pinch, and the item showing the edit menu.
    var gestures = GestureTracking()
    /// Section item counts as last read from the data source; `nil` until read. Read for every cell
    /// configured; unchecked as `selectedItems` (the data source is asked before the one assignment).
    @exclusivity(unchecked) var itemCounts: [Int]?
    /// Displayed elements, sorted by key.
    @exclusivity(unchecked) var displayed: [DisplayedElement] = []
    /// Configured cells held off screen within the prefetch region (prefetched, or kept after scrolling
    /// out), by index path.
    @exclusivity(unchecked) var offscreenCells = HeldCells()
    /// The self-sizing cascade of the layout pass in progress (see `CollectionView+SelfSizing.swift`).
    @exclusivity(unchecked) var selfSizing = SelfSizingCascade()
    /// The self-sizing recursion that stopped a layout pass, as iOS 18 and later stop the app; `nil` while
    /// none did. A replay fails on it.
    public internal(set) var selfSizingRecursion: SelfSizingRecursion?
    @exclusivity(unchecked) var prefetch = PrefetchState()
    /// The lists a layout pass works with, kept with their capacity from frame to frame.
    @exclusivity(unchecked) var passBuffers = LayoutPassBuffers()
    // The flags and the scalar state below are read on every frame (`layoutIfNeeded()`, `isAnimating`), and
    // so are ``isPrefetchingEnabled``, ``visibleElementLimit``, ``visibleElementOverflow`` and the scrolling
    // animations: `@exclusivity(unchecked)` spares each read a dynamic exclusivity check. Safe, as
    // for ``counters`` and ``bounds``: each is a trivial value (Booleans, integers, structs of numbers and
    // points), which no overlapping access can leave freed or half-written, and every access is one plain
    // read or one assignment (a right-hand side is evaluated before the assignment's access begins; the
    // observers run after it ends), so that no access can overlap another.
    @exclusivity(unchecked) var needsLayout = true
    @exclusivity(unchecked) var needsReload = false
    /// The attributes of the element the data source is configuring, applied at dequeue.
    @exclusivity(unchecked) var pendingAttributes: LayoutAttributes?
    /// The prepared cell `reconfigureItems(at:)` is configuring again: the data source's dequeue for its
    /// index path returns it.
    var reconfiguringCell: (key: ElementKey, cell: CollectionViewCell)?

    // `animations`, `disappearing`, `completions`, `layoutTransitionAnimation` and `warnings` are read on every
    // frame (`isAnimating`, the replay's warnings): their dynamic exclusivity checks were ≈ 5 % of a
    // validation's instructions. Every access to them is one statement that calls nothing which could reach
    // them again (a subscript, `isEmpty`, `append`, `filter` then an assignment, `removeAll` with a closure
    // that reads only its argument, a `for` over a copy), so no two accesses can overlap: unchecked is safe.
    /// Running animations of displayed views, by view.
    @exclusivity(unchecked) var animations: [ObjectIdentifier: ElementAnimation] = [:]
    /// Views that left the display and animate out.
    @exclusivity(unchecked) var disappearing: [DisappearingElement] = []
    /// Completion handlers of animated changes, with the time they are due.
    @exclusivity(unchecked) var completions: [(end: Double, handler: (Bool) -> Void)] = []
    /// The time animations were last advanced to, in seconds.
    var animationTime = 0.0
    /// Whether the time-driven layout said, at the last frame, that it is settling.
    @exclusivity(unchecked) var isLayoutSettling = false
    /// The layout, when it moves with time: cast once when the layout is set, not on every frame.
    var timeDrivenLayout: (any TimeDrivenLayout)?
    /// The running animated layout switch through a layout's own transition layout.
    @exclusivity(unchecked) var layoutTransitionAnimation: LayoutTransitionAnimation?
    /// The dragging finger's first location and the content offset then.
    var drag: (finger: Point, offset: Point)?
    /// The last drag's phase and the finger's last location in the viewport.
    var panFinger: (state: GestureState, location: Point)?
    /// The drag's finger velocity (points per second, viewport coordinates) and where the finger went down, for
    /// ``panGestureVelocity`` and ``panGestureTranslation``; the time of its last move.
    var panMotion = PanMotion()
    /// The running fling.
    @exclusivity(unchecked) var deceleration: Deceleration?
    /// The running settle of a paging scroll view onto its page.
    @exclusivity(unchecked) var pageSettle: PageSettle?
    /// Content past an edge returning to it: after a release past the edge, or after a fling's overshoot.
    @exclusivity(unchecked) var springBack: SpringBack?
    /// Where the content was when the last drag began: paging moves at most one page from there.
    var dragStartOffset: Point?
    /// What the app did that UIKit only logs, in the order it happened (see ``EngineWarning``). Unchecked
    /// storage behind an inlinable getter, as ``counters``: the replay looks at it after every frame.
    public internal(set) var warnings: [EngineWarning] {
        @inlinable get { storedWarnings }
        _modify { yield &storedWarnings }
    }
    @usableFromInline @exclusivity(unchecked) var storedWarnings: [EngineWarning] = []
    /// The running animated change of the content offset.
    @exclusivity(unchecked) var scrollAnimation: ScrollAnimation?
    /// The offsets of the layout's nested scrollers that have moved, by id (see ``NestedScroller``); absent is 0.
    public internal(set) var nestedScrollOffsets: [Int: Double] = [:]
    /// The context ``setNestedScrollOffset(_:of:)`` invalidates the layout with, reused.
    var nestedScrollContext: InvalidationContext?
    /// A drag that began inside a nested scroller, before its first move decides which scrolls: the scroller's
    /// id and axis, and the finger's first location (viewport coordinates).
    var pendingNestedDrag: (id: Int, axis: FlowLayout.ScrollDirection, finger: Point)?
    /// The drag that scrolls a nested scroller: its id and axis, the finger's and the offset's start.
    var nestedDrag: (id: Int, axis: FlowLayout.ScrollDirection, finger: Double, offset: Double)?
    /// The nested scrollers' running flings, by id (an array, so that ticking them allocates nothing).
    var nestedDecelerations: [(id: Int, motion: Deceleration)] = []
    /// How fast flings slow down; UIScrollView's normal rate by default.
    public var decelerationRate = DecelerationRate.normal
    /// Whether the content rubber-bands past its edges under a dragging finger and a fling that reaches an edge
    /// overshoots it and comes back, as `UIScrollView.bounces` (true by default). Without, the content stops
    /// at its edges.
    public var bounces = true
    /// Whether the content bounces vertically even when it is not taller than the view, as
    /// `UIScrollView.alwaysBounceVertical` (false by default: content that fits does not bounce on that axis).
    public var alwaysBounceVertical = false
    /// Whether the content bounces horizontally even when it is not wider than the view, as
    /// `UIScrollView.alwaysBounceHorizontal` (false by default).
    public var alwaysBounceHorizontal = false
    /// Whether a released drag settles on a multiple of the bounds' size, at most one page from where the
    /// drag began, in UIKit's short paging animation.
    public var isPagingEnabled = false

    /// The completion handler of the running interactive transition.
    var interactiveCompletion: ((Bool, Bool) -> Void)?
    /// The timing of update and layout-switch animations: ease-in-ease-out, as UIKit's.
    public var animationCurve = TimingCurve.easeInEaseOut

    // Unchecked as the displayed list and the held cells are (see `selectedItems`).
    @exclusivity(unchecked) var cellRegistrations: [String: () -> CollectionViewCell] = [:]
    @exclusivity(unchecked) var supplementaryRegistrations: [SupplementaryPoolKey: ViewRegistration] = [:]
    @exclusivity(unchecked) var cellPools: [String: ReusePool<CollectionViewCell>] = [:]
    @exclusivity(unchecked) var supplementaryPools: [SupplementaryPoolKey: ReusePool<ReusableView>] = [:]
    @exclusivity(unchecked) var decorationPools: [String: ReusePool<ReusableView>] = [:]

    /// Creates a collection view of `frame`'s size with `layout`.
    public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
        self.frame = frame
        storedBounds = Rect(origin: .zero, size: frame.size)
        storedCollectionViewLayout = layout
        layout.collectionView = self
        timeDrivenLayout = layout as? any TimeDrivenLayout
    }

    // MARK: Data

    /// The number of sections, as the data source last said.
    /// - Complexity: O(1) once the counts are read; reading them is O(sections).
    public var numberOfSections: Int { loadedItemCounts.count }

    /// The number of items in `section`, as the data source last said.
    ///
    /// - Precondition: `section` exists.
    /// - Complexity: O(1) once the counts are read.
    public func numberOfItems(inSection section: Int) -> Int {
        let counts = loadedItemCounts
        precondition(counts.indices.contains(section),
                     "section \(section) is out of bounds: the collection view has \(counts.count) sections")
        return counts[section]
    }

    /// The number of items of every section, as the data source last said.
    /// - Complexity: O(1) once the counts are read; reading them is O(sections).
    public var itemCountsBySection: [Int] { loadedItemCounts }

    var loadedItemCounts: [Int] {
        if let itemCounts { return itemCounts }
        var counts: [Int] = []
        if let dataSource {
            let sections = dataSource.numberOfSections(in: self)
            precondition(sections >= 0, "the data source returned \(sections) sections")
            counts.reserveCapacity(sections)
            for section in 0..<sections {
                let items = dataSource.collectionView(self, numberOfItemsInSection: section)
                precondition(items >= 0, "the data source returned \(items) items for section \(section)")
                counts.append(items)
            }
        }
        itemCounts = counts
        return counts
    }

    /// Discards the displayed elements, the counts and the selection; the next layout pass reads
    /// everything again.
    ///
    /// Displayed views end their display and go back to their pools; the layout is invalidated with its
    /// data-source counts.
    public func reloadData() {
        itemCounts = nil
        // The nested scrollers start again from their leading edge, as a reloaded section's scroll view does.
        nestedScrollOffsets.removeAll()
        nestedDecelerations.removeAll()
        selectedItems.removeAll()
        gestures.menuItem = nil
        needsReload = true
        let context = type(of: collectionViewLayout).invalidationContextClass.init()
        context.invalidateEverything = true
        context.invalidateDataSourceCounts = true
        let layout = collectionViewLayout
        callingLayout { layout.invalidateLayout(with: context) }
        needsLayout = true
    }

    // MARK: Bounds

    /// Changes the bounds, asking the layout whether that invalidates it (while ``bounds`` still holds the
    /// old value, as in UIKit).
    /// - Complexity: O(1) plus the layout's `shouldInvalidateLayout(forBoundsChange:)`.
    public func setBounds(_ newBounds: Rect) {
        guard newBounds != bounds else { return }
        let layout = collectionViewLayout
        if callingLayout({ layout.shouldInvalidateLayout(forBoundsChange: newBounds) }) {
            counters.boundsInvalidations += 1
            callingLayout { layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newBounds)) }
        }
        let scrolled = newBounds.origin != bounds.origin
        bounds = newBounds
        needsLayout = true
        if scrolled { delegate?.scrollViewDidScroll(self) }
    }

    /// Called by the layout when it is invalidated.
    func layoutDidInvalidate(_ layout: CollectionViewLayout, _ context: InvalidationContext) {
        guard layout === collectionViewLayout else { return }
        counters.layoutInvalidations += 1
        needsLayout = true
    }

    /// Marks the view as needing a layout pass.
    public func setNeedsLayout() { needsLayout = true }

    // MARK: Registration

    /// Registers the cell class for `identifier`.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        cellRegistrations[identifier] = { cellClass.init() }
    }

    /// Registers a factory that makes cells for `identifier`.
    public func register(forCellWithReuseIdentifier identifier: String,
                         factory: @escaping () -> CollectionViewCell) {
        cellRegistrations[identifier] = factory
    }

    /// Registers the view class for supplementary views of `kind` with `identifier`.
    public func register(_ viewClass: ReusableView.Type, forSupplementaryViewOfKind kind: String,
                         withReuseIdentifier identifier: String) {
        supplementaryRegistrations[SupplementaryPoolKey(kind: kind, identifier: identifier)] =
            ViewRegistration { viewClass.init() }
    }

    /// Registers a factory for supplementary views of `kind` with `identifier`.
    public func register(forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String,
                         factory: @escaping () -> ReusableView) {
        supplementaryRegistrations[SupplementaryPoolKey(kind: kind, identifier: identifier)] =
            ViewRegistration(make: factory)
    }

    // MARK: Observation

    /// Runs `body` as `phase`, marking it on the phase recorder and telling the observer, when there are any.
    @inline(__always)
    func measure<T, E: Error>(_ phase: EnginePhase, _ category: ElementCategory?, _ body: () throws(E) -> T) throws(E) -> T {
        if let recorder = heldPhaseRecorder {
            recorder._withUnsafeGuaranteedRef { $0.begin(phase, category) }
            defer { recorder._withUnsafeGuaranteedRef { $0.end() } }
            return try observed(phase, category, body)
        }
        return try observed(phase, category, body)
    }

    /// Runs `body` as `phase`, telling the observer when there is one: inside a layout pass through the
    /// observer the pass holds (``holdingObserver(_:)``), without reference counting; outside one by loading
    /// the weak reference, which the phase then holds.
    @inline(__always)
    private func observed<T, E: Error>(_ phase: EnginePhase, _ category: ElementCategory?, _ body: () throws(E) -> T) throws(E) -> T {
        if let heldObserver {
            heldObserver._withUnsafeGuaranteedRef { $0.willBegin(phase, category, in: self) }
            defer { heldObserver._withUnsafeGuaranteedRef { $0.didEnd(phase, category, in: self) } }
            return try body()
        }
        guard observerCalls != nil, let observer else { return try body() }
        observer.collectionView(self, willBegin: phase, category: category)
        defer { observer.collectionView(self, didEnd: phase, category: category) }
        return try body()
    }

    /// Runs `body` (a layout pass) with the observer loaded once and held, so that the phases inside call it
    /// without loading the weak reference each time. Nested passes use the outer pass's hold. Both the
    /// observer and its unretained caller stay alive until `body` returns, even if `observer` is replaced
    /// meanwhile (which ends the hold: the phases after it load the new observer). An observer found
    /// deallocated is forgotten, so that the phases stop looking for it.
    func holdingObserver(_ body: () -> Void) {
        guard heldObserver == nil, let calls = observerCalls else { return body() }
        guard let observer else {
            observerCalls = nil
            return body()
        }
        heldObserver = .passUnretained(calls)
        defer { heldObserver = nil }
        withExtendedLifetime(observer) { withExtendedLifetime(calls, body) }
    }
}

/// An element on display and its view.
struct DisplayedElement {
    let key: ElementKey
    let view: ReusableView
}

/// The pool of supplementary views of one kind and reuse identifier.
struct SupplementaryPoolKey: Hashable {
    let kind: String
    let identifier: String
}

/// The lists of a layout pass, kept from one pass to the next with their capacity, so that a steady scroll
/// frame allocates none.
///
/// A pass takes each list out (leaving an empty one, which allocates nothing) and gives it back emptied at
/// the end: a delegate or data source that calls back into the collection view during the pass finds empty
/// lists, never the pass's own.
struct LayoutPassBuffers {
    /// The positions in the layout's answer of the displayable elements, in key order.
    private var incoming: [Int] = []
    /// For each incoming element, its position in the displayed list when it is displayed already, or −1.
    private var staying: [Int] = []
    /// The positions in the displayed list of the elements that left.
    private var leaving: [Int] = []
    /// The elements that arrived, with their new views, in key order.
    private var arrivals: [DisplayedElement] = []
    /// The next displayed list when the pass rebuilds it; the previous displayed list after the pass.
    private var next: [DisplayedElement] = []
    /// The index paths of held cells to return to their pools.
    var stale: [IndexPath] = []
    /// The cells to prefetch with how far ahead they lie, their index paths and their positions in the
    /// layout's answer.
    var candidates: [(lead: Double, indexPath: IndexPath, position: Int)] = []

    mutating func takeIncoming() -> [Int] { Self.take(&incoming) }
    mutating func takeStaying() -> [Int] { Self.take(&staying) }
    mutating func takeLeaving() -> [Int] { Self.take(&leaving) }
    mutating func takeArrivals() -> [DisplayedElement] { Self.take(&arrivals) }
    mutating func takeNext() -> [DisplayedElement] { Self.take(&next) }

    /// Puts the lists back, emptied, with their capacity.
    mutating func giveBack(incoming: inout [Int], staying: inout [Int], leaving: inout [Int],
                           arrivals: inout [DisplayedElement], next: inout [DisplayedElement]) {
        incoming.removeAll(keepingCapacity: true)
        staying.removeAll(keepingCapacity: true)
        leaving.removeAll(keepingCapacity: true)
        arrivals.removeAll(keepingCapacity: true)
        next.removeAll(keepingCapacity: true)
        swap(&self.incoming, &incoming)
        swap(&self.staying, &staying)
        swap(&self.leaving, &leaving)
        swap(&self.arrivals, &arrivals)
        swap(&self.next, &next)
    }

    /// The list in `slot`, leaving an empty one.
    private static func take<Element>(_ slot: inout [Element]) -> [Element] {
        var list: [Element] = []
        swap(&list, &slot)
        return list
    }
}
