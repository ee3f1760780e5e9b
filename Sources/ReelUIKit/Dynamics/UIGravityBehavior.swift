public import Foundation

/// A constant acceleration on items: UIKit's `UIGravityBehavior`.
///
/// https://developer.apple.com/documentation/uikit/uigravitybehavior
open class UIGravityBehavior: UIDynamicBehavior {
    /// The acceleration of a magnitude of 1, in points per second²: "a magnitude value of 1.0 represents an
    /// acceleration of 1000 points / second²".
    /// https://developer.apple.com/documentation/uikit/uigravitybehavior/magnitude
    public static let pointsPerSecondSquared = 1000.0

    private var list: DynamicItemList

    /// The direction and magnitude of gravity; (0, 1) — down, magnitude 1 — by default.
    /// https://developer.apple.com/documentation/uikit/uigravitybehavior/gravitydirection
    open var gravityDirection = CGVector(dx: 0 as CGFloat, dy: 1 as CGFloat) { didSet { behaviorDidChange() } }

    /// The items gravity pulls.
    public init(items: [any UIDynamicItem]) {
        list = DynamicItemList(items)
        super.init()
    }

    public convenience override init() {
        self.init(items: [])
    }

    open var items: [any UIDynamicItem] { list.items }

    open func addItem(_ item: any UIDynamicItem) {
        if list.add(item) { behaviorDidChange() }
    }

    open func removeItem(_ item: any UIDynamicItem) {
        if list.remove(item) { behaviorDidChange() }
    }

    /// The direction of gravity, in radians clockwise from the x axis.
    open var angle: CGFloat {
        get { gravityDirection.angle }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The strength of gravity: 1 is 1000 points per second². Setting 0 makes the vector (0, 0) and the
    /// angle 0, as UIKit documents.
    open var magnitude: CGFloat {
        get { gravityDirection.magnitude }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Sets the direction and strength at once.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        gravityDirection = CGVector(angle: angle, magnitude: magnitude)
    }

    override var dynamicItems: [any UIDynamicItem] { list.items }

    override func resolve(in world: DynamicWorld) { list.resolve(in: world) }

    override func applyForces(in world: DynamicWorld) {
        let acceleration = SIMD2(Double(gravityDirection.dx), Double(gravityDirection.dy)) * Self.pointsPerSecondSquared
        guard acceleration != .zero else { return }
        for index in list.bodies { world[index].acceleration += acceleration }
    }
}
