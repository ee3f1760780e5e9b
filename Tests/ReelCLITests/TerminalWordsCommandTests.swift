import TestSupport
import Testing
import Foundation
import Reporting

/// The columns of every line of `text` over `width`, escapes excluded.
private func wideLines(_ text: String, over width: Int) -> [String] {
    text.split(separator: "\n").map(String.init).filter { TerminalText.columns($0) > width }
}

@Suite("The terminal's words: width, colour, names, record's summary, baselines, validate", .tags(.endToEnd))
struct TerminalWordsCommandTests {
    static let trace = "Traces/contacts-list.xml"
    static let quick = ["--repeat", "1", "--warmup", "0", "-q"]

    @Test("replay's text fits --width, and COLUMNS on a pipe; a file is 80 columns whatever COLUMNS says",
          arguments: [60, 80, 120, 200])
    func width(columns: Int) throws {
        let asked = try ReelProcess.run(arguments: ["replay", Self.trace, "--width", "\(columns)"] + Self.quick)
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(wideLines(asked.stdout, over: columns).isEmpty, "\(wideLines(asked.stdout, over: columns))")
        let environment = try ReelProcess.run(arguments: ["replay", Self.trace] + Self.quick,
                                              environment: ["COLUMNS": "\(columns)"], timeout: 600)
        #expect(wideLines(environment.stdout, over: columns).isEmpty)
        if columns >= 120 {
            // The header's facts take the room: the trace, layout, mode and clock on one line.
            #expect(environment.stdout.contains("\(Self.trace) · layout flow · offsets · clock cpu · workload model"))
        }
        let file = try ScratchDirectory.url("width-\(columns).txt").path
        _ = try ReelProcess.run(arguments: ["replay", Self.trace, "-o", file] + Self.quick,
                                environment: ["COLUMNS": "\(columns)"], timeout: 600)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(wideLines(written, over: 80).isEmpty)
    }

    @Test("--width out of range is a usage error")
    func widthRange() throws {
        let result = try ReelProcess.run(arguments: ["replay", Self.trace, "--width", "10"] + Self.quick)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--width must be from 40 to 1,000 columns"), "\(result.stderr)")
    }

    @Test("compare of three layouts fits 80 columns, one block per layout against the first")
    func compareThree() throws {
        let result = try ReelProcess.run(arguments: ["compare", Self.trace, "--layout", "flow", "--layout", "circle",
                                                     "--layout", "grid", "--repeat", "2", "--warmup", "0", "-q"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(wideLines(result.stdout, over: 80).isEmpty, "\(wideLines(result.stdout, over: 80))")
        #expect(result.stdout.contains("\ncircle against flow\n") && result.stdout.contains("\ngrid against flow\n"))
    }

    @Test("--color always colours standard output, never a file")
    func colourNeverInFile() throws {
        let file = try ScratchDirectory.url("always.txt").path
        let result = try ReelProcess.run(arguments: ["replay", Self.trace] + Self.quick + ["--color", "always", "-o", file])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.contains("Counters (per repeat)") && !written.contains("\u{1B}"))
        let json = try ScratchDirectory.url("always.json").path
        #expect(try ReelProcess.run(arguments: ["replay", Self.trace, "-f", "json", "-o", json] + Self.quick).status == 0)
        let merged = try ReelProcess.run(arguments: ["merge", json, "--color", "always", "-o", file])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(!(try String(contentsOfFile: file, encoding: .utf8)).contains("\u{1B}"))
    }

    @Test("Unknown layout and scenario names: did you mean, exit 64", arguments: [
        (["replay", "Traces/contacts-list.xml", "--layout", "flw"], "--layout: unknown layout 'flw'; did you mean 'flow'?"),
        (["compare", "Traces/contacts-list.xml", "--layout", "flow", "--layout", "cirlce"],
         "--layout: unknown layout 'cirlce'; did you mean 'circle'?"),
        (["snapshot", "Traces/contacts-list.xml", "--time", "1", "--layout", "gird"], "--layout: unknown layout 'gird'; did you mean 'grid'?"),
        (["record", "--scenario", "circel", "-o", "/dev/null"], "unknown scenario 'circel'; did you mean 'circle'?"),
    ])
    func didYouMean(arguments: [String], message: String) throws {
        let result = try ReelProcess.run(arguments: arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("record prints one line: scenario, layout, frames and seconds, events, path; the scenario's own layout")
    func recordSummary() throws {
        let path = try ScratchDirectory.url("summary-circle.xml").path
        let result = try ReelProcess.run("record", "--scenario", "circle", "--duration", "2", "-o", path)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stdout)")
        let line = String(lines.first ?? "")
        #expect(line.hasPrefix("recorded circle with layout circle: "), "\(line)")
        #expect(line.contains(" frames (") && line.contains(" s), ") && line.contains(" events, to \(path)"), "\(line)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("<layout name=\"circle\""))
        // A trace on standard output keeps standard output to itself: the summary goes to standard error.
        let piped = try ReelProcess.run("record", "--scenario", "circle", "--duration", "2", "-o", "-")
        #expect(piped.stdout.hasSuffix("</trace>\n"))
        #expect(piped.stderr.hasPrefix("recorded circle with layout circle: ") && piped.stderr.contains("to standard output"))
    }

    @Test("One misspelled element: one error, and a count of the errors it causes")
    func misspelledElement() throws {
        let text = try String(contentsOf: ReelProcess.root.appendingPathComponent(Self.trace), encoding: .utf8)
        let range = try #require(text.range(of: "<scroll "))
        let misspelled = text.replacingCharacters(in: range, with: "<scrol ")
        let path = try ScratchDirectory.url("misspelled.xml").path
        try misspelled.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ReelProcess.run("validate", path)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines.prefix(5))")
        #expect(lines.first?.contains(": unknown element 'scrol' in <events>") == true)
        #expect(lines.last?.hasPrefix("\(path): … and ") == true)
        #expect(lines.last?.contains(" errors left out that follow from the unknown element") == true)
        #expect(result.stderr == "1 trace checked: 1 error, 0 warnings\n")
    }
}
