import CLayoutTally

/// The calling thread's tally of what layouts do out of the engine's sight: the attributes objects they
/// create and the queries the flow layout answers.
///
/// ``LayoutAttributes``' designated initializer — which every other initializer, ``LayoutAttributes/copy()``
/// and a subclass's initializers go through — adds one to ``created``; the collection view reads the change
/// around each of its calls into its layout (``CollectionView/callingLayout(query:_:)``), so that objects a
/// layout creates while it answers count, and the engine's own copies (of what it applied, for animations)
/// do not. One tally per thread: replays running on several threads count apart, without a lock.
enum LayoutTally {
    /// The calling thread's tally.
    ///
    /// The only caller of the C function: its thread-local variable is `static`, one per object file that
    /// calls it, so every use goes through this one function, never inlined.
    @inline(never)
    static func current() -> UnsafeMutablePointer<reel_layout_tally> {
        reel_layout_tally_current()
    }

    /// Counts one attributes object created on this thread.
    @inline(__always)
    static func recordCreation() {
        current().pointee.created &+= 1
    }

    /// Runs `body`, a query the engine makes of a layout through another one (a transition layout asking
    /// the layouts it goes between): the flow layout's one answer to it is the engine's query, not a query
    /// the layout made of itself (``EngineCounters/nestedQueries``).
    @inline(__always)
    static func engineQuery<T>(_ body: () -> T) -> T {
        let tally = current()
        let before = tally.pointee.flowQueries
        let result = body()
        if tally.pointee.flowQueries != before { tally.pointee.flowQueries &-= 1 }
        return result
    }
}
