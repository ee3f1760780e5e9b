import Testing
import Foundation
import ReelVersion
import Reporting
import TestSupport

private let golden = GoldenFiles()

@Suite("reel, end to end", .tags(.endToEnd))
struct ReelCommandTests {
    @Test("Help texts", arguments: [["--help"], ["replay", "--help"], ["snapshot", "--help"], ["validate", "--help"]])
    func help(arguments: [String]) throws {
        let result = try ReelProcess.run(arguments: arguments)
        #expect(result.status == 0)
        golden.expect(result.stdout, matches: "help-\(arguments.first == "--help" ? "reel" : arguments[0]).txt")
    }

    @Test("replay prints a JSON report with the report's figures and exits 0")
    func replayJSON() throws {
        let trace = try ReelProcess.trace(events: """
            <scroll t="0.1" x="0" y="300"/>
            <scroll t="0.2" x="0" y="900"/>
            """)
        let result = try ReelProcess.run("replay", trace, "--format", "json", "--repeat", "2", "--warmup", "0", "--quiet")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let report = try #require(try Report.decode(json: result.stdout).first)
        #expect(report.complete && report.trace == trace && report.layout == "flow" && report.repeats == 2)
        // 13 frames; frame 0, the initial display, is reported apart.
        #expect(report.frames == 12)
        #expect(report.initialDisplay != nil && report.clock == .cpu)
        // The first screen makes 24 cells. At y = 300 lines 8–10 show (9 new cells) and one cell of line 11
        // is prefetched; lines 0–1 leave but are kept within the prefetch region: 34. At y = 900
        // lines 11–15 show (14 cells not prefetched); lines 2–3 leave the region and go to the pool (6
        // reused), lines 4–7 are kept: 8 new cells, 42 in all.
        #expect(report.counters[.cellsCreated] == 42)
        #expect(report.counters[.layoutPrepares] == 1)
        #expect(result.stdout.hasPrefix("{\n  \"format\": \"reel-report\",\n  \"version\": 1,\n  \"reel_version\": \"\(reelVersion)\",\n  \"complete\": true,"))
    }

    @Test("replay --repeat 3 carries each repeat's figures and their spread in JSON, and the spread in text")
    func spread() throws {
        let trace = try ReelProcess.trace(events: """
            <scroll t="0.1" x="0" y="300"/>
            <scroll t="0.2" x="0" y="900"/>
            """)
        let json = try ReelProcess.run("replay", trace, "--format", "json", "--repeat", "3", "--warmup", "0", "--quiet")
        #expect(json.status == 0)
        let report = try #require(try Report.decode(json: json.stdout).first)
        #expect(report.perRepeat.count == 3)
        for figure in Figure.summary where figure != .initialDisplay {
            #expect(figure.perRepeatValues(in: report)?.count == 3, "\(figure.declaration.name) per repeat")
        }
        let configure = Figure.hotPathSelfTime("frame/cells/configure")
        #expect(configure.perRepeatValues(in: report)?.count == 3)
        #expect(json.stdout.contains("\"figure\": \"frame_time_ms.p50\", \"min\": "))
        #expect(json.stdout.contains("\"figure\": \"hot_paths[frame/cells/configure].self_ms\", \"min\": "))
        #expect(json.stdout.contains("\"hot_paths_self_ms\": {"))
        #expect(json.stdout.contains("\"noise_warnings\": ["))
        let text = try ReelProcess.run("replay", trace, "--repeat", "3", "--warmup", "0", "--quiet")
        #expect(text.status == 0)
        #expect(text.stdout.contains("repeats median"))
        #expect(text.stdout.contains("repeats min / median / max"))
    }

    @Test("--output writes the report atomically and prints nothing")
    func output() throws {
        let trace = try ReelProcess.trace(events: "<scroll t=\"0.1\" x=\"0\" y=\"300\"/>")
        let path = try ScratchDirectory.url("report.json").path
        let result = try ReelProcess.run("replay", trace, "-f", "json", "-o", path, "--repeat", "1", "--warmup", "0")
        #expect(result.status == 0 && result.stdout == "")
        #expect(try Report.read(contentsOf: path).first?.complete == true)
        let unwritable = try ReelProcess.run("replay", trace, "-o", "/nonexistent/dir/r.json", "--repeat", "1", "--warmup", "0")
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.contains("/nonexistent/dir/r.json"))
    }

    @Test("A replay that stops on a bad event reports what it measured, marked incomplete, and exits 1")
    func incomplete() throws {
        let trace = try ReelProcess.trace(events: """
            <scroll t="0.1" x="0" y="300"/>
            <scroll t="0.2" x="0" y="oops"/>
            """)
        let result = try ReelProcess.run("replay", trace, "-f", "json", "--repeat", "1", "--warmup", "0")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(trace):9:"))
        #expect(result.stderr.contains("'oops'"))
        let report = try #require(try Report.decode(json: result.stdout).first)
        #expect(!report.complete)
        // The bad event cannot say which frame it belonged to: the replay stops after the last frame whose
        // events were all read (frame 6, which ran the good event at 0.1 s): frames 1–6 after the initial
        // display.
        #expect(report.frames == 6)
    }

    @Test("--clock names the measuring clock in the report, in JSON and in text")
    func clock() throws {
        let trace = try ReelProcess.trace(events: "<scroll t=\"0.1\" x=\"0\" y=\"300\"/>")
        for clock in ["cpu", "wall"] {
            let json = try ReelProcess.run("replay", trace, "--clock", clock, "-f", "json", "--repeat", "1", "--warmup", "0")
            #expect(json.status == 0)
            #expect(try Report.decode(json: json.stdout).first?.clock.rawValue == clock)
            #expect(json.stdout.contains("\"clock\": \"\(clock)\""))
            let text = try ReelProcess.run("replay", trace, "--clock", clock, "--repeat", "1", "--warmup", "0")
            #expect(text.stdout.contains(" · clock \(clock)"))
        }
        let bad = try ReelProcess.run("replay", trace, "--clock", "gpu")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("The value 'gpu' is invalid for '--clock <clock>'"))
    }

    @Test("The initial display is reported apart; --include-initial-display counts it among the frame figures")
    func initialDisplay() throws {
        let trace = try ReelProcess.trace(events: "<scroll t=\"0.1\" x=\"0\" y=\"300\"/>")
        let apart = try ReelProcess.run("replay", trace, "-f", "json", "--repeat", "1", "--warmup", "0")
        let included = try ReelProcess.run("replay", trace, "-f", "json", "--repeat", "1", "--warmup", "0",
                                           "--include-initial-display")
        let a = try #require(try Report.decode(json: apart.stdout).first)
        let b = try #require(try Report.decode(json: included.stdout).first)
        #expect(a.frames == 6 && b.frames == 7)
        #expect(a.initialDisplay?.topPath != nil && b.initialDisplay != nil)
        #expect(!a.window.includesInitialDisplay && b.window.includesInitialDisplay)
        let text = try ReelProcess.run("replay", trace, "--repeat", "1", "--warmup", "0")
        #expect(text.stdout.contains("Measured: frames after the initial display"))
        #expect(text.stdout.contains("Initial display "))
    }

    @Test("--from-marker and --to-marker measure the frames between two markers; an unknown label exits 1")
    func markers() throws {
        let trace = try ReelProcess.trace(events: """
            <scroll t="0.1" x="0" y="300"/>
            <marker t="0.2" label="start"/>
            <scroll t="0.3" x="0" y="600"/>
            <marker t="0.5" label="end"/>
            <scroll t="0.6" x="0" y="900"/>
            """)
        let result = try ReelProcess.run("replay", trace, "-f", "json", "--repeat", "1", "--warmup", "0",
                                         "--from-marker", "start", "--to-marker", "end")
        #expect(result.status == 0)
        let report = try #require(try Report.decode(json: result.stdout).first)
        // The markers run in frames 12 and 30: frames 12…29 are measured.
        #expect(report.frames == 18)
        #expect(report.window.from?.label == "start" && report.window.to?.label == "end")
        #expect(result.stdout.contains("\"summary\": \"from marker 'start' (0.2 s) to marker 'end' (0.5 s), initial display excluded\""))
        let unknown = try ReelProcess.run("replay", trace, "--from-marker", "begin")
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "\(trace): --from-marker names no marker 'begin'; the trace's markers are 'start', 'end'\n")
        #expect(unknown.stdout == "")
    }

    @Test("Usage errors exit 64; bad input exits 1", arguments: [
        (["replay", "Traces/contacts-list.xml", "--repeat", "0"], Int32(64), "--repeat must be from 1 to 10,000"),
        (["replay"], 64, "Missing expected argument '<traces> ...'"),
        (["replay", "Traces/contacts-list.xml", "--format", "pdf"], 64, "The value 'pdf' is invalid for '--format <format>'"),
        (["replay", "/nonexistent.xml"], 1, "/nonexistent.xml: cannot open the trace"),
        (["replay", "Traces/contacts-list.xml", "--layout", "nope"], 64, "unknown layout 'nope'; the layouts are 'flow'"),
        (["snapshot", "Traces/contacts-list.xml"], 64, "Missing expected argument '--time <seconds>'"),
    ])
    func exitCodes(arguments: [String], status: Int32, message: String) throws {
        let result = try ReelProcess.run(arguments: arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }

    @Test("validate prints path:line:column: message per problem and exits 1 on errors")
    func validate() throws {
        let bad = try ReelProcess.trace(events: """
            <select t="0.1" section="0" item="999"/>
            <scrol t="0.2" x="0" y="1"/>
            """)
        let result = try ReelProcess.run("validate", bad, "Traces/contacts-list.xml")
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").first?.hasPrefix("\(bad):9:1: unknown element 'scrol'") == true)
        #expect(result.stderr == "2 traces checked: 1 error, 0 warnings\n")
        let good = try ReelProcess.run("validate", "Traces/contacts-list.xml", "Traces/photo-grid-browse.xml")
        #expect(good.status == 0 && good.stdout == "")
    }

    @Test("layouts lists the catalogue with parameters and defaults")
    func layouts() throws {
        let result = try ReelProcess.run("layouts")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("flow — UIKit's flow layout"))
        #expect(result.stdout.contains(
            "  item-size                  W H                  default \"50 50\"     in 0…100000        the size of items without their own"))
        #expect(result.stdout.contains(
            "  scroll-direction           vertical|horizontal  default \"vertical\"                     the axis the content scrolls along"))
    }

    @Test("validate rejects an unknown layout parameter and a value out of its range at the <layout> element")
    func layoutParameters() throws {
        let unknown = try ReelProcess.trace(layout: #"<layout name="flow" item-colour="red"/>"#, events: "",
                                            name: "unknown-parameter")
        let result = try ReelProcess.run("validate", unknown)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(unknown):4:3: unknown parameter 'item-colour' for layout 'flow'; expected one of"))
        let huge = try ReelProcess.trace(layout: #"<layout name="flow" item-size="1e300 10"/>"#, events: "",
                                         name: "huge-item-size")
        let second = try ReelProcess.run("validate", huge)
        #expect(second.status == 1)
        #expect(second.stdout == "\(huge):4:3: value '1e300 10' for parameter 'item-size' of layout 'flow' is out of "
                    + "range; expected a value from 0 to 100000\n")
        let replayed = try ReelProcess.run("replay", huge)
        #expect(replayed.status == 1 && replayed.stderr.contains("\(huge):4:3: value '1e300 10'"))
    }

    @Test("validate and replay both print UIKit's flow-layout warning for an item too wide, once, with a count")
    func flowItemTooWide() throws {
        let trace = try ReelProcess.trace(events: """
                <resize t="0.5" width="110" height="844"/>
                <resize t="1" width="100" height="844"/>
            """, name: "too-wide")
        let message = "The behavior of the UICollectionViewFlowLayout is not defined because: the item width must be "
            + "less than the width of the UICollectionView minus the section insets left and right values, minus the "
            + "content insets left and right values. (2 times, first at t = 0.500 s)"
        let validated = try ReelProcess.run("validate", trace)
        #expect(validated.status == 0)
        #expect(validated.stdout.hasPrefix("\(trace):"), "\(validated.stdout)")
        #expect(validated.stdout.hasSuffix(": warning: \(message)\n"), "\(validated.stdout)")
        #expect(validated.stderr.contains("0 errors, 1 warning"))
        let replayed = try ReelProcess.run("replay", trace, "--repeat", "1", "--warmup", "0", "--quiet")
        #expect(replayed.status == 0)
        let line = validated.stdout.replacingOccurrences(of: ": warning: ", with: ": ").dropLast()
        // The text report wraps a warning at 80 columns with a hanging indent of two spaces.
        let unwrapped = replayed.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(unwrapped.contains("warning: \(line)"), "\(replayed.stdout)")
    }

    @Test("snapshot prints the displayed elements at a moment, sorted, in the snapshot's JSON")
    func snapshot() throws {
        let result = try ReelProcess.run("snapshot", "Traces/contacts-list.xml", "--time", "2.5")
        #expect(result.status == 0)
        golden.expect(result.stdout, matches: "snapshot-contacts-2.5s.json")
    }
}
