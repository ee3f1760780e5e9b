import Testing
import CollectionEngine
@testable import Reporting
import TestSupport

@Suite("Frame log: a repeat's frames in 5 bytes a frame", .tags(.fast))
struct FrameLogTests {
    static let rate = 60.0
    static let budgetNs: UInt64 = 16_666_667

    /// `count` random frames as a replay measures them: index and time from the position, durations
    /// mostly short with some janky ones and some past 4.29 s, top paths among `paths` names (or none), cells
    /// created now and then and cells on screen every frame.
    static func frames(_ count: Int, paths: Int, seed: UInt64) -> [FrameSample] {
        var random = SplitMix64(seed: seed)
        var onScreen = 0
        return (0..<count).map { index in
            let duration: UInt64 = switch Int.random(in: 0..<100, using: &random) {
            case 0..<3: UInt64.random(in: 4_294_967_295...30_000_000_000, using: &random)
            case 3..<20: UInt64.random(in: 16_666_000...100_000_000, using: &random)
            default: UInt64.random(in: 0...16_666_667, using: &random)
            }
            let top = Int.random(in: 0..<10, using: &random) == 0 ? nil : Int.random(in: 0..<paths, using: &random)
            let created = Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 1...20, using: &random) : 0
            onScreen = max(0, onScreen + Int.random(in: -5...5, using: &random))
            return FrameSample(index: index, time: Double(index) / rate, durationNs: duration,
                               topPath: top.map { "frame/path\($0)" },
                               topPathSelfNs: top == nil ? 0 : UInt64.random(in: 0...duration, using: &random),
                               cellsCreated: created, cellsOnScreen: onScreen)
        }
    }

    static func compact(_ samples: [FrameSample]) -> FrameLog {
        var log = FrameLog(refreshRate: rate, budgetNs: budgetNs)
        for sample in samples { log.append(sample) }
        return log
    }

    @Test("Every field the reports read round-trips, past 4.29 s durations and 254 paths", arguments: [1, 2, 3] as [UInt64])
    func roundTrip(seed: UInt64) {
        let samples = Self.frames(5_000, paths: 400, seed: seed)
        let log = Self.compact(samples)
        #expect(log.isCompact)
        #expect(log.count == samples.count)
        var peak = 0
        for (sample, read) in zip(samples, log) {
            #expect(read.index == sample.index)
            #expect(read.time == sample.time)
            #expect(read.durationNs == sample.durationNs)
            #expect(read.topPath == sample.topPath)
            // The top path's self time is kept for frames over the budget (finding (d) reads no other).
            if FrameMath.isJanky(sample.durationNs, budgetNs: Double(Self.budgetNs)) {
                #expect(read.topPathSelfNs == sample.topPathSelfNs)
            }
            #expect(read.cellsCreated == sample.cellsCreated)
            // On-screen counts are kept where finding (b) needs them: creations and new peaks.
            let onScreen = sample.cellsOnScreen ?? 0
            if sample.cellsCreated > 0 || onScreen > peak {
                #expect(read.cellsOnScreen == sample.cellsOnScreen)
            } else {
                #expect(read.cellsOnScreen == nil || read.cellsOnScreen == sample.cellsOnScreen)
            }
            peak = max(peak, onScreen)
        }
    }

    @Test("A report of compact logs equals the report of the same frames as arrays, findings included",
          arguments: [4, 5] as [UInt64])
    func sameReport(seed: UInt64) {
        let repeats = (0..<3).map { Self.frames(3_000, paths: 300, seed: seed &+ UInt64($0)) }
        func measurement(_ logs: [FrameLog], window: MeasurementWindow) -> ReplayMeasurement {
            var measurement = Measurements.measurement(logs.map { RepeatMeasurement(frames: $0, paths: []) },
                                                       rate: Self.rate)
            measurement.window = window
            return measurement
        }
        let windows = [
            MeasurementWindow.wholeSession, MeasurementWindow(includesInitialDisplay: false),
            MeasurementWindow(includesInitialDisplay: false, from: Marker(time: 3.3, label: "a"),
                              to: Marker(time: 40.01, label: "b")),
        ]
        for window in windows {
            let compact = Report(measurement(repeats.map(Self.compact), window: window))
            let arrays = Report(measurement(repeats.map(FrameLog.init), window: window))
            #expect(compact == arrays)
            #expect(!compact.findings.isEmpty)
            #expect(TextReport.render([compact]) == TextReport.render([arrays]))
        }
    }

    @Test("A log that cannot stay compact keeps its samples as given")
    func verbatim() {
        var log = FrameLog(refreshRate: 60, budgetNs: 1)
        log.append(FrameSample(index: 0, time: 0, durationNs: 5))
        #expect(log.isCompact)
        log.append(FrameSample(index: 7, time: 0.5, durationNs: 6, topPath: "x", topPathSelfNs: 3))
        #expect(!log.isCompact)
        #expect(Array(log) == [FrameSample(index: 0, time: 0, durationNs: 5),
                               FrameSample(index: 7, time: 0.5, durationNs: 6, topPath: "x", topPathSelfNs: 3)])
        var edited = Self.compact(Self.frames(10, paths: 3, seed: 9))
        edited[4].topPath = "edited"
        #expect(edited[4].topPath == "edited" && !edited.isCompact)
    }

    @Test("Bytes per frame by capacity: 5 for a reserved log, 15 for three repeats, at most 16")
    func bytesPerFrame() {
        let frames = 100_000
        var log = FrameLog(refreshRate: 120, budgetNs: 8_333_333, pathNames: ["frame", "frame/scroll"])
        log.reserveCapacity(frames)
        for index in 0..<frames {
            // Steady frames: within budget, one of two paths, a creation now and then.
            log.append(durationNs: UInt64(20_000 + index % 1000), topPath: index % 2, topPathSelfNs: 10_000,
                       cellsCreated: index % 5_000 == 0 ? 3 : 0, cellsOnScreen: 90)
        }
        let perFrame = Double(log.storageBytes) / Double(frames)
        #expect(perFrame >= 5 && perFrame < 5.1)
        #expect(3 * perFrame <= 16)
        // Without the reservation the arrays may double: the replay reserves the frames it expects.
        var grown = FrameLog(refreshRate: 120, budgetNs: 8_333_333)
        for _ in 0..<frames { grown.append(durationNs: 1, topPath: nil, topPathSelfNs: 0, cellsCreated: 0, cellsOnScreen: nil) }
        #expect(grown.storageBytes >= 5 * frames)
    }
}

@Suite("Exact frame-time percentiles in constant memory", .tags(.fast))
struct SelectedFrameTimesTests {
    @Test("Selecting ranks gives the figures sorting gives", arguments: [70_000, 200_001] as [Int])
    func sameAsSorting(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        let durations: [UInt64] = (0..<count).map { _ in
            switch Int.random(in: 0..<1000, using: &random) {
            case 0..<20: UInt64.random(in: 1 << 32...1 << 36, using: &random)
            case 20..<200: UInt64.random(in: 0...100_000_000, using: &random)
            default: UInt64.random(in: 10_000...40_000, using: &random)
            }
        }
        #expect(FrameMath.frameTimes(durations.lazy.map { $0 }) == FrameMath.frameTimes(durations))
        // Percentiles among the long ones: most times past 2³² ns.
        let long = durations.map { $0 | 1 << 33 }
        #expect(FrameMath.frameTimes(long.lazy.map { $0 }) == FrameMath.frameTimes(long))
    }
}
