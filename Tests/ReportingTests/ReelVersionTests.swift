import Foundation
import ReelVersion
@testable import Reporting
import Testing
import TestSupport

/// Every JSON document Reel writes names the build that wrote it (`reel_version`), and a report keeps the
/// version of the Reel that measured it when it is read back, so that a baseline says which Reel made it.
@Suite("reel_version in every JSON document", .tags(.fast))
struct ReelVersionTests {
    /// The JSON reader's view of `text`'s top-level object.
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("A report made from a measurement names the running build, right after version, and reads it back")
    func measuredReport() throws {
        let report = Report(Fixtures.caseStudy())
        #expect(report.reelVersion == reelVersion)
        let text = ReportFormat.json.render([report])
        #expect(ParsedJSON.topLevelKeys(text).prefix(3) == ["format", "version", "reel_version"])
        #expect(try object(text)["reel_version"] as? String == reelVersion)
        let read = try #require(try Report.decode(json: text).first)
        #expect(read.reelVersion == reelVersion)
    }

    @Test("A baseline keeps the version of the Reel that measured it, not the one that reads or rewrites it")
    func versionReadBack() throws {
        var report = Report(Fixtures.caseStudy())
        report.reelVersion = "1.0.0-4-g0123abc"
        let text = ReportFormat.json.render([report, report])
        let read = try Report.decode(json: text)
        #expect(read.map(\.reelVersion) == ["1.0.0-4-g0123abc", "1.0.0-4-g0123abc"])
        let rewritten = try #require(try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render(read).utf8)) as? [[String: Any]])
        #expect(rewritten.map { $0["reel_version"] as? String } == ["1.0.0-4-g0123abc", "1.0.0-4-g0123abc"])
    }

    @Test("A report written before Reel named its version reads back without one and writes null")
    func olderReport() throws {
        let json = """
            {"format": "reel-report", "version": 1, "complete": true, "trace": "t.xml", "layout": "flow",
             "mode": "offsets", "refresh_rate_hz": 60, "budget_ms": 16.667, "repeats": 5, "warmup": 1,
             "frames": 1200, "session_s": 20.0,
             "frame_time_ms": {"mean": 1.2, "p50": 0.9, "p90": 2.1, "p95": 3.0, "p99": 9.8, "max": 21.4},
             "janky_frames": 3, "dropped_frames": 4, "hitch_time_ms": 66.7, "hitch_time_ratio_ms_per_s": 3.3,
             "effective_fps": 59.8, "peak_fps": 60, "counters": {"cells_created": 28}, "hot_paths": [],
             "worst_frames": [], "environment": {"host": "h", "cores": 2, "swift": "6.3.1", "build": "release"}}
            """
        let report = try #require(try Report.decode(json: json).first)
        #expect(report.reelVersion == nil)
        let written = ReportFormat.json.render([report])
        #expect(try object(written)["reel_version"] is NSNull)
    }

    @Test("A trace that failed, in an array of reports, names the running build")
    func failedTrace() throws {
        let outcomes: [Result<Report, TraceFailure>] = [
            .success(Report(Fixtures.caseStudy())),
            .failure(TraceFailure(trace: "missing.xml", message: "missing.xml: No such file or directory")),
        ]
        let text = ReportFormat.json.render(outcomes, asArray: true)
        let elements = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(elements.map { $0["reel_version"] as? String } == [reelVersion, reelVersion])
    }

    @Test("Comparisons, failed comparisons, gate judgements, snapshots and Chrome traces name the running build")
    func otherDocuments() throws {
        let comparisons = ComparisonFormat.json.render([
            .success(ComparisonFixtures.pair()),
            .failure(ComparisonFailure(trace: "x.xml", layouts: ["a", "b"], message: "x.xml: cannot open it")),
        ], asArray: true)
        let elements = try #require(try JSONSerialization.jsonObject(with: Data(comparisons.utf8)) as? [[String: Any]])
        #expect(elements.map { $0["reel_version"] as? String } == [reelVersion, reelVersion])
        #expect(ParsedJSON.topLevelKeys(ComparisonFormat.json.render([ComparisonFixtures.pair()])).prefix(3)
                == ["format", "version", "reel_version"])

        let report = Report(Fixtures.caseStudy())
        let gate = GateFormat.json.render([try GateJudgement(baseline: report, current: report)])
        #expect(try object(gate)["reel_version"] as? String == reelVersion)
        #expect(ParsedJSON.topLevelKeys(gate).prefix(3) == ["format", "version", "reel_version"])

        #expect(try object(SnapshotTests.snapshot.render(.json))["reel_version"] as? String == reelVersion)

        let trace = try object(ReportFormat.chromeTrace.render([report, report]))
        let other = try #require(trace["otherData"] as? [String: String])
        #expect(other["reel_version"] == reelVersion)
        #expect(other["1.reel_version"] == nil, "one version for the file, not one per trace")
    }
}
