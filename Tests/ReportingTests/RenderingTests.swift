import Testing
import TestSupport
@testable import Reporting

@Suite("Text and JSON renderers", .tags(.fast))
struct RenderingTests {
    @Test("Text report of the case study")
    func caseStudyText() {
        golden.expect(ReportFormat.text.render([Report(Fixtures.caseStudy())]), matches: "case-study.txt")
    }

    @Test("JSON report of the case study: the core keys in their fixed order")
    func caseStudyJSON() {
        golden.expect(ReportFormat.json.render([Report(Fixtures.caseStudy())]), matches: "case-study.json")
    }

    @Test("An incomplete replay says so first, with its failure and warnings")
    func incompleteText() {
        let text = ReportFormat.text.render([Report(Fixtures.incomplete())])
        golden.expect(text, matches: "incomplete.txt")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("INCOMPLETE: 2 of 6 frames janky per repeat") == true)
        #expect(lines.contains { $0.hasPrefix("the replay stopped early: Traces/test.xml:42:7") })
        #expect(lines.contains("warning: 2 events after the last frame were ignored"))
    }

    @Test("JSON with --frames lists every frame; without it, none")
    func framesOnRequest() {
        let report = Report(Fixtures.incomplete())
        let withFrames = ReportFormat.json.render([report], includeFrames: true)
        golden.expect(withFrames, matches: "incomplete-frames.json")
        #expect(!ReportFormat.json.render([report]).contains("frame_samples"))
    }

    @Test("The core keys come first, in their fixed order")
    func keyOrder() throws {
        let value = Report(Fixtures.caseStudy()).json(includeFrames: false)
        guard case .object(let members) = value else {
            Issue.record("a report is an object")
            return
        }
        let spec = [
            "format", "version", "complete", "trace", "layout", "mode", "refresh_rate_hz", "budget_ms", "repeats",
            "warmup", "frames", "session_s", "frame_time_ms", "janky_frames", "dropped_frames", "hitch_time_ms",
            "hitch_time_ratio_ms_per_s", "effective_fps", "peak_fps", "counters", "hot_paths", "worst_frames",
            "environment",
        ]
        // The Reel that measured the report follows the format's version; the rest is the specification's.
        #expect(members.map(\.key).prefix(3) == ["format", "version", "reel_version"])
        #expect(Array(members.map(\.key).filter { $0 != "reel_version" }.prefix(spec.count)) == spec)
        guard case .object(let times)? = value["frame_time_ms"] else {
            Issue.record("frame_time_ms is an object")
            return
        }
        #expect(times.map(\.key) == ["mean", "p50", "p90", "p95", "p99", "max"])
        guard case .array(let paths)? = value["hot_paths"], case .object(let path)? = paths.first else {
            Issue.record("hot_paths is an array of objects")
            return
        }
        #expect(Array(path.map(\.key).prefix(5)) == ["path", "calls", "total_ms", "self_ms", "janky_self_ms"])
        guard case .object(let counters)? = value["counters"] else {
            Issue.record("counters is an object")
            return
        }
        #expect(counters.map(\.key) == Fixtures.counters.map(\.counter.key))
    }

    @Test("One object per trace; an array when there are several")
    func array() throws {
        let report = Report(Fixtures.incomplete())
        #expect(ReportFormat.json.render([report]).hasPrefix("{\n"))
        let two = ReportFormat.json.render([report, Report(Fixtures.caseStudy())])
        #expect(two.hasPrefix("[\n  {\n"))
        #expect(try Report.decode(json: two).map(\.trace) == ["Traces/test.xml", "Traces/prepare-for-reuse.xml"])
        let text = ReportFormat.text.render([report, report])
        #expect(text.components(separatedBy: "\n\nINCOMPLETE: ").count == 2)
        #expect(text.components(separatedBy: "\nTraces/test.xml · ").count == 3)
    }

    @Test("Rendering is deterministic to the byte")
    func deterministic() {
        let first = ReportFormat.json.render([Report(Fixtures.caseStudy())], includeFrames: true)
        let second = ReportFormat.json.render([Report(Fixtures.caseStudy())], includeFrames: true)
        #expect(first == second)
    }

    @Test("An empty replay renders without figures to divide by")
    func emptyReport() {
        let report = Report(Measurements.measurement([]))
        let text = ReportFormat.text.render([report])
        #expect(text.contains("Hot paths: none measured"))
        #expect(text.hasPrefix("EMPTY: no frames measured\n"))
        #expect(ReportFormat.json.render([report]).contains("\"effective_fps\": 0,"))
    }
}
