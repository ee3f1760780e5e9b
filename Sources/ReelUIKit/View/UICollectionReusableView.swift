public import Foundation
internal import CollectionEngine

/// A view a collection view recycles: the parts of UIKit's `UICollectionReusableView` a layout file uses —
/// decoration view classes it registers (subclasses with `override init(frame:)` and `required init?(coder:)`, as
/// UIKit's are written).
///
/// Headless, and not instantiated: the engine shows a view of its own for each decoration element, so a
/// subclass's `init(frame:)` and `apply(_:)` do not run in a replay (UIKit's `init(frame:)` is not a required
/// initializer, so there is no way to make an object of a registered class that overrides it).
///
/// https://developer.apple.com/documentation/uikit/uicollectionreusableview
open class UICollectionReusableView: NSObject {
    /// The view's frame.
    public var frame: CGRect
    /// The view's bounds.
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    /// The reuse identifier; `nil` for decoration views.
    public internal(set) var reuseIdentifier: String?

    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    public required init?(coder: NSCoder) {
        frame = .zero
        super.init()
    }

    /// Called before the view is reused.
    open func prepareForReuse() {}

    /// Applies `layoutAttributes`; a view with custom attributes overrides it.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The attributes the view would like, given the layout's: UIKit's `preferredLayoutAttributesFitting(_:)`,
    /// here so that a layout file's cells compile; `layoutAttributes` unchanged. In a replay the trace's app
    /// answers for the cells (its `item-sizes`, at its `measure` cost), not these views.
    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/preferredlayoutattributesfitting(_:)
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes {
        layoutAttributes
    }
}

/// The engine's view for a decoration element of a UIKit layout.
final class DecorationView: ReusableView {}
