import Testing
import Foundation
import Replay
import Reporting

/// `--format chrome-trace` of every shipped trace, checked against the JSON report of the same replay.
@Suite("Chrome trace of the shipped traces")
struct ChromeTraceShippedTests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A time of the file, in microseconds with three decimals, as exact nanoseconds.
    private func ns(_ value: Any?) -> Int64 {
        Int64((((value as? Double) ?? .nan) * 1000).rounded())
    }

    @Test("Spans nest inside their frames and parents, every frame once, totals and self times as the JSON report's",
          arguments: ShippedTracesTests.files)
    func shipped(file: String) throws {
        let path = ReelProcess.root.appendingPathComponent(file).path
        // On the wall clock every span ends where its parent's reading says (the CPU clock's exact reading at
        // the end of a long frame may clip the frame's last spans, `command` below): totals agree exactly.
        let measurement = try ReplayRunner()
            .replay(path, options: ReplayOptions(repeats: 1, warmup: 0, clock: .wall, timelineRepeat: 1))
        let report = Report(measurement)
        let timeline = try #require(report.timeline)
        #expect(timeline.droppedSpans == 0)
        let document = try json(ReportFormat.chromeTrace.render([report]))
        let figures = try json(ReportFormat.json.render([report]))
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.count == timeline.spans.count)

        // Nesting, read back from the file: each span inside the span one level up that began last.
        var open: [(start: Int64, end: Int64, frame: Int)] = []
        var frames: [Int] = []
        var totals: [String: Int64] = [:], selves: [String: Int64] = [:], calls: [String: Int] = [:]
        var childTime: [Int64] = []
        var pathAt: [String] = []
        func close(to depth: Int) {
            while open.count > depth {
                let closing = open.count - 1
                selves[pathAt[closing], default: 0] += (open[closing].end - open[closing].start) - childTime[closing]
                open.removeLast(); childTime.removeLast(); pathAt.removeLast()
            }
        }
        for (event, span) in zip(complete, timeline.spans) {
            let args = try #require(event["args"] as? [String: Any])
            let path = try #require(args["path"] as? String)
            let frame = try #require(args["frame"] as? Int)
            #expect(path == span.path && frame == span.frame)
            let start = ns(event["ts"]), end = start + ns(event["dur"])
            close(to: span.depth)
            if span.depth == 0 {
                frames.append(frame)
            } else {
                let parent = try #require(open.last, "\(file): \(path) of frame \(frame) has no parent")
                #expect(parent.start <= start && end <= parent.end, "\(file): \(path) of frame \(frame) outside its parent")
                #expect(parent.frame == frame)
                childTime[childTime.count - 1] += end - start
            }
            open.append((start, end, frame))
            childTime.append(0)
            pathAt.append(path)
            totals[path, default: 0] += end - start
            calls[path, default: 0] += 1
        }
        close(to: 0)

        // Every frame of the repeat once, in order; frames do not overlap.
        #expect(frames == measurement.repeats[0].frames.map(\.index))
        let frameEvents = complete.filter { ($0["args"] as? [String: Any])?["path"] as? String == "frame" }
        for (earlier, later) in zip(frameEvents, frameEvents.dropFirst()) {
            #expect(ns(earlier["ts"]) + ns(earlier["dur"]) <= ns(later["ts"]))
        }
        // The markers, as instants.
        let markers = try #require(figures["markers"] as? [Any])
        #expect(events.count { $0["ph"] as? String == "i" && $0["cat"] as? String == "marker" } == markers.count)

        // The JSON report's hot paths of the same repeat: milliseconds with three decimals.
        let hotPaths = try #require(figures["hot_paths"] as? [[String: Any]])
        #expect(Set(hotPaths.compactMap { $0["path"] as? String }) == Set(totals.keys))
        for hot in hotPaths {
            let name = try #require(hot["path"] as? String)
            #expect(hot["calls"] as? Double == calls[name].map(Double.init), "\(file): \(name)")
            let total = try #require(hot["total_ms"] as? Double), own = try #require(hot["self_ms"] as? Double)
            #expect(abs(Double(totals[name] ?? -1) / 1e6 - total) <= 0.0005 + 1e-9, "\(file): \(name) total")
            #expect(abs(Double(selves[name] ?? -1) / 1e6 - own) <= 0.0005 + 1e-9, "\(file): \(name) self")
        }
    }

    @Test("reel replay --format chrome-trace writes the first measured repeat, every span inside its frame")
    func command() throws {
        // A trace whose workload makes long frames, which the CPU clock reads exactly at their end.
        let result = try ReelProcess.run("replay", "Traces/contacts-list.xml", "--format", "chrome-trace",
                                         "--repeat", "2", "--warmup", "0", "-q")
        #expect(result.status == 0, "\(result.stderr)")
        let document = try json(result.stdout)
        let other = try #require(document["otherData"] as? [String: String])
        #expect(other["repeat"] == "1" && other["repeats"] == "2" && other["dropped_spans"] == "0")
        #expect(other["clock"] == "cpu" && other["workload"] == "model")
        let events = try #require(document["traceEvents"] as? [[String: Any]]).filter { $0["ph"] as? String == "X" }
        var frame: (index: Int, start: Int64, end: Int64)?
        var frames = 0
        for event in events {
            let args = try #require(event["args"] as? [String: Any])
            let start = ns(event["ts"]), end = start + ns(event["dur"])
            if args["path"] as? String == "frame" {
                frame = (try #require(args["frame"] as? Int), start, end)
                frames += 1
            } else {
                let inside = try #require(frame)
                #expect(args["frame"] as? Int == inside.index && inside.start <= start && end <= inside.end)
            }
        }
        #expect("\(frames)" == other["frames"] && frames > 1000)
    }
}
