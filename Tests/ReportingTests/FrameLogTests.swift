import Testing
import CollectionEngine
@testable import Reporting
import TestSupport

@Suite("Frame log: a repeat's frames in about 2 bytes a frame", .tags(.fast))
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

    /// `count` steady frames as a replay of a scroll measures them on a CPU clock of 10 ns ticks: every third
    /// frame barely seen by the clock, the others under 1 µs or about 1.5 µs of the engine's work, a third of
    /// them with 1.25 ms of modelled cell work (their top path the cells'), a janky one now and then.
    static func steadyFrames(_ count: Int, seed: UInt64) -> [(durationNs: UInt64, topPath: Int)] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let ticks = Int.random(in: 0..<10, using: &random) < 6 ? UInt64.random(in: 73...93, using: &random)
                : UInt64.random(in: 130...165, using: &random)
            let engine = 10 * ticks + UInt64.random(in: 1...3, using: &random)
            if index % 3 == 2 { return (Int.random(in: 0..<4, using: &random) == 0 ? 40 : 30, 0) }
            switch Int.random(in: 0..<1000, using: &random) {
            case 0: return (UInt64.random(in: 17_000_000...40_000_000, using: &random), 1)
            case 1..<330: return (1_250_000 + engine, 1)
            default: return (engine, 0)
            }
        }
    }

    @Test("Steady frames take under 2 bytes each, so that five repeats stay near 12 with the events; the log grows by chunks")
    func bytesPerFrame() {
        let frames = 100_000
        var log = FrameLog(refreshRate: 60, budgetNs: 16_666_667, pathNames: ["frame", "frame/cells/configure"])
        log.reserveCapacity(frames)
        let steady = Self.steadyFrames(frames, seed: 11)
        for (index, frame) in steady.enumerated() {
            log.append(durationNs: frame.durationNs, topPath: frame.topPath, topPathSelfNs: frame.durationNs / 2,
                       cellsCreated: index % 5_000 == 0 ? 3 : 0, cellsOnScreen: 21)
        }
        log.finishAppending()
        #expect(log.encodedBitsPerFrame < 16)
        let names = ["frame", "frame/cells/configure"]
        #expect(zip(log, steady).allSatisfy { $0.durationNs == $1.durationNs && $0.topPath == names[$1.topPath] })
        // What it holds besides the frames' bits: the last chunk's unused room, the block index, the side tables.
        let chunk = 64 * 1024
        #expect(log.storageBytes <= Int(log.encodedBitsPerFrame * Double(frames) / 8) + chunk + 2_000)
        // Without a reservation the log grows the same way: by chunks, never by copying what it holds.
        var grown = FrameLog(refreshRate: 60, budgetNs: 16_666_667)
        for frame in steady { grown.append(durationNs: frame.durationNs, topPath: nil, topPathSelfNs: 0, cellsCreated: 0, cellsOnScreen: nil) }
        grown.finishAppending()
        #expect(grown.storageBytes <= Int(grown.encodedBitsPerFrame * Double(frames) / 8) + chunk + 2_000)
    }

    @Test("Frames read by position, in any order, and ranges read in order agree with the frames appended",
          arguments: [21, 22] as [UInt64])
    func randomAccess(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // Extremes besides the usual: 0, 2⁶⁴ − 1, and jumps between them.
        var durations = Self.frames(3_000, paths: 3, seed: seed).map(\.durationNs)
        for position in stride(from: 0, to: durations.count, by: 97) {
            durations[position] = [0, .max, 1 << 63, 1][Int.random(in: 0..<4, using: &random)]
        }
        var log = FrameLog(refreshRate: 60, budgetNs: 1)
        for duration in durations {
            log.append(durationNs: duration, topPath: nil, topPathSelfNs: 0, cellsCreated: 0, cellsOnScreen: nil)
        }
        for _ in 0..<2_000 {
            let position = Int.random(in: 0..<durations.count, using: &random)
            #expect(log.durationNs(at: position) == durations[position])
        }
        for _ in 0..<50 {
            let start = Int.random(in: 0...durations.count, using: &random)
            let end = Int.random(in: start...durations.count, using: &random)
            #expect(Array(log.durations(in: start..<end)) == Array(durations[start..<end]))
        }
    }

    @Test("Frames read while their block fills, and after the waiting frames are coded, read the same")
    func readWhileAppending() {
        var log = FrameLog(refreshRate: 60, budgetNs: 1)
        var expected: [UInt64] = []
        var random = SplitMix64(seed: 31)
        for index in 0..<3_000 {
            let duration = UInt64.random(in: 0...3_000_000, using: &random)
            log.append(durationNs: duration, topPath: index % 3 == 0 ? 1 : nil, topPathSelfNs: 0, cellsCreated: 0,
                       cellsOnScreen: nil)
            expected.append(duration)
            if index % 97 == 0 {
                #expect(log.durationNs(at: index) == duration)
                #expect(log.durationNs(at: index / 2) == expected[index / 2])
            }
            if index % 701 == 0 { log.finishAppending() }
        }
        #expect(Array(log.durations(in: 0..<3_000)) == expected)
        log.finishAppending()
        #expect(Array(log.durations(in: 0..<3_000)) == expected)
        #expect((0..<3_000).allSatisfy { log.durationNs(at: $0) == expected[$0] })
    }

    @Test("A copy of a log keeps its frames when the original goes on")
    func copyOnWrite() {
        var log = FrameLog(refreshRate: 60, budgetNs: 1)
        for duration in 0..<1_000 as Range<UInt64> {
            log.append(durationNs: duration * 7, topPath: nil, topPathSelfNs: 0, cellsCreated: 0, cellsOnScreen: nil)
        }
        let copy = log
        log.append(durationNs: 5, topPath: 0, topPathSelfNs: 0, cellsCreated: 0, cellsOnScreen: nil)
        #expect(copy.count == 1_000 && log.count == 1_001)
        #expect(Array(copy.durations(in: 0..<1_000)) == (0..<1_000).map { UInt64($0) * 7 })
        #expect(log.durationNs(at: 1_000) == 5)
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
        // A sequence that does not say how long it is: sorted up to the limit, selected past it.
        let unsized = sequence(state: durations.makeIterator()) { $0.next() }
        #expect(unsized.underestimatedCount == 0)
        #expect(FrameMath.frameTimes(unsized) == FrameMath.frameTimes(durations))
        // Percentiles among the long ones: most times past 2³² ns.
        let long = durations.map { $0 | 1 << 33 }
        #expect(FrameMath.frameTimes(long.lazy.map { $0 }) == FrameMath.frameTimes(long))
    }
}

