public import Foundation

/// An object a dynamic animator moves: UIKit's `UIDynamicItem`.
///
/// The animator reads ``center``, ``bounds`` and ``transform`` when an item first joins one of its behaviours
/// (or on `updateItem(usingCurrentState:)`) and writes ``center`` — and ``transform`` when the item may
/// rotate — after every step.
///
/// https://developer.apple.com/documentation/uikit/uidynamicitem
public protocol UIDynamicItem: AnyObject {
    /// The item's center, in the animator's reference coordinate system (the layout's content).
    var center: CGPoint { get set }
    /// The item's bounds; only their size counts: it gives the item's mass and its extent in collisions.
    var bounds: CGRect { get }
    /// The item's rotation; the animator writes a pure rotation.
    var transform: CGAffineTransform { get set }
}

/// Layout attributes are dynamic items, as in UIKit since iOS 7.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes
extension UICollectionViewLayoutAttributes: UIDynamicItem {}

/// An offset from an item's center: UIKit's `UIOffset`.
///
/// https://developer.apple.com/documentation/uikit/uioffset
public struct UIOffset: Hashable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat

    public init() {
        horizontal = 0
        vertical = 0
    }

    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// No offset.
    public static let zero = UIOffset()
}
