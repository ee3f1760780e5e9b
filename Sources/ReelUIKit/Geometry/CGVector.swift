public import Foundation

/// A two-dimensional vector: Core Graphics' `CGVector`, which Foundation on Linux lacks (UIKit Dynamics'
/// push magnitudes and gravity directions are vectors).
///
/// https://developer.apple.com/documentation/corefoundation/cgvector
public struct CGVector: Hashable, Sendable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat

    public init() {
        dx = 0
        dy = 0
    }

    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    public init(dx: Double, dy: Double) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// The vector whose components are both zero.
    public static var zero: CGVector { CGVector(dx: 0 as CGFloat, dy: 0 as CGFloat) }

    public var description: String { "(\(dx), \(dy))" }
}
