extension CollectionView {
    /// The offset of the nested scroller `id` along its axis: 0 until it scrolls (see ``NestedScroller``).
    /// - Complexity: O(1) on average.
    public func nestedScrollOffset(of id: Int) -> Double {
        nestedScrollOffsets[id] ?? 0
    }

    /// Moves the nested scroller `id` to `offset` along its axis, clamped to its content, and invalidates the
    /// layout with a context naming the scroller (``InvalidationContext/invalidatedNestedScrollers``); the next
    /// layout pass displays what the layout then places. Does nothing when the layout has no such scroller or
    /// the offset does not change.
    /// - Complexity: O(1) plus the layout's invalidation.
    public func setNestedScrollOffset(_ offset: Double, of id: Int) {
        guard let scroller = collectionViewLayout.nestedScroller(withID: id) else { return }
        let clamped = min(max(offset, 0), scroller.maximumOffset)
        guard clamped != nestedScrollOffset(of: id) else { return }
        nestedScrollOffsets[id] = clamped
        // One context object, reused while the layout keeps its class of contexts: a steady nested scroll
        // allocates nothing.
        let contextClass = type(of: collectionViewLayout).invalidationContextClass
        let context: InvalidationContext
        if let reused = nestedScrollContext, type(of: reused) == contextClass {
            context = reused
        } else {
            context = contextClass.init()
            nestedScrollContext = context
        }
        context.invalidatedNestedScrollers = context.invalidatedNestedScrollers ?? []
        context.invalidatedNestedScrollers?.removeAll(keepingCapacity: true)
        context.invalidatedNestedScrollers?.append(id)
        collectionViewLayout.invalidateLayout(with: context)
    }
}
