import Testing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Reporting
import TestSupport

private let golden = GoldenFiles()

/// `reel gate` end to end, on small traces so that it runs fast: a workload cost raised 25 % fails
/// on timing, a layout parameter that adds prepares fails on the counter exactly, the same trace passes, and
/// bad baselines and usage are refused with the documented exit codes.
@Suite("reel gate, end to end", .tags(.endToEnd))
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
        #expect(missing.status == 1, "\(missing.stderr)")
        // One plain sentence, the path once, where baselines live.
        let name = URL(fileURLWithPath: trace).deletingPathExtension().lastPathComponent
        #expect(missing.stderr == "--baseline \(directory.appendingPathComponent("none.json").path): there is no such "
                + "file or folder; give the baseline of the trace, such as Reports/baselines/\(name).json, or make it "
                + "with --update\n")
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

    /// The gate's JSON results.
    private static func results(_ json: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(object["results"] as? [[String: Any]])
    }

    @Test("Budgets without a baseline: the stacked albums' janky frames fail --max-janky-frames 0 (exit 2, naming the figure, its value and the budget); the quick start's trace passes it")
    func budgets() throws {
        let stacked = try ReelProcess.run("gate", "Traces/stacked-albums.xml", "--max-janky-frames", "0", "--repeat", "5",
                                          "--warmup", "0", "--quiet")
        #expect(stacked.status == 2, "\(stacked.stderr)\n\(stacked.stdout)")
        let lines = stacked.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "reel gate: FAIL (no baseline: budgets only; 1 budget exceeded in 1 of 1 trace)")
        let row = try #require(lines.first { $0.hasPrefix("  janky_frames") })
        #expect(row.contains("9.0 frames") && row.contains("0.0 frames") && row.contains("exceeded")
                && row.contains("--max-janky-frames"), "\(row)")
        let json = try ReelProcess.run("gate", "Traces/stacked-albums.xml", "--max-janky-frames", "0",
                                       "--max-frame-ms", "p50=16", "--repeat", "5", "--warmup", "0", "--quiet", "-f", "json")
        #expect(json.status == 2)
        let budgets = try #require(try Self.results(json.stdout).first?["budgets"] as? [[String: Any]])
        #expect(budgets.map { $0["figure"] as? String } == ["janky_frames", "frame_time_ms.p50"])
        #expect(budgets.map { $0["exceeded"] as? Bool } == [true, false])
        #expect(budgets.first?["value"] as? Double == 9 && budgets.first?["budget"] as? Double == 0)

        let quickStart = try ReelProcess.run("gate", "Traces/photo-grid-browse.xml", "--max-janky-frames", "0",
                                             "--repeat", "5", "--warmup", "0", "--quiet")
        #expect(quickStart.status == 0, "\(quickStart.stderr)\n\(quickStart.stdout)")
        #expect(quickStart.stdout.hasPrefix("reel gate: PASS (no baseline: budgets only; 1 trace, no regression)"))
    }

    @Test("A baseline from another kind of machine judges counters only, after one pass, and the headline says so")
    func otherMachineCountersOnly() throws {
        let directory = try Self.directory()
        let trace = try Self.trace(in: directory, configure: "0.5")
        let baseline = directory.appendingPathComponent("baseline.json").path
        #expect(try ReelProcess.run("replay", trace, "--repeat", "5", "--warmup", "0", "--format", "json", "--quiet",
                                    "-o", baseline).status == 0)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        let elsewhere = directory.appendingPathComponent("elsewhere.json").path
        try text.replacingOccurrences(of: #""cpu_model": ""#, with: #""cpu_model": "Other CPU "#)
            .write(toFile: elsewhere, atomically: true, encoding: .utf8)
        let gate = try ReelProcess.run("gate", "--baseline", elsewhere, trace, "--quiet", "-f", "json")
        #expect(gate.status == 0, "\(gate.stderr)\n\(gate.stdout)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(gate.stdout.utf8)) as? [String: Any])
        #expect(object["timing_judged"] as? Bool == false)
        let reason = try #require(object["timing_reason"] as? String)
        #expect(reason.hasPrefix("baseline from 'Other CPU "))
        #expect((object["headline"] as? String)?.hasPrefix("reel gate: PASS (counters only: timing not judged, \(reason)")
                == true)
        let result = try #require(try Self.results(gate.stdout).first)
        #expect((result["repeats"] as? [String: Any])?["current"] as? Int == 1)
        #expect(result["timing"] as? String == "other machine")
        // Counters are still judged, exactly.
        #expect(Self.names(try Self.figures(gate.stdout), "unchanged").contains("cells_configured"))
        let headline = try ReelProcess.run("gate", "--baseline", elsewhere, trace, "--quiet")
        #expect(headline.stdout.replacingOccurrences(of: "\n  ", with: " ")
            .hasPrefix("reel gate: PASS (counters only: timing not judged, baseline from 'Other CPU "))
        // The same baseline on this machine's kind judges timing, over the repeats asked for.
        let here = try ReelProcess.run("gate", "--baseline", baseline, trace, "--repeat", "5", "--warmup", "0",
                                       "--quiet", "-f", "json")
        let judged = try #require(try Self.results(here.stdout).first)
        #expect(judged["timing_judged"] as? Bool == true && (judged["repeats"] as? [String: Any])?["current"] as? Int == 5)
    }

    @Test("A baseline of another workload mode judges counters only; --workload follows the baseline's mode by default")
    func otherWorkload() throws {
        let directory = try Self.directory()
        let trace = try Self.trace(in: directory, configure: "0.5")
        let baseline = directory.appendingPathComponent("baseline.json").path
        #expect(try ReelProcess.run("replay", trace, "--repeat", "5", "--warmup", "0", "--workload", "spend",
                                    "--format", "json", "--quiet", "-o", baseline).status == 0)
        #expect(try Report.read(contentsOf: baseline).first?.workload == .spend)
        let modelled = try ReelProcess.run("gate", "--baseline", baseline, trace, "--workload", "model", "--quiet")
        #expect(modelled.status == 0)
        #expect(modelled.stdout.replacingOccurrences(of: "\n  ", with: " ").hasPrefix("reel gate: PASS (counters only: timing not judged, the baseline's workload "
                                          + "was spent, this run's modelled; 1 trace, no regression)"), "\(modelled.stdout)")
        let followed = try ReelProcess.run("gate", "--baseline", baseline, trace, "--repeat", "5", "--warmup", "0",
                                           "--quiet", "-f", "json")
        #expect(try Self.results(followed.stdout).first?["timing"] as? String == "judged")
    }

    @Test("A baseline folder holds one <trace>.json per trace: --update writes them, a gate reads each trace's")
    func baselineFolder() throws {
        let directory = try Self.directory()
        let first = try Self.trace(in: directory, name: "first.xml", configure: "0.2")
        let second = try Self.trace(in: directory, name: "second.xml", configure: "0.3")
        let folder = directory.appendingPathComponent("baselines").path + "/"
        let update = try ReelProcess.run("gate", "--update", "--baseline", folder, first, second, "--repeat", "5",
                                         "--warmup", "0", "--quiet")
        #expect(update.status == 0, "\(update.stderr)")
        #expect(try Report.read(contentsOf: folder + "first.json").first?.trace == first)
        #expect(try Report.read(contentsOf: folder + "second.json").first?.trace == second)
        let gate = try ReelProcess.run("gate", "--baseline", folder, first, second, "--metric", "counters", "--quiet")
        #expect(gate.status == 0, "\(gate.stderr)\n\(gate.stdout)")
        #expect(gate.stdout.replacingOccurrences(of: "\n  ", with: " ").hasPrefix(
            "reel gate: PASS (counters only: timing not judged, --metric names no timing "
                                      + "figure; 2 traces, no regression)"))
        let third = try Self.trace(in: directory, name: "third.xml")
        let missing = try ReelProcess.run("gate", "--baseline", folder, third, "--quiet")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("third.json: no baseline of trace '\(third)': the file does not exist"))
    }

    @Test("Budgets are read with their ranges and words: a missing baseline and budget, a bad --max-frame-ms")
    func budgetUsage() throws {
        let directory = try Self.directory()
        let trace = try Self.trace(in: directory)
        let neither = try ReelProcess.run("gate", trace)
        #expect(neither.status == 64 && neither.stderr.contains("give a --baseline to judge against, a budget"))
        let statistic = try ReelProcess.run("gate", trace, "--max-frame-ms", "p98=8")
        #expect(statistic.status == 64 && statistic.stderr.contains("'p98' in 'p98=8' is not a frame-time statistic"))
        let form = try ReelProcess.run("gate", trace, "--max-frame-ms", "8")
        #expect(form.status == 64 && form.stderr.contains("'8' is not STATISTIC=MS"))
        let range = try ReelProcess.run("gate", trace, "--max-frame-ms", "p99=-1")
        #expect(range.status == 64 && range.stderr.contains("--max-frame-ms must not be negative"))
        let update = try ReelProcess.run("gate", trace, "--max-janky-frames", "0", "--update")
        #expect(update.status == 64 && update.stderr.contains("--update writes the baseline"))
    }
}
