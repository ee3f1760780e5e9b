public import CollectionEngine

/// Cover Flow's layout attributes (Listing 4.29): whether the cell rasterizes its layer, and how dark the
/// black mask over its image is.
///
/// The cell (Listing 4.33) resets its mask to clear and rasterizing off, then applies these. Both fields
/// take part in copies and equality, so the collection view re-applies attributes whose mask changed.
public final class CoverFlowAttributes: LayoutAttributes {
    /// Whether the cell's layer should be rasterized (`layer.shouldRasterize`).
    public var shouldRasterize = false
    /// The alpha of the black mask over the cell's image: 0 for the centered item, the inactive grey for
    /// items out of the active distance.
    public var maskingValue = 0.0

    public override func assign(from other: LayoutAttributes) {
        super.assign(from: other)
        if let other = other as? CoverFlowAttributes {
            shouldRasterize = other.shouldRasterize
            maskingValue = other.maskingValue
        }
    }

    public override func isEqual(to other: LayoutAttributes) -> Bool {
        guard let other = other as? CoverFlowAttributes else { return false }
        return super.isEqual(to: other) && shouldRasterize == other.shouldRasterize
            && maskingValue == other.maskingValue
    }

    /// `should-rasterize` and `masking-value`, as snapshots show them.
    public override var customAttributes: [(name: String, value: CustomAttributeValue)] {
        super.customAttributes + [("should-rasterize", .bool(shouldRasterize)), ("masking-value", .number(maskingValue))]
    }

    public override var description: String {
        super.description + " mask \(maskingValue)" + (shouldRasterize ? " rasterized" : "")
    }
}
