import Reporting
import Testing
import TestSupport

/// `--export FORMAT=PATH` read into a ``ReportOutput``, and the one-standard-output rule.
@Suite("Report outputs", .tags(.fast))
struct ReportOutputTests {
    @Test("FORMAT=PATH: the first = ends the format; - is standard output",
          arguments: [("json=a.json", ReportFormat.json, "a.json"), ("chrome-trace=out/t=1.json", .chromeTrace, "out/t=1.json"),
                      ("text=-", .text, "-")])
    func parses(value: String, format: ReportFormat, path: String) throws {
        let output = try ReportOutput<ReportFormat>(export: value)
        #expect(output == ReportOutput(format: format, path: path))
        #expect(output.isStandardOutput == (path == "-"))
    }

    @Test("A value without =, an unknown format or no path is refused, quoting the value and listing the formats",
          arguments: [("json", "--export 'json': expected FORMAT=PATH, with FORMAT one of text, json, markdown, junit"),
                      ("html=g.html", "--export 'html=g.html': unknown format 'html'; expected one of text, json, markdown, junit"),
                      ("=g.json", "--export '=g.json': unknown format ''; expected one of text, json, markdown, junit"),
                      ("json=", "--export 'json=': no path after '='; expected FORMAT=PATH, - for standard output")])
    func refuses(value: String, message: String) {
        #expect(throws: ReportOutputError.self) { try ReportOutput<GateFormat>(export: value) }
        do {
            _ = try ReportOutput<GateFormat>(export: value)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("At most one output goes to standard output: no -o and an export to -, or two exports to -")
    func oneStandardOutput() throws {
        let main = ReportOutput<ReportFormat>(format: .text, path: nil)
        let toFile = ReportOutput<ReportFormat>(format: .json, path: "a.json")
        let toStandard = ReportOutput<ReportFormat>(format: .json, path: "-")
        try ReportOutput.checkOneStandardOutput([main, toFile])
        try ReportOutput.checkOneStandardOutput([ReportOutput(format: .text, path: "r.txt"), toStandard, toFile])
        #expect(throws: ReportOutputError(
            value: "json=-",
            message: "standard output already takes the text output; at most one output may be standard output "
                + "(give -o PATH, or export to a file)")) {
            try ReportOutput.checkOneStandardOutput([main, toFile, toStandard])
        }
    }
}
