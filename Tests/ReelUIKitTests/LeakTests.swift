import Foundation
import Layouts
import ReelUIKit
import Replay
import Reporting
import ShippedTraceSupport
import Synchronization
import Testing
import TestSupport

/// Weak references to what a replay made: none may outlive it.
final class Probe: @unchecked Sendable {
    private let lock = Mutex<Void>(())
    private weak var storedLayout: UICollectionViewLayout?
    private var storedAttributes: [WeakAttributes] = []

    struct WeakAttributes {
        weak var attributes: UICollectionViewLayoutAttributes?
    }

    func record(_ layout: UICollectionViewLayout) { lock.withLock { _ in storedLayout = layout } }

    func record(_ attributes: [UICollectionViewLayoutAttributes]) {
        lock.withLock { _ in
            guard storedAttributes.count < 200 else { return }
            storedAttributes.append(contentsOf: attributes.map { WeakAttributes(attributes: $0) })
        }
    }

    var recordedAttributes: Int { lock.withLock { _ in storedAttributes.count } }
    var layoutAlive: Bool { lock.withLock { _ in storedLayout != nil } }
    var attributesAlive: Int { lock.withLock { _ in storedAttributes.filter { $0.attributes != nil }.count } }
}

/// A flow subclass that passes `super`'s answer through untouched, noting its objects.
final class ProbedFlowLayout: UICollectionViewFlowLayout {
    let probe: Probe

    init(probe: Probe) {
        self.probe = probe
        super.init()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let answer = super.layoutAttributesForElements(in: rect)
        probe.record(answer ?? [])
        return answer
    }
}

@Suite("Nothing a UIKit layout made outlives its replay", .tags(.fast))
struct LeakTests {
    @Test("A flow subclass, its wrappers and its engine side are freed after the replay")
    func flow() throws {
        let probe = Probe()
        var registry = LayoutRegistry.standard
        registry.register(LayoutDefinition(name: "probed", summary: "a probed flow", parameters: []) { _ in
            let layout = ProbedFlowLayout(probe: probe)
            layout.itemSize = CGSize(width: 128, height: 128)
            probe.record(layout)
            return layout
        })
        let runner = ReplayRunner(registry: registry, makeClock: { ManualClock() })
        let measurement = try runner.replay(ShippedReplays.path("photo-grid-browse.xml"),
                                            options: ReplayOptions(layout: "probed", repeats: 1, warmup: 0))
        #expect(measurement.complete)
        #expect(probe.recordedAttributes > 0)
        #expect(!probe.layoutAlive)
        #expect(probe.attributesAlive == 0)
    }

    @Test("A layout of its own and its subclass's attributes, snapshots included, are freed after the replay")
    func custom() throws {
        let probe = Probe()
        var registry = LayoutRegistry.standard
        registry.register(LayoutDefinition(name: "timeline", summary: "entries down a rail", parameters: []) { _ in
            let layout = TimelineLayout()
            probe.record(layout)
            return layout
        })
        let runner = ReplayRunner(registry: registry, makeClock: { ManualClock() })
        let measurement = try runner.replay(ShippedReplays.path("chat-messages.xml"),
                                            options: ReplayOptions(layout: "timeline", repeats: 1, warmup: 0))
        #expect(measurement.complete)
        #expect(!probe.layoutAlive)
    }
}
