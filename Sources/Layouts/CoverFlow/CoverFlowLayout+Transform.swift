public import CollectionEngine
import RealModule

extension CoverFlowLayout {
    /// The perspective the book gives every cover: `m34 = −1 / (4.6777 × item width)`.
    public var perspective: Double { -1 / (4.6777 * itemSize.width) }

    /// Sets a cell's transform, z-index and mask from its distance to the center of `visibleRect`
    /// (Listing 4.31); supplementary views are left as they are.
    ///
    /// With `d` = visibleRect.midX − center.x (positive for items left of the center) and `n = d / activeDistance`:
    /// - within the active distance (`|d| < activeDistance`), `M = S · R · T`: a translation by
    ///   `∓flowOffset · |d / translateDistance|` along x and `(1 − |n|) · 40000 (+ 200 on the left)` along
    ///   z with the perspective in `m34`, then a rotation by `n · 45°` about y, then a zoom of
    ///   `1 + zoomFactor · (1 − |n|)` in x and y — each applied before the existing transform, as
    ///   `CATransform3DRotate` and `CATransform3DScale` do; z-index 1; mask `inactiveGrey · |n|`;
    /// - beyond it, a translation by `∓flowOffset` with the perspective, turned by ±45°; z-index 0; mask
    ///   `inactiveGrey`.
    ///
    /// Every cell rasterizes. The z translation does not move the projected cover (the perspective divides
    /// only what the z of the cover's own plane feeds); it orders covers by depth.
    /// - Complexity: O(1).
    public func applyCoverFlow(to attributes: LayoutAttributes, visibleRect: Rect) {
        guard attributes.representedElementKind == nil else { return }
        let distance = visibleRect.midX - attributes.center.x
        let normalized = distance / activeDistance
        let isLeft = distance > 0
        var transform = Transform3D.identity
        let mask: Double
        if abs(distance) < activeDistance {
            transform = Transform3D.translation(
                x: (isLeft ? -flowOffset : flowOffset) * abs(distance / translateDistance), y: 0,
                z: (1 - abs(normalized)) * 40_000 + (isLeft ? 200 : 0))
            transform.m34 = perspective
            let zoom = 1 + zoomFactor * (1 - abs(normalized))
            transform = transform.rotated(by: (isLeft ? 1 : -1) * abs(normalized) * 45 * .pi / 180, x: 0, y: 1, z: 0)
            transform = transform.scaledBy(x: zoom, y: zoom, z: 1)
            attributes.zIndex = 1
            let ratio = (activeDistance - abs(distance)) / activeDistance
            mask = inactiveGreyValue + ratio * -inactiveGreyValue
        } else {
            transform.m34 = perspective
            transform = transform.translatedBy(x: isLeft ? -flowOffset : flowOffset, y: 0, z: 0)
            transform = transform.rotated(by: (isLeft ? 1 : -1) * .pi / 4, x: 0, y: 1, z: 0)
            attributes.zIndex = 0
            mask = inactiveGreyValue
        }
        attributes.transform3D = transform
        if let coverFlow = attributes as? CoverFlowAttributes {
            coverFlow.shouldRasterize = true
            coverFlow.maskingValue = mask
        }
    }
}
