public import Foundation
import CollectionEngine

/// Springs an item to a point, where it settles upright: UIKit's `UISnapBehavior`.
///
/// UIKit documents `damping` only as "from 0.0, for maximum oscillation, through 1.0, for minimum
/// oscillation", 0.5 by default. The model here: a spring of rest length 0 from the item's center to
/// ``snapPoint`` of frequency ``frequency`` hertz and damping ratio 0.2 + 0.8 × `damping` (critical at 1, still
/// settling at 0), moving the item by its closed form as an attachment does; the same spring turns the item
/// back to angle 0.
///
/// https://developer.apple.com/documentation/uikit/uisnapbehavior
open class UISnapBehavior: UIDynamicBehavior {
    /// The snap spring's undamped frequency, in hertz (a choice of this model).
    public static let frequency = 2.0

    private let item: any UIDynamicItem
    private var body: Int?
    private var propagator: AttachmentSpring.Propagator?

    /// Where the item settles.
    /// https://developer.apple.com/documentation/uikit/uisnapbehavior/snappoint
    open var snapPoint: CGPoint { didSet { behaviorDidChange() } }

    /// How little the item oscillates as it settles (0…1); 0.5 by default.
    /// https://developer.apple.com/documentation/uikit/uisnapbehavior/damping
    open var damping: CGFloat = 0.5 {
        didSet {
            propagator = nil
            behaviorDidChange()
        }
    }

    /// Snaps `item` to `point`.
    public init(item: any UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        snapPoint = point
        super.init()
    }

    /// The damping ratio of the snap spring.
    var dampingRatio: Double { 0.2 + 0.8 * min(max(Double(damping), 0), 1) }

    override var dynamicItems: [any UIDynamicItem] { [item] }

    override func resolve(in world: DynamicWorld) { body = world.bodyIndex(of: item) }

    override func applyForces(in world: DynamicWorld) {
        guard let index = body else { return }
        let zeta = dampingRatio, omega = 2 * Double.pi * Self.frequency
        let target = SIMD2(Double(snapPoint.x), Double(snapPoint.y))
        if world[index].exactSpring == nil {
            let step = propagator ?? AttachmentSpring.Propagator(damping: zeta, frequency: Self.frequency,
                                                                 interval: world.step)
            propagator = step
            world[index].exactSpring = (target, step)
        } else {
            let stiffness: Double = omega * omega, friction: Double = 2 * zeta * omega
            let displacement: SIMD2<Double> = world[index].position - target
            let pull: SIMD2<Double> = displacement * stiffness + world[index].velocity * friction
            world[index].acceleration -= pull
        }
        let stiffness: Double = omega * omega, friction: Double = 2 * zeta * omega
        let turn: Double = world[index].angle * stiffness + world[index].angularVelocity * friction
        world[index].angularAcceleration -= turn
    }
}
