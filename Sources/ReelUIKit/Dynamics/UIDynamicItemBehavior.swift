public import Foundation

/// Physical properties of items, and velocities added to them: UIKit's `UIDynamicItemBehavior`.
///
/// When several item behaviours name one item, the last one added wins for each item.
///
/// https://developer.apple.com/documentation/uikit/uidynamicitembehavior
open class UIDynamicItemBehavior: UIDynamicBehavior {
    private var list: DynamicItemList
    /// Velocities added before the behaviour was in an animator, applied when it joins one.
    private var pendingVelocities: [(item: any UIDynamicItem, linear: SIMD2<Double>, angular: Double)] = []

    /// How much of its speed an item keeps when it bounces (0 none, 1 all); 0 by default.
    /// https://developer.apple.com/documentation/uikit/uidynamicitembehavior/elasticity
    open var elasticity: CGFloat = 0 { didSet { behaviorDidChange() } }
    /// How much an item sliding along a boundary or another item slows: each collision removes up to
    /// `friction` × the speed change along the normal from the speed along the contact (a Coulomb model;
    /// UIKit documents only the range, 0 by default).
    /// https://developer.apple.com/documentation/uikit/uidynamicitembehavior/friction
    open var friction: CGFloat = 0 { didSet { behaviorDidChange() } }
    /// The item's mass per area: a 100 × 100-point item of density 1 has mass 1; 1 by default.
    /// https://developer.apple.com/documentation/uikit/uidynamicitembehavior/density
    open var density: CGFloat = 1 { didSet { behaviorDidChange() } }
    /// Linear damping of the velocity, per second: the speed decays as e^(−resistance·t); 0 by default. UIKit
    /// documents only the range (0 to CGFloat.greatestFiniteMagnitude); this exponential decay is the model
    /// here.
    /// https://developer.apple.com/documentation/uikit/uidynamicitembehavior/resistance
    open var resistance: CGFloat = 0 { didSet { behaviorDidChange() } }
    /// The same for the angular velocity; 0 by default.
    /// https://developer.apple.com/documentation/uikit/uidynamicitembehavior/angularresistance
    open var angularResistance: CGFloat = 0 { didSet { behaviorDidChange() } }
    /// Whether items may rotate (their transforms are written); `true` by default.
    /// https://developer.apple.com/documentation/uikit/uidynamicitembehavior/allowsrotation
    open var allowsRotation = true { didSet { behaviorDidChange() } }
    /// Whether items are fixed in place (they still take part in collisions); `false` by default.
    /// https://developer.apple.com/documentation/uikit/uidynamicitembehavior/isanchored
    open var isAnchored = false { didSet { behaviorDidChange() } }

    /// Properties for `items`.
    public init(items: [any UIDynamicItem]) {
        list = DynamicItemList(items)
        super.init()
    }

    open var items: [any UIDynamicItem] { list.items }

    open func addItem(_ item: any UIDynamicItem) {
        if list.add(item) { behaviorDidChange() }
    }

    open func removeItem(_ item: any UIDynamicItem) {
        if list.remove(item) { behaviorDidChange() }
    }

    /// Adds `velocity` (points per second) to `item`'s; the animator resumes.
    open func addLinearVelocity(_ velocity: CGPoint, for item: any UIDynamicItem) {
        let added = SIMD2(Double(velocity.x), Double(velocity.y))
        if let animator = dynamicAnimator, animator.withBody(of: item, { $0.velocity += added }) { return }
        pendingVelocities.append((item, added, 0))
    }

    /// `item`'s velocity, in points per second.
    open func linearVelocity(for item: any UIDynamicItem) -> CGPoint {
        if let body = dynamicAnimator?.body(of: item) { return CGPoint(x: body.velocity.x, y: body.velocity.y) }
        let pending = pendingVelocities.filter { $0.item === item }.reduce(SIMD2<Double>.zero) { $0 + $1.linear }
        return CGPoint(x: pending.x, y: pending.y)
    }

    /// Adds `velocity` (radians per second) to `item`'s angular velocity.
    open func addAngularVelocity(_ velocity: CGFloat, for item: any UIDynamicItem) {
        let added = Double(velocity)
        if let animator = dynamicAnimator, animator.withBody(of: item, { $0.angularVelocity += added }) { return }
        pendingVelocities.append((item, .zero, added))
    }

    /// `item`'s angular velocity, in radians per second.
    open func angularVelocity(for item: any UIDynamicItem) -> CGFloat {
        if let body = dynamicAnimator?.body(of: item) { return CGFloat(body.angularVelocity) }
        return CGFloat(pendingVelocities.filter { $0.item === item }.reduce(0) { $0 + $1.angular })
    }

    override var dynamicItems: [any UIDynamicItem] { list.items }

    override func resolve(in world: DynamicWorld) {
        list.resolve(in: world)
        for index in list.bodies {
            world[index].elasticity = Double(elasticity)
            world[index].friction = Double(friction)
            world[index].density = Double(density)
            world[index].resistance = Double(resistance)
            world[index].angularResistance = Double(angularResistance)
            world[index].allowsRotation = allowsRotation
            world[index].isAnchored = isAnchored
        }
        let pending = pendingVelocities
        pendingVelocities.removeAll()
        for (item, linear, angular) in pending {
            guard let index = world.bodyIndex(of: item) else { continue }
            world[index].velocity += linear
            world[index].angularVelocity += angular
        }
    }
}
