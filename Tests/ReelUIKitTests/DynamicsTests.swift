import CollectionEngine
import Foundation
import Layouts
import ReelUIKit
import Replay
import Reporting
import ShippedTraceSupport
import Testing
import TestSupport

/// A layout that counts its invalidations, to host an animator.
private final class HostLayout: UICollectionViewLayout {
    var invalidations = 0
    lazy var animator = UIDynamicAnimator(collectionViewLayout: self)

    override func invalidateLayout() {
        invalidations += 1
        super.invalidateLayout()
    }
}

/// Counts the animator's pauses and resumptions.
private final class PauseCounter: UIDynamicAnimatorDelegate {
    var pauses = 0
    var resumptions = 0
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { resumptions += 1 }
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { pauses += 1 }
}

/// A layout with an animator, driven by hand on the frame clock as a replay drives it.
private struct Rig {
    let layout = HostLayout()
    let engine: CollectionViewLayout
    let clock: any TimeDrivenLayout
    var animator: UIDynamicAnimator { layout.animator }

    init() throws {
        engine = layout.engineLayout
        clock = try #require(engine as? any TimeDrivenLayout)
        _ = layout.animator
        _ = clock.advance(to: 0)
    }

    /// A cell's attributes of `size` centered at `center`.
    func item(at center: CGPoint, size: CGSize = CGSize(width: 20, height: 20), index: Int = 0)
        -> UICollectionViewLayoutAttributes {
        let item = UICollectionViewLayoutAttributes(forCellWith: Foundation.IndexPath(item: index, section: 0))
        item.bounds = CGRect(origin: .zero, size: size)
        item.center = center
        return item
    }

    /// Frames at `rate` hertz up to `time`; returns whether the animator still ran after the last.
    @discardableResult
    func run(to time: Double, from start: Double = 0, rate: Double = 60, each: (Double) -> Void = { _ in }) -> Bool {
        var running = true
        var frame = Int((start * rate).rounded(.down)) + 1
        while Double(frame) / rate <= time + 1e-9 {
            running = clock.advance(to: Double(frame) / rate)
            each(Double(frame) / rate)
            frame += 1
        }
        return running
    }
}

@Suite("UIKit Dynamics moves layout attributes on the frame clock", .tags(.fast))
struct DynamicsTests {
    /// The displacement of a damped harmonic oscillator d̈ = −ω²d − 2ζωḋ released at d0 with speed v0.
    static func closedForm(d0: Double, v0: Double, zeta: Double, omega: Double, t: Double) -> Double {
        if abs(zeta - 1) < 1e-9 {
            return (d0 + (v0 + omega * d0) * t) * exp(-omega * t)
        } else if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * omega * t) * (d0 * cos(omegaD * t) + (v0 + zeta * omega * d0) / omegaD * sin(omegaD * t))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c2 = (v0 - r1 * d0) / (r2 - r1)
            return (d0 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    @Test("An attachment spring of length 0 follows the damped oscillator's closed form",
          arguments: [0.0, 0.3, 1.0, 1.6])
    func springClosedForm(damping: Double) throws {
        let rig = try Rig()
        let item = rig.item(at: CGPoint(x: 130, y: 80))
        let spring = UIAttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 100, y: 100))
        spring.length = 0
        spring.damping = CGFloat(damping)
        spring.frequency = 1.5
        rig.animator.addBehavior(spring)
        let omega = 2 * Double.pi * 1.5
        var checked = 0
        rig.run(to: 1.2) { time in
            guard [0.1, 0.25, 0.5, 0.75, 1.0].contains(where: { abs($0 - time) < 1e-9 }) else { return }
            let x = 100 + Self.closedForm(d0: 30, v0: 0, zeta: damping, omega: omega, t: time)
            let y = 100 + Self.closedForm(d0: -20, v0: 0, zeta: damping, omega: omega, t: time)
            #expect(abs(Double(item.center.x) - x) < 1e-6, "x at \(time) s")
            #expect(abs(Double(item.center.y) - y) < 1e-6, "y at \(time) s")
            checked += 1
        }
        #expect(checked == 5)
    }

    @Test("Gravity of magnitude 1 moves an item 500·t² points: ½·1000·t²")
    func gravity() throws {
        let rig = try Rig()
        let item = rig.item(at: CGPoint(x: 50, y: 0))
        let sideways = rig.item(at: CGPoint(x: 0, y: 0), index: 1)
        rig.animator.addBehavior(UIGravityBehavior(items: [item]))
        let tilted = UIGravityBehavior(items: [sideways])
        tilted.setAngle(0, magnitude: 0.5)
        rig.animator.addBehavior(tilted)
        rig.run(to: 0.5)
        #expect(abs(Double(item.center.y) - 125) < 1e-6)
        #expect(item.center.x == 50)
        #expect(abs(Double(sideways.center.x) - 62.5) < 1e-6)
        rig.run(to: 1, from: 0.5)
        #expect(abs(Double(item.center.y) - 500) < 1e-6)
    }

    @Test("An item falling on a boundary stops on it at elasticity 0 and bounces back up at elasticity 1")
    func collision() throws {
        for elasticity in [0.0, 1.0] {
            let rig = try Rig()
            let item = rig.item(at: CGPoint(x: 50, y: 0))
            rig.animator.addBehavior(UIGravityBehavior(items: [item]))
            let collision = UICollisionBehavior(items: [item])
            collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 100),
                                  to: CGPoint(x: 200, y: 100))
            rig.animator.addBehavior(collision)
            let properties = UIDynamicItemBehavior(items: [item])
            properties.elasticity = CGFloat(elasticity)
            rig.animator.addBehavior(properties)
            var lowest = 0.0, highestAfterBounce = Double.infinity
            rig.run(to: 1.2) { time in
                lowest = max(lowest, Double(item.center.y))
                if time > 0.5 { highestAfterBounce = min(highestAfterBounce, Double(item.center.y)) }
            }
            #expect(lowest <= 90 + 1e-9, "the item never crosses the floor")
            if elasticity == 0 {
                #expect(item.center.y == 90)
                #expect(!rig.animator.isRunning, "an item lying on the floor rests")
            } else {
                // Falling 90 points takes 0.42 s; the bounce climbs back to the start 0.42 s later.
                #expect(abs(highestAfterBounce) < 2, "bounced back up to \(highestAfterBounce)")
                #expect(rig.animator.isRunning)
            }
        }
    }

    @Test("A snap settles exactly at its point, overshooting only with little damping")
    func snap() throws {
        for damping in [0.0, 1.0] {
            let rig = try Rig()
            let item = rig.item(at: CGPoint(x: 0, y: 0))
            let snap = UISnapBehavior(item: item, snapTo: CGPoint(x: 200, y: 300))
            snap.damping = CGFloat(damping)
            rig.animator.addBehavior(snap)
            var farthest = 0.0
            let running = rig.run(to: 6) { _ in farthest = max(farthest, Double(item.center.x)) }
            #expect(item.center == CGPoint(x: 200, y: 300))
            #expect(!running && !rig.animator.isRunning)
            #expect((farthest > 200.5) == (damping == 0), "farthest \(farthest)")
        }
    }

    @Test("An instantaneous push sets a speed once; a continuous one accelerates, less for a heavier item")
    func push() throws {
        let rig = try Rig()
        let square = CGSize(width: 100, height: 100), wide = CGSize(width: 200, height: 100)
        let kicked = rig.item(at: .zero, size: square, index: 0)
        let pushed = rig.item(at: .zero, size: square, index: 1)
        let heavy = rig.item(at: .zero, size: wide, index: 2)
        let once = UIPushBehavior(items: [kicked], mode: .instantaneous)
        once.pushDirection = CGVector(dx: 1 as CGFloat, dy: 0 as CGFloat)
        let steady = UIPushBehavior(items: [pushed, heavy], mode: .continuous)
        steady.magnitude = 1
        rig.animator.addBehavior(once)
        rig.animator.addBehavior(steady)
        #expect(once.active && steady.active)
        rig.run(to: 1)
        #expect(!once.active, "an instantaneous push goes off once")
        #expect(steady.active)
        #expect(abs(Double(kicked.center.x) - 100) < 1e-6, "100 points per second for a second")
        #expect(abs(Double(pushed.center.x) - 50) < 1e-6, "½·100·t²")
        #expect(abs(Double(heavy.center.x) - 25) < 1e-6, "twice the mass, half the acceleration")
    }

    @Test("Resistance slows an item exponentially and brings it to rest")
    func resistance() throws {
        let rig = try Rig()
        let item = rig.item(at: .zero)
        let properties = UIDynamicItemBehavior(items: [item])
        properties.resistance = 2
        properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: item)
        #expect(properties.linearVelocity(for: item) == CGPoint(x: 100, y: 0))
        rig.animator.addBehavior(properties)
        rig.run(to: 1)
        #expect(abs(Double(properties.linearVelocity(for: item).x) - 100 * exp(-2)) < 0.01)
        #expect(abs(Double(item.center.x) - 50 * (1 - exp(-2))) < 0.05)
        let running = rig.run(to: 6, from: 1)
        #expect(!running)
        #expect(abs(Double(item.center.x) - 50) < 0.05)
    }

    @Test("At rest the animator pauses and invalidates nothing; a change resumes it")
    func restAndResume() throws {
        let rig = try Rig()
        let counter = PauseCounter()
        rig.animator.delegate = counter
        #expect(!rig.animator.isRunning)
        let item = rig.item(at: CGPoint(x: 0, y: 0))
        let snap = UISnapBehavior(item: item, snapTo: CGPoint(x: 40, y: 0))
        rig.animator.addBehavior(snap)
        #expect(rig.animator.isRunning && counter.resumptions == 1)
        rig.run(to: 5)
        #expect(!rig.animator.isRunning && counter.pauses == 1)
        let elapsed = rig.animator.elapsedTime
        #expect(elapsed > 0.5 && elapsed < 5)
        let invalidations = rig.layout.invalidations
        rig.run(to: 8, from: 5)
        #expect(rig.layout.invalidations == invalidations, "a paused animator invalidates nothing")
        #expect(rig.animator.elapsedTime == elapsed)
        snap.snapPoint = CGPoint(x: 80, y: 0)
        #expect(rig.animator.isRunning && counter.resumptions == 2)
        rig.run(to: 8.1, from: 8)
        #expect(item.center.x > 40 && rig.layout.invalidations == invalidations + 6)
        rig.run(to: 14, from: 8.1)
        #expect(item.center == CGPoint(x: 80, y: 0) && counter.pauses == 2)
    }

    @Test("The same behaviours give bit-identical positions at 60 Hz, at 120 Hz and run again")
    func determinism() throws {
        func run(rate: Double) throws -> [CGPoint] {
            let rig = try Rig()
            let a = rig.item(at: CGPoint(x: 40, y: 0), index: 0)
            let b = rig.item(at: CGPoint(x: 45, y: -40), index: 1)
            let c = rig.item(at: CGPoint(x: 150, y: 20), index: 2)
            rig.animator.addBehavior(UIGravityBehavior(items: [a, b]))
            let collision = UICollisionBehavior(items: [a, b])
            collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 100),
                                  to: CGPoint(x: 200, y: 100))
            rig.animator.addBehavior(collision)
            let spring = UIAttachmentBehavior(item: c, attachedToAnchor: CGPoint(x: 100, y: 50))
            spring.frequency = 1
            spring.damping = 0.3
            spring.length = 20
            rig.animator.addBehavior(spring)
            var centers: [CGPoint] = [], previous = 0.0
            for time in [0.25, 0.4, 1.5] {
                rig.run(to: time, from: previous, rate: rate)
                centers += [a.center, b.center, c.center]
                previous = time
            }
            return centers
        }
        let sixty = try run(rate: 60)
        #expect(sixty == (try run(rate: 120)))
        #expect(sixty == (try run(rate: 60)))
        #expect(sixty[0] != sixty[3] && sixty[2] != sixty[5], "the items still move at 0.25 s")
        #expect(sixty[6].y < 90 + 1e-9 && sixty[7].y < 90 + 1e-9)
    }

    @Test("The layout keeps its animator and the animator its layout weakly: no cycle")
    func noRetainCycle() {
        weak var weakLayout: HostLayout?
        weak var weakAnimator: UIDynamicAnimator?
        do {
            let layout = HostLayout()
            let item = UICollectionViewLayoutAttributes(forCellWith: Foundation.IndexPath(item: 0, section: 0))
            layout.animator.addBehavior(UIGravityBehavior(items: [item]))
            weakLayout = layout
            weakAnimator = layout.animator
            #expect(weakAnimator != nil)
        }
        #expect(weakLayout == nil)
        #expect(weakAnimator == nil)
    }

    @Test("A springy flow subclass replays: items lag behind the pan, then settle on flow's positions")
    func springyReplay() throws {
        var registry = LayoutRegistry.standard
        registry.register(LayoutDefinition(
            name: "uikit-springy", summary: "flow items on springs that trail the pan",
            parameters: [LayoutParameter("item-size", .size, default: "44 44", "the item size")]
        ) { context in
            let layout = SpringyFlowLayout()
            layout.itemSize = try context.cgSize("item-size")
            layout.minimumLineSpacing = 10
            layout.minimumInteritemSpacing = 10
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            return layout
        })
        registry.register(LayoutDefinition(
            name: "uikit-flow", summary: "the same flow without springs",
            parameters: [LayoutParameter("item-size", .size, default: "44 44", "the item size")]
        ) { context in
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = try context.cgSize("item-size")
            layout.minimumLineSpacing = 10
            layout.minimumInteritemSpacing = 10
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            return layout
        })
        let runner = ReplayRunner(registry: registry, makeClock: { ManualClock() })
        let path = ShippedReplays.path("springy-list.xml")
        func frames(_ layout: String, at time: Double) throws -> [Int: CGRect] {
            let report = try runner.snapshot(path, at: time, options: ReplayOptions(layout: layout))
            var frames: [Int: CGRect] = [:]
            for element in report.elements where element.category == .cell {
                frames[element.item] = CGRect(x: element.frame.origin.x, y: element.frame.origin.y,
                                              width: element.frame.size.width, height: element.frame.size.height)
            }
            return frames
        }
        // Mid-pan, the springs lag: items stand off their flow positions.
        let springy = try frames("uikit-springy", at: 0.65), flow = try frames("uikit-flow", at: 0.65)
        #expect(!springy.isEmpty)
        let displaced = springy.filter { item, frame in flow[item].map { abs($0.minY - frame.minY) > 1 } ?? false }
        #expect(displaced.count > 10, "\(displaced.count) items off their flow positions mid-pan")
        // A second after the fling stops, every item is back on its flow position.
        let settled = try frames("uikit-springy", at: 3.7), resting = try frames("uikit-flow", at: 3.7)
        #expect(!settled.isEmpty && settled.count == resting.count)
        for (item, frame) in settled {
            #expect(frame == resting[item], "item \(item)")
        }
    }
}
