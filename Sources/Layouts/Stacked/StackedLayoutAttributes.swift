public import CollectionEngine

/// The stacked layout's attributes: the cell's shadow opacity (the book's `AFCollectionViewLayoutAttributes`
/// `shadowOpacity`, Listing 5.24), which the cell applies to its layer's shadow.
public final class StackedLayoutAttributes: LayoutAttributes {
    /// The opacity of the cell's shadow, from 0 to 1.
    public var shadowOpacity = 0.0

    public override func assign(from other: LayoutAttributes) {
        super.assign(from: other)
        if let other = other as? StackedLayoutAttributes { shadowOpacity = other.shadowOpacity }
    }

    public override func isEqual(to other: LayoutAttributes) -> Bool {
        guard let other = other as? StackedLayoutAttributes else { return false }
        return super.isEqual(to: other) && shadowOpacity == other.shadowOpacity
    }

    /// `shadow-opacity`, as snapshots show it.
    public override var customAttributes: [(name: String, value: CustomAttributeValue)] {
        super.customAttributes + [("shadow-opacity", .number(shadowOpacity))]
    }

    /// The shadow fades linearly with the rest, as a layer's `shadowOpacity` animates.
    public override func interpolated(to other: LayoutAttributes, fraction: Double) -> LayoutAttributes {
        let result = super.interpolated(to: other, fraction: fraction)
        let target = (other as? StackedLayoutAttributes)?.shadowOpacity ?? 0
        if let result = result as? StackedLayoutAttributes {
            result.shadowOpacity = shadowOpacity + (target - shadowOpacity) * fraction
        }
        return result
    }
}
