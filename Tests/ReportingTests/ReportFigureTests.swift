import Testing
@testable import Reporting
import TestSupport

/// Whether two figures agree to within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

@Suite("Report figures", .tags(.fast))
struct ReportFigureTests {
    @Test("Janky and dropped frames, hitch time, ratio and effective fps at a 20 ms budget")
    func hitches() {
        // 50 Hz: budget 20 ms exactly.
        let report = Report(Measurements.measurement(frameTimes: [[10, 20, 20.000001, 41, 60.5]], rate: 50))
        #expect(report.budgetMs == 20)
        #expect(report.frames == 5)
        #expect(close(report.sessionSeconds, 0.1))
        #expect(report.jankyFrames == 3)
        #expect(report.droppedFrames == 6)  // 1 + 2 + 3
        #expect(close(report.hitchTimeMs, 120))
        #expect(close(report.hitchTimeRatio, 1200))
        #expect(report.hitchBand == .critical)
        #expect(close(report.effectiveFPS, 50.0 * 5 / 11))
    }

    @Test("No janky frame: no hitch, effective and peak fps at the refresh rate")
    func noJank() {
        let report = Report(Measurements.measurement(frameTimes: [Array(repeating: 16.6, count: 120)]))
        #expect(report.jankyFrames == 0)
        #expect(report.droppedFrames == 0)
        #expect(report.hitchTimeMs == 0)
        #expect(report.hitchTimeRatio == 0)
        #expect(report.hitchBand == .good)
        #expect(report.effectiveFPS == 60)
        #expect(report.peakFPS == 60)
        #expect(close(report.sessionSeconds, 2))
        #expect(report.verdict == "0 of 120 frames janky (0.0 %), hitch time ratio 0.0 ms/s: good")
    }

    @Test("A frame exactly at an overridden budget is not janky")
    func budgetOverride() {
        let report = Report(Measurements.measurement(frameTimes: [[16, 16.5, 32.5]], budgetMs: 16))
        #expect(report.budgetMs == 16)
        #expect(report.jankyFrames == 2)
        #expect(report.droppedFrames == 3)
        #expect(close(report.hitchTimeMs, 48))
    }

    @Test("Apple's hitch bands: < 5 good, 5–10 warning, ≥ 10 critical",
          arguments: [(0.0, HitchBand.good), (4.999, .good), (5, .warning), (9.999, .warning), (10, .critical),
                      (500, .critical)])
    func bands(ratio: Double, band: HitchBand) {
        #expect(HitchBand(ratio: ratio) == band)
    }

    @Test("A single frame is every percentile, the mean and the max")
    func singleFrame() {
        let report = Report(Measurements.measurement(frameTimes: [[7.5]]))
        #expect(report.frameTimeMs == Report.FrameTimes(mean: 7.5, p50: 7.5, p90: 7.5, p95: 7.5, p99: 7.5, max: 7.5))
        #expect(report.frames == 1)
        #expect(report.worstFrames.map(\.index) == [0])
        #expect(report.peakFPS == 60)
    }

    @Test("No repeats, or repeats without frames, give zeros and say so")
    func empty() {
        for measurement in [Measurements.measurement([]), Measurements.measurement(frameTimes: [[], []])] {
            let report = Report(measurement)
            #expect(report.frames == 0)
            #expect(report.sessionSeconds == 0)
            #expect(report.frameTimeMs == .zero)
            #expect(report.hitchTimeRatio == 0)
            #expect(report.effectiveFPS == 0)
            #expect(report.peakFPS == 0)
            #expect(report.worstFrames.isEmpty)
            #expect(report.hotPaths.isEmpty)
            #expect(report.findings.isEmpty)
            #expect(report.verdict == "no frames measured")
        }
        #expect(Report(Measurements.measurement(frameTimes: [[], []])).repeats == 2)
    }

    @Test("Percentiles pool the frames of every repeat; counts are means over repeats")
    func pooled() {
        // Budget 20 ms. Repeat 0: one janky frame dropping 1; repeat 1: two janky frames dropping 1 and 2.
        let report = Report(Measurements.measurement(frameTimes: [[1, 2, 30], [3, 4, 5, 25, 50]], rate: 50))
        #expect(report.repeats == 2)
        #expect(report.frames == 4)
        #expect(close(report.sessionSeconds, 0.08))
        #expect(report.jankyFrames == 1.5)
        #expect(report.droppedFrames == 2)
        #expect(close(report.hitchTimeMs, 40))
        #expect(close(report.hitchTimeRatio, 500))
        #expect(close(report.effectiveFPS, 50.0 * 4 / 6))
        // Pooled, sorted: 1 2 3 4 5 25 30 50.
        #expect(report.frameTimeMs.p50 == 4)
        #expect(report.frameTimeMs.p90 == 50)
        #expect(report.frameTimeMs.max == 50)
        #expect(close(report.frameTimeMs.mean, 120.0 / 8))
        #expect(report.perRepeat.map(\.jankyFrames) == [1, 2])
        #expect(report.perRepeat.map(\.droppedFrames) == [1, 3])
        #expect(report.perRepeat.map(\.frameTimeMs.max) == [30, 50])
        #expect(report.frameSamples.count == 8)
        #expect(report.frameSamples.map(\.repeatIndex) == [0, 0, 0, 1, 1, 1, 1, 1])
    }

    @Test("Nearest-rank percentiles over 1…100 ms")
    func percentiles() {
        let report = Report(Measurements.measurement(frameTimes: [(1...100).map(Double.init).reversed()]))
        #expect(report.frameTimeMs == Report.FrameTimes(mean: 50.5, p50: 50, p90: 90, p95: 95, p99: 99, max: 100))
    }

    @Test("Peak fps is the best repeat's")
    func peakOverRepeats() {
        let clean = Array(repeating: 10.0, count: 60)
        let janky = Array(repeating: 20.0, count: 60)
        let report = Report(Measurements.measurement(frameTimes: [janky, clean, janky]))
        #expect(report.peakFPS == 60)
        #expect(report.perRepeat.map(\.droppedFrames) == [60, 0, 60])
    }

    @Test("Worst frames: five, slowest first, each frame index once, ties to the earlier frame")
    func worstFrames() {
        let report = Report(Measurements.measurement(frameTimes: [
            [5, 9, 1, 30, 2, 9, 9, 9],
            [5, 9, 1, 40, 2, 3, 3, 9],
        ]))
        #expect(report.worstFrames.map(\.index) == [3, 1, 5, 6, 7])
        #expect(report.worstFrames.map(\.ms) == [40, 9, 9, 9, 9])
        #expect(report.worstFrames.map(\.repeatIndex) == [1, 0, 0, 0, 0])
        #expect(close(report.worstFrames[0].t, 3.0 / 60))
    }

    @Test("Counters, markers, warnings, failure and the environment pass through")
    func passThrough() {
        var counters: CounterValues = [.cellsCreated: 28, .cellsReused: 912]
        counters.unknownCounters["extra"] = 1
        let report = Report(Measurements.measurement(
            [RepeatMeasurement(frames: Measurements.frames([1]), paths: [])], counters: counters, complete: false,
            failure: "Traces/test.xml:12:5: attempt to delete item 9 from section 0 which only contains 5 items before the update", warnings: ["ignored 2 events"],
            markers: [Marker(time: 1.5, label: "fling")], warmup: 2))
        #expect(report.counters == counters)
        #expect(report.counters[.cellsReused] == 912)
        #expect(report.counters[.cellsConfigured] == nil)
        #expect(!report.complete)
        #expect(report.failure == "Traces/test.xml:12:5: attempt to delete item 9 from section 0 which only contains 5 items before the update")
        #expect(report.warnings == ["ignored 2 events"])
        #expect(report.markers == [Marker(time: 1.5, label: "fling")])
        #expect(report.warmup == 2)
        #expect(report.environment == Measurements.environment)
    }
}

@Suite("Hot paths", .tags(.fast))
struct HotPathTests {
    @Test("Means over repeats, a path missing from a repeat counting as zero")
    func means() throws {
        let first = RepeatMeasurement(frames: Measurements.frames([5]), paths: [
            Measurements.path("frame/cells/configure", callMs: [1, 1, 2], jankySelfMs: 0),
            Measurements.path("frame/cells/create", callMs: [4]),
        ])
        let second = RepeatMeasurement(frames: Measurements.frames([5]), paths: [
            Measurements.path("frame/cells/configure", callMs: [1, 3], jankySelfMs: 0),
        ])
        let report = Report(Measurements.measurement([first, second]))
        let configure = try #require(report.hotPaths.first { $0.path == "frame/cells/configure" })
        #expect(configure.calls == 2.5)
        #expect(close(configure.totalMs, 4))
        #expect(close(configure.selfMs, 4))
        let create = try #require(report.hotPaths.first { $0.path == "frame/cells/create" })
        #expect(create.calls == 0.5)
        #expect(close(create.totalMs, 2))
    }

    @Test("Sorted by janky self time, then self time, then path")
    func order() {
        let paths = [
            Measurements.path("frame/b", callMs: [5]),
            Measurements.path("frame/a", callMs: [5]),
            Measurements.path("frame/cells/configure", callMs: [1], jankySelfMs: 1),
            Measurements.path("frame/cells/prepare-for-reuse", callMs: [12], jankySelfMs: 12),
            Measurements.path("frame/layout/query", callMs: [9]),
        ]
        let report = Report(Measurements.measurement([RepeatMeasurement(frames: Measurements.frames([5]), paths: paths)]))
        #expect(report.hotPaths.map(\.path) == [
            "frame/cells/prepare-for-reuse", "frame/cells/configure", "frame/layout/query", "frame/a", "frame/b",
        ])
    }

    @Test("Per-call percentiles come from the histograms of every repeat merged")
    func callPercentiles() throws {
        let first = RepeatMeasurement(frames: Measurements.frames([5]), paths: [
            Measurements.path("frame/cells/configure", callMs: Array(repeating: 1, count: 60)),
        ])
        let second = RepeatMeasurement(frames: Measurements.frames([5]), paths: [
            Measurements.path("frame/cells/configure", callMs: Array(repeating: 1, count: 39) + [12]),
        ])
        let report = Report(Measurements.measurement([first, second]))
        let configure = try #require(report.hotPaths.first)
        // HdrHistogram with three significant digits: within 0.1 %.
        #expect(close(configure.callP50Ms, 1, 0.001))
        #expect(close(configure.callP99Ms, 1, 0.001))
        #expect(close(configure.callMaxMs, 12, 0.012))
        #expect(configure.calls == 50)
    }
}
