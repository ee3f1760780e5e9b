@testable import Reporting

/// Realistic measurements for golden files: deterministic, built by hand.
enum Fixtures {
    static let counters: CounterValues = [
        .cellsCreated: 28, .cellsReused: 912, .cellsConfigured: 940, .supplementaryCreated: 4,
        .supplementaryReused: 30, .decorationCreated: 0, .decorationReused: 0, .layoutPrepares: 148,
        .layoutInvalidations: 148, .elementQueries: 150, .batchUpdates: 1, .maxVisibleElements: 36,
    ]

    /// The book's second case study at 120 Hz: every tenth frame reuses a cell whose prepare-for-reuse
    /// costs 12 ms, the layout is prepared on every scroll frame, and cells keep being created after the
    /// first second. Two repeats of 150 frames that differ by a few microseconds.
    static func caseStudy() -> ReplayMeasurement {
        let repeats = (0..<2).map { repeatIndex in
            var frames: [FrameSample] = []
            for index in 0..<150 {
                let jitter = UInt64((index * 7 + repeatIndex * 3) % 11) * 10_000
                let reuse = index % 10 == 5
                let created = index < 4 ? 6 : (index >= 125 && index % 5 == 0 ? 1 : 0)
                let duration: UInt64 = (reuse ? 13_400_000 : 1_150_000) + jitter
                frames.append(FrameSample(
                    index: index, time: Double(index) / 120, durationNs: duration,
                    topPath: reuse ? "frame/cells/prepare-for-reuse" : "frame/cells/configure",
                    topPathSelfNs: reuse ? 12_000_000 : 600_000 + jitter, cellsCreated: created))
            }
            let paths = [
                PathMeasurement(path: "frame", callDurationsNs: frames.map(\.durationNs), selfNs: 9_000_000),
                Measurements.path("frame/scroll", callMs: Array(repeating: 0.05, count: 150)),
                Measurements.path("frame/layout/prepare", callMs: Array(repeating: 0.2, count: 148)),
                Measurements.path("frame/layout/query", callMs: Array(repeating: 0.1, count: 150)),
                Measurements.path("frame/cells/dequeue", callMs: Array(repeating: 0.01, count: 460)),
                Measurements.path("frame/cells/create", callMs: Array(repeating: 0.3, count: 28)),
                Measurements.path("frame/cells/configure", callMs: Array(repeating: 0.2, count: 470),
                                  jankySelfMs: 2.4 + Double(repeatIndex) * 0.2),
                Measurements.path("frame/cells/prepare-for-reuse", callMs: Array(repeating: 12, count: 15),
                                  jankySelfMs: 180),
                Measurements.path("frame/cells/apply-attributes", callMs: Array(repeating: 0.02, count: 470)),
                Measurements.path("frame/supplementary/configure", callMs: Array(repeating: 0.4, count: 14) + [9.5]),
            ]
            return RepeatMeasurement(frames: frames, paths: paths)
        }
        return ReplayMeasurement(
            trace: "Traces/prepare-for-reuse.xml", layout: "flow", mode: .offsets, refreshRate: 120,
            budgetMs: 1000.0 / 120, warmup: 1, repeats: repeats, complete: true, counters: counters,
            scrollFrames: 148, markers: [Marker(time: 0.5, label: "fling")],
            environment: Environment(host: "reel-ci", cores: 2, swift: "6.3.1", build: "release"))
    }

    /// A replay that stopped on a bad event after six frames at 60 Hz, with a warning.
    static func incomplete() -> ReplayMeasurement {
        let frames = [2.5, 3.1, 17.0, 2.2, 40.0, 1.9].enumerated().map { index, ms in
            Measurements.frame(index, ms: ms, top: index == 4 ? "frame/updates/apply" : "frame/layout/query",
                               topMs: index == 4 ? 30 : ms / 2)
        }
        let paths = [
            Measurements.path("frame/updates/apply", callMs: [30], jankySelfMs: 30),
            Measurements.path("frame/layout/query", callMs: [1.2, 1.5, 8.5, 1.1, 5, 0.9], jankySelfMs: 13.5),
        ]
        return Measurements.measurement(
            [RepeatMeasurement(frames: frames, paths: paths)], counters: [.cellsCreated: 28, .cellsReused: 912, .cellsConfigured: 940],
            scrollFrames: 4, complete: false,
            failure: "Traces/test.xml:42:7: attempt to delete item 9 from section 0 which only contains 5 items before the update",
            warnings: ["2 events after the last frame were ignored"], warmup: 0)
    }
}
