import RealModule

/// How fast a fling slows down: the velocity is multiplied by ``factorPerMillisecond`` every millisecond,
/// as in UIScrollView.
public struct DecelerationRate: Hashable, Sendable {
    public let factorPerMillisecond: Double

    public init(factorPerMillisecond: Double) {
        precondition(factorPerMillisecond > 0 && factorPerMillisecond < 1,
                     "a deceleration rate is a factor between 0 and 1, not \(factorPerMillisecond)")
        self.factorPerMillisecond = factorPerMillisecond
    }

    /// UIScrollView's normal rate, 0.998.
    public static let normal = DecelerationRate(factorPerMillisecond: 0.998)
    /// UIScrollView's fast rate, 0.99.
    public static let fast = DecelerationRate(factorPerMillisecond: 0.99)

    /// How far a fling at `velocity` points per second travels before it comes to rest: v·r/(1−r)/1000.
    public func restingDistance(forVelocity velocity: Double) -> Double {
        let r = factorPerMillisecond
        return velocity / 1000 * r / (1 - r)
    }
}

/// A fling coming to rest on a target, in closed form.
///
/// After n milliseconds the offset has moved v·r(1 − rⁿ)/(1 − r) from where it started, v in points per
/// millisecond. The initial velocity is retargeted so that the motion comes to rest exactly on `target`
/// (the layout's or the delegate's choice); it ends when less than half a point is left, and snaps there.
struct Deceleration {
    let start: Point
    let target: Point
    let startTime: Double
    let rate: Double
    /// Retargeted initial velocities, points per millisecond.
    let velocity: Point
    let endTime: Double
    /// When a fling that runs past an edge reaches it, and the edge it springs back to from there (see
    /// ``CollectionView/bounces``); `nil` for a fling that comes to rest within the content.
    var bounce: (time: Double, target: Point)?

    /// What is left to travel when the motion counts as at rest.
    static let restThreshold = 0.5

    init(from start: Point, to target: Point, at time: Double, rate: DecelerationRate) {
        self.start = start
        self.target = target
        self.startTime = time
        let r = rate.factorPerMillisecond
        self.rate = r
        let scale = (1 - r) / r
        velocity = Point(x: (target.x - start.x) * scale, y: (target.y - start.y) * scale)
        // Remaining distance after n ms is |v|·r^(n+1)/(1−r): solve for the threshold.
        let distance = max(abs(target.x - start.x), abs(target.y - start.y))
        if distance <= Self.restThreshold {
            endTime = time
        } else {
            let n = Double.log(Self.restThreshold / distance) / Double.log(r)
            endTime = time + max(0, n) / 1000
        }
    }

    /// The offset at `time`.
    func offset(at time: Double) -> Point {
        guard time < endTime else { return target }
        let n = max(0, time - startTime) * 1000
        let travelled = rate * (1 - Double.pow(rate, n)) / (1 - rate)
        return Point(x: start.x + velocity.x * travelled, y: start.y + velocity.y * travelled)
    }

    func isFinished(at time: Double) -> Bool { time >= endTime }

    /// The velocity at `time`, in points per second: the derivative of ``offset(at:)``.
    func velocity(at time: Double) -> Point {
        guard time < endTime else { return .zero }
        let n = max(0, time - startTime) * 1000
        let perMillisecond = rate / (1 - rate) * -Double.log(rate) * Double.pow(rate, n)
        return Point(x: velocity.x * perMillisecond * 1000, y: velocity.y * perMillisecond * 1000)
    }

    /// When the motion has covered `fraction` (from 0 to less than 1) of its way to ``target``.
    func time(atFraction fraction: Double) -> Double {
        startTime + Double.log(1 - fraction) / Double.log(rate) / 1000
    }
}

/// Where an item ends up on screen when the collection view scrolls to it.
public enum ScrollPosition: String, Hashable, Sendable, CaseIterable {
    /// The item's top edge at the top of the visible area.
    case top
    /// The item centered vertically.
    case centeredVertically
    /// The item's bottom edge at the bottom of the visible area.
    case bottom
    /// The item's left edge at the left of the visible area.
    case left
    /// The item centered horizontally.
    case centeredHorizontally
    /// The item's right edge at the right of the visible area.
    case right
    /// The least scrolling that shows the whole item (none when it is already visible).
    case nearest
}
