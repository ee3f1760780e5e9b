import Foundation
import Testing
@testable import TraceXML
import TestSupport

/// `Traces/trace.rng` stays the published schema; ``SchemaChecker`` checks the same in Swift. Both must
/// agree — valid or not, and the line of the first error — on every fixture and shipped trace and on every
/// document of ``SchemaCorpus``.
@Suite("Schema checker agrees with trace.rng", .tags(.exhaustive))
struct ExhaustiveSchemaAgreementTests {
    /// libxml2's RELAX NG verdict: nil for valid, else the line of its first error; `.none` (outer nil)
    /// when the document is not well-formed XML, which neither judges.
    private func relaxNG(_ bytes: [UInt8], schema: CompiledSchema) throws -> Int?? {
        let diagnostics = try TraceValidator.schemaPass(source: .memory(bytes, offset: 0), path: "a.xml", limits: .init(),
                                                        schema: schema)
        if diagnostics.contains(where: { $0.code != .schema }) { return .none }
        return .some(diagnostics.first.map { $0.location?.line ?? 0 })
    }

    /// The checker's verdict in the same form, and the other line its first problem may be told at.
    private func checker(_ bytes: [UInt8]) -> (Int?, alternative: Int?)? {
        guard let checker = try? SchemaChecker.check(source: .memory(bytes, offset: 0), path: "a.xml", limits: .init())
        else { return nil }
        #expect(checker.isValid == (checker.problem == nil))
        return (checker.problem?.line, checker.problem?.alternativeLine)
    }

    /// Whether the checker's verdict is libxml2's: both valid, or both invalid with the first error on the
    /// same line — the checker's line or its alternative (an element with content, whose start tag's
    /// problems libxml2 tells at the start tag or at the next tag, depending on when it finds them), or
    /// line 1 when libxml2 gives none (it reports no line for a `<layout>` inside a `<transition>`, which
    /// it validates as a whole).
    private func agree(_ expected: Int?, _ actual: (Int?, alternative: Int?)?) -> Bool {
        guard let actual else { return false }
        guard let expected, let line = actual.0 else { return expected == nil && actual.0 == nil }
        return expected == line || expected == actual.alternative || expected == 1
    }

    private func disagreements(_ documents: [(name: String, bytes: [UInt8])]) throws -> (checked: Int, [String]) {
        var found: [String] = []
        var checked = 0
        let schema = try CompiledSchema()
        for document in documents {
            guard let expected = try relaxNG(document.bytes, schema: schema) else { continue }
            checked += 1
            let actual = checker(document.bytes)
            guard !agree(expected, actual) else { continue }
            let said = actual.map { $0.0.map { "error at line \($0)" } ?? "valid" } ?? "not well-formed"
            found.append("\(document.name): trace.rng says \(expected.map { "error at line \($0)" } ?? "valid"), the checker \(said)")
        }
        // SCHEMA_AGREEMENT_DUMP=path writes every disagreement to path-<base>, for working on the checker.
        if let dump = ProcessInfo.processInfo.environment["SCHEMA_AGREEMENT_DUMP"] {
            try? (found.joined(separator: "\n") + "\n").write(toFile: dump + "-\(documents.first?.name.prefix(8) ?? "")",
                                                          atomically: true, encoding: .utf8)
        }
        return (checked, found)
    }

    @Test("Every fixture and shipped trace")
    func fixtures() throws {
        let documents = try SchemaCorpus.fixtures.map { path in
            (name: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/" + path))))
        }
        let (checked, found) = try disagreements(documents)
        #expect(checked >= 50)
        #expect(found.isEmpty, "\(found.count) disagreements:\n\(found.prefix(30).joined(separator: "\n"))")
    }

    @Test("Every mutated document", arguments: SchemaCorpus.bases.map(\.name))
    func mutations(_ base: String) throws {
        let documents = SchemaCorpus.mutations(of: SchemaCorpus.bases.first { $0.name == base }!)
            .map { (name: $0.name, bytes: Array($0.text.utf8)) }
        let (checked, found) = try disagreements(documents)
        #expect(checked > 100)
        #expect(found.isEmpty, "\(found.count) of \(checked) disagree:\n\(found.prefix(40).joined(separator: "\n"))")
    }

    @Test("The bases themselves are valid, so each mutation starts from a valid document")
    func basesValid() throws {
        for base in SchemaCorpus.bases {
            #expect(try relaxNG(Array(base.text.utf8), schema: CompiledSchema()) == .some(nil), "\(base.name)")
            #expect(checker(Array(base.text.utf8)).map { $0.0 == nil } == true, "\(base.name)")
        }
    }

    @Test("Value syntax: the schema's patterns and ranges")
    func values() {
        func check(_ text: String, _ kind: ValueKind) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { ValueSyntax.check($0, kind) }
        }
        #expect(check("100 100, 50 80*3,1 2*99999999", .sizeList))
        #expect(check("", .sizeList))
        #expect(!check("1 2*123456789", .sizeList))
        #expect(!check("1 2*", .sizeList))
        #expect(!check("1 2,  3 4", .sizeList))
        #expect(!check("-1 2", .sizeList))
        #expect(check("0 1  2", .itemIndexList) && !check("0 ", .itemIndexList) && !check("1234567890123456789", .itemIndexList))
        #expect(check("-1.5e3 0 0 2", .insets) && !check("1 2 3", .insets))
        #expect(check("240", .refreshRate) && !check("240.0001", .refreshRate) && !check("+1", .refreshRate))
        // At the bounds, strtod's rounding decides, as it does for libxml2.
        #expect(check("240.00000000000000000001", .refreshRate) && check("0.99999999999999999999", .viewLength))
        #expect(!check("240.0000001", .refreshRate) && !check("0.9999999", .viewLength) && check("239.999", .refreshRate))
        #expect(check("86400", .seconds) && check("0.000", .seconds) && !check("86400.5", .seconds) && !check("1e5", .seconds))
        #expect(check("10000000", .itemCount) && !check("10000001", .itemCount) && !check("", .itemCount))
        #expect(check("0.999", .decelerationRate) && check("fast", .decelerationRate) && !check("-0.5", .decelerationRate))
        #expect(check("1", .versionOne) && !check("1.0", .versionOne))
    }
}
