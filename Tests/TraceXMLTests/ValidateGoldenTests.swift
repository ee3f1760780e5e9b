import Foundation
import Testing
@testable import TraceXML
import TestSupport

/// What `TraceValidator.validate` reports — the schema and reader findings `reel validate` prints — for
/// every fixture and shipped trace and for the mutated documents of ``SchemaCorpus``, recorded with the
/// implementation of two passes (the reader, then libxml2's RELAX NG validation) before the one-pass
/// checker replaced it on the fast path: the findings must stay byte-identical.
@Suite("validate's findings (goldens)", .tags(.fast))
struct ValidateGoldenTests {
    @Test("Every fixture and shipped trace: the same findings as recorded", arguments: SchemaCorpus.fixtures)
    func fixture(_ relativePath: String) throws {
        let findings = TraceValidator.validate(path: packageRoot + "/" + relativePath)
            .map { $0.description.replacingOccurrences(of: packageRoot + "/", with: "") + "\n" }.joined()
        try expectGolden(findings, named: "validate/" + relativePath.replacingOccurrences(of: "/", with: "__") + ".txt")
    }

    @Test("Every mutated document: the same findings as recorded", arguments: SchemaCorpus.bases.map(\.name))
    func mutations(_ base: String) throws {
        let documents = SchemaCorpus.mutations(of: SchemaCorpus.bases.first { $0.name == base }!,
                                               values: SchemaCorpus.goldenValues)
        #expect(documents.count > 100)
        var text = ""
        for document in documents {
            text += "## \(document.name)\n"
            for finding in TraceValidator.validate(bytes: Array(document.text.utf8), path: "m.xml") {
                text += finding.description + "\n"
            }
        }
        try expectGolden(text, named: "validate/mutations-\(base).txt")
    }
}
