extension CollectionView {
    /// The topmost displayed element under `point` (in content coordinates), or `nil`.
    ///
    /// What a finger touches. Candidates are the displayed elements of every
    /// category: a header or a decoration view on top of a cell takes the touch, as a view on top does in
    /// UIKit, and then no cell is hit. Views animating out are not candidates. An element covers the
    /// points of its frame as its `transform3D` draws it around its center (the anchor point): the point is
    /// mapped back onto the element's plane through the inverse of the transform's plane homography, so
    /// rotations, scales, skews and perspective are exact; an element seen edge-on, collapsed to a zero
    /// scale, or whose plane lies behind the viewer at that point covers nothing. Hidden elements and
    /// elements with an alpha below 0.01 are not hit (UIKit's threshold). Among the elements that cover the
    /// point the topmost wins: the highest z-index, then the largest z translation of the transform
    /// (`m43`, Cover Flow's depth), then the last in display order (cells, supplementary views, decoration
    /// views, each by index path). Points outside the visible bounds hit nothing.
    ///
    /// Elements are tested as their views show them now — mid-animation, where the animation has put
    /// them — because the engine has no separate model layer.
    ///
    /// - Parameter point: A point in content coordinates; add the content offset to a point in the
    ///   viewport.
    /// - Returns: The key of the element hit, or `nil` when the point hits no element.
    /// - Complexity: O(k) for k displayed elements, after a layout pass if one is needed.
    public func hitTest(_ point: Point) -> ElementKey? {
        layoutIfNeeded()
        guard bounds.contains(point) else { return nil }
        var best: (key: ElementKey, zIndex: Int, depth: Double)?
        for element in displayed where Self.view(element.view, covers: point) {
            let view = element.view
            let depth = view.transform3D.m43
            if let top = best, view.zIndex < top.zIndex || (view.zIndex == top.zIndex && depth < top.depth) {
                continue
            }
            best = (element.key, view.zIndex, depth)
        }
        return best?.key
    }

    /// Whether `view`, as it is drawn, covers `point` (content coordinates).
    static func view(_ view: ReusableView, covers point: Point) -> Bool {
        guard !view.isHidden, view.alpha >= 0.01 else { return false }
        let frame = view.frame.standardized
        let transform = view.transform3D
        if transform.isIdentity { return frame.contains(point) }
        let center = frame.center
        guard let local = transform.planePoint(projectingTo: point.x - center.x, point.y - center.y) else {
            return false
        }
        // Half-open like Rect.contains: the minimum edges are inside, the maximum edges outside.
        return local.x >= -frame.width / 2 && local.x < frame.width / 2
            && local.y >= -frame.height / 2 && local.y < frame.height / 2
    }
}
