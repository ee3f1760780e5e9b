public import CollectionEngine

/// The attributes of ``SpringboardLayout`` (tutorial 002, `SpringboardLayoutAttributes`): the standard
/// fields and whether the icon's delete button is hidden.
///
/// The icon cell reads the field in its `applyLayoutAttributes:`: hidden, the button is transparent (and
/// takes no taps) and the icon stops quivering; shown, the button is opaque and the icon starts quivering.
/// Unlike the tutorial (written for iOS 6, which re-applied attributes on every invalidation), the field
/// takes part in equality, so a change of mode alone is applied to the cell under the engine's iOS 7 rule
/// (notes §2.5); and in copies, which the tutorial's `copyWithZone:` also does.
public final class SpringboardLayoutAttributes: LayoutAttributes {
    /// Whether the delete button is hidden: `true` outside edit mode. The tutorial's ivar defaults to
    /// `NO`; the layout sets it on every attributes it returns.
    public var deleteButtonHidden = false

    /// Copies the standard fields and the button's visibility.
    /// - Complexity: O(1).
    public override func assign(from other: LayoutAttributes) {
        super.assign(from: other)
        if let other = other as? SpringboardLayoutAttributes { deleteButtonHidden = other.deleteButtonHidden }
    }

    /// Whether `other` is also of this class, with equal standard fields and the same button visibility.
    /// - Complexity: O(1).
    public override func isEqual(to other: LayoutAttributes) -> Bool {
        guard let other = other as? SpringboardLayoutAttributes else { return false }
        return super.isEqual(to: other) && deleteButtonHidden == other.deleteButtonHidden
    }

    /// `delete-button-hidden`, as snapshots show it.
    public override var customAttributes: [(name: String, value: CustomAttributeValue)] {
        super.customAttributes + [("delete-button-hidden", .bool(deleteButtonHidden))]
    }

    public override var description: String {
        super.description + " delete-button-hidden \(deleteButtonHidden)"
    }
}
