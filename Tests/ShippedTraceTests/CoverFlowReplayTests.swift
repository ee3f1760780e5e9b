import Testing
import Foundation
import CollectionEngine
import Layouts
import Replay
import Reporting
import ShippedTraceSupport
import TestSupport

/// The shipped Cover Flow session replayed with `cover-flow` and with `cover-flow-cached`.
@Suite("Cover Flow replays", .tags(.shippedTraces))
struct CoverFlowReplayTests {
    static let albums = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces/cover-flow-albums.xml").path

    private let runner = ReplayRunner(makeClock: { ManualClock() })

    /// Every frame's display: each element's key and a copy of the attributes applied to its view
    /// (custom fields included), and the content offset.
    private func frames(layout: String, mode: ReplayMode) throws
        -> (frames: [(offset: Point, elements: [(ElementKey, LayoutAttributes?)])], counters: EngineCounters) {
        var frames: [(offset: Point, elements: [(ElementKey, LayoutAttributes?)])] = []
        let counters = try runner.forEachFrame(Self.albums, options: ReplayOptions(layout: layout, mode: mode)) { _, view in
            frames.append((view.contentOffset,
                           view.displayedElements.map { ($0.key, $0.view.layoutAttributes?.copy()) }))
        }
        return (frames, counters)
    }

    @Test("cover-flow-cached shows what cover-flow shows at every frame, prepared once instead of every scroll frame",
          arguments: [ReplayMode.offsets, .gestures])
    func cachedMatchesEveryFrame(mode: ReplayMode) throws {
        let plain = try frames(layout: "cover-flow", mode: mode)
        let cached = try frames(layout: "cover-flow-cached", mode: mode)
        #expect(plain.frames.count > 1500)
        #expect(plain.frames.count == cached.frames.count)
        var differing: [Int] = []
        for (index, (a, b)) in zip(plain.frames, cached.frames).enumerated() {
            let same = a.offset == b.offset && a.elements.count == b.elements.count
                && zip(a.elements, b.elements).allSatisfy { $0.0 == $1.0 && $0.1 != nil && $0.1 == $1.1 }
            if !same { differing.append(index) }
        }
        #expect(differing.isEmpty, "frames that differ: \(differing.prefix(10))")
        // The covers are transformed and masked: the comparison includes the custom attributes.
        let masks = Set(plain.frames.flatMap { $0.elements.compactMap { ($0.1 as? CoverFlowAttributes)?.maskingValue } })
        #expect(masks.count > 100)

        let scrollFrames = zip(plain.frames.dropFirst(), plain.frames).count { $0.offset != $1.offset }
        #expect(scrollFrames > 1000)
        #expect(plain.counters.layoutPrepares == scrollFrames + 1)
        #expect(cached.counters.layoutPrepares == 1)
        #expect(plain.counters.taps == cached.counters.taps && plain.counters.taps > 5)
    }

    @Test("The profiler names cover-flow's per-frame invalidation and finds none with cover-flow-cached")
    func findings() async throws {
        let plain = try await ShippedReplays.measurement("cover-flow-albums.xml", nil)
        var cachedOptions = ReplayOptions(repeats: 1, warmup: 0)
        cachedOptions.layout = "cover-flow-cached"
        let cached = try runner.replay(Self.albums, options: cachedOptions)
        let plainReport = Report(plain), cachedReport = Report(cached)
        #expect(plainReport.findings.contains { $0.rule == .layoutInvalidatedEveryScrollFrame })
        #expect(!cachedReport.findings.contains { $0.rule == .layoutInvalidatedEveryScrollFrame })
        #expect(plain.counters[.layoutPrepares].map { $0 >= plain.scrollFrames } == true)
        #expect(cached.counters[.layoutPrepares] == 1)
    }

    @Test("In gestures mode the layout's snapping decides where flings end: every pause has an album centered")
    func gesturesSnap() throws {
        var rests: [Double] = []
        var previous: Point?
        var settled = 0
        _ = try runner.forEachFrame(Self.albums, options: ReplayOptions(mode: .gestures)) { _, view in
            let offset = view.contentOffset
            settled = offset == previous && !view.isDragging && !view.isAnimating ? settled + 1 : 0
            if settled == 10 { rests.append(offset.x) }
            previous = offset
        }
        #expect(rests.count >= 8)
        // 320 wide, insets 70: album i is centered at offset 120·i.
        #expect(rests.allSatisfy { $0.truncatingRemainder(dividingBy: 120) == 0 }, "\(rests)")
        #expect(Set(rests).count >= 5)
    }
}
