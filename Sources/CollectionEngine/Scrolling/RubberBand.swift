import RealModule

/// How far past an edge a finger drags the content: UIScrollView's rubber band.
///
/// A finger that travels `x` points beyond the edge moves the content `(1 − 1 / (x · c / d + 1)) · d` past it,
/// `d` the view's extent along the axis and `c` = 0.55: the first points follow the finger about half as far,
/// and however far it goes the content never passes a whole extent. This is the formula Grant Paul (@chpwn)
/// described for UIScrollView in 2013, with UIScrollView's constant 0.55, as "Analysis of Apple's rubber band
/// scrolling" (squareb.wordpress.com, 6 January 2013) records it with its values for a 960-point extent:
/// 5 → 2.74, 10 → 5.47, 100 → 52.02, 400 → 178.98, 960 → 340.65 points.
public enum RubberBand {
    /// UIScrollView's constant.
    public static let coefficient = 0.55

    /// The distance past the edge for a finger travel of `travel` points beyond it, in a view `extent` points
    /// long along the axis.
    /// - Complexity: O(1).
    public static func offset(beyond travel: Double, extent: Double) -> Double {
        guard extent > 0, travel > 0 else { return 0 }
        return (1 - 1 / (travel * coefficient / extent + 1)) * extent
    }

    /// The finger travel beyond the edge that puts the content `distance` points past it: the inverse of
    /// ``offset(beyond:extent:)``, for a drag that catches content already past an edge.
    static func travel(forDistance distance: Double, extent: Double) -> Double {
        guard extent > 0, distance > 0 else { return 0 }
        let past = min(distance, extent * (1 - 1e-9))
        return past * extent / ((extent - past) * coefficient)
    }

    /// `unclamped` (where the content would be if it followed the finger one for one) within `lower...upper`,
    /// rubber-banded past either end in a view `extent` long.
    static func banded(_ unclamped: Double, lower: Double, upper: Double, extent: Double) -> Double {
        if unclamped < lower { return lower - offset(beyond: lower - unclamped, extent: extent) }
        if unclamped > upper { return upper + offset(beyond: unclamped - upper, extent: extent) }
        return unclamped
    }

    /// The inverse of ``banded(_:lower:upper:extent:)``: where the finger would be for content at `offset`.
    static func unbanded(_ offset: Double, lower: Double, upper: Double, extent: Double) -> Double {
        if offset < lower { return lower - travel(forDistance: lower - offset, extent: extent) }
        if offset > upper { return upper + travel(forDistance: offset - upper, extent: extent) }
        return offset
    }
}

/// Content past an edge returning to it: a critically damped spring, from `start` moving at `velocity`
/// (points per second) to `target`.
///
/// Apple documents no spring for UIScrollView's bounce, so this is Reel's model, deterministic and in closed
/// form: on each axis the distance left is `(d + (v + ω·d)·t)·e^(−ω·t)`, d the distance at the start and v the
/// velocity, with ω = 12 per second, so a release 100 points past an edge is back within half a point in
/// about 0.55 s, as UIScrollView's bounce back takes about half a second. A critically damped spring never
/// passes its target: the content stops at the edge, as UIKit's does. It ends when less than
/// ``Deceleration/restThreshold`` is left on both axes and snaps there.
struct SpringBack {
    let start: Point
    let target: Point
    /// Points per second.
    let velocity: Point
    let startTime: Double
    let endTime: Double

    /// The spring's angular frequency, per second.
    static let omega = 12.0

    init(from start: Point, velocity: Point, to target: Point, at time: Double) {
        self.start = start
        self.target = target
        self.velocity = velocity
        startTime = time
        // The envelope (|d| + (|v| + ω|d|)·t)·e^(−ωt) bounds what is left on both axes: it rises while an
        // overshoot runs out, then falls. The spring ends a millisecond after the last one above the threshold
        // (at most 10 s).
        let d = max(abs(start.x - target.x), abs(start.y - target.y))
        let v = max(abs(velocity.x), abs(velocity.y))
        var last = 0.0
        for step in 0...10_000 {
            let t = Double(step) / 1000
            let envelope = (d + (v + Self.omega * d) * t) * Double.exp(-Self.omega * t)
            if envelope > Deceleration.restThreshold {
                last = t + 0.001
            } else if Self.omega * t > 1 {
                break
            }
        }
        endTime = time + last
    }

    /// The offset at `time`.
    func offset(at time: Double) -> Point {
        guard time < endTime else { return target }
        let t = max(0, time - startTime)
        let decay = Double.exp(-Self.omega * t)
        func axis(_ start: Double, _ target: Double, _ velocity: Double) -> Double {
            let d = start - target
            return target + (d + (velocity + Self.omega * d) * t) * decay
        }
        return Point(x: axis(start.x, target.x, velocity.x), y: axis(start.y, target.y, velocity.y))
    }

    func isFinished(at time: Double) -> Bool { time >= endTime }
}
