public import Foundation

/// A force on items, continuous or a single impulse: UIKit's `UIPushBehavior`.
///
/// A force of magnitude 1 accelerates a 100 × 100-point item of density 1 by 100 points per second², and a
/// heavier item less, in proportion to its mass. An instantaneous push changes each item's velocity once, at
/// the next step, by what the continuous push would add in one second (100 points per second at magnitude 1
/// for that item) — UIKit does not document the impulse's size; this is the model here — and then sets
/// ``active`` to `false`; setting it to `true` again pushes once more.
///
/// https://developer.apple.com/documentation/uikit/uipushbehavior
open class UIPushBehavior: UIDynamicBehavior {
    /// Whether the force lasts or acts once.
    public enum Mode: Int, Sendable {
        case continuous = 0
        case instantaneous = 1
    }

    /// The acceleration of a force of magnitude 1 on a 100 × 100-point item of density 1, in points per
    /// second².
    /// https://developer.apple.com/documentation/uikit/uipushbehavior/magnitude
    public static let pointsPerSecondSquared = 100.0

    private var list: DynamicItemList
    /// The push's mode, fixed when it is made.
    public let mode: Mode

    /// Whether the push acts; `true` when it is made.
    open var active = true { didSet { behaviorDidChange() } }

    /// The force as x and y components; (0, 0) — no force — by default.
    /// https://developer.apple.com/documentation/uikit/uipushbehavior/pushdirection
    open var pushDirection = CGVector.zero { didSet { behaviorDidChange() } }

    /// A push on `items` in `mode`.
    public init(items: [any UIDynamicItem], mode: Mode) {
        list = DynamicItemList(items)
        self.mode = mode
        super.init()
    }

    open var items: [any UIDynamicItem] { list.items }

    open func addItem(_ item: any UIDynamicItem) {
        if list.add(item) { behaviorDidChange() }
    }

    open func removeItem(_ item: any UIDynamicItem) {
        if list.remove(item) { behaviorDidChange() }
    }

    /// The force's direction, in radians clockwise from the x axis.
    open var angle: CGFloat {
        get { pushDirection.angle }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The force's strength.
    open var magnitude: CGFloat {
        get { pushDirection.magnitude }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Sets the direction and strength at once.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        pushDirection = CGVector(angle: angle, magnitude: magnitude)
    }

    override var dynamicItems: [any UIDynamicItem] { list.items }

    override func resolve(in world: DynamicWorld) { list.resolve(in: world) }

    private var force: SIMD2<Double> {
        SIMD2(Double(pushDirection.dx), Double(pushDirection.dy)) * Self.pointsPerSecondSquared
    }

    override func applyForces(in world: DynamicWorld) {
        guard active, force != .zero else { return }
        for index in list.bodies {
            let change = force / world[index].mass
            switch mode {
            case .continuous: world[index].acceleration += change
            case .instantaneous: if !world[index].isAnchored { world[index].velocity += change }
            }
        }
    }

    override func didStep(in world: DynamicWorld) {
        if mode == .instantaneous, active { active = false }
    }
}
