import Testing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Reporting
import TestSupport

private let golden = GoldenFiles()

/// `reel gate` end to end (SPEC §7), on small traces so that it runs fast: a workload cost raised 25 % fails
/// on timing, a layout parameter that adds prepares fails on the counter exactly, the same trace passes, and
/// bad baselines and usage are refused with the documented exit codes.
@Suite("reel gate, end to end")
struct GateCommandTests {
    /// A directory of its own for each test's files.
    private static func directory(_ name: String = #function) throws -> URL {
        try ScratchDirectory.folder("gate/\(name.filter { $0.isLetter })")
    }

    /// A 40-frame session that scrolls a new row of three 100-point cells into view nearly every frame, so the
    /// workload's `configure` dominates every frame's time.
    private static func trace(in directory: URL, name: String = "grid.xml",
                              layout: String = #"<layout name="flow" item-size="100 100" section-inset="10 10 10 10"/>"#,
                              configure: String = "2") throws -> String {
        let events = (1...40).map { frame in
            let t = String(format: "%.4f", Double(frame) / 60 + 0.001)
            return #"    <scroll t="\#(t)" x="0" y="\#(frame * 115)"/>"#
        }.joined(separator: "\n")
        let path = directory.appendingPathComponent(name).path
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <trace version="1">
              <collection-view width="390" height="844" refresh-rate="60"/>
              \(layout)
              <data><section items="2000"/></data>
              <workload><cell reuse-identifier="cell" create="0.1" configure="\(configure)" prepare-for-reuse="0.01"/></workload>
              <events>
            \(events)
              </events>
            </trace>

            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private static func figures(_ json: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        return try #require(results.first?["figures"] as? [[String: Any]])
    }

    private static func names(_ figures: [[String: Any]], _ verdict: String) -> [String] {
        figures.filter { $0["verdict"] as? String == verdict }.compactMap { $0["figure"] as? String }
    }

    @Test("Help text")
    func help() throws {
        let result = try ReelProcess.run("gate", "--help")
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        golden.expect(result.stdout, matches: "help-gate.txt")
    }

    @Test("The same trace passes against its own baseline; the workload's configure cost 25 % higher fails (exit 2) naming frame/cells/configure and the frame-time percentiles")
    func configureCost() throws {
        let directory = try Self.directory()
        let trace = try Self.trace(in: directory)
        let baseline = directory.appendingPathComponent("baseline.json").path
        let update = try ReelProcess.run("gate", "--baseline", baseline, trace, "--update", "--repeat", "6", "--quiet")
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stderr.contains("as the new baseline"))
        let written = try #require(try Report.read(contentsOf: baseline).first)
        #expect(written.perRepeat.count == 6 && written.environment.cpuModel != nil)

        // A shared CI runner can drift between two runs minutes apart (a neighbour's load, the host taking the
        // CPU away), and the gate then rightly sees a change it cannot tell from a real one. A false alarm
        // on each of three runs in a row would be systematic: that is what this checks.
        var attempts: [ReelProcess.Result] = []
        repeat {
            attempts.append(try ReelProcess.run("gate", "--baseline", baseline, trace, "--repeat", "6", "--quiet",
                                                "--format", "json"))
        } while attempts.last?.status == 2 && attempts.count < 3
        let same = try #require(attempts.last)
        #expect(same.status == 0, "\(attempts.map(\.stdout).joined(separator: "\n"))")
        let sameFigures = try Self.figures(same.stdout)
        #expect(Self.names(sameFigures, "regression").isEmpty, "\(same.stdout)")
        #expect(sameFigures.contains { $0["figure"] as? String == "frame_time_ms.p50" && $0["p_value"] != nil })

        // The same file name in another directory, its workload's configure 25 % dearer.
        let copies = directory.appendingPathComponent("dearer")
        try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
        let dearer = try Self.trace(in: copies, configure: "2.5")
        let result = try ReelProcess.run("gate", "--baseline", baseline, dearer, "--repeat", "6", "--quiet",
                                         "--format", "json")
        #expect(result.status == 2, "\(result.stderr)\n\(result.stdout)")
        let regressions = Self.names(try Self.figures(result.stdout), "regression")
        #expect(regressions.contains("frame/cells/configure"), "\(result.stdout)")
        #expect(regressions.contains("frame_time_ms.p50"), "\(result.stdout)")
        #expect(regressions.contains { $0.hasPrefix("frame_time_ms.p9") }, "\(result.stdout)")
        // Counters do not change with a cost.
        #expect(!regressions.contains("cells_configured"))
        let text = try ReelProcess.run("gate", "--baseline", baseline, dearer, "--repeat", "6", "--quiet")
        #expect(text.status == 2, "\(text.stderr)\n\(text.stdout)")
        #expect(text.stdout.hasPrefix("reel gate: FAIL"))
        #expect(text.stdout.contains("frame/cells/configure"))
    }

    @Test("A layout parameter that adds layout prepares fails on layout_prepares exactly, without timing")
    func layoutPrepares() throws {
        let directory = try Self.directory()
        let trace = try Self.trace(in: directory, layout: #"<layout name="springy-flow" item-size="100 100"/>"#,
                                   configure: "0.01")
        let baseline = directory.appendingPathComponent("baseline.json").path
        let made = try ReelProcess.run("replay", trace, "--repeat", "1", "--warmup", "0", "--format", "json",
                                       "--quiet", "-o", baseline)
        #expect(made.status == 0)
        let copies = directory.appendingPathComponent("tiled")
        try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
        let tiled = try Self.trace(in: copies, layout: #"<layout name="springy-flow" item-size="100 100" tiled="true"/>"#,
                                   configure: "0.01")
        let result = try ReelProcess.run("gate", "--baseline", baseline, tiled, "--repeat", "1", "--warmup", "0",
                                         "--quiet", "--format", "json")
        #expect(result.status == 2, "\(result.stderr)\n\(result.stdout)")
        let figures = try Self.figures(result.stdout)
        let prepares = try #require(figures.first { $0["figure"] as? String == "layout_prepares" })
        #expect(prepares["verdict"] as? String == "regression")
        let old = try #require(prepares["baseline"] as? Double), new = try #require(prepares["current"] as? Double)
        #expect(new > old && old == old.rounded() && new == new.rounded())
        // One repeat a side: timing is refused, and said to be.
        #expect(figures.filter { $0["kind"] as? String == "timing" }.allSatisfy { $0["verdict"] as? String == "not judged" })
        let text = try ReelProcess.run("gate", "--baseline", baseline, tiled, "--repeat", "1", "--warmup", "0", "--quiet")
        #expect(text.stdout.contains("timing not judged"))
        // The same trace passes on its counters.
        let same = try ReelProcess.run("gate", "--baseline", baseline, trace, "--repeat", "1", "--warmup", "0", "--quiet")
        #expect(same.status == 0, "\(same.stderr)\n\(same.stdout)")
        #expect(same.stdout.hasPrefix("reel gate: PASS"))
        // A report as the current run: the tiled run's report against the baseline, in JUnit.
        let current = directory.appendingPathComponent("current.json").path
        #expect(try ReelProcess.run("replay", tiled, "--repeat", "1", "--warmup", "0", "--format", "json", "--quiet",
                                    "-o", current).status == 0)
        let junit = try ReelProcess.run("gate", "--baseline", baseline, current, "--format", "junit")
        #expect(junit.status == 2, "\(junit.stderr)\n\(junit.stdout)")
        let document = try XMLDocument(xmlString: junit.stdout)
        let failures = try document.nodes(forXPath: "/testsuites/testsuite/testcase[@name='layout_prepares']/failure")
        #expect(failures.count == 1)
    }

    @Test("A baseline of another trace or layout, or an unreadable one, is refused with exit 1 naming it")
    func badBaseline() throws {
        let directory = try Self.directory()
        let trace = try Self.trace(in: directory, configure: "0.01")
        let other = try Self.trace(in: directory, name: "other.xml", configure: "0.01")
        let baseline = directory.appendingPathComponent("baseline.json").path
        #expect(try ReelProcess.run("replay", trace, "--repeat", "1", "--warmup", "0", "--format", "json", "--quiet",
                                    "-o", baseline).status == 0)
        let wrongTrace = try ReelProcess.run("gate", "--baseline", baseline, other, "--repeat", "1", "--warmup", "0", "--quiet")
        #expect(wrongTrace.status == 1, "\(wrongTrace.stderr)\n\(wrongTrace.stdout)")
        #expect(wrongTrace.stderr.contains("the baseline is of trace '\(trace)', the current run of '\(other)'"))
        let current = directory.appendingPathComponent("circle.json").path
        #expect(try ReelProcess.run("replay", trace, "--layout", "circle", "--repeat", "1", "--warmup", "0", "--format",
                                    "json", "--quiet", "-o", current).status == 0)
        let wrongLayout = try ReelProcess.run("gate", "--baseline", baseline, current)
        #expect(wrongLayout.status == 1, "\(wrongLayout.stderr)\n\(wrongLayout.stdout)")
        #expect(wrongLayout.stderr.contains("the baseline is of layout 'flow', the current run of 'circle'"))
        let missing = try ReelProcess.run("gate", "--baseline", directory.appendingPathComponent("none.json").path, trace)
        #expect(missing.status == 1 && missing.stderr.contains("cannot read the baseline"))
    }

    @Test("Usage errors exit 64: no current run, reports mixed with traces, a --metric that names nothing")
    func usage() throws {
        let directory = try Self.directory()
        let trace = try Self.trace(in: directory, configure: "0.01")
        let baseline = directory.appendingPathComponent("baseline.json").path
        #expect(try ReelProcess.run("replay", trace, "--repeat", "1", "--warmup", "0", "--format", "json", "--quiet",
                                    "-o", baseline).status == 0)
        #expect(try ReelProcess.run("gate", "--baseline", baseline).status == 64)
        #expect(try ReelProcess.run("gate", "--baseline", baseline, baseline, trace).status == 64)
        #expect(try ReelProcess.run("gate", "--baseline", baseline, baseline, "--metric", "nothing").status == 64)
        #expect(try ReelProcess.run("gate", "--baseline", baseline, baseline, "--format", "html").status == 64)
        let limited = try ReelProcess.run("gate", "--baseline", baseline, baseline, "--metric", "layout_prepares",
                                          "--format", "json")
        #expect(limited.status == 0)
        #expect(try Self.figures(limited.stdout).compactMap { $0["figure"] as? String } == ["layout_prepares"])
    }
}
