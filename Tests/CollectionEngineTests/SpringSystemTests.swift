import Foundation
import Testing
import CollectionEngine
import TestSupport

/// The attachment-spring model against the closed-form solutions of the damped harmonic oscillator
/// d̈ = −ω²d − 2ζωḋ (notes §3.9, [E15]).
@Suite("Spring system", .tags(.fast))
struct SpringSystemTests {
    /// The closed-form displacement after `t` seconds from displacement `d0` and velocity `v0`, written
    /// out per regime independently of the engine.
    static func closedForm(d0: Double, v0: Double, zeta: Double, omega: Double, t: Double) -> Double {
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * omega * t) * (d0 * cos(wd * t) + (v0 + zeta * omega * d0) / wd * sin(wd * t))
        } else if zeta == 1 {
            return exp(-omega * t) * (d0 + (v0 + omega * d0) * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let a = (v0 - r2 * d0) / (r1 - r2), b = d0 - a
            return a * exp(r1 * t) + b * exp(r2 * t)
        }
    }

    /// One spring anchored at (100, 200), displaced by `d0` (both axes: x by d0, y by −d0/2) at speed `v0`.
    static func system(d0: Double, v0: Double, damping: Double, frequency: Double,
                       tolerance: Double = 0.01) -> SpringSystem<Int> {
        var springs = SpringSystem<Int>(positionTolerance: tolerance, velocityTolerance: tolerance)
        springs.add(0, anchor: Point(x: 100, y: 200), damping: damping, frequency: frequency)
        springs.setState(of: 0, position: Point(x: 100 + d0, y: 200 - d0 / 2), velocity: Point(x: v0, y: -v0 / 2))
        return springs
    }

    @Test("Under-damped (ζ = 0.8, ω = 2π): the displacement after t seconds is within 1 % of the closed form",
          arguments: [(10.0, 0.0), (-25.0, 0.0), (0.0, 300.0), (40.0, -500.0), (3.0, 80.0)])
    func underDamped(d0: Double, v0: Double) throws {
        var springs = Self.system(d0: d0, v0: v0, damping: 0.8, frequency: 1, tolerance: 1e-9)
        for t in [0.05, 0.1, 0.2, 0.35, 0.5, 0.75] {
            springs.advance(to: t)
            let spring = try #require(springs[0])
            let expected = Self.closedForm(d0: d0, v0: v0, zeta: 0.8, omega: 2 * .pi, t: t)
            // Skip instants where the exact displacement is too close to zero for a relative bound to mean
            // anything (a crossing); the absolute bound below still holds there.
            if abs(expected) > 1e-3 * max(abs(d0), abs(v0) / (2 * .pi)) {
                #expect(abs(spring.displacement.x - expected) <= 0.01 * abs(expected), "t = \(t)")
            }
            // The integration is exact up to rounding, far tighter than 1 %.
            #expect(abs(spring.displacement.x - expected) < 1e-9 * max(1, abs(d0), abs(v0)), "t = \(t)")
            #expect(abs(spring.displacement.y + expected / 2) < 1e-9 * max(1, abs(d0), abs(v0)), "t = \(t)")
        }
    }

    @Test("Critically damped, over-damped and lightly damped springs at 1.5 Hz follow their closed forms",
          arguments: [(1.0, 10.0, 0.0), (1.0, -20.0, 150.0), (1.6, 10.0, 0.0), (3.0, 15.0, -90.0), (0.3, 5.0, 0.0)])
    func otherRegimes(zeta: Double, d0: Double, v0: Double) throws {
        var springs = Self.system(d0: d0, v0: v0, damping: zeta, frequency: 1.5, tolerance: 1e-12)
        for t in [0.016, 0.1, 0.25, 0.6, 1.0] {
            springs.advance(to: t)
            let spring = try #require(springs[0])
            let expected = Self.closedForm(d0: d0, v0: v0, zeta: zeta, omega: 3 * .pi, t: t)
            #expect(abs(spring.displacement.x - expected) < 1e-9 * max(1, abs(d0), abs(v0)), "ζ = \(zeta), t = \(t)")
        }
    }

    @Test("The trajectory satisfies the equation of motion: finite differences give −ω²d − 2ζωḋ")
    func equationOfMotion() throws {
        var springs = Self.system(d0: 30, v0: -100, damping: 0.8, frequency: 1)
        var samples: [(d: Double, v: Double)] = []
        for step in 1...400 {
            springs.advance(to: Double(step) / 1000)
            let spring = try #require(springs[0])
            samples.append((spring.displacement.x, spring.velocity.x))
        }
        let omega = 2 * Double.pi, h = 0.001
        for index in stride(from: 1, to: samples.count - 1, by: 37) {
            let velocity = (samples[index + 1].d - samples[index - 1].d) / (2 * h)
            let acceleration = (samples[index + 1].v - samples[index - 1].v) / (2 * h)
            #expect(abs(velocity - samples[index].v) < 1e-2)
            #expect(abs(acceleration - (-omega * omega * samples[index].d - 2 * 0.8 * omega * samples[index].v)) < 1e-1)
        }
    }

    @Test("The same displacements at the same times give bit-identical positions at 60 Hz, 120 Hz and 47 Hz")
    func determinism() throws {
        func run(rate: Double) -> [Point] {
            var springs = SpringSystem<Int>()
            for key in 0..<5 {
                springs.add(key, anchor: Point(x: Double(key) * 54, y: 10), damping: 0.8, frequency: 1)
            }
            springs.displace(2, by: Point(x: 0, y: 12.5))
            springs.displace(4, by: Point(x: -3, y: 7))
            var checkpoints: [Point] = []
            var frame = 1
            for checkpoint in [0.25, 0.5, 1.0] {
                while Double(frame) / rate < checkpoint {
                    springs.advance(to: Double(frame) / rate)
                    frame += 1
                }
                springs.advance(to: checkpoint)
                checkpoints += springs.entries.map(\.spring.position)
            }
            return checkpoints
        }
        let reference = run(rate: 60)
        #expect(reference == run(rate: 120))
        #expect(reference == run(rate: 47))
        #expect(reference == run(rate: 60))
        #expect(reference.contains { $0.y != 10 })
    }

    @Test("A displaced spring comes to rest exactly on its anchor and the system stops moving")
    func rest() throws {
        var springs = SpringSystem<Int>()
        springs.add(1, anchor: Point(x: 0, y: 0), damping: 0.8, frequency: 1)
        let movingAtFirst = springs.advance(to: 0.1)
        #expect(springs.isAtRest && !movingAtFirst)
        springs.displace(1, by: Point(x: 0, y: 10))
        #expect(!springs.isAtRest)
        var time = 0.1, restedAt: Double?
        while time < 5 {
            time += 1.0 / 60
            if !springs.advance(to: time) {
                restedAt = time
                break
            }
            let spring = try #require(springs[1])
            #expect(spring.displacement != .zero)
        }
        let rested = try #require(restedAt)
        // 10 points decaying like e^(−ζωt) ≈ e^(−5t) pass 0.01 points after about 1.4 s.
        #expect(rested > 1.1 && rested < 2.0)
        let spring = try #require(springs[1])
        #expect(spring.isAtRest && spring.position == .zero && spring.velocity == .zero)
        // Idle advances are free and keep it there.
        let movingLater = springs.advance(to: 100)
        #expect(!movingLater)
        #expect(springs[1]?.position == .zero)
    }

    @Test("Springs are added, replaced, removed and re-anchored by key")
    func bookkeeping() {
        var springs = SpringSystem<String>()
        for key in ["a", "b", "c", "d"] {
            springs.add(key, anchor: Point(x: 1, y: 1), damping: 0.5, frequency: 2)
        }
        springs.displace("b", by: Point(x: 5, y: 0))
        springs.remove("b")
        #expect(springs.isAtRest)
        springs.remove("zzz")
        #expect(springs.count == 3 && !springs.contains("b"))
        #expect(springs.entries.map(\.key) == ["a", "d", "c"])
        springs.displace("c", by: Point(x: 0, y: 4))
        springs.moveAnchor(of: "c", to: Point(x: 11, y: 1))
        #expect(springs["c"]?.position == Point(x: 11, y: 5))
        springs.removeAll { $0 != "c" }
        #expect(springs.entries.map(\.key) == ["c"] && !springs.isAtRest)
        springs.add("c", anchor: .zero, damping: 1, frequency: 1)
        #expect(springs.isAtRest && springs["c"]?.damping == 1)
    }
}
