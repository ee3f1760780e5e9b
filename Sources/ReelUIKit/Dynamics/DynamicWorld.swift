import CollectionEngine
import Foundation

/// One item as the animator integrates it: position, velocity, rotation, and the properties an item
/// behaviour gives it.
struct DynamicBody {
    let item: any UIDynamicItem
    var position: SIMD2<Double>
    var velocity: SIMD2<Double> = .zero
    var angle: Double
    var angularVelocity: Double = 0
    /// Half the item's size: its extent in collisions.
    var halfSize: SIMD2<Double>

    // Properties from `UIDynamicItemBehavior` (UIKit's defaults until one sets them).
    var elasticity = 0.0
    var friction = 0.0
    var density = 1.0
    var resistance = 0.0
    var angularResistance = 0.0
    var allowsRotation = true
    var isAnchored = false

    /// The accelerations of the coming step, summed over the behaviours.
    var acceleration: SIMD2<Double> = .zero
    var angularAcceleration = 0.0
    /// The spring of rest length 0 to a fixed point that moves this body exactly over the step, if one
    /// claimed it (see `UIAttachmentBehavior`).
    var exactSpring: (anchor: SIMD2<Double>, propagator: AttachmentSpring.Propagator)?
    /// Whether the body moved since its item was last written.
    var moved = false

    init(item: any UIDynamicItem) {
        self.item = item
        position = SIMD2(Double(item.center.x), Double(item.center.y))
        let transform = item.transform
        angle = atan2(Double(transform.b), Double(transform.a))
        halfSize = SIMD2(Double(item.bounds.width), Double(item.bounds.height)) / 2
    }

    /// The body's mass: 1 for a 100 × 100-point item of density 1, proportional to its area and density.
    ///
    /// https://developer.apple.com/documentation/uikit/uidynamicitembehavior/density
    var mass: Double { max(density * (halfSize.x * 2) * (halfSize.y * 2) / 10_000, .leastNormalMagnitude) }

    /// The reciprocal of the mass; 0 for an anchored body, which nothing moves.
    var inverseMass: Double { isAnchored ? 0 : 1 / mass }
}

/// The bodies of an animator and the fixed step they move by.
final class DynamicWorld {
    /// The fixed integration step, in seconds.
    let step: Double
    private(set) var bodies: [DynamicBody] = []
    private var indices: [ObjectIdentifier: Int] = [:]
    /// The rectangle the collision behaviours' reference bounds stand for: the layout's content.
    var referenceBounds: CGRect = .zero

    init(step: Double) {
        self.step = step
    }

    func bodyIndex(of item: any UIDynamicItem) -> Int? { indices[ObjectIdentifier(item)] }

    /// Keeps the bodies of `items` (in this order), making new ones from their items' current state.
    func rebuild(items: [any UIDynamicItem]) {
        var kept: [DynamicBody] = []
        var keptIndices: [ObjectIdentifier: Int] = [:]
        kept.reserveCapacity(items.count)
        for item in items {
            let key = ObjectIdentifier(item)
            guard keptIndices[key] == nil else { continue }
            var body = indices[key].map { bodies[$0] } ?? DynamicBody(item: item)
            // Properties come from the item behaviours again, after this.
            body.elasticity = 0
            body.friction = 0
            body.density = 1
            body.resistance = 0
            body.angularResistance = 0
            body.allowsRotation = true
            body.isAnchored = false
            keptIndices[key] = kept.count
            kept.append(body)
        }
        bodies = kept
        indices = keptIndices
    }

    /// Reads the item's current state into its body: UIKit's `updateItem(usingCurrentState:)`.
    func reload(_ item: any UIDynamicItem) -> Bool {
        guard let index = indices[ObjectIdentifier(item)] else { return false }
        let fresh = DynamicBody(item: item)
        bodies[index].position = fresh.position
        bodies[index].angle = fresh.angle
        bodies[index].halfSize = fresh.halfSize
        return true
    }

    subscript(index: Int) -> DynamicBody {
        get { bodies[index] }
        _modify { yield &bodies[index] }
    }

    var count: Int { bodies.count }

    // MARK: Stepping

    /// Speeds under this (points per second, on each axis) and accelerations under `restAcceleration` count
    /// as rest. UIKit does not document its own rest test.
    static let restSpeed = 0.1
    static let restAcceleration = 1.0
    static let restAngularSpeed = 0.01
    /// A body on an exact spring rests once within this of its anchor (points), as `SpringSystem` does.
    static let restDistance = 0.01

    /// Moves every body by one step under the behaviours' forces and constraints.
    ///
    /// Each step is a kick–drift–kick: half the step's acceleration on the velocity, the motion over the
    /// step, the other half. The motion is exact for a constant acceleration (gravity's ½·g·t²) and, for a
    /// body on a spring of rest length 0 to a fixed point, the closed-form damped oscillation over the step
    /// (the engine's spring propagator), so such a spring follows its closed form exactly at every step.
    /// Resistance then scales the velocity by e^(−r·h), and constraints (rigid links, collisions) correct
    /// positions and velocities last.
    ///
    /// - Returns: whether every body is at rest after the step.
    func advanceOneStep(behaviors: [UIDynamicBehavior]) -> Bool {
        let h = step
        for index in bodies.indices {
            bodies[index].acceleration = .zero
            bodies[index].angularAcceleration = 0
            bodies[index].exactSpring = nil
        }
        for behavior in behaviors { behavior.applyForces(in: self) }
        var before: [(SIMD2<Double>, SIMD2<Double>, Double)] = []
        before.reserveCapacity(bodies.count)
        for index in bodies.indices {
            before.append((bodies[index].position, bodies[index].velocity, bodies[index].angle))
            var body = bodies[index]
            if body.isAnchored {
                body.velocity = .zero
                body.angularVelocity = 0
                bodies[index] = body
                continue
            }
            body.velocity += body.acceleration * (h / 2)
            if let spring = body.exactSpring {
                let (dx, vx) = spring.propagator.apply(displacement: body.position.x - spring.anchor.x,
                                                       velocity: body.velocity.x)
                let (dy, vy) = spring.propagator.apply(displacement: body.position.y - spring.anchor.y,
                                                       velocity: body.velocity.y)
                body.position = spring.anchor + SIMD2(dx, dy)
                body.velocity = SIMD2(vx, vy)
            } else {
                body.position += body.velocity * h
            }
            body.velocity += body.acceleration * (h / 2)
            if body.allowsRotation {
                body.angularVelocity += body.angularAcceleration * h
                body.angle += body.angularVelocity * h
            } else {
                body.angularVelocity = 0
            }
            if body.resistance > 0 { body.velocity *= exp(-body.resistance * h) }
            if body.angularResistance > 0 { body.angularVelocity *= exp(-body.angularResistance * h) }
            bodies[index] = body
        }
        for behavior in behaviors { behavior.applyConstraints(in: self) }
        for behavior in behaviors { behavior.didStep(in: self) }

        var atRest = true
        for index in bodies.indices {
            let (position, velocity, angle) = before[index]
            var body = bodies[index]
            if body.position != position || body.angle != angle { body.moved = true }
            if let spring = body.exactSpring, body.acceleration == .zero {
                // Alone on its spring: rest on the anchor itself once close and slow, as `SpringSystem` does.
                let offset = body.position - spring.anchor
                if abs(offset.x) < Self.restDistance, abs(offset.y) < Self.restDistance,
                   abs(body.velocity.x) < Self.restSpeed, abs(body.velocity.y) < Self.restSpeed,
                   abs(body.angularVelocity) < Self.restAngularSpeed {
                    if body.position != spring.anchor { body.moved = true }
                    body.position = spring.anchor
                    body.velocity = .zero
                } else {
                    atRest = false
                }
            } else {
                let change = (body.velocity - velocity) / h
                if abs(body.velocity.x) >= Self.restSpeed || abs(body.velocity.y) >= Self.restSpeed
                    || abs(change.x) >= Self.restAcceleration || abs(change.y) >= Self.restAcceleration
                    || abs(body.angularVelocity) >= Self.restAngularSpeed {
                    atRest = false
                }
            }
            bodies[index] = body
        }
        return atRest
    }

    /// Writes the moved bodies' positions (and rotations) to their items.
    ///
    /// - Returns: whether any item changed.
    func writeItems() -> Bool {
        var wrote = false
        for index in bodies.indices where bodies[index].moved {
            bodies[index].moved = false
            let body = bodies[index]
            body.item.center = CGPoint(x: body.position.x, y: body.position.y)
            if body.allowsRotation, body.angle != 0 || !body.item.transform.isIdentity {
                body.item.transform = CGAffineTransform(rotationAngle: CGFloat(body.angle))
            }
            wrote = true
        }
        return wrote
    }
}
