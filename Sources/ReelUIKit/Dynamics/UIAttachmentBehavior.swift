public import Foundation
import CollectionEngine

/// A link between an item and a point, or between two items: UIKit's `UIAttachmentBehavior`.
///
/// With ``frequency`` 0 the link is rigid: the attachment points stay ``length`` apart. With a frequency it
/// is a spring of rest length ``length``, damping ratio ``damping`` and undamped frequency ``frequency`` in
/// hertz, whose acceleration does not depend on the items' masses, as the engine's `AttachmentSpring`:
/// d̈ = −ω²·(|d| − length)·d̂ − 2ζω·(ḋ·d̂)·d̂ with ω = 2π·frequency. A spring of length 0 from an item's center to
/// a fixed anchor damps the whole velocity (d̈ = −ω²·d − 2ζω·ḋ on each axis) and moves the item by the
/// closed-form solution of that oscillator at every step, exactly as `SpringSystem` does. Between two items
/// the same acceleration applies to the distance between them, shared in inverse proportion to their masses.
/// UIKit documents what the properties mean but not this model.
///
/// Offsets from the center move the attachment point; they exert no torque here (a limit of this model).
///
/// https://developer.apple.com/documentation/uikit/uiattachmentbehavior
open class UIAttachmentBehavior: UIDynamicBehavior {
    /// What the item is attached to.
    public enum AttachmentType: Int, Sendable {
        /// Another item.
        case items = 0
        /// A fixed point.
        case anchor = 1
    }

    /// Whether the attachment is to a point or to another item.
    public let attachedBehaviorType: AttachmentType
    private let first: any UIDynamicItem
    private let second: (any UIDynamicItem)?
    private let firstOffset: UIOffset
    private let secondOffset: UIOffset
    private var firstBody: Int?
    private var secondBody: Int?
    private var propagator: AttachmentSpring.Propagator?

    /// The fixed point an anchor attachment holds its item to.
    open var anchorPoint: CGPoint { didSet { behaviorDidChange() } }
    /// The distance the attachment keeps between its two points, in points; set from the items' positions
    /// when the attachment is made.
    /// https://developer.apple.com/documentation/uikit/uiattachmentbehavior/length
    open var length: CGFloat { didSet { changed() } }
    /// The spring's damping ratio (0 none, 1 critical); 0 by default.
    /// https://developer.apple.com/documentation/uikit/uiattachmentbehavior/damping
    open var damping: CGFloat = 0 { didSet { changed() } }
    /// The spring's undamped frequency in hertz; 0 (a rigid link) by default.
    /// https://developer.apple.com/documentation/uikit/uiattachmentbehavior/frequency
    open var frequency: CGFloat = 0 { didSet { changed() } }

    /// Attaches `item`'s center to `point`.
    public convenience init(item: any UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches the point `offset` from `item`'s center to `point`.
    public init(item: any UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        attachedBehaviorType = .anchor
        first = item
        second = nil
        firstOffset = offset
        secondOffset = .zero
        anchorPoint = point
        length = CGFloat(Self.distance(Self.point(item, offset), SIMD2(Double(point.x), Double(point.y))))
        super.init()
    }

    /// Attaches the centers of `item1` and `item2`.
    public convenience init(item item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// Attaches the point `offset1` from `item1`'s center to the point `offset2` from `item2`'s.
    public init(item item1: any UIDynamicItem, offsetFromCenter offset1: UIOffset,
                attachedTo item2: any UIDynamicItem, offsetFromCenter offset2: UIOffset) {
        attachedBehaviorType = .items
        first = item1
        second = item2
        firstOffset = offset1
        secondOffset = offset2
        let point = Self.point(item2, offset2)
        anchorPoint = CGPoint(x: point.x, y: point.y)
        length = CGFloat(Self.distance(Self.point(item1, offset1), point))
        super.init()
    }

    /// The attached items: one for an anchor attachment, two otherwise.
    open var items: [any UIDynamicItem] { second.map { [first, $0] } ?? [first] }

    override var dynamicItems: [any UIDynamicItem] { items }

    private func changed() {
        propagator = nil
        behaviorDidChange()
    }

    private static func point(_ item: any UIDynamicItem, _ offset: UIOffset) -> SIMD2<Double> {
        SIMD2(Double(item.center.x + offset.horizontal), Double(item.center.y + offset.vertical))
    }

    private static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = a - b
        return (d.x * d.x + d.y * d.y).squareRoot()
    }

    override func resolve(in world: DynamicWorld) {
        firstBody = world.bodyIndex(of: first)
        secondBody = second.flatMap { world.bodyIndex(of: $0) }
    }

    private var anchor: SIMD2<Double> { SIMD2(Double(anchorPoint.x), Double(anchorPoint.y)) }
    private var offsets: (SIMD2<Double>, SIMD2<Double>) {
        (SIMD2(Double(firstOffset.horizontal), Double(firstOffset.vertical)),
         SIMD2(Double(secondOffset.horizontal), Double(secondOffset.vertical)))
    }

    override func applyForces(in world: DynamicWorld) {
        guard frequency > 0, let a = firstBody else { return }
        let zeta = Double(damping), omega = 2 * Double.pi * Double(frequency)
        let (offset1, offset2) = offsets
        if attachedBehaviorType == .anchor, length == 0, offset1 == .zero, world[a].exactSpring == nil {
            let step = propagator ?? AttachmentSpring.Propagator(damping: zeta, frequency: Double(frequency),
                                                                 interval: world.step)
            propagator = step
            world[a].exactSpring = (anchor, step)
            return
        }
        let p1 = world[a].position + offset1
        let p2: SIMD2<Double>, v2: SIMD2<Double>
        if attachedBehaviorType == .anchor {
            (p2, v2) = (anchor, .zero)
        } else if let b = secondBody {
            (p2, v2) = (world[b].position + offset2, world[b].velocity)
        } else {
            return
        }
        let d = p1 - p2, relative = world[a].velocity - v2
        let acceleration: SIMD2<Double>
        if length == 0 {
            acceleration = -omega * omega * d - 2 * zeta * omega * relative
        } else {
            let distance = Self.distance(p1, p2)
            guard distance > 0 else { return }
            let direction = d / distance
            let radial = relative.x * direction.x + relative.y * direction.y
            acceleration = (-omega * omega * (distance - Double(length)) - 2 * zeta * omega * radial) * direction
        }
        guard let b = secondBody, attachedBehaviorType == .items else {
            world[a].acceleration += acceleration
            return
        }
        let (w1, w2) = (world[a].inverseMass, world[b].inverseMass)
        guard w1 + w2 > 0 else { return }
        world[a].acceleration += acceleration * (w1 / (w1 + w2))
        world[b].acceleration -= acceleration * (w2 / (w1 + w2))
    }

    override func applyConstraints(in world: DynamicWorld) {
        guard frequency == 0, let a = firstBody else { return }
        let (offset1, offset2) = offsets
        let p1 = world[a].position + offset1
        let p2: SIMD2<Double>
        var w2 = 0.0
        if attachedBehaviorType == .anchor {
            p2 = anchor
        } else if let b = secondBody {
            p2 = world[b].position + offset2
            w2 = world[b].inverseMass
        } else {
            return
        }
        let w1 = world[a].inverseMass
        guard w1 + w2 > 0 else { return }
        let distance = Self.distance(p1, p2)
        guard distance > 0 else { return }
        // A rigid link: put the points `length` apart and cancel the velocity along the link.
        let direction = (p1 - p2) / distance
        let error = distance - Double(length)
        world[a].position -= direction * (error * w1 / (w1 + w2))
        var relative = world[a].velocity
        if let b = secondBody, attachedBehaviorType == .items {
            world[b].position += direction * (error * w2 / (w1 + w2))
            relative -= world[b].velocity
        }
        let radial = relative.x * direction.x + relative.y * direction.y
        world[a].velocity -= direction * (radial * w1 / (w1 + w2))
        if let b = secondBody, attachedBehaviorType == .items {
            world[b].velocity += direction * (radial * w2 / (w1 + w2))
        }
    }
}
