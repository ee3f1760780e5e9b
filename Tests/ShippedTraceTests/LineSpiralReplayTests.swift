import Testing
import Foundation
import CollectionEngine
import Layouts
import Replay
import Reporting
import ShippedTraceSupport
import TestSupport

/// The shipped sessions of the slides' demo line and spiral, replayed in both modes.
@Suite("Line and spiral replays", .tags(.shippedTraces))
struct LineSpiralReplayTests {
    private static func trace(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Traces/\(name)").path
    }

    static let line = trace("line-speakers.xml")
    static let spiral = trace("spiral-speakers.xml")

    private let runner = ReplayRunner(makeClock: { ManualClock() })

    @Test("The profiler names line's per-frame invalidation in both modes, with the taps counted",
          arguments: [ReplayMode.offsets, .gestures])
    func lineFindings(mode: ReplayMode) async throws {
        let measurement = try await ShippedReplays.measurement("line-speakers.xml", mode)
        #expect(Report(measurement).findings.contains { $0.rule == .layoutInvalidatedEveryScrollFrame })
        #expect(measurement.scrollFrames > 1000)
        #expect(measurement.counters[.layoutPrepares].map { $0 >= measurement.scrollFrames } == true)
        #expect(measurement.counters[.taps].map { $0 > 0 } == true)
    }

    @Test("In gestures mode every pause of the line has a speaker centered at 1.3×")
    func lineSnaps() throws {
        var rests: [Double] = []
        var previous: Point?
        var settled = 0
        _ = try runner.forEachFrame(Self.line, options: ReplayOptions(mode: .gestures)) { _, view in
            let offset = view.contentOffset
            settled = offset == previous && !view.isDragging && !view.isAnimating ? settled + 1 : 0
            // At the start (offset 0) the first speaker cannot be centered.
            if settled == 10 && offset.x > 0 {
                rests.append(offset.x)
                let centered = view.displayedElements.compactMap { $0.view.layoutAttributes }
                    .filter { $0.representedElementCategory == .cell && abs($0.center.x - view.bounds.midX) < 1e-9 }
                #expect(centered.count == 1 && centered.first.map { abs($0.transform3D.m11 - 1.3) < 1e-12 } == true,
                        "no speaker centered at \(offset.x)")
            }
            previous = offset
        }
        #expect(rests.count >= 5)
        #expect(Set(rests).count >= 3)
    }

    @Test("The spiral's session pages, deletes and restores speakers, and reloads when a page empties, in both modes",
          arguments: [ReplayMode.offsets, .gestures])
    func spiral(mode: ReplayMode) async throws {
        var offsets: Set<Double> = []
        var rests: [Double] = []
        var previous: Point?
        var settled = 0
        var emptyPageSeen = false
        let counters = try runner.forEachFrame(Self.spiral, options: ReplayOptions(mode: mode)) { _, view in
            let offset = view.contentOffset
            settled = offset == previous && !view.isDragging && !view.isAnimating ? settled + 1 : 0
            if settled == 10 { rests.append(offset.x) }
            previous = offset
            offsets.insert(offset.x)
            if view.itemCountsBySection.last == 0 { emptyPageSeen = true }
        }
        // Every rest is on a page (paging), and the user went through all eleven.
        #expect(rests.allSatisfy { $0.truncatingRemainder(dividingBy: 1024) == 0 }, "\(rests)")
        #expect(Set(rests).count == 11)
        #expect(emptyPageSeen)
        #expect(counters.taps > 5 && counters.itemsDeleted > 10 && counters.itemsInserted > 3)
        // The spiral invalidates only for its updates and reloads, never for scrolling.
        #expect(counters.layoutPrepares < 60)
        let measurement = try await ShippedReplays.measurement("spiral-speakers.xml", mode)
        #expect(!Report(measurement).findings.contains { $0.rule == .layoutInvalidatedEveryScrollFrame })
        #expect(measurement.counters[.itemsDeleted] == counters.itemsDeleted)
    }
}
