internal import CollectionEngine

/// The engine's side of a UIKit layout: what the UIKit side calls to reach the engine's own implementations
/// (the adapter's superclass), bypassing the adapter's overrides, which call the UIKit side.
protocol LayoutBridging: CollectionViewLayout {
    /// The UIKit layout the adapter drives.
    var uikitLayout: UICollectionViewLayout { get }
    /// The engine's invalidation (marks the layout for `prepare()` and tells the collection view).
    func engineInvalidate(with context: InvalidationContext)
    /// The engine's context for a change of bounds.
    func engineInvalidationContext(forBoundsChange newBounds: EngineRect) -> InvalidationContext
}

extension CollectionViewLayout {
    /// The UIKit layout this engine layout drives, when it is one of this module's adapters.
    var bridgedUIKitLayout: UICollectionViewLayout? { (self as? any LayoutBridging)?.uikitLayout }
}

extension UICollectionViewLayout {
    /// The UIKit context for the engine's `context`: the one this layout returned for it, else a new one of the
    /// layout's ``invalidationContextClass``.
    func bridgedContext(_ context: InvalidationContext,
                        pending: inout UICollectionViewLayoutInvalidationContext?) -> UICollectionViewLayoutInvalidationContext {
        if let kept = pending, kept.engine === context {
            pending = nil
            return kept
        }
        return UICollectionViewLayoutInvalidationContext.wrapping(context, as: contextClass)
    }

    /// The layout's answer to a view's preferred attributes, asked with UIKit's attributes objects.
    func bridgedShouldInvalidate(preferred: LayoutAttributes, original: LayoutAttributes) -> Bool {
        shouldInvalidateLayout(forPreferredLayoutAttributes: .bridging(preferred, as: attributesClass),
                               withOriginalAttributes: .bridging(original, as: attributesClass))
    }

    /// The layout's context for a view's preferred attributes, asked with UIKit's attributes objects.
    func bridgedContext(preferred: LayoutAttributes, original: LayoutAttributes) -> UICollectionViewLayoutInvalidationContext {
        invalidationContext(forPreferredLayoutAttributes: .bridging(preferred, as: attributesClass),
                            withOriginalAttributes: .bridging(original, as: attributesClass))
    }

    func bridgedUpdateItems(_ items: [CollectionViewUpdateItem]) -> [UICollectionViewUpdateItem] {
        items.map(UICollectionViewUpdateItem.init)
    }
}
