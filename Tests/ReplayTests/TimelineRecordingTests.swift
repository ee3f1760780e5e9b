import Foundation
import Testing
@_spi(Benchmarks) @testable import Replay
import Reporting
import TestSupport

@Suite("Timeline recording", .tags(.fast))
struct TimelineRecordingTests {
    private typealias Span = SpanTimeline.Span

    /// A profiler on a manual clock that starts at 1 s, so that times are told from the first frame's start.
    private func profiler(capacity: Int?) -> (Profiler, ManualClock) {
        let clock = ManualClock()
        clock.advance(by: 1_000_000_000)
        return (Profiler(clock: clock, budgetNs: 10_000, timelineCapacity: capacity), clock)
    }

    /// Frame `index`: 1 µs, then events (2 µs, holding a scroll of 3 µs after 1 µs), then 4 µs more; 10 µs in
    /// all, with a gap of 5 µs before the next frame.
    private func frame(_ index: Int, _ profiler: Profiler, _ clock: ManualClock) {
        profiler.beginFrame()
        clock.advance(by: 1_000)
        profiler.begin(.events)
        clock.advance(by: 1_000)
        profiler.begin(.scroll)
        clock.advance(by: 3_000)
        profiler.end()
        clock.advance(by: 1_000)
        profiler.end()
        clock.advance(by: 4_000)
        _ = profiler.endFrame(index: index, time: Double(index) / 60, cellsCreated: 0)
        clock.advance(by: 5_000)
    }

    @Test("Every span is recorded with its exact start and duration, parents before children, from the first frame")
    func exactSpans() throws {
        let (profiler, clock) = profiler(capacity: 100)
        frame(0, profiler, clock)
        frame(1, profiler, clock)
        let timeline = try #require(profiler.timeline(repeatNumber: 2))
        #expect(timeline.repeatNumber == 2)
        #expect(timeline.droppedSpans == 0)
        #expect(Array(timeline.spans) == [
            Span(path: "frame", depth: 0, frame: 0, startNs: 0, durationNs: 10_000),
            Span(path: "frame/events", depth: 1, frame: 0, startNs: 1_000, durationNs: 5_000),
            Span(path: "frame/scroll", depth: 2, frame: 0, startNs: 2_000, durationNs: 3_000),
            Span(path: "frame", depth: 0, frame: 1, startNs: 15_000, durationNs: 10_000),
            Span(path: "frame/events", depth: 1, frame: 1, startNs: 16_000, durationNs: 5_000),
            Span(path: "frame/scroll", depth: 2, frame: 1, startNs: 17_000, durationNs: 3_000),
        ])
    }

    @Test("Siblings and nested spans come back in the order they began, even at the same instant")
    func preOrder() throws {
        let (profiler, clock) = profiler(capacity: 100)
        profiler.beginFrame()
        // Zero-length spans at one instant: events { scroll }, then scroll, then events { scroll { events } }.
        profiler.begin(.events); profiler.begin(.scroll); profiler.end(); profiler.end()
        profiler.begin(.scroll); profiler.end()
        profiler.begin(.events); profiler.begin(.scroll); profiler.begin(.events)
        clock.advance(by: 7)
        profiler.end(); profiler.end(); profiler.end()
        _ = profiler.endFrame(index: 4, time: 0, cellsCreated: 0)
        let timeline = try #require(profiler.timeline(repeatNumber: 1))
        #expect(timeline.spans.map { "\($0.depth) \($0.path) \($0.startNs) \($0.durationNs) \($0.frame)" } == [
            "0 frame 0 7 4", "1 frame/events 0 0 4", "2 frame/scroll 0 0 4", "1 frame/scroll 0 0 4",
            "1 frame/events 0 7 4", "2 frame/scroll 0 7 4", "3 frame/events 0 7 4",
        ])
    }

    @Test("Spans past the buffer are dropped and counted; the timeline ends with the last frame recorded whole")
    func overflow() throws {
        // Three spans a frame: two frames fit in 7, the third frame's first span too, then nothing.
        let (profiler, clock) = profiler(capacity: 7)
        for index in 0..<4 { frame(index, profiler, clock) }
        let timeline = try #require(profiler.timeline(repeatNumber: 1))
        #expect(timeline.spans.count == 6)
        #expect(timeline.spans.filter { $0.depth == 0 }.map(\.frame) == [0, 1])
        // 12 spans ended: 6 kept, 1 recorded from frame 2 but cut off with it, 5 that did not fit.
        #expect(timeline.droppedSpans == 6)
        // The totals are the profiler's own, whatever the buffer held.
        let frame = try #require(profiler.pathMeasurements().first { $0.path == "frame" })
        #expect(frame.calls == 4)
    }

    @Test("A span that ran past its frame's end reading ends with the frame: spans nest")
    func clipped() throws {
        let clock = EarlyEndClock()
        let profiler = Profiler(clock: clock, budgetNs: 10_000, timelineCapacity: 10)
        profiler.beginFrame()
        clock.time += 1_000
        profiler.begin(.events)
        clock.time += 500
        profiler.begin(.scroll)
        clock.time += 7_500
        profiler.end()
        profiler.end()
        _ = profiler.endFrame(index: 0, time: 0, cellsCreated: 0)
        let timeline = try #require(profiler.timeline(repeatNumber: 1))
        // The frame ends at 7 µs, 2 µs before its spans seemed to: neither outlasts it.
        #expect(Array(timeline.spans) == [
            Span(path: "frame", depth: 0, frame: 0, startNs: 0, durationNs: 7_000),
            Span(path: "frame/events", depth: 1, frame: 0, startNs: 1_000, durationNs: 6_000),
            Span(path: "frame/scroll", depth: 2, frame: 0, startNs: 1_500, durationNs: 5_500),
        ])
    }

    @Test("A profiler asked for no timeline records none")
    func off() {
        let (profiler, clock) = profiler(capacity: nil)
        frame(0, profiler, clock)
        profiler.mark("ignored")
        #expect(profiler.timeline(repeatNumber: 1) == nil)
    }

    @Test("Markers are instants at the start of the frame that met them")
    func markers() throws {
        let (profiler, clock) = profiler(capacity: 100)
        frame(0, profiler, clock)
        profiler.beginFrame()
        clock.advance(by: 2_000)
        profiler.mark("scrolled")
        profiler.begin(.events)
        profiler.mark("again")
        profiler.end()
        _ = profiler.endFrame(index: 1, time: 1.0 / 60, cellsCreated: 0)
        let timeline = try #require(profiler.timeline(repeatNumber: 1))
        #expect(timeline.markers == [
            SpanTimeline.Instant(label: "scrolled", frame: 1, timeNs: 15_000),
            SpanTimeline.Instant(label: "again", frame: 1, timeNs: 15_000),
        ])
    }

    @Test("The buffer is sized from the frames × a bound per frame, at most 4 Mi spans")
    func capacity() {
        #expect(TimelineRecorder.capacity(frames: 0) == TimelineRecorder.spansPerFrame)
        #expect(TimelineRecorder.capacity(frames: 600) == 600 * TimelineRecorder.spansPerFrame)
        #expect(TimelineRecorder.capacity(frames: 10_000_000) == 4 * 1024 * 1024)
        #expect(TimelineRecorder(capacity: 10_000_000).capacity == TimelineRecorder.maximumCapacity)
    }

    @Test("A long session's Chrome trace is written in pieces within the buffer's cap, counting its spans and the dropped ones")
    func longSessionChromeTrace() throws {
        // 20,000 frames of three spans into a buffer of 30,001: 10,000 frames kept whole, the next one cut off.
        let (profiler, clock) = profiler(capacity: 30_001)
        for index in 0..<20_000 { frame(index, profiler, clock) }
        let timeline = try #require(profiler.timeline(repeatNumber: 1))
        #expect(timeline.records.count == 30_000)
        #expect(timeline.droppedSpans == 30_000)
        let trace = try TraceFile(events: #"<scroll t="0.02" x="0" y="110"/>"#)
        let runner = ReplayRunner(makeClock: { ManualClock() })
        var report = Report(try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0)))
        report.timeline = timeline
        let path = try ScratchDirectory.folder("timeline").appendingPathComponent("long.json").path
        try ReportFile.write(to: path) { stream throws(OutputFileError) in
            try ReportFormat.chromeTrace.write([.success(report)], asArray: false, to: &stream)
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count > 64 * 1024 * 10, "many pieces, not one")
        #expect(String(decoding: data, as: UTF8.self) == ReportFormat.chromeTrace.render([report]))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        #expect(events.count { $0["ph"] as? String == "X" } == 30_000)
        let other = try #require(document["otherData"] as? [String: String])
        #expect(other["spans"] == "30000" && other["frames"] == "10000" && other["dropped_spans"] == "30000")
    }
}

/// A manual clock whose frames end 2 µs before its readings inside them, as the CPU clock's exact reading at
/// the end of a long frame can.
private final class EarlyEndClock: ReplayClock {
    var time: UInt64 = 0

    func now() -> UInt64 { time }

    func spend(_ nanoseconds: UInt64) { time += nanoseconds }

    func frameEnd(start: UInt64) -> UInt64 { max(start, time - 2_000) }
}

@Suite("Timeline replays", .tags(.fast))
struct TimelineReplayTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    @Test("A replay records the timeline of the repeat asked for, the same as the report's hot paths")
    func chosenRepeat() throws {
        let trace = try TraceFile(events: "<scroll t=\"0.02\" x=\"0\" y=\"110\"/>")
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 3, warmup: 1, timelineRepeat: 2))
        let timeline = try #require(m.timeline)
        #expect(timeline.repeatNumber == 2 && timeline.droppedSpans == 0)
        #expect(timeline.spans.filter { $0.depth == 0 }.map(\.frame) == m.repeats[1].frames.map(\.index))
        #expect(timeline.spans.filter { $0.depth == 0 }.map(\.durationNs) == m.repeats[1].frames.map(\.durationNs))
        // Per path: as many spans as calls, their durations summing to the total, and their own time
        // (duration less the children's) to the self time.
        for path in m.repeats[1].paths {
            let spans = timeline.spans.enumerated().filter { $0.element.path == path.path }
            #expect(spans.count == path.calls, "\(path.path)")
            #expect(spans.reduce(0) { $0 + $1.element.durationNs } == path.totalNs, "\(path.path)")
            let own = spans.reduce(UInt64(0)) { sum, span in
                let children = timeline.spans[(span.offset + 1)...].prefix { $0.depth > span.element.depth }
                    .filter { $0.depth == span.element.depth + 1 }
                return sum + span.element.durationNs - children.reduce(0) { $0 + $1.durationNs }
            }
            #expect(own == path.selfNs, "\(path.path)")
        }
        #expect(Report(m).timeline == timeline)
    }

    @Test("A replay not asking for a timeline records none")
    func none() throws {
        let trace = try TraceFile(events: "<scroll t=\"0.02\" x=\"0\" y=\"110\"/>")
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 2, warmup: 0))
        #expect(m.timeline == nil)
        #expect(Report(m).timeline == nil)
    }

    @Test("The timeline's repeat must be a measured one")
    func outOfRange() throws {
        let trace = try TraceFile(events: "<scroll t=\"0.02\" x=\"0\" y=\"110\"/>")
        for number in [0, 3] {
            #expect(throws: ReplayError.self) {
                try runner.replay(trace.path, options: ReplayOptions(repeats: 2, warmup: 0, timelineRepeat: number))
            }
        }
    }

    @Test("A replay's markers are instants at the start of the frame that replayed them")
    func replayedMarkers() throws {
        let trace = try TraceFile(events: """
            <marker t="0" label="start"/>
            <scroll t="0.02" x="0" y="110"/>
            <marker t="0.05" label="settled"/>
            """)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0, timelineRepeat: 1))
        let timeline = try #require(m.timeline)
        let frames = Dictionary(uniqueKeysWithValues: timeline.spans.filter { $0.depth == 0 }.map { ($0.frame, $0) })
        #expect(timeline.markers.map(\.label) == ["start", "settled"])
        #expect(timeline.markers.map(\.frame) == [0, 3])
        #expect(timeline.markers.map(\.timeNs) == [frames[0]?.startNs, frames[3]?.startNs].compactMap { $0 })
        #expect(frames[3].map { $0.startNs > 0 } == true)
    }
}
