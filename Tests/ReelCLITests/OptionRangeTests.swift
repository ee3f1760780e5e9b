import TestSupport
import Testing
import Foundation

/// Every numeric option has a range (TraceLimits), and a value outside it is a usage error (exit 64)
/// that names the option, quotes the value and states the range — negative numbers included, which
/// ArgumentParser would otherwise take for options ("Missing value").
@Suite("Option ranges", .tags(.endToEnd))
struct OptionRangeTests {
    static let trace = "Traces/contacts-list.xml"

    @Test("A value out of its range exits 64 naming the option, the value and the range", arguments: [
        (["replay", trace, "--warmup", "-1"], "--warmup must not be negative, not '-1'"),
        (["replay", trace, "--warmup=-1"], "--warmup must not be negative, not '-1'"),
        (["replay", trace, "--warmup", "10001"], "--warmup must be from 0 to 10,000"),
        (["replay", trace, "--repeat", "-3"], "--repeat must not be negative, not '-3'"),
        (["replay", trace, "--repeat", "0"], "--repeat must be from 1 to 10,000"),
        (["replay", trace, "--repeat", "9000", "--warmup", "2000"], "ask for 11,000 passes; one command runs at most 10,000"),
        (["replay", trace, "--budget", "1e-300"], "--budget must be from 0.1 to 10,000 ms"),
        (["replay", trace, "--budget", "1e300"], "not '1e+300'"),
        (["replay", trace, "--budget", "-16"], "--budget must not be negative, not '-16'"),
        (["replay", trace, "--budget", "nan"], "--budget must be from 0.1 to 10,000 ms"),
        (["replay", trace, "--refresh-rate", "1e-11"], "--refresh-rate must be from 1 to 240 Hz"),
        (["replay", trace, "--refresh-rate", "1e9"], "--refresh-rate must be from 1 to 240 Hz"),
        (["compare", trace, "--layout", "flow", "--layout", "grid", "--refresh-rate", "1e300"], "--refresh-rate must be from 1 to 240 Hz"),
        (["compare", trace, "--layout", "flow", "--layout", "grid", "--budget", "0"], "--budget must be from 0.1 to 10,000 ms"),
        (["compare", trace, "--layout", "flow", "--layout", "grid", "--warmup", "-1"], "--warmup must not be negative, not '-1'"),
        (["compare", trace, "--layout", "flow", "--layout", "grid", "--repeat", "5000"],
         "ask for 5,001 passes for each of 2 layouts; one command runs at most 10,000"),
        (["gate", "--baseline", "b.json", trace, "--warmup", "-1"], "--warmup must not be negative, not '-1'"),
        (["gate", "--baseline", "b.json", trace, "--max-regression", "-5"], "--max-regression must not be negative, not '-5'"),
        (["gate", "--baseline", "b.json", trace, "--max-regression", "inf"], "--max-regression must be from 0 to 10,000 %"),
        (["snapshot", trace, "--time", "1e300"], "--time must be from 0 to 86,400 s (a session lasts at most 24 hours), not '1e+300'"),
        (["snapshot", trace, "--time", "-1"], "--time must not be negative, not '-1'"),
        (["snapshot", trace, "--time", "1", "--refresh-rate", "0"], "--refresh-rate must be from 1 to 240 Hz"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--duration", "1e300"], "--duration must be from 0 to 86,400 s"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--duration", "-1"], "--duration must not be negative, not '-1'"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--duration", "0"], "--duration must be more than 0 seconds"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--duration", "86400", "--refresh-rate", "240"],
         "is 20,736,000 frames; a session has at most 10,368,000"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--refresh-rate", "1e9"], "--refresh-rate must be from 1 to 240 Hz"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--width", "-1"], "--width must not be negative, not '-1'"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--width", "1e9"], "--width must be from 1 to 100,000 points"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--height", "0"], "--height must be from 1 to 100,000 points"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--sections", "-2"], "--sections must not be negative, not '-2'"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--sections", "100001"], "--sections must be from 0 to 100,000"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--items", "100000000000"],
         "--items must count at most 10,000,000 items in a section"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--items", "5000000", "--sections", "3"],
         "--items 5000000 in each of 3 sections makes 15,000,000 items in all"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--items", "1-9000000", "--sections", "2"],
         "--items 9000000 in each of 2 sections makes 18,000,000 items in all"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--items", "6000000,6000000"], "makes 12,000,000 items in all"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--items", "1,2,3", "--sections", "2"],
         "--sections 2 disagrees with --items '1,2,3', which lists 3 sections"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--item-sizes", "1e9 10"], "--item-sizes wants a number or MIN-MAX, each from 0 to 100,000 points"),
        (["record", "--scenario", "tap-select", "-o", "x.xml", "--workload", "cell=1e11,0,0"], "each from 0 to 1,000 ms"),
    ])
    func outOfRange(arguments: [String], message: String) throws {
        let result = try ReelProcess.run(arguments: arguments)
        #expect(result.status == 64, "stderr: \(result.stderr)")
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("The bounds themselves are accepted")
    func bounds() throws {
        let snapshot = try ReelProcess.run("snapshot", Self.trace, "--time", "0", "--refresh-rate", "240")
        #expect(snapshot.status == 0, "stderr: \(snapshot.stderr)")
        let replay = try ReelProcess.run("replay", Self.trace, "--repeat", "1", "--warmup", "0", "--budget", "0.1", "-q",
                                         "--refresh-rate", "1")
        #expect(replay.status == 0, "stderr: \(replay.stderr)")
    }

    @Test("--sections agreeing with an --items list records that many sections")
    func sectionsAgreeing() throws {
        let path = try ScratchDirectory.url("sections.xml").path
        let result = try ReelProcess.run("record", "--scenario", "tap-select", "--duration", "1", "--items", "4,5,6",
                                         "--sections", "3", "-o", path)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let trace = try String(contentsOfFile: path, encoding: .utf8)
        #expect(trace.components(separatedBy: "<section ").count - 1 == 3)
    }

    @Test("snapshot --time past the session's end exits 1 saying how long the session lasts")
    func snapshotPastTheEnd() throws {
        let trace = try ReelProcess.trace(events: #"<tap t="0.5" x="60" y="60"/>"#)
        let result = try ReelProcess.run("snapshot", trace, "--time", "9999")
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(trace): the time 9999 s is past the session's end: the session lasts "))
        #expect(result.stderr.contains("frames at 60 Hz); give a time from 0 to less than "))
        #expect(result.stdout.isEmpty)
        #expect(try ReelProcess.run("snapshot", trace, "--time", "0.5").status == 0)
    }

    @Test("A misspelled command is a usage error (64) suggesting the closest", arguments: [
        (["replya", "x.xml"], "unknown command 'replya'; did you mean 'replay'?"),
        (["valdate"], "unknown command 'valdate'; did you mean 'validate'?"),
        (["snap", "x.xml"], "unknown command 'snap'; did you mean 'snapshot'?"),
        (["Gate"], "unknown command 'Gate'; did you mean 'gate'?"),
        (["frobnicate"], "unknown command 'frobnicate'; the commands are 'replay', 'compare', 'gate', 'merge', 'snapshot', 'record', 'validate', 'layouts', 'help'"),
    ])
    func misspelledCommand(arguments: [String], message: String) throws {
        let result = try ReelProcess.run(arguments: arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(message)\nUsage: reel <subcommand>\n"), "stderr: \(result.stderr)")
    }
}
