import TestSupport
import Testing
import Foundation
import Reporting

/// The columns of every line of `text` over `width`, escapes excluded.
private func wideLines(_ text: String, over width: Int = 80) -> [String] {
    text.split(separator: "\n").map(String.init).filter { TerminalText.columns($0) > width }
}

/// Runs `command` in a shell under a pseudo-terminal (`script`), with `environment` added to this process's,
/// and returns everything the terminal received.
private func underTerminal(_ command: String, environment: [String: String] = [:],
                           removing: [String] = []) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", command, "/dev/null"]
    process.currentDirectoryURL = ReelProcess.root
    var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    for name in removing { merged[name] = nil }
    process.environment = merged
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// `text` without ANSI escapes.
private func plain(_ text: String) -> String {
    text.replacing(/\x{1B}\[[0-9;]*[A-Za-z]/, with: "")
}

private let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

@Suite("Terminal output: 80 columns, colour, progress", .tags(.endToEnd))
struct TerminalOutputTests {
    @Test("Zero counters are hidden in text and all present in JSON, for two shipped traces",
          arguments: ["Traces/photo-grid-browse.xml", "Traces/survey-decorated-flow.xml"])
    func zeroCounters(file: String) throws {
        let text = try ReelProcess.run("replay", file, "--repeat", "1", "--warmup", "0", "-q")
        let json = try ReelProcess.run("replay", file, "--repeat", "1", "--warmup", "0", "-q", "-f", "json")
        let report = try #require(try Report.decode(json: json.stdout).first)
        let zeros = report.counters.filter { $0.value == 0 }
        #expect(!zeros.isEmpty)
        for (counter, value) in report.counters {
            #expect(text.stdout.contains("\n  \(counter.key) ") == (value != 0), "\(counter.key)")
        }
        #expect(text.stdout.contains("\n  … \(zeros.count) zero counters not shown; all in --format json\n"))
    }

    @Test("compare's and gate's text fit 80 columns for two shipped traces",
          arguments: ["Traces/photo-grid-browse.xml", "Traces/cats-wall-prepare-for-reuse.xml"])
    func compareAndGateFit(file: String) throws {
        let compare = try ReelProcess.run("compare", file, "--layout", "flow", "--layout", "circle",
                                          "--repeat", "2", "--warmup", "0", "-q")
        #expect(compare.status == 0, "\(compare.stderr)")
        #expect(compare.stdout.contains("warning: with 2 repeats"))
        #expect(wideLines(compare.stdout).isEmpty, "\(wideLines(compare.stdout))")
        let directory = try ScratchDirectory.folder("width")
        let baseline = directory.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent + ".json").path
        let update = try ReelProcess.run("gate", "--baseline", baseline, file, "--update", "--repeat", "2",
                                         "--warmup", "0", "-q")
        #expect(update.status == 0, "\(update.stderr)")
        let gate = try ReelProcess.run("gate", "--baseline", baseline, file, "--repeat", "2", "--warmup", "0", "-q")
        #expect(gate.stdout.contains("not judged"))
        #expect(wideLines(gate.stdout).isEmpty, "\(wideLines(gate.stdout))")
    }

    @Test("On a terminal the report is coloured; NO_COLOR, TERM=dumb, --color never and -o FILE turn it off",
          .enabled(if: hasScript))
    func colourOnTerminal() throws {
        let reel = ReelProcess.executable.path
        let replay = "'\(reel)' replay Traces/contacts-list.xml --repeat 1 --warmup 0 -q"
        let coloured = try underTerminal(replay, environment: ["TERM": "xterm"], removing: ["NO_COLOR"])
        #expect(coloured.contains("\u{1B}[32mPASS\u{1B}[0m: ") || coloured.contains("\u{1B}[31mFAIL\u{1B}[0m: ")
                || coloured.contains("\u{1B}[33m"), "\(coloured.prefix(200))")
        #expect(plain(coloured).contains("Counters (per repeat)"))
        for (name, output) in [
            ("NO_COLOR=1", try underTerminal(replay, environment: ["TERM": "xterm", "NO_COLOR": "1"])),
            ("TERM=dumb", try underTerminal(replay, environment: ["TERM": "dumb"], removing: ["NO_COLOR"])),
            ("--color never", try underTerminal(replay + " --color never", environment: ["TERM": "xterm"],
                                                removing: ["NO_COLOR"])),
        ] {
            #expect(!output.contains("\u{1B}"), "\(name): \(output.prefix(200))")
            #expect(output.contains("Counters (per repeat)"), "\(name)")
        }
        // An empty NO_COLOR is unset (no-color.org).
        let empty = try underTerminal(replay, environment: ["TERM": "xterm", "NO_COLOR": ""])
        #expect(empty.contains("\u{1B}["))
        // A file gets no colour, even from a terminal; --color always colours a pipe.
        let file = try ScratchDirectory.url("colour.txt").path
        _ = try underTerminal(replay + " -o '\(file)'", environment: ["TERM": "xterm"], removing: ["NO_COLOR"])
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.contains("Counters (per repeat)") && !written.contains("\u{1B}"))
        let always = try ReelProcess.run("replay", "Traces/contacts-list.xml", "--repeat", "1", "--warmup", "0", "-q",
                                         "--color", "always")
        #expect(always.stdout.contains("\u{1B}["))
    }

    @Test("The progress bar on a 40-column terminal: no line over 39 columns, however long the path; cleared at the end",
          .enabled(if: hasScript))
    func progressBarNeverWraps() throws {
        var directory = ScratchDirectory.root.appendingPathComponent("progress")
        for level in 0..<6 {
            directory.appendPathComponent("a-folder-name-long-enough-to-need-shortening-\(level)")
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let trace = directory.appendingPathComponent("contacts-list.xml")
        try? FileManager.default.removeItem(at: trace)
        try FileManager.default.copyItem(at: ReelProcess.root.appendingPathComponent("Traces/contacts-list.xml"),
                                         to: trace)
        #expect(trace.path.count > 300)
        let report = directory.appendingPathComponent("report.txt").path
        let output = try underTerminal(
            "stty cols 40 rows 24; COLUMNS=40 '\(ReelProcess.executable.path)' replay '\(trace.path)' "
                + "--repeat 2 --warmup 1 -o '\(report)'")
        let redraws = output.components(separatedBy: "\r\u{1B}[K")
        #expect(redraws.count > 3, "the bar was drawn: \(output.prefix(300))")
        let segments = plain(output).split(whereSeparator: { $0 == "\r" || $0 == "\n" })
        let wide = segments.filter { TerminalText.columns($0) > 39 }
        #expect(wide.isEmpty, "\(wide)")
        #expect(plain(output).contains("warm-up 1/1"))
        #expect(plain(output).contains("pass 2/2"))
        #expect(output.hasSuffix("\r\u{1B}[K"), "cleared at the end: \(output.suffix(80).debugDescription)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("Counters (per repeat)"))
    }
}
