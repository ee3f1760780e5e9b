/// Computes where every element of a collection view goes: the engine's `UICollectionViewLayout`.
///
/// Subclass it as in UIKit. The collection view calls ``prepare()`` after every invalidation and before it
/// asks for anything else, then ``collectionViewContentSize``, then ``layoutAttributesForElements(in:)``
/// for the rectangles it displays; until the next invalidation it keeps asking for elements and for single
/// items. Layouts read the data through ``collectionView`` (`numberOfSections`, `numberOfItems(inSection:)`,
/// `bounds`, `delegate`) — never from the data source directly.
///
/// The default implementations describe an empty layout.
open class CollectionViewLayout {
    /// The collection view this layout is installed in; `nil` once it is removed or the view is gone.
    public internal(set) var collectionView: CollectionView? {
        @inlinable get { storedCollectionView }
        set { storedCollectionView = newValue }
    }
    // Read by every query and every bounds change. Not `weak`, as UIKit's is not retained either: a weak
    // reference gives the view a side table, and then every load and every retain and release of the view
    // takes the runtime's slow path (about 250 instructions a scroll event). The view clears it
    // wherever it lets a layout go, and in its `deinit` (`CollectionView.releaseLayouts()`), so it never
    // dangles. `@exclusivity(unchecked)`: the collection view alone writes it, one assignment at a time.
    @usableFromInline @exclusivity(unchecked) unowned(unsafe) var storedCollectionView: CollectionView?

    /// Decoration view registrations, by kind.
    private(set) var decorationRegistrations: [String: ViewRegistration] = [:]

    /// Whether ``prepare()`` must run before the next query.
    ///
    /// `@exclusivity(unchecked)`, as ``elementQueryLimit`` and ``elementQueryOverflow``: the collection view
    /// reads or writes each on every frame. Each is a trivial value (a Boolean, an optional
    /// integer) that the engine reads or writes in single accesses spanning no call; an access that a user's
    /// code made overlap (passing the public one `inout`) could see only its old or its new value, never
    /// freed or half-written memory.
    @exclusivity(unchecked) var needsPrepare = true

    /// The most elements the running query of the visible rect may return, set by the collection view for
    /// the query (``CollectionView/visibleElementLimit``); `nil` otherwise. A layout that can count its
    /// elements without building them (the flow layout) stops at one more and records the count in
    /// ``elementQueryOverflow``; any other layout answers in full and the collection view counts.
    /// A layout of your own can do what the flow layout does. (This and ``elementQueryOverflow`` keep
    /// unchecked storage behind inlinable accessors, as ``CollectionView/counters``, so that a layout in
    /// another module reads and writes them without dynamic exclusivity checks.)
    public internal(set) var elementQueryLimit: Int? {
        @inlinable get { storedElementQueryLimit }
        _modify { yield &storedElementQueryLimit }
    }
    @usableFromInline @exclusivity(unchecked) var storedElementQueryLimit: Int?
    /// How many elements the rect of the running limited query holds, set by a layout that stopped building
    /// them at ``elementQueryLimit`` + 1; the collection view then displays none of them.
    public var elementQueryOverflow: Int? {
        @inlinable get { storedElementQueryOverflow }
        @inlinable set { storedElementQueryOverflow = newValue }
    }
    @usableFromInline @exclusivity(unchecked) var storedElementQueryOverflow: Int?

    public init() {}

    // MARK: Classes

    /// The class of the attributes the layout creates; a layout with custom attributes overrides it.
    open class var layoutAttributesClass: LayoutAttributes.Type { LayoutAttributes.self }

    /// The class of the contexts ``invalidateLayout()`` and bounds changes create.
    open class var invalidationContextClass: InvalidationContext.Type { InvalidationContext.self }

    // MARK: Providing the layout

    /// Does the up-front work; called after every invalidation, before any query. Call `super`.
    open func prepare() {}

    /// The size of all the content.
    open var collectionViewContentSize: Size { .zero }

    /// The attributes of every element — cells, supplementary and decoration views — that intersects `rect`.
    open func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { [] }

    /// The attributes of the item at `indexPath`, or `nil` when there is none.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// The attributes of the supplementary view of `kind` at `indexPath`, or `nil` for unknown kinds.
    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        nil
    }

    /// The attributes of the decoration view of `kind` at `indexPath`; `nil` by default.
    open func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        nil
    }

    // MARK: Invalidation

    /// Whether a change of the collection view's bounds to `newBounds` invalidates the layout.
    ///
    /// Called on every bounds change, including every scroll step; the collection view's `bounds` still
    /// holds the old value. Returns `false` by default.
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

    /// The context for an invalidation caused by a change of bounds to `newBounds`.
    open func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        let context = Self.invalidationContextClass.init()
        context.newBounds = newBounds
        return context
    }

    /// Whether a view's preferred attributes require a layout update: UIKit's
    /// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`, which "asks the layout
    /// object if changes to a self-sizing cell require a layout update" (Apple's documentation).
    ///
    /// Called after every ``ReusableView/preferredLayoutAttributesFitting(_:)`` whose answer is not the original
    /// attributes object. Returns `false` by default, as UIKit's base layout does; ``FlowLayout`` returns `true`
    /// with estimated item sizes when the size differs.
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                     withOriginalAttributes originalAttributes: LayoutAttributes) -> Bool {
        false
    }

    /// The context for an invalidation caused by a view's preferred attributes: UIKit's
    /// `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`, "a context object that
    /// identifies the portions of the layout that should change" (Apple's documentation).
    ///
    /// The default names the element; a layout sets ``InvalidationContext/contentSizeAdjustment`` and
    /// ``InvalidationContext/contentOffsetAdjustment`` on it (the collection view moves its content offset by
    /// the latter, so that a change above the visible top does not move what the user sees).
    open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                  withOriginalAttributes originalAttributes: LayoutAttributes) -> InvalidationContext {
        let context = Self.invalidationContextClass.init()
        let indexPath = originalAttributes.indexPath
        switch originalAttributes.representedElementCategory {
        case .cell: context.invalidateItems(at: [indexPath])
        case .supplementaryView:
            context.invalidateSupplementaryElements(ofKind: originalAttributes.representedElementKind ?? "", at: [indexPath])
        case .decorationView:
            context.invalidateDecorationElements(ofKind: originalAttributes.representedElementKind ?? "", at: [indexPath])
        }
        return context
    }

    /// Invalidates the whole layout.
    public func invalidateLayout() {
        let context = Self.invalidationContextClass.init()
        context.invalidateEverything = true
        invalidateLayout(with: context)
    }

    /// Invalidates what `context` describes; ``prepare()`` runs before the next query.
    ///
    /// Layouts that update part of their state override this to read the context, and call `super`.
    open func invalidateLayout(with context: InvalidationContext) {
        needsPrepare = true
        collectionView?.layoutDidInvalidate(self, context)
    }

    // MARK: Instrumentation

    /// Reports that answering an element query looked at `count` cached attributes, adding it to the
    /// collection view's ``EngineCounters/attributesExamined``.
    ///
    /// The engine cannot see a layout's own loops; a layout that scans a cache to answer
    /// ``layoutAttributesForElements(in:)`` calls this once per query with the number it looked at, so that
    /// the profiler can compare it with what the query returned (tutorial 001's scan of every cached
    /// attribute per query). Does nothing while the layout belongs to no collection view.
    /// - Complexity: O(1).
    public func recordAttributesExamined(_ count: Int) {
        collectionView?.counters.attributesExamined += count
    }

    // MARK: Decoration views

    /// Registers the view class for decoration views of `kind`. Decoration views involve no data source.
    public func register(_ viewClass: ReusableView.Type, forDecorationViewOfKind kind: String) {
        decorationRegistrations[kind] = ViewRegistration { viewClass.init() }
    }

    /// Registers a factory for decoration views of `kind`.
    public func register(forDecorationViewOfKind kind: String, factory: @escaping () -> ReusableView) {
        decorationRegistrations[kind] = ViewRegistration(make: factory)
    }

    /// The registration the collection view dequeues decoration views of `kind` with: this layout's own
    /// (a ``TransitionLayout`` falls back to those of the layouts it goes between).
    func decorationRegistration(ofKind kind: String) -> ViewRegistration? {
        decorationRegistrations[kind]
    }

    // MARK: Scrolling

    /// Where scrolling that would stop at `proposedContentOffset` should stop; snapping layouts override it.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point,
                                  withScrollingVelocity velocity: Point) -> Point {
        proposedContentOffset
    }

    /// The content offset to use after an update or a layout transition.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        proposedContentOffset
    }

    // MARK: Nested scrollers

    /// The scroller that contains `point` (content coordinates), which a drag beginning there may scroll; `nil`
    /// (the default) when the point is in no nested scroller. See ``NestedScroller``.
    open func nestedScroller(containing point: Point) -> NestedScroller? { nil }

    /// The scroller with identity `id`, or `nil` when the layout has none such (the default).
    open func nestedScroller(withID id: Int) -> NestedScroller? { nil }

    /// Where a fling of `scroller` that would stop at `proposedOffset` should stop, given its `velocity` along
    /// the axis in points per second (positive towards larger offsets); the proposal by default.
    open func targetOffset(forNestedScroller scroller: NestedScroller, proposedOffset: Double,
                           velocity: Double) -> Double {
        proposedOffset
    }

    // MARK: Updates

    /// Called before a batch update is animated, with its operations. Call `super`.
    open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

    /// Called after the batch update's attributes were gathered. Call `super`.
    open func finalizeCollectionViewUpdates() {}

    /// Where an item that appears in an update starts; `nil` asks for the default (the final attributes
    /// with alpha 0).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? { nil }

    /// Where an item that disappears in an update ends; `nil` asks for the default (its last attributes
    /// with alpha 0).
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? { nil }

    /// Where a supplementary view that appears in an update starts; `nil` for the default.
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind kind: String, at elementIndexPath: IndexPath
    ) -> LayoutAttributes? { nil }

    /// Where a supplementary view that disappears in an update ends; `nil` for the default.
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind kind: String, at elementIndexPath: IndexPath
    ) -> LayoutAttributes? { nil }

    /// Where a decoration view that appears in an update starts; `nil` for the default.
    open func initialLayoutAttributesForAppearingDecorationElement(
        ofKind kind: String, at decorationIndexPath: IndexPath
    ) -> LayoutAttributes? { nil }

    /// Where a decoration view that disappears in an update ends; `nil` for the default.
    open func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind kind: String, at decorationIndexPath: IndexPath
    ) -> LayoutAttributes? { nil }

    /// Supplementary views of `kind` that the update inserts beyond those of inserted sections.
    open func indexPathsToInsertForSupplementaryView(ofKind kind: String) -> [IndexPath] { [] }

    /// Supplementary views of `kind` that the update deletes beyond those of deleted sections.
    open func indexPathsToDeleteForSupplementaryView(ofKind kind: String) -> [IndexPath] { [] }

    /// Decoration views of `kind` that the update inserts.
    open func indexPathsToInsertForDecorationView(ofKind kind: String) -> [IndexPath] { [] }

    /// Decoration views of `kind` that the update deletes.
    open func indexPathsToDeleteForDecorationView(ofKind kind: String) -> [IndexPath] { [] }

    /// Called before an animated change of bounds. Call `super`.
    open func prepare(forAnimatedBoundsChange oldBounds: Rect) {}

    /// Called after an animated change of bounds. Call `super`.
    open func finalizeAnimatedBoundsChange() {}

    // MARK: Transitions

    /// Called on the current layout before a switch to `newLayout`.
    open func prepareForTransition(to newLayout: CollectionViewLayout) {}

    /// Called on the new layout before a switch from `oldLayout`.
    open func prepareForTransition(from oldLayout: CollectionViewLayout) {}

    /// Called on both layouts when a switch has finished.
    open func finalizeLayoutTransition() {}

    /// The layout that shows a switch from this layout to `newLayout`, or `nil` for the engine's own.
    ///
    /// UIKit asks the collection view's delegate (`collectionView(_:transitionLayoutForOldLayout:newLayout:)`);
    /// here the old layout answers, so that a layout carries its own transition with it. When it returns one,
    /// an interactive switch (``CollectionView/startInteractiveTransition(to:completion:)``) runs through it,
    /// finishing or cancelling by animating its progress to 1 or 0, and an animated switch
    /// (``CollectionView/setCollectionViewLayout(_:animated:duration:completion:)``) animates its progress
    /// from 0 to 1 on the collection view's timing curve, a layout pass per frame. When it returns `nil`,
    /// interactive switches use a plain ``TransitionLayout`` and animated ones move every element from the
    /// old layout's attributes to the new one's.
    ///
    /// The transition layout must go from this layout to `newLayout`: its `currentLayout` is `self` and its
    /// `nextLayout` is `newLayout`.
    open func transitionLayout(to newLayout: CollectionViewLayout) -> TransitionLayout? { nil }
}

/// How to make a view for a reuse identifier or a decoration kind.
struct ViewRegistration {
    let make: () -> ReusableView
}
