public import Foundation
internal import CollectionEngine

/// A view a collection view recycles: the parts of UIKit's `UICollectionReusableView` a layout file uses —
/// decoration view classes it registers, which may override ``apply(_:)`` to read custom attributes.
///
/// Headless: the engine displays a view of its own for each element and calls this class's ``apply(_:)``
/// and ``prepareForReuse()`` on an instance it keeps with it.
///
/// https://developer.apple.com/documentation/uikit/uicollectionreusableview
open class UICollectionReusableView: NSObject {
    /// The frame last applied.
    public var frame: CGRect
    /// The bounds last applied.
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    /// The reuse identifier; `nil` for decoration views.
    public internal(set) var reuseIdentifier: String?

    public required init(frame: CGRect) {
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
}

/// The engine's decoration view for a registered ``UICollectionReusableView`` class: forwards applying and
/// reuse to an instance of the class.
final class DecorationView: ReusableView {
    private let view: UICollectionReusableView?

    init(userClass: UICollectionReusableView.Type?) {
        view = userClass.map { $0.init(frame: .zero) }
        super.init()
    }

    required init() {
        view = nil
        super.init()
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        view?.prepareForReuse()
    }

    override func apply(_ layoutAttributes: LayoutAttributes) {
        super.apply(layoutAttributes)
        guard let view else { return }
        view.frame = CGRect(layoutAttributes.frame)
        view.apply(UICollectionViewLayoutAttributes.bridging(layoutAttributes, as: UICollectionViewLayoutAttributes.self))
    }
}
