import TestSupport
import Testing
import Foundation
import Replay
import TraceXML

/// `reel record` never traps and never writes a trace it would refuse: every option has a range checked up
/// front, a scenario that cannot record a meaningful session with the view, layout and data given says what
/// it needs (exit 64), and every trace it writes validates without a problem.
@Suite("reel record's options and scenarios", .tags(.endToEnd))
struct RecordCommandTests {
    /// Runs `reel record` with `arguments` into a fresh scratch file; returns the result and the path.
    static func record(_ arguments: [String], name: String) throws -> (result: ReelProcess.Result, path: String) {
        let path = try ScratchDirectory.url("record-\(name).xml").path
        try? FileManager.default.removeItem(atPath: path)
        return (try ReelProcess.run(arguments: ["record"] + arguments + ["-o", path]), path)
    }

    /// The problems `reel validate` finds in the trace at `path`.
    static func problems(_ path: String) -> [String] {
        TraceChecker.validate(path: path).map(\.description)
    }

    @Test("The campaign's three traps exit 64 saying what the scenario needs, and write nothing", arguments: [
        (["--scenario", "springy", "--width", "1"],
         "Error: layout 'springy-flow' lays this data out in the 1 × 844 view with a warning, which every replay would report: "
            + "The behavior of the UICollectionViewFlowLayout is not defined because: the item width must be less than"),
        (["--scenario", "springboard", "--height", "1"],
         "Error: --scenario springboard pages through the icons: it needs a paging collection view (--paging)"),
        (["--scenario", "survey", "--sections", "0"],
         "Error: --scenario survey answers the last section's question: it needs a section, and --sections is 0"),
    ])
    func trapsRefused(arguments: [String], message: String) throws {
        let (result, path) = try Self.record(arguments + ["--duration", "5"], name: "trap-\(arguments[1])")
        #expect(result.status == 64, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix(message), "stderr: \(result.stderr)")
        #expect(!result.signalled)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("Given what they need, the trapping scenarios adapt to a 1-point-wide or 300-point-tall view and record a trace with no problem",
          arguments: [
            ["--scenario", "springy", "--width", "1", "--parameter", "item-size=0.5 0.5", "--parameter", "section-inset=0 0 0 0"],
            ["--scenario", "springboard", "--paging", "--height", "300"],
            ["--scenario", "survey", "--sections", "1", "--width", "320", "--height", "480"],
          ])
    func trapsAdapt(arguments: [String]) throws {
        let (result, path) = try Self.record(arguments + ["--duration", "12"], name: "adapt-\(arguments[1])")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Self.problems(path) == [])
    }

    @Test("The events the recorder refused itself never appear: a resize to a negative height, a menu action with no menu, an insert into no section",
          arguments: [
            ["--scenario", "albums", "--width", "1", "--duration", "20"],
            ["--scenario", "albums", "--height", "100000", "--duration", "20"],
            ["--scenario", "survey", "--layout", "flow", "--refresh-rate", "1", "--duration", "60", "--seed", "5"],
            ["--scenario", "circle", "--items", "0", "--sections", "3", "--duration", "20"],
          ])
    func refusedEvents(arguments: [String]) throws {
        let (result, path) = try Self.record(arguments, name: "refused-\(arguments[1])-\(arguments[3].filter(\.isNumber))")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Self.problems(path) == [])
        let validate = try ReelProcess.run("validate", path)
        #expect(validate.status == 0 && validate.stderr.contains("1 trace checked: 0 errors, 0 warnings"),
                "\(validate.stdout)\(validate.stderr)")
    }

    /// The extreme views, data, rates and durations every scenario is recorded with.
    static let extremes: [[String]] = [
        ["--width", "1"], ["--width", "100000"], ["--height", "1"], ["--height", "100000"],
        ["--sections", "0"], ["--items", "0"], ["--items", "1"],
        ["--refresh-rate", "1"], ["--refresh-rate", "240"], ["--duration", "0.001"],
    ]

    /// Each scenario with two of the extreme options, so that every scenario and every option goes through
    /// the command at least once; `ExhaustiveRecordingRulesTests` records every pair in process.
    static func extremes(of name: ScenarioName) -> [[String]] {
        let position = ScenarioName.allCases.firstIndex(of: name) ?? 0
        return [extremes[position % extremes.count], extremes[(position + extremes.count / 2) % extremes.count]]
    }

    @Test("Every scenario with an extreme option exits 0 with a trace that has no problem, or 64", arguments: ScenarioName.allCases)
    func extremes(name: ScenarioName) throws {
        let paging = name == .springboard || name == .spiral ? ["--paging"] : []
        for extreme in Self.extremes(of: name) {
            // Three seconds, but one at 240 Hz, as `ExhaustiveRecordingRulesTests` records them.
            let duration = extreme.first == "--duration" ? [] : ["--duration", extreme == ["--refresh-rate", "240"] ? "1" : "3"]
            let arguments = ["--scenario", name.rawValue] + paging + extreme + duration
            let (result, path) = try Self.record(arguments, name: "\(name.rawValue)\(extreme.joined().filter(\.isLetter))\(extreme[1])")
            let line = "reel record " + arguments.joined(separator: " ")
            #expect(result.status == 0 || result.status == 64, "\(line): exit \(result.status), \(result.stderr.prefix(400))")
            if result.status == 0 {
                #expect(Self.problems(path) == [], "\(line)")
            } else {
                #expect(result.stderr.hasPrefix("Error: ") && !result.stderr.contains("Fatal error"), "\(line): \(result.stderr)")
            }
        }
    }

    @Test("An option out of its range, or a combination the layout refuses, exits 64 naming the option, quoting the value and saying why",
          arguments: [
            (["--scenario", "browse", "--seed", "-1"],
             "--seed must be a whole number from 0 to 18,446,744,073,709,551,615 (the seeds of a 64-bit generator), not '-1'"),
            (["--scenario", "browse", "--seed", "18446744073709551616"], "not '18446744073709551616'"),
            (["--scenario", "browse", "--parameter", "item-size=1e9 10"],
             "--parameter: value '1e9 10' for parameter 'item-size' of layout 'flow' is out of range; expected a value from 0 to 100000"),
            (["--scenario", "circle", "--parameter", "radius-ratio=0"],
             "--parameter: value '0' for parameter 'radius-ratio' of layout 'circle' is out of range; expected a value from 0.1 to 1000"),
            (["--scenario", "browse", "--parameter", "turns=3"], "--parameter: unknown parameter 'turns' for layout 'flow'"),
            (["--scenario", "browse", "--parameter", "minimum-line-spacing=1", "--parameter", "minimum-line-spacing=2"],
             "--parameter gives parameter 'minimum-line-spacing' twice; give each once"),
            (["--scenario", "browse", "--layout", "gird"], "--layout: unknown layout 'gird'; did you mean 'grid'? (see `reel layouts`)"),
            (["--scenario", "circel"], "unknown scenario 'circel'; did you mean 'circle'?"),
            (["--scenario", "browse", "--workload", "photo=1,1,0"],
             "--workload 'photo=1,1,0' gives costs for cells whose reuse identifier no section uses; the cells' reuse identifier is 'cell'"),
            (["--scenario", "browse", "--workload", "cell=1,1,0", "--workload", "cell=2,2,0"],
             "--workload gives reuse identifier 'cell' twice"),
            (["--scenario", "browse", "--reuse-identifier", "a\u{1}b"], "--reuse-identifier 'a\u{1}b' contains U+1, which a trace (XML 1.0) cannot hold"),
            (["--scenario", "browse", "--duration", "86400", "--refresh-rate", "120"],
             "is 10,368,000 frames, and a recording runs up to a minute (7,200 frames) more while the content settles; a session has at most 10,368,000"),
            (["--scenario", "pinch", "--layout", "flow"],
             "--scenario pinch pinches: it needs a layout that handles pinches ('circle', 'stacked', 'stacks'), and layout 'flow' ignores them"),
            (["--scenario", "browse", "--items", "3"],
             "--scenario browse scrolls through the content: it needs content taller or wider than the view, and layout 'flow' lays out 390 × 50 points"),
            (["--scenario", "line", "--layout", "flow"], "--scenario line swipes along a row of speakers: it needs content wider than the view"),
            (["--scenario", "stacks", "--items", "20000"], "a stack opening shows every item it holds, and section 0 holds 20,000"),
            (["--scenario", "browse", "--width", "100000", "--height", "100000", "--items", "100000"],
             "the 100000 × 100000 view shows"),
          ])
    func refusedOptions(arguments: [String], message: String) throws {
        let (result, path) = try Self.record(arguments, name: "refused-option")
        #expect(result.status == 64, "stderr: \(result.stderr)")
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("--layout defaults to the scenario's app's layout")
    func appLayout() throws {
        let (result, path) = try Self.record(["--scenario", "cover-flow", "--duration", "2"], name: "app-layout")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("<layout name=\"cover-flow\""))
    }
}
