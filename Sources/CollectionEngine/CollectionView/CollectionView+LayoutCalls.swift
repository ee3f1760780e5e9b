extension CollectionView {
    /// Runs `body`, a call into the layout, counting what the layout did inside it that the engine cannot
    /// see: the attributes objects it created (``EngineCounters/layoutAttributesBuilt``) and the queries it
    /// made of the flow layout beyond the one that answers this call (``EngineCounters/nestedQueries``).
    ///
    /// `query` says that `body` is itself an element, item or supplementary query, which the flow layout
    /// answers once when the layout is a flow layout or asks `super`. Only the outermost call counts, so a
    /// layout that asks the collection view for an item's attributes while it answers is not counted twice.
    /// Objects the engine creates outside these calls (its copy of what it applied to a view, animations)
    /// are not counted.
    /// - Complexity: O(1) besides `body`.
    @inline(__always)
    func callingLayout<T>(query: Bool = false, _ body: () -> T) -> T {
        let tally = LayoutTally.current()
        let outermost = tally.pointee.depth == 0
        let created = tally.pointee.created, queries = tally.pointee.flowQueries
        tally.pointee.depth &+= 1
        let result = body()
        tally.pointee.depth &-= 1
        if outermost {
            counters.layoutAttributesBuilt += Int(truncatingIfNeeded: tally.pointee.created &- created)
            let answered = Int(truncatingIfNeeded: tally.pointee.flowQueries &- queries)
            counters.nestedQueries += query ? Swift.max(0, answered - 1) : answered
        }
        return result
    }
}
