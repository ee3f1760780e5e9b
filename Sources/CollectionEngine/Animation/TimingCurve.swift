/// How an animation's progress follows time: a cubic Bézier from (0, 0) to (1, 1), as Core Animation's
/// `CAMediaTimingFunction`.
public struct TimingCurve: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2),
                     "a timing curve's control points must have x in 0…1, got \(x1) and \(x2)")
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// Core Animation's `easeInEaseOut`, UIKit's default for collection view updates.
    public static let easeInEaseOut = TimingCurve(0.42, 0, 0.58, 1)
    public static let linear = TimingCurve(0, 0, 1, 1)

    /// The progress at `time`, both from 0 to 1; `time` is clamped to 0…1.
    /// - Complexity: O(1): a few Newton steps, bisection as a fallback.
    public func value(at time: Double) -> Double {
        let t = min(max(time, 0), 1)
        if t == 0 || t == 1 { return t }
        let u = parameter(forX: t)
        return Self.bezier(u, y1, y2)
    }

    private static func bezier(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
    }

    private static func slope(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * p1 + 6 * v * u * (p2 - p1) + 3 * u * u * (1 - p2)
    }

    /// The curve parameter whose x is `x`: x(u) is monotonic because x1 and x2 lie in 0…1.
    private func parameter(forX x: Double) -> Double {
        var u = x
        for _ in 0..<8 {
            let error = Self.bezier(u, x1, x2) - x
            if abs(error) < 1e-12 { return u }
            let d = Self.slope(u, x1, x2)
            if abs(d) < 1e-9 { break }
            u -= error / d
            if u < 0 || u > 1 { break }
        }
        var low = 0.0, high = 1.0
        u = x
        for _ in 0..<60 {
            let value = Self.bezier(u, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = u } else { high = u }
            u = (low + high) / 2
        }
        return u
    }
}
