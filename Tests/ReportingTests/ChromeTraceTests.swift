import Testing
import Foundation
import TestSupport
@testable import Reporting

@Suite("Chrome trace", .tags(.fast))
struct ChromeTraceTests {
    private typealias Span = SpanTimeline.Span

    /// A 60 Hz report whose timeline has two frames, the second janky, and a marker; times chosen to need
    /// every one of the three decimals.
    private static func report() -> Report {
        var report = Report(Measurements.measurement(frameTimes: [[10, 20]]))
        report.timeline = SpanTimeline(repeatNumber: 1, spans: [
            Span(path: "frame", depth: 0, frame: 0, startNs: 0, durationNs: 10_000_001),
            Span(path: "frame/layout/prepare", depth: 1, frame: 0, startNs: 1_999, durationNs: 3_000_001),
            Span(path: "frame/cells/configure", depth: 1, frame: 0, startNs: 3_002_000, durationNs: 999_999),
            Span(path: "frame/cells/create", depth: 2, frame: 0, startNs: 3_002_001, durationNs: 999_998),
            Span(path: "frame", depth: 0, frame: 1, startNs: 16_666_667, durationNs: 20_000_000),
        ], markers: [SpanTimeline.Instant(label: "fling \"fast\"", frame: 1, timeNs: 16_666_667)], droppedSpans: 3)
        return report
    }

    private func parse(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func events(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require(document["traceEvents"] as? [[String: Any]])
    }

    @Test("The Trace Event Format's object: metadata, complete events, instants, otherData")
    func shape() throws {
        let text = ReportFormat.chromeTrace.render([Self.report()])
        golden.expect(text, matches: "chrome-trace.json")
        let document = try parse(text)
        #expect(document["displayTimeUnit"] as? String == "ms")
        let events = try events(document)
        let metadata = events.filter { $0["ph"] as? String == "M" }
        #expect(metadata.compactMap { $0["name"] as? String } == ["process_name", "process_sort_index", "thread_name"])
        #expect((metadata[0]["args"] as? [String: Any])?["name"] as? String == "reel replay Traces/test.xml")
        #expect((metadata[2]["args"] as? [String: Any])?["name"] as? String == "flow")
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.compactMap { $0["name"] as? String }
            == ["frame", "layout/prepare", "cells/configure", "cells/create", "janky frame"])
        #expect(complete.compactMap { $0["cat"] as? String } == ["frame", "layout", "cells", "cells", "frame,janky"])
        #expect(complete.compactMap { ($0["args"] as? [String: Any])?["path"] as? String }
            == ["frame", "frame/layout/prepare", "frame/cells/configure", "frame/cells/create", "frame"])
        #expect(complete.compactMap { ($0["args"] as? [String: Any])?["frame"] as? Int } == [0, 0, 0, 0, 1])
        #expect(complete.compactMap { ($0["args"] as? [String: Any])?["janky"] as? Bool } == [false, true])
        #expect(complete.map { $0["cname"] as? String } == [nil, nil, nil, nil, "terrible"])
        #expect(events.allSatisfy { $0["pid"] as? Int == 1 && $0["tid"] as? Int == 1 })
        let instants = events.filter { $0["ph"] as? String == "i" }
        #expect(instants.count == 1)
        #expect(instants.first?["name"] as? String == "fling \"fast\"")
        #expect(instants.first?["s"] as? String == "p")
        #expect(instants.first?["ts"] as? Double == 16666.667)
        // The format's dictionary of strings.
        let other = try #require(document["otherData"] as? [String: String])
        #expect(other["format"] == "reel-chrome-trace" && other["version"] == "1")
        #expect(other["trace"] == "Traces/test.xml" && other["layout"] == "flow" && other["clock"] == "wall")
        #expect(other["repeat"] == "1" && other["dropped_spans"] == "3" && other["workload"] == "model")
        #expect(other["frames"] == "2" && other["spans"] == "5" && other["budget_ms"] == "16.667")
        #expect(other["error"] == nil && other["complete"] == "true")
    }

    @Test("Times are microseconds with three decimals: exact nanoseconds, so children stay inside parents")
    func exactTimes() throws {
        let text = ReportFormat.chromeTrace.render([Self.report()])
        #expect(text.contains(#""ts": 1.999, "dur": 3000.001"#))
        #expect(text.contains(#""ts": 3002.001, "dur": 999.998"#))
        // Random nestings, read back to the nanosecond: every child inside its parent.
        var generator = SplitMix(state: 14)
        var spans: [Span] = []
        var start: UInt64 = 0
        for frame in 0..<200 {
            let frameNs = UInt64.random(in: 1...50_000_000, using: &generator)
            let childStart = start + UInt64.random(in: 0...frameNs, using: &generator)
            let childNs = UInt64.random(in: 0...(start + frameNs - childStart), using: &generator)
            spans += [Span(path: "frame", depth: 0, frame: frame, startNs: start, durationNs: frameNs),
                      Span(path: "frame/scroll", depth: 1, frame: frame, startNs: childStart, durationNs: childNs)]
            start += frameNs + UInt64.random(in: 0...1_000_000_000, using: &generator)
        }
        var report = Self.report()
        report.timeline = SpanTimeline(repeatNumber: 1, spans: spans)
        let complete = try events(parse(ReportFormat.chromeTrace.render([report]))).filter { $0["ph"] as? String == "X" }
        func exact(_ value: Any?) -> UInt64 { UInt64((((value as? Double) ?? -1) * 1000).rounded()) }
        #expect(complete.count == spans.count)
        for (event, span) in zip(complete, spans) {
            #expect(exact(event["ts"]) == span.startNs && exact(event["dur"]) == span.durationNs)
        }
        for pair in stride(from: 0, to: complete.count, by: 2) {
            let (parent, child) = (complete[pair], complete[pair + 1])
            #expect(exact(child["ts"]) >= exact(parent["ts"]))
            #expect(exact(child["ts"]) + exact(child["dur"]) <= exact(parent["ts"]) + exact(parent["dur"]))
        }
    }

    @Test("Several traces are a process each; a failed one keeps its place, with its error, in valid JSON")
    func severalAndFailed() throws {
        var incomplete = Self.report()
        incomplete.complete = false
        incomplete.failure = "Traces/b.xml:9:5: bad event"
        let text = ReportFormat.chromeTrace.render(
            [.success(Self.report()), .failure(TraceFailure(trace: "Traces/missing.xml", message: "no such file")),
             .success(incomplete)], asArray: true)
        let document = try parse(text)
        let events = try events(document)
        let names = events.filter { $0["name"] as? String == "process_name" }
        #expect(names.compactMap { $0["pid"] as? Int } == [1, 2, 3])
        #expect(names.compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
            == ["reel replay Traces/test.xml", "reel replay Traces/missing.xml", "reel replay Traces/test.xml"])
        let failures = events.filter { $0["name"] as? String == "replay failed" }
        #expect(failures.compactMap { $0["pid"] as? Int } == [2, 3])
        #expect(failures.compactMap { ($0["args"] as? [String: Any])?["error"] as? String }
            == ["no such file", "Traces/b.xml:9:5: bad event"])
        // Pid 3 failed after its last span: at 16,666.667 + 20,000 µs.
        #expect(failures.last?["ts"] as? Double == 36666.667)
        let other = try #require(document["otherData"] as? [String: String])
        #expect(["1.trace", "2.trace", "3.trace"].map { other[$0] }
            == ["Traces/test.xml", "Traces/missing.xml", "Traces/test.xml"])
        #expect(["1.error", "2.error", "3.error"].map { other[$0] } == [nil, "no such file", "Traces/b.xml:9:5: bad event"])
        #expect(["1.complete", "2.complete", "3.complete"].map { other[$0] } == ["true", "false", "false"])
        #expect(other["trace"] == nil && other["format"] == "reel-chrome-trace")
    }

    @Test("A report without a timeline gives its metadata and no spans")
    func noTimeline() throws {
        let report = Report(Measurements.measurement(frameTimes: [[10, 20]]))
        let document = try parse(ReportFormat.chromeTrace.render([report]))
        #expect(try events(document).compactMap { $0["ph"] as? String } == ["M", "M", "M"])
        let other = try #require(document["otherData"] as? [String: String])
        #expect(other["repeat"] == "none recorded" && other["spans"] == "0")
    }
}

/// SplitMix64: reproducible random spans.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
