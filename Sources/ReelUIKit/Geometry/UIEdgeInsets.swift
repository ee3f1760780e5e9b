public import Foundation

/// Insets from each edge of a rectangle: UIKit's `UIEdgeInsets`.
///
/// https://developer.apple.com/documentation/uikit/uiedgeinsets
public struct UIEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init() {
        top = 0
        left = 0
        bottom = 0
        right = 0
    }

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Insets of zero on every edge.
    public static let zero = UIEdgeInsets()

    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

/// Insets that follow the layout direction (leading and trailing): UIKit's `NSDirectionalEdgeInsets`.
///
/// https://developer.apple.com/documentation/uikit/nsdirectionaledgeinsets
public struct NSDirectionalEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() {
        top = 0
        leading = 0
        bottom = 0
        trailing = 0
    }

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = NSDirectionalEdgeInsets()

    public var description: String { "{\(top), \(leading), \(bottom), \(trailing)}" }
}

extension CGRect {
    /// The rectangle inset by `insets`: UIKit's `CGRect.inset(by:)` (`UIEdgeInsetsInsetRect`), which may give a
    /// negative width or height (it does not standardize).
    ///
    /// https://developer.apple.com/documentation/corefoundation/cgrect/inset(by:)-1bnnv
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}
