import Foundation
import Testing
@testable import TraceXML
import TestSupport

@Suite("Schema", .tags(.fast))
struct SchemaTests {
    @Test("Traces/trace.rng is the schema the library embeds")
    func fileMatchesEmbedded() throws {
        let path = packageRoot + "/Traces/trace.rng"
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try (TraceSchema.relaxNG + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("Rewrote \(path) from TraceSchema.relaxNG; run again without RECORD_SNAPSHOTS.")
            return
        }
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(file == TraceSchema.relaxNG + "\n", "Traces/trace.rng and TraceSchema.swift differ")
    }

    @Test("The schema accepts everything the writer writes", arguments: 0..<40)
    func acceptsWriterOutput(_ index: UInt64) throws {
        let seed = 0xC0FFEE + index
        var generator = SeededGenerator(seed: seed)
        let written = try TraceWriter.encode(RandomTrace.make(using: &generator))
        let diagnostics = try TraceValidator.schemaPass(source: .memory(written, offset: 0), path: "w.xml", limits: .init())
        #expect(diagnostics.isEmpty, "seed \(seed): \(diagnostics.map(\.description))")
        #expect(TraceValidator.validate(bytes: written).isEmpty, "seed \(seed)")
    }

    @Test("The specification's example and the every-attribute trace validate cleanly")
    func examplesValidate() throws {
        #expect(TraceValidator.validate(path: fixturePath("spec-example.xml")).isEmpty)
        #expect(TraceValidator.validate(bytes: try TraceWriter.encode(everyAttribute)).isEmpty)
    }

    @Test("validate lists every schema error with its line, and a cut trace as a warning")
    func schemaErrorsWithLines() {
        let text = document(events: """
            <scroll t="1" x="0" y="0" z="1"/>
            <tap t="2" x="0" y="0"/>
            <tap t="3" x="0" y="0" w="1"/>
        """)
        #expect(TraceValidator.validate(bytes: bytes(text), path: "v.xml").map(\.description) == [
            "v.xml:7:31: unknown attribute 'z' on <scroll>; expected one of 't', 'x', 'y'",
            "v.xml:9:5: does not match the schema: attribute 'w' is not allowed on <tap>",
        ])
        let valid = document(events: "<tap t=\"2\" x=\"0\" y=\"0\"/>\n<tap t=\"3\" x=\"0\" y=\"0\"/>")
        let cut = String(valid.dropLast("/>\n  </events>\n</trace>\n".count))
        #expect(TraceValidator.validate(bytes: bytes(cut), path: "v.xml").map(\.description) ==
                ["v.xml:8:1: warning: the trace is cut off here, inside an incomplete <tap>; read 1 complete events, the last at line 7"])
    }
}
