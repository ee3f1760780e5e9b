/// The layout between two layouts during an interactive transition: the engine's
/// `UICollectionViewTransitionLayout`.
///
/// Every element's attributes are those of ``currentLayout`` interpolated towards ``nextLayout`` by
/// ``transitionProgress``; an element only one layout has fades in or out. Set
/// the progress as the gesture moves; ``CollectionView/finishInteractiveTransition()`` or
/// ``CollectionView/cancelInteractiveTransition()`` ends it.
open class TransitionLayout: CollectionViewLayout {
    public let currentLayout: CollectionViewLayout
    public let nextLayout: CollectionViewLayout

    /// How far the transition has gone, from 0 (the current layout) to 1 (the next one).
    public var transitionProgress = 0.0 {
        didSet { if transitionProgress != oldValue { invalidateLayout() } }
    }

    public init(currentLayout: CollectionViewLayout, nextLayout: CollectionViewLayout) {
        self.currentLayout = currentLayout
        self.nextLayout = nextLayout
    }

    /// Its own registration of `kind`, else the next layout's, else the current one's: a decoration view
    /// that either layout shows is dequeued while the transition runs (a switch to a layout with shelves).
    override func decorationRegistration(ofKind kind: String) -> ViewRegistration? {
        super.decorationRegistration(ofKind: kind) ?? nextLayout.decorationRegistration(ofKind: kind)
            ?? currentLayout.decorationRegistration(ofKind: kind)
    }

    /// Prepares both layouts.
    open override func prepare() {
        super.prepare()
        currentLayout.prepareIfInvalidated()
        nextLayout.prepareIfInvalidated()
    }

    /// Invalidates the transition and, when the data changed (a batch update, a reload) or the collection
    /// view is resized, both of its layouts with the same change, so that each lays out the data the
    /// collection view now has at its new size.
    ///
    /// A collection view keeps one set of counts, which every layout installed in it reads (UIKit's
    /// `UICollectionViewData`); during an interactive transition that is the transition layout and, through
    /// it, its `currentLayout` and `nextLayout` (UIKit's `UICollectionViewTransitionLayout` documentation:
    /// https://developer.apple.com/documentation/uikit/uicollectionviewtransitionlayout). Without this a
    /// section deleted during a transition stayed in both layouts' answers and reached the data source.
    /// A change of the progress only invalidates the transition itself: its layouts' attributes do not
    /// depend on it.
    open override func invalidateLayout(with context: InvalidationContext) {
        if context.invalidateDataSourceCounts || context.newBounds != nil {
            forward(context, to: currentLayout)
            forward(context, to: nextLayout)
        }
        super.invalidateLayout(with: context)
    }

    /// Whether a change of bounds invalidates the transition: when the collection view is resized (both
    /// layouts then lay out again at the new size). Scrolling does not: the transition shows both layouts
    /// as they were prepared.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size != collectionView?.bounds.size
    }

    /// `context`'s change, in a context of `layout`'s own class.
    private func forward(_ context: InvalidationContext, to layout: CollectionViewLayout) {
        let inner: InvalidationContext
        if let newBounds = context.newBounds {
            inner = layout.invalidationContext(forBoundsChange: newBounds)
        } else {
            inner = type(of: layout).invalidationContextClass.init()
        }
        inner.invalidateEverything = context.invalidateEverything
        inner.invalidateDataSourceCounts = context.invalidateDataSourceCounts
        inner.updatePlan = context.updatePlan
        layout.invalidateLayout(with: inner)
    }

    /// Tells both layouts about the batch update too: each updates its own state with it.
    open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        currentLayout.prepare(forCollectionViewUpdates: updateItems)
        nextLayout.prepare(forCollectionViewUpdates: updateItems)
    }

    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        currentLayout.finalizeCollectionViewUpdates()
        nextLayout.finalizeCollectionViewUpdates()
    }

    open override var collectionViewContentSize: Size {
        let a = currentLayout.collectionViewContentSize, b = nextLayout.collectionViewContentSize
        let t = transitionProgress
        return Size(width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
    }

    /// The elements of either layout in `rect`, interpolated.
    /// - Complexity: both layouts' queries, plus O(k log k) for k results.
    /// With a limit on the query, each layout is queried with it, and an overflow of either is the
    /// transition's.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let (current, overflowed) = limitedQuery(currentLayout, rect)
        if overflowed { return [] }
        let (next, nextOverflowed) = limitedQuery(nextLayout, rect)
        if nextOverflowed { return [] }
        var from: [ElementKey: LayoutAttributes] = [:], to: [ElementKey: LayoutAttributes] = [:]
        for attributes in current { from[attributes.elementKey] = attributes }
        for attributes in next { to[attributes.elementKey] = attributes }
        return Set(from.keys).union(to.keys).sorted().compactMap { key in
            transitionAttributes(from: from[key] ?? LayoutTally.engineQuery { currentLayout.attributes(for: key) },
                                 to: to[key] ?? LayoutTally.engineQuery { nextLayout.attributes(for: key) })
        }
    }

    /// `layout`'s elements in `rect` under this query's limit; whether they were more than the limit.
    private func limitedQuery(_ layout: CollectionViewLayout, _ rect: Rect) -> ([LayoutAttributes], Bool) {
        guard let limit = elementQueryLimit else {
            return (LayoutTally.engineQuery { layout.layoutAttributesForElements(in: rect) }, false)
        }
        layout.elementQueryLimit = limit
        layout.elementQueryOverflow = nil
        defer { layout.elementQueryLimit = nil }
        let answer = LayoutTally.engineQuery { layout.layoutAttributesForElements(in: rect) }
        let overflow = layout.elementQueryOverflow ?? (answer.count > limit ? answer.count : nil)
        guard let overflow else { return (answer, false) }
        elementQueryOverflow = overflow
        return ([], true)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transitionAttributes(from: LayoutTally.engineQuery { currentLayout.layoutAttributesForItem(at: indexPath) },
                             to: LayoutTally.engineQuery { nextLayout.layoutAttributesForItem(at: indexPath) })
    }

    open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        transitionAttributes(
            from: LayoutTally.engineQuery { currentLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath) },
            to: LayoutTally.engineQuery { nextLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath) })
    }

    open override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        transitionAttributes(
            from: LayoutTally.engineQuery { currentLayout.layoutAttributesForDecorationView(ofKind: kind, at: indexPath) },
            to: LayoutTally.engineQuery { nextLayout.layoutAttributesForDecorationView(ofKind: kind, at: indexPath) })
    }

    /// The attributes of one element at ``transitionProgress``, from its attributes in ``currentLayout``
    /// (`current`) and in ``nextLayout`` (`next`); every query of the transition goes through it.
    ///
    /// By default both are interpolated, and an element only one layout has
    /// fades in or out. A transition layout of a layout's own overrides it to move elements along its own
    /// path, and gets the queries of both layouts for free.
    /// - Returns: The element's attributes, or `nil` when neither layout has it.
    open func transitionAttributes(from current: LayoutAttributes?, to next: LayoutAttributes?) -> LayoutAttributes? {
        switch (current, next) {
        case let (a?, b?): a.interpolated(to: b, fraction: transitionProgress)
        case let (a?, nil): a.interpolated(to: CollectionView.faded(a), fraction: transitionProgress)
        case let (nil, b?): CollectionView.faded(b).interpolated(to: b, fraction: transitionProgress)
        case (nil, nil): nil
        }
    }
}

extension CollectionViewLayout {
    /// The layout's attributes for the element `key` names.
    func attributes(for key: ElementKey) -> LayoutAttributes? {
        switch key.category {
        case .cell: layoutAttributesForItem(at: key.indexPath)
        case .supplementaryView: layoutAttributesForSupplementaryView(ofKind: key.kind ?? "", at: key.indexPath)
        case .decorationView: layoutAttributesForDecorationView(ofKind: key.kind ?? "", at: key.indexPath)
        }
    }

    /// Runs `prepare()` if the layout was invalidated (for layouts prepared by another layout).
    func prepareIfInvalidated() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }
}
