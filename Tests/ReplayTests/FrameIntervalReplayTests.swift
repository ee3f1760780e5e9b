import Testing
import Foundation
@_spi(Benchmarks) @testable import Replay
import Reporting
import TraceXML
import TestSupport

/// Replays of traces whose frames have their own intervals (`<frame-intervals>`), as a ProMotion display reports
/// them: CADisplayLink's `targetTimestamp − timestamp` changes with the rate (Apple's "Optimizing ProMotion
/// refresh rates for iPhone 13 Pro and iPad Pro"; sentry-cocoa PR #1915 derives each frame's budget from it).
@Suite("Replays with frame intervals", .tags(.fast))
struct FrameIntervalReplayTests {
    static let header = """
          <collection-view width="390" height="844" refresh-rate="60"/>
          <frame-intervals ms="20*2 10*3"/>
          <layout name="flow" item-size="100 100" section-inset="10 10 10 10"/>
          <data><section items="300"/></data>
        """

    @Test("Frames begin at the sum of the intervals before them, events run in the frame whose end is after them")
    func frameTimes() throws {
        // Frames begin at 0, 20, 40, 50, 60, 70, 80… ms (the last interval repeats).
        let file = try TraceFile(header: Self.header, events: """
            <scroll t="0.045" x="0" y="100"/>
            <scroll t="0.0801" x="0" y="200"/>
            """)
        let measurement = try ReplayRunner(makeClock: { ManualClock() })
            .replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0))
        let frames = try #require(measurement.repeats.first?.frames)
        // The session ends with the frame of its last event, 80–90 ms.
        #expect(frames.count == 7)
        #expect(frames.map { ($0.time * 1000).rounded() } == [0, 20, 40, 50, 60, 70, 80])
        #expect(!measurement.frameClock.isUniform && measurement.frameClock.budgetMs(ofFrame: 0) == 20)
        #expect(measurement.frameClock.budgetMs(ofFrame: 8) == 10)

        let reader = try TraceReader(path: file.path)
        let layout = try LayoutRegistry.standard.makeLayout(for: reader.header.layout, path: file.path)
        let pass = ReplayPass(quiet: reader.header, path: file.path, layout: layout, registry: .standard,
                              mode: .offsets, frameClock: FrameClock(header: reader.header))
        var offsets: [Double] = []
        _ = pass.run(reader) { _ in offsets.append(pass.collectionView.contentOffset.y) }
        // The scroll at 45 ms runs in frame 2 (40–50 ms); the one at 80.1 ms in frame 6 (80–90 ms).
        #expect(offsets == [0, 0, 100, 100, 100, 100, 200])
    }

    @Test("--refresh-rate overrides the trace's intervals; --budget is every frame's budget")
    func overrides() throws {
        let file = try TraceFile(header: Self.header, events: "<marker t=\"0.1\" label=\"end\"/>")
        let runner = ReplayRunner(makeClock: { ManualClock() })
        let uniform = try runner.replay(file.path, options: ReplayOptions(refreshRate: 60, repeats: 1, warmup: 0))
        #expect(uniform.frameClock.isUniform && uniform.refreshRate == 60)
        #expect(uniform.repeats.first?.frames.count == 7)  // 0.1 s at 60 Hz: frames 0…6
        let budget = try runner.replay(file.path, options: ReplayOptions(budgetMs: 5, repeats: 1, warmup: 0))
        #expect(!budget.frameClock.isUniform && budget.frameClock.budgetMs(ofFrame: 0) == 5)
        // Frames at 0, 20, 40, 50, 60, 70, 80, 90 and 100 ms: the marker at 0.1 s runs in the ninth.
        #expect(budget.repeats.first?.frames.count == 9)
    }
}
