public import CollectionEngine

/// The attributes of ``DimensionsFlowLayout`` (the book's `AFCollectionViewLayoutAttributes`, Listings
/// 4.18–4.19): the standard fields and the layout mode the cell shows its photo in.
///
/// The mode takes part in equality, so a change of mode alone is applied to the cell, and in copies.
public final class DimensionsLayoutAttributes: LayoutAttributes {
    /// How the cell fits its photo; aspect fit by default, as in the book.
    public var layoutMode = DimensionsFlowLayout.LayoutMode.aspectFit

    /// Copies the standard fields and the layout mode.
    /// - Complexity: O(1).
    public override func assign(from other: LayoutAttributes) {
        super.assign(from: other)
        if let other = other as? DimensionsLayoutAttributes { layoutMode = other.layoutMode }
    }

    /// Whether `other` is also of this class, with equal standard fields and the same layout mode.
    /// - Complexity: O(1).
    public override func isEqual(to other: LayoutAttributes) -> Bool {
        guard let other = other as? DimensionsLayoutAttributes else { return false }
        return super.isEqual(to: other) && layoutMode == other.layoutMode
    }

    /// `layout-mode`, as snapshots show it.
    public override var customAttributes: [(name: String, value: CustomAttributeValue)] {
        super.customAttributes + [("layout-mode", .string(layoutMode.rawValue))]
    }

    public override var description: String { super.description + " mode \(layoutMode.rawValue)" }
}
