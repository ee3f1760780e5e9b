import Foundation
import Testing
@testable import Reporting
import TestSupport

/// Figures of frames that each have their own interval and budget, frozen frames, and XCTest's names.
@Suite("Frame intervals and frozen frames", .tags(.fast))
struct FrameIntervalFigureTests {
    /// One repeat of `ms` frame times timed by `clock`.
    static func measurement(_ ms: [Double], clock: FrameClock) -> ReplayMeasurement {
        let frames = ms.enumerated().map { index, ms in
            FrameSample(index: index, time: clock.startTime(ofFrame: index), durationNs: Measurements.ns(ms))
        }
        return ReplayMeasurement(trace: "Traces/test.xml", layout: "flow", mode: .offsets, refreshRate: clock.refreshRate,
                                 budgetMs: clock.minimumBudgetMs, warmup: 0,
                                 repeats: [RepeatMeasurement(frames: frames, paths: [])], complete: true, counters: [:],
                                 scrollFrames: 0, environment: Measurements.environment, frameClock: clock)
    }

    /// Sentry's slow frames are judged against the current refresh rate: 16.67 ms at 60 Hz, 8.33 ms at 120 Hz
    /// (getsentry/sentry-cocoa PR #1915, which fixed "100 % slow frames" on ProMotion, issue #1881).
    @Test("A 10 ms frame is janky at 120 Hz and not at 60 Hz: each frame is judged against its own interval")
    func perFrameBudgets() {
        let clock = FrameClock(intervals: [(1000.0 / 60, 2), (1000.0 / 120, 2)])
        let report = Report(Self.measurement([10, 10, 10, 10], clock: clock))
        #expect(report.jankyFrames == 2)
        #expect(report.droppedFrames == 2)
        #expect(close(report.hitchTimeMs, 2 * 1000.0 / 120))
        #expect(close(report.sessionSeconds, 2.0 / 60 + 2.0 / 120))
        #expect(close(report.refreshRateHz, 120) && close(report.budgetMs, 1000.0 / 120))
        // The same frames all at 60 Hz: none janky.
        #expect(Report(Self.measurement([10, 10, 10, 10], clock: FrameClock(refreshRate: 60))).jankyFrames == 0)
    }

    @Test("Frame n begins at the sum of the intervals before it; the last interval repeats past the list")
    func frameTimes() {
        let clock = FrameClock(intervals: [(16.0, 3), (8.0, 2)])
        let starts = (0...7).map { clock.startTime(ofFrame: $0) * 1000 }
        #expect(zip(starts, [0, 16, 32, 48, 56, 64, 72, 80]).allSatisfy { close($0, $1) })
        #expect((0...7).map { clock.budgetMs(ofFrame: $0) } == [16, 16, 16, 8, 8, 8, 8, 8])
        #expect([0, 0.0159, 0.016, 0.047, 0.048, 0.0559, 0.056, 1].map { clock.frame(at: $0) } == [0, 0, 1, 2, 3, 3, 4, 122])
        #expect(clock.refreshRateRange == 62.5...125)
        // A budget given for every frame overrides the intervals' budgets, not their times.
        let fixed = FrameClock(intervals: [(16.0, 3), (8.0, 2)], budgetMs: 20)
        #expect(fixed.budgetMs(ofFrame: 4) == 20 && fixed.startTime(ofFrame: 4) == 0.056)
    }

    /// Firebase's table of budgets per refresh rate (firebase-ios-sdk PR #15516): 50 fps → 20 ms, 60 → 16.67,
    /// 120 → 8.33, while frozen stays 700 ms at every rate.
    @Test("Budgets follow the rate (50, 60, 120 Hz) while frozen stays 700 ms", arguments: [50.0, 60, 120])
    func firebaseTable(rate: Double) {
        let clock = FrameClock(refreshRate: rate)
        #expect(close(clock.budgetMs(ofFrame: 0), 1000 / rate))
        let report = Report(Self.measurement([700, 700.001, 1500, 5], clock: clock))
        #expect(report.frozenFrames == 2)
    }

    /// Sentry ("Frozen frames … take longer than 700 ms", Mobile Vitals documentation) and Firebase Performance
    /// Monitoring ("frozen frames take longer than 700 ms to render").
    @Test("Frames over 700 ms are frozen, in the report, its repeats and its key figures")
    func frozenFrames() throws {
        let report = Report(Measurements.measurement(frameTimes: [[16, 701, 800], [16, 16, 2000]]))
        #expect(report.frozenFrames == 1.5)
        #expect(report.perRepeat.map(\.frozenFrames) == [2, 1])
        #expect(ReportFormat.text.render([report]).contains("Frozen frames"))
        #expect(ReportFormat.markdown.render([report]).contains("Frozen frames"))
    }

    /// XCTest's `XCTOSSignpostMetric` names (hitch count, hitch total duration, hitch time ratio, frame count, frame
    /// rate), as WWDC20 session 10077 shows them.
    @Test("The JSON report carries XCTest's names next to Reel's, equal to Reel's figures, and reads back")
    func xcTestKeys() throws {
        let report = Report(Measurements.measurement(frameTimes: [[10, 20, 40, 800]]))
        let json = ReportFormat.json.render([report])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["hitch_count"] as? Double == object["janky_frames"] as? Double)
        #expect(object["hitch_total_duration_ms"] as? Double == object["hitch_time_ms"] as? Double)
        #expect(object["frame_count"] as? Double == object["frames"] as? Double)
        #expect(object["frame_rate"] as? Double == object["effective_fps"] as? Double)
        #expect(object["hitch_time_ratio_ms_per_s"] as? Double != nil)
        #expect(object["frozen_frames"] as? Double == 1)
        let decoded = try #require(try Report.decode(json: json).first)
        #expect(decoded.frozenFrames == 1 && decoded.jankyFrames == report.jankyFrames)
    }

    @Test("A report whose rate varies writes its intervals and range, and reads them back")
    func intervalsRoundTrip() throws {
        let clock = FrameClock(intervals: [(20.0, 2), (10.0, 2)])
        let report = Report(Self.measurement([10, 10, 10, 10], clock: clock))
        let json = ReportFormat.json.render([report])
        #expect(json.contains("\"refresh_rate_range_hz\""))
        let decoded = try #require(try Report.decode(json: json).first)
        #expect(decoded.frameClock == clock)
        #expect(ReportFormat.text.render([report]).contains("50–100 Hz"))
    }

    @Test("gate --max-frozen-frames fails a run with more frozen frames per repeat than the budget")
    func frozenBudget() {
        let report = Report(Measurements.measurement(frameTimes: [[16, 701, 800]]))
        let judged = GateBudgets(maxFrozenFrames: 1).judge(report)
        #expect(judged.count == 1 && judged[0].value == 2 && judged[0].budget.option == "--max-frozen-frames")
        #expect(judged[0].exceeded)
        #expect(!GateBudgets(maxFrozenFrames: 2).judge(report)[0].exceeded)
    }
}
