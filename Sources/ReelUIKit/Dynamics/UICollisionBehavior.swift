public import Foundation

/// Keeps items inside boundaries and apart from each other: UIKit's `UICollisionBehavior`.
///
/// The model here (UIKit does not document its own): an item collides as the rectangle of its bounds
/// around its center, upright whatever its rotation. An item that crosses a boundary — a segment added with
/// ``addBoundary(withIdentifier:from:to:)``, or the reference bounds (the layout's content) when
/// ``translatesReferenceBoundsIntoBoundary`` — is put back against it; its speed along the boundary's normal
/// is reversed and scaled by its elasticity (0 stops it, 1 bounces it back at full speed), and its speed
/// along the boundary loses up to `friction` times that change. Two overlapping items are pushed apart along
/// the axis of least overlap in inverse proportion to their masses and exchange momentum with the smaller
/// of their elasticities.
///
/// https://developer.apple.com/documentation/uikit/uicollisionbehavior
open class UICollisionBehavior: UIDynamicBehavior {
    /// What items collide with.
    public struct Mode: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Each other.
        public static let items = Mode(rawValue: 1 << 0)
        /// Boundaries.
        public static let boundaries = Mode(rawValue: 1 << 1)
        /// Both: the default.
        public static let everything: Mode = [.items, .boundaries]
    }

    private var list: DynamicItemList
    private var boundaries: [(identifier: any NSCopying, from: SIMD2<Double>, to: SIMD2<Double>)] = []
    private var referenceInsets: UIEdgeInsets?

    /// What the items collide with; ``Mode/everything`` by default.
    /// https://developer.apple.com/documentation/uikit/uicollisionbehavior/collisionmode
    open var collisionMode: Mode = .everything { didSet { behaviorDidChange() } }

    /// Whether the reference bounds (the layout's content) are a boundary; `false` by default.
    /// https://developer.apple.com/documentation/uikit/uicollisionbehavior/translatesreferenceboundsintoboundary
    open var translatesReferenceBoundsIntoBoundary: Bool {
        get { referenceInsets != nil }
        set {
            referenceInsets = newValue ? UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0) : nil
            behaviorDidChange()
        }
    }

    /// Collisions for `items`.
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

    /// Makes the reference bounds, inset by `insets`, a boundary.
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        referenceInsets = insets
        behaviorDidChange()
    }

    /// Adds the segment from `p0` to `p1` as a boundary named `identifier`.
    open func addBoundary(withIdentifier identifier: any NSCopying, from p0: CGPoint, to p1: CGPoint) {
        boundaries.append((identifier, SIMD2(Double(p0.x), Double(p0.y)), SIMD2(Double(p1.x), Double(p1.y))))
        behaviorDidChange()
    }

    /// Removes the boundary named `identifier`.
    open func removeBoundary(withIdentifier identifier: any NSCopying) {
        boundaries.removeAll { Self.same($0.identifier, identifier) }
        behaviorDidChange()
    }

    /// The names of the boundaries added with ``addBoundary(withIdentifier:from:to:)``.
    open var boundaryIdentifiers: [any NSCopying]? { boundaries.isEmpty ? nil : boundaries.map(\.identifier) }

    /// Removes every boundary added with ``addBoundary(withIdentifier:from:to:)``.
    open func removeAllBoundaries() {
        boundaries.removeAll()
        behaviorDidChange()
    }

    private static func same(_ a: any NSCopying, _ b: any NSCopying) -> Bool {
        if let a = a as? NSObject, let b = b as? NSObject { return a.isEqual(b) }
        return (a as AnyObject) === (b as AnyObject)
    }

    override var dynamicItems: [any UIDynamicItem] { list.items }

    override func resolve(in world: DynamicWorld) { list.resolve(in: world) }

    override func applyConstraints(in world: DynamicWorld) {
        if collisionMode.contains(.items) { collideItems(in: world) }
        guard collisionMode.contains(.boundaries) else { return }
        for index in list.bodies where !world[index].isAnchored {
            if let insets = referenceInsets { keep(index, inside: world.referenceBounds.inset(by: insets), in: world) }
            for boundary in boundaries { collide(index, with: boundary.from, boundary.to, in: world) }
        }
    }

    /// Keeps the body inside `rect` (its four sides as boundaries facing in).
    private func keep(_ index: Int, inside rect: CGRect, in world: DynamicWorld) {
        let minimum = SIMD2(Double(rect.minX), Double(rect.minY)), maximum = SIMD2(Double(rect.maxX), Double(rect.maxY))
        for axis in 0..<2 {
            let half = world[index].halfSize[axis]
            if world[index].position[axis] - half < minimum[axis] {
                bounce(index, normal: axis == 0 ? SIMD2(1, 0) : SIMD2(0, 1),
                       by: minimum[axis] + half - world[index].position[axis], in: world)
            } else if world[index].position[axis] + half > maximum[axis] {
                bounce(index, normal: axis == 0 ? SIMD2(-1, 0) : SIMD2(0, -1),
                       by: world[index].position[axis] + half - maximum[axis], in: world)
            }
        }
    }

    /// Puts the body back on the side of the segment from `a` to `b` its center is on.
    private func collide(_ index: Int, with a: SIMD2<Double>, _ b: SIMD2<Double>, in world: DynamicWorld) {
        let along = b - a
        let length = (along.x * along.x + along.y * along.y).squareRoot()
        guard length > 0 else { return }
        let tangent = along / length
        var normal = SIMD2(-tangent.y, tangent.x)
        let body = world[index]
        let relative = body.position - a
        var distance = relative.x * normal.x + relative.y * normal.y
        let extent = body.halfSize.x * abs(normal.x) + body.halfSize.y * abs(normal.y)
        let reach = body.halfSize.x * abs(tangent.x) + body.halfSize.y * abs(tangent.y)
        let position = relative.x * tangent.x + relative.y * tangent.y
        guard abs(distance) < extent, position > -reach, position < length + reach else { return }
        // The side the body came from: where its center was before this step's motion.
        let previous = body.position - body.velocity * world.step - a
        if previous.x * normal.x + previous.y * normal.y < 0 || (distance < 0 && previous == relative) {
            normal = -normal
            distance = -distance
        }
        bounce(index, normal: normal, by: extent - distance, in: world)
    }

    /// Moves the body `depth` along `normal` and reflects its velocity into the boundary.
    private func bounce(_ index: Int, normal: SIMD2<Double>, by depth: Double, in world: DynamicWorld) {
        world[index].position += normal * depth
        let velocity = world[index].velocity
        let normalSpeed = velocity.x * normal.x + velocity.y * normal.y
        guard normalSpeed < 0 else { return }
        let change = -(1 + world[index].elasticity) * normalSpeed
        var tangential = velocity - normal * normalSpeed
        let tangentialSpeed = (tangential.x * tangential.x + tangential.y * tangential.y).squareRoot()
        if tangentialSpeed > 0, world[index].friction > 0 {
            let slowed = max(0, tangentialSpeed - world[index].friction * change)
            tangential *= slowed / tangentialSpeed
        }
        world[index].velocity = tangential + normal * (normalSpeed + change)
    }

    private func collideItems(in world: DynamicWorld) {
        let bodies = list.bodies
        for i in bodies.indices {
            for j in bodies.indices where j > i {
                let a = bodies[i], b = bodies[j]
                let offset = world[b].position - world[a].position
                let reach = world[a].halfSize + world[b].halfSize
                let overlap = reach - SIMD2(abs(offset.x), abs(offset.y))
                guard overlap.x > 0, overlap.y > 0 else { continue }
                let (wa, wb) = (world[a].inverseMass, world[b].inverseMass)
                guard wa + wb > 0 else { continue }
                let axis = overlap.x < overlap.y ? 0 : 1
                var normal = SIMD2<Double>.zero
                normal[axis] = offset[axis] < 0 ? -1 : 1
                let depth = overlap[axis]
                world[a].position -= normal * (depth * wa / (wa + wb))
                world[b].position += normal * (depth * wb / (wa + wb))
                let relative = world[b].velocity - world[a].velocity
                let approach = relative.x * normal.x + relative.y * normal.y
                guard approach < 0 else { continue }
                let elasticity = min(world[a].elasticity, world[b].elasticity)
                let impulse = -(1 + elasticity) * approach / (wa + wb)
                world[a].velocity -= normal * (impulse * wa)
                world[b].velocity += normal * (impulse * wb)
            }
        }
    }
}
