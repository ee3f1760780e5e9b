import RealModule

/// One item hanging on a spring of rest length 0 to a fixed anchor: UIKit's `UIAttachmentBehavior`
/// attached to an anchor point, as a damped harmonic oscillator (notes §3.9, [E15]).
///
/// Along each axis independently, the displacement d = position − anchor obeys
/// d̈ = −ω²·d − 2ζω·ḋ with ω = 2π·``frequency`` (radians per second) and ζ = ``damping``, as UIKit defines
/// them: mass-independent, so every item of a layout moves alike. ζ < 1 overshoots and rings down,
/// ζ = 1 returns fastest without overshooting, ζ > 1 creeps back.
///
/// A ``SpringSystem`` owns its springs and moves them with its clock; read them from it.
public struct AttachmentSpring: Hashable, Sendable {
    /// Where the spring pulls the item: its resting position.
    public var anchor: Point
    /// The item's position (its center, for a layout).
    public var position: Point
    /// The item's velocity, in points per second.
    public var velocity: Point
    /// The damping ratio ζ (0: no damping, 1: critical).
    public let damping: Double
    /// The undamped frequency in hertz (oscillations per second).
    public let frequency: Double
    /// Whether the spring came to rest at its anchor: the system no longer integrates it.
    public internal(set) var isAtRest: Bool

    /// The exact motion over one step, applied to the displacement and velocity of each axis.
    let step: Propagator

    init(anchor: Point, position: Point, velocity: Point, damping: Double, frequency: Double, step: Double) {
        self.anchor = anchor
        self.position = position
        self.velocity = velocity
        self.damping = damping
        self.frequency = frequency
        self.isAtRest = false
        self.step = Propagator(damping: damping, frequency: frequency, interval: step)
    }

    /// The displacement from the anchor.
    public var displacement: Point { position - anchor }

    /// Moves the spring forward by one step of the propagator.
    mutating func advanceOneStep() {
        let dx = position.x - anchor.x, dy = position.y - anchor.y
        let (nx, vx) = step.apply(displacement: dx, velocity: velocity.x)
        let (ny, vy) = step.apply(displacement: dy, velocity: velocity.y)
        position = Point(x: anchor.x + nx, y: anchor.y + ny)
        velocity = Point(x: vx, y: vy)
    }
}

extension AttachmentSpring {
    /// The exact solution of d̈ = −ω²d − 2ζωḋ over a fixed interval h, as a matrix acting on (d, ḋ).
    ///
    /// The equation is linear with constant coefficients, so its solution over h is a fixed 2 × 2 matrix,
    /// computed once per spring from the closed-form solution of each regime (under-, critically and
    /// over-damped). Stepping with it is exact up to rounding at any step — better than the semi-implicit
    /// Euler the notes propose, and as cheap (four multiplications per axis).
    package struct Propagator: Hashable, Sendable {
        var a11: Double, a12: Double, a21: Double, a22: Double

        package init(damping zeta: Double, frequency: Double, interval h: Double) {
            let omega = 2 * Double.pi * frequency
            guard omega > 0 else {
                // No spring: the item keeps its velocity.
                (a11, a12, a21, a22) = (1, h, 0, 1)
                return
            }
            if abs(zeta - 1) < 1e-9 {
                let e = Double.exp(-omega * h)
                (a11, a12, a21, a22) = (e * (1 + omega * h), e * h, -e * omega * omega * h, e * (1 - omega * h))
            } else if zeta < 1 {
                let omegaD = omega * (1 - zeta * zeta).squareRoot()
                let e = Double.exp(-zeta * omega * h)
                let c = Double.cos(omegaD * h), s = Double.sin(omegaD * h) / omegaD
                (a11, a12, a21, a22) = (e * (c + zeta * omega * s), e * s, -e * omega * omega * s,
                                        e * (c - zeta * omega * s))
            } else {
                let root = (zeta * zeta - 1).squareRoot()
                let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
                let e1 = Double.exp(r1 * h), e2 = Double.exp(r2 * h), span = r1 - r2
                (a11, a12, a21, a22) = ((r1 * e2 - r2 * e1) / span, (e1 - e2) / span, r1 * r2 * (e2 - e1) / span,
                                        (r1 * e1 - r2 * e2) / span)
            }
        }

        package func apply(displacement d: Double, velocity v: Double) -> (Double, Double) {
            (a11 * d + a12 * v, a21 * d + a22 * v)
        }
    }
}
