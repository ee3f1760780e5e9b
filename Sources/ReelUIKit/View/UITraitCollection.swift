public import Foundation

/// The traits a layout reads: UIKit's `UITraitCollection`, its display scale.
///
/// https://developer.apple.com/documentation/uikit/uitraitcollection
public struct UITraitCollection: Sendable {
    /// Points to pixels: 2 by default, as the replayed view's.
    public var displayScale: CGFloat
    public init(displayScale: CGFloat) { self.displayScale = displayScale }
}
