import CollectionEngine

extension FlowLayout {
    /// Where scrolling comes to rest when a line of items snaps to the viewport's center: the proposed
    /// offset moved so that the cell nearest to the viewport's center there is centered.
    ///
    /// The algorithm of WWDC 2012 session 219's `LineLayout` (the slides' demo app, notes A.2), which the
    /// book's Cover Flow repeats (ch. 4 Listing 4.32): among the cells that `cells` returns for the
    /// viewport at the proposed offset, the one whose center is nearest to its center; the first of equally
    /// near ones wins (strict `<`). When that viewport shows no cell the proposed offset is kept instead of
    /// the seeds' move by `MAXFLOAT`; the result is clamped to the content.
    ///
    /// - Parameter cells: the query that lists the candidates, e.g. flow's own
    ///   `{ super.layoutAttributesForElements(in: $0) }`: the cells' centers without the cost of a subclass's
    ///   transforms, which turn and zoom the cells about those centers.
    /// - Complexity: one query of the viewport at the proposed offset: O(log n + k) with flow's.
    func offsetCenteringNearestCell(forProposedContentOffset proposedContentOffset: Point,
                                    cells: (Rect) -> [LayoutAttributes]) -> Point {
        guard let collectionView else { return proposedContentOffset }
        let bounds = collectionView.bounds
        let horizontalCenter = proposedContentOffset.x + bounds.width / 2
        let targetRect = Rect(x: proposedContentOffset.x, y: 0, width: bounds.width, height: bounds.height)
        var adjustment = Double.infinity
        var nearestCenter: Double?
        for attributes in cells(targetRect) where attributes.representedElementCategory == .cell {
            let distance = attributes.center.x - horizontalCenter
            if abs(distance) < abs(adjustment) {
                adjustment = distance
                nearestCenter = attributes.center.x
            }
        }
        // `p.x + adjustment` is the nearest center minus half the width; computed from the center, it is
        // exact (the sum loses the last bit and leaves the item 1e-13 off center).
        let x = nearestCenter.map { $0 - bounds.width / 2 } ?? proposedContentOffset.x
        return clampedToContent(Point(x: x, y: proposedContentOffset.y))
    }
}

extension CollectionViewLayout {
    /// `offset` within the offsets the content can scroll to, content insets included.
    /// - Complexity: O(1).
    func clampedToContent(_ offset: Point) -> Point {
        guard let collectionView else { return offset }
        let inset = collectionView.contentInset, size = collectionViewContentSize, bounds = collectionView.bounds
        func clamp(_ value: Double, low: Double, high: Double) -> Double { min(max(value, low), max(low, high)) }
        return Point(x: clamp(offset.x, low: -inset.left, high: size.width + inset.right - bounds.width),
                     y: clamp(offset.y, low: -inset.top, high: size.height + inset.bottom - bounds.height))
    }
}
