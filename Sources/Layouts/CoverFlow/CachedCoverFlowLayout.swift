public import CollectionEngine

/// `cover-flow-cached`: ``CoverFlowLayout`` without its per-frame invalidation — the same attributes at
/// every offset, without re-preparing on scroll.
///
/// Cover Flow's geometry does not depend on the content offset: only the transforms do, and its queries
/// compute them from the current bounds every time they are asked — which the collection view does on
/// every layout pass, invalidated or not. So invalidating on every scroll frame buys nothing: this
/// layout invalidates only when the size changes (rotation), and its `layout_prepares` over a scroll
/// session stays at one. It is the fix the profiler's "layout invalidated on every scroll frame" points to.
public final class CachedCoverFlowLayout: CoverFlowLayout {
    /// `true` only when the size changes; the collection view's bounds still hold the old value here.
    /// - Complexity: O(1).
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let collectionView else { return true }
        return newBounds.size != collectionView.bounds.size
    }
}
