import Testing
@_spi(Benchmarks) @testable import Replay
import Reporting
import TestSupport

/// A span ends by appending its times to a list that is counted after the frame's end reading (and inside the
/// frame only when the list is full): the figures must be those of counting each span as it ends.
@Suite("Profiler: spans counted after the frame", .tags(.fast))
struct ProfilerCountingTests {
    /// One frame on `clock`: `spans` scroll spans of 10 ns inside an events span, then 5 ns of the frame's own.
    private func frame(_ index: Int, spans: Int, _ profiler: Profiler, _ clock: ManualClock) -> (durationNs: UInt64, topPath: Int?, topPathSelfNs: UInt64) {
        profiler.beginFrame()
        profiler.begin(.events)
        for _ in 0..<spans {
            profiler.begin(.scroll)
            clock.advance(by: 10)
            profiler.end()
        }
        clock.advance(by: 3)
        profiler.end()
        clock.advance(by: 5)
        return profiler.endFrame()
    }

    @Test("A frame of more spans than the list holds counts every span: times, calls, top path and timeline",
          arguments: [1, 4_094, 4_095, 4_096, 10_000])
    func longFrame(spans: Int) throws {
        let clock = ManualClock()
        let profiler = Profiler(clock: clock, budgetNs: 1_000, timelineCapacity: 2 * spans + 4)
        let first = frame(0, spans: 1, profiler, clock)
        #expect(first.durationNs == 18)
        let long = frame(1, spans: spans, profiler, clock)
        let scrollNs = UInt64(10 * spans)
        #expect(long.durationNs == scrollNs + 8)
        #expect(Profiler.pathNames[try #require(long.topPath)] == "frame/scroll")
        #expect(long.topPathSelfNs == scrollNs)
        let paths = Dictionary(uniqueKeysWithValues: profiler.pathMeasurements().map { ($0.path, $0) })
        let scroll = try #require(paths["frame/scroll"])
        #expect(scroll.calls == spans + 1)
        #expect(scroll.totalNs == scrollNs + 10)
        #expect(scroll.selfNs == scrollNs + 10)
        #expect(scroll.callDurations.totalCount == UInt64(spans + 1))
        #expect(scroll.callDurations.min == 10 && scroll.callDurations.max == 10)
        let events = try #require(paths["frame/events"])
        #expect(events.calls == 2)
        #expect(events.totalNs == scrollNs + 10 + 6)
        #expect(events.selfNs == 6)
        let frame = try #require(paths["frame"])
        #expect(frame.selfNs == 10)
        // Janky self time: the long frame is over budget when its spans are.
        #expect(scroll.jankySelfNs == (long.durationNs > 1_000 ? scrollNs : 0))
        let timeline = try #require(profiler.timeline(repeatNumber: 1))
        #expect(timeline.droppedSpans == 0)
        #expect(timeline.spans.count == 3 + spans + 2)
        #expect(timeline.spans.filter { $0.depth == 0 }.map(\.frame) == [0, 1])
    }
}
