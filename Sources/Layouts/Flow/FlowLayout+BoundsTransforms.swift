import CollectionEngine

extension FlowLayout {
    /// Flow's fresh `attributes` with `adjust` applied, for the current bounds (the visible rect), to each
    /// one whose frame meets `rect`: the queries of the layouts that recompute their cells' transforms from
    /// the bounds on every query (the slides' Line, the book's Cover Flow).
    ///
    /// Flow creates new attributes for every query, so the adjustment changes attributes no one else holds.
    /// - Complexity: O(k) for k attributes, plus `adjust`'s cost for each.
    func adjustedForBounds(_ attributes: [LayoutAttributes], meeting rect: Rect,
                           by adjust: (LayoutAttributes, Rect) -> Void) -> [LayoutAttributes] {
        let visibleRect = collectionView?.bounds ?? .zero
        for element in attributes where element.frame.intersects(rect) {
            adjust(element, visibleRect)
        }
        return attributes
    }

    /// Flow's fresh `attributes` of one element with `adjust` applied for the current bounds.
    /// - Complexity: O(1) plus `adjust`'s cost.
    func adjustedForBounds(_ attributes: LayoutAttributes?, by adjust: (LayoutAttributes, Rect) -> Void) -> LayoutAttributes? {
        if let attributes { adjust(attributes, collectionView?.bounds ?? .zero) }
        return attributes
    }
}
