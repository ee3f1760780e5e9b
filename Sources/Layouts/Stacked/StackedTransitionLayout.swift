public import CollectionEngine

/// The stacked layout's own transition to another layout: like ``TransitionLayout``, except that an item
/// hidden in a stack (past the visible ones) comes out of the stack fading in along the whole transition,
/// instead of appearing at the midpoint where the hidden flag steps.
///
/// Used for every switch away from ``StackedLayout``: a pinch that opens a stack as a flow layout, an
/// animated `<set-layout>`, an interactive `<transition>`.
public final class StackedTransitionLayout: TransitionLayout {
    /// A hidden item that the next layout shows starts visible at alpha 0 where the stack has it; every
    /// other element as ``TransitionLayout`` moves it.
    /// - Complexity: O(1).
    public override func transitionAttributes(from current: LayoutAttributes?,
                                              to next: LayoutAttributes?) -> LayoutAttributes? {
        guard let current, let next, current.isHidden && !next.isHidden else {
            return super.transitionAttributes(from: current, to: next)
        }
        // Out of the stack: visible from the start, transparent, fading in as it moves.
        let start = current.copy()
        start.isHidden = false
        start.alpha = 0
        return start.interpolated(to: next, fraction: transitionProgress)
    }
}
