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

extension CGVector {
    /// The vector of `magnitude` pointing `angle` radians clockwise from the x axis (y grows downwards), as
    /// gravity's and a push's `setAngle(_:magnitude:)` set it.
    init(angle: CGFloat, magnitude: CGFloat) {
        self.init(dx: cos(Double(angle)) * Double(magnitude), dy: sin(Double(angle)) * Double(magnitude))
    }

    /// The direction, in radians clockwise from the x axis.
    var angle: CGFloat { CGFloat(atan2(Double(dy), Double(dx))) }

    /// The length.
    var magnitude: CGFloat { CGFloat((Double(dx * dx + dy * dy)).squareRoot()) }
}
