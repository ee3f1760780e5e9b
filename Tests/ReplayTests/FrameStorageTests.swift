import Testing
import Foundation
@_spi(Benchmarks) import Replay
import Reporting
import TestSupport

@Suite("A replay's frame storage: compact, reserved, one profiler per session", .tags(.fast))
struct FrameStorageTests {
    /// Scrolling for two seconds at 60 Hz, 37 points a frame.
    private static let events = (1...120).map { "<scroll t=\"\(String(format: "%.4f", Double($0) / 60 - 0.001))\" x=\"0\" y=\"\($0 * 37)\"/>" }
        .joined(separator: "\n")

    @Test("Every measured repeat keeps its frames compactly: a few bits a frame in 64 KiB chunks, and sparse entries")
    func compactFrames() throws {
        let file = try TraceFile(events: Self.events)
        let measurement = try ReplayRunner(makeClock: { ManualClock() }).replay(file.path, options: ReplayOptions())
        #expect(measurement.repeats.count == 3)
        for repeated in measurement.repeats {
            let frames = repeated.frames
            #expect(frames.isCompact)
            #expect(frames.count == 120)
            // Durations and top paths coded in a few bits a frame, in one 64 KiB chunk here, the block index
            // reserved for the frames the scan counted, and sparse entries (at most 24 bytes a frame, arrays that
            // may double) for the frames that created cells, put more on screen or were janky.
            let sparse = frames.count { $0.cellsCreated > 0 || $0.cellsOnScreen != nil || $0.durationNs >= 16_666_667 }
            // Two seconds pay for the coder's first guesses; a long steady session takes about 15 bits a frame.
            #expect(frames.encodedBitsPerFrame <= 32)
            #expect(frames.storageBytes <= 64 * 1024 + 2 * 24 * sparse + 256)
            #expect(frames.map(\.index) == Array(0..<120))
            #expect(frames.allSatisfy { $0.time == Double($0.index) / 60 })
        }
    }

    @Test("Passes of one session reuse its profiler: each pass measures what a fresh session's pass measures")
    func reusedProfiler() throws {
        let file = try TraceFile(events: Self.events)
        let session = try ReplaySession(trace: file.path, options: ReplayOptions(), clock: ManualClock())
        let passes = try (0..<3).map { _ in try session.runPass() }
        let fresh = try ReplaySession(trace: file.path, options: ReplayOptions(), clock: ManualClock()).runPass()
        for pass in passes {
            #expect(Array(pass.measurement.frames) == Array(fresh.measurement.frames))
            #expect(pass.measurement.paths.map(\.path) == fresh.measurement.paths.map(\.path))
            #expect(pass.measurement.paths.map(\.calls) == fresh.measurement.paths.map(\.calls))
            #expect(pass.measurement.paths.map(\.selfNs) == fresh.measurement.paths.map(\.selfNs))
            #expect(pass.measurement.paths.map(\.jankySelfNs) == fresh.measurement.paths.map(\.jankySelfNs))
        }
    }

    @Test("Unobserved spans: frames are timed, no path but the frame is measured")
    func unobserved() throws {
        let file = try TraceFile(events: Self.events)
        var options = ReplayOptions(repeats: 1, warmup: 0)
        options.observesSpans = false
        let measurement = try ReplayRunner(makeClock: { ManualClock() }).replay(file.path, options: options)
        #expect(measurement.repeats[0].frames.count == 120)
        #expect(measurement.repeats[0].paths.map(\.path) == ["frame"])
        #expect(measurement.counters == (try ReplayRunner(makeClock: { ManualClock() })
            .replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0)).counters))
    }

    @Test("Alternating observation: the even frames' spans and the odd frames' add up to every frame's")
    func alternating() throws {
        let file = try TraceFile(events: Self.events)
        func replay(observesSpans: Bool = true, alternates: Bool) throws -> ReplayMeasurement {
            var options = ReplayOptions(repeats: 1, warmup: 0)
            options.observesSpans = observesSpans
            options.alternatesSpanObservation = alternates
            return try ReplayRunner(makeClock: { ManualClock() }).replay(file.path, options: options)
        }
        let every = try replay(alternates: false)
        let even = try replay(alternates: true)
        let odd = try replay(observesSpans: false, alternates: true)
        func calls(_ measurement: ReplayMeasurement) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: measurement.repeats[0].paths.map { ($0.path, $0.calls) })
        }
        let (all, evens, odds) = (calls(every), calls(even), calls(odd))
        #expect(all.count > 3)
        for (path, count) in all where path != "frame" {
            #expect(evens[path, default: 0] + odds[path, default: 0] == count, "\(path)")
        }
        #expect(evens["frame/scroll", default: 0] > 0 && odds["frame/scroll", default: 0] > 0)
        #expect(evens["frame"] == 120 && odds["frame"] == 120)
        #expect(even.counters == every.counters && odd.counters == every.counters)
    }
}
