import TestSupport
import Testing
import Foundation

/// The JSON Schemas in `Schemas/` against what Reel writes: shipped traces' reports, comparisons and gate
/// judgements, and the JSON goldens.
@Suite("Schemas/ describes the JSON Reel writes", .tags(.endToEnd))
struct JSONSchemaTests {
    static func schema(_ name: String) throws -> JSONSchemaCheck {
        let url = ReelProcess.root.appendingPathComponent("Schemas/\(name).schema.json")
        return JSONSchemaCheck(root: try SchemaJSON(parsing: String(contentsOf: url, encoding: .utf8)))
    }

    static func expectConforms(_ text: String, to name: String, _ what: String) throws {
        let problems = try schema(name).problems(of: SchemaJSON(parsing: text))
        #expect(problems.isEmpty, "\(what) against \(name).schema.json: \(problems.prefix(5))")
    }

    @Test("Every schema is draft 2020-12 and uses only what the check checks")
    func schemasAreChecked() throws {
        for name in ["report", "comparison", "gate", "scale-check"] {
            let schema = try Self.schema(name)
            #expect(schema.root["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
            // A document that is nothing like the format fails, so the check is not empty.
            #expect(!schema.problems(of: .object([("format", .string("other"))])).isEmpty, "\(name)")
        }
    }

    @Test("Replay reports of shipped traces, one and several, conform; the verdict is machine-readable")
    func reports() throws {
        let one = try ReelProcess.run("replay", "Traces/stacked-albums.xml", "--repeat", "2", "--warmup", "0", "-q",
                                      "-f", "json", "--frames")
        #expect(one.status == 0, "\(one.stderr)")
        try Self.expectConforms(one.stdout, to: "report", "replay of stacked-albums")
        let verdict = try #require(try SchemaJSON(parsing: one.stdout)["verdict"])
        #expect(verdict["status"] == .string("fail"), "stacked-albums has janky frames")
        #expect(verdict["thresholds"]?["max_janky_frames"] == .integer(0))
        guard case .array(let violations) = verdict["violations"] else { Issue.record("no violations"); return }
        #expect(violations.contains { $0["figure"] == .string("janky_frames") })
        let several = try ReelProcess.run("replay", "Traces/contacts-list.xml", "Traces/circle-clock.xml", "--repeat", "1",
                                          "--warmup", "0", "-q", "-f", "json", "--max-janky-frames", "1000",
                                          "--max-hitch-ratio", "1000")
        try Self.expectConforms(several.stdout, to: "report", "replay of two traces")
        #expect(!several.stdout.contains("\"status\": \"fail\""))
    }

    @Test("A comparison of three layouts conforms, each layout's report a report")
    func comparison() throws {
        let result = try ReelProcess.run("compare", "Traces/contacts-list.xml", "--layout", "flow", "--layout", "circle",
                                         "--layout", "grid", "--repeat", "2", "--warmup", "0", "-q", "-f", "json")
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectConforms(result.stdout, to: "comparison", "compare of three layouts")
    }

    @Test("A gate judgement against a shipped baseline conforms, with its verdict; a failed one too")
    func gate() throws {
        let directory = try ScratchDirectory.folder("schema-gate")
        let baseline = directory.appendingPathComponent("contacts-list.json").path
        #expect(try ReelProcess.run("replay", "Traces/contacts-list.xml", "--repeat", "2", "--warmup", "0", "-q",
                                    "-f", "json", "-o", baseline).status == 0)
        let judged = try ReelProcess.run("gate", "--baseline", baseline, "Traces/contacts-list.xml", "--repeat", "2",
                                         "--warmup", "0", "-q", "-f", "json", "--max-janky-frames", "0")
        try Self.expectConforms(judged.stdout, to: "gate", "gate of contacts-list")
        let verdict = try #require(try SchemaJSON(parsing: judged.stdout)["verdict"])
        #expect(verdict["status"] == .string(judged.status == 0 ? "pass" : "fail"))
        let failed = try ReelProcess.run("gate", "--baseline", baseline, "Traces/missing.xml", "-q", "-f", "json")
        try Self.expectConforms(failed.stdout, to: "gate", "gate of a missing trace")
        #expect(try SchemaJSON(parsing: failed.stdout)["verdict"]?["status"] == .string("fail"))
    }

    @Test("The JSON report goldens conform", arguments: ["case-study.json", "incomplete-frames.json"])
    func goldens(name: String) throws {
        let url = ReelProcess.root.appendingPathComponent("Tests/ReportingTests/Golden/\(name)")
        try Self.expectConforms(try String(contentsOf: url, encoding: .utf8), to: "report", name)
    }
}
