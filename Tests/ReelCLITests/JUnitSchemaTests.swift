import CLibXML2
import Foundation
import Testing
import TestSupport

/// Jenkins' JUnit schema (`junit-10.xsd`, from the xUnit plugin) and libxml2's XML Schema validator: what makes
/// a JUnit document one that Jenkins, GitLab and GitHub test reporters read. The schema is not kept in the
/// repository: `Tests/Fixtures/junit/get-schema.sh` (run by `.ci/run`) puts it at
/// `.build/junit-schema/junit-10.xsd`; `REEL_JUNIT_SCHEMA` names another copy.
enum JUnitSchema {
    static let url = ProcessInfo.processInfo.environment["REEL_JUNIT_SCHEMA"].map { URL(fileURLWithPath: $0) }
        ?? ReelProcess.root.appendingPathComponent(".build/junit-schema/junit-10.xsd")

    /// Whether the schema tests run: when the schema is there, and always on CI, where its absence fails them.
    static var enabled: Bool {
        FileManager.default.fileExists(atPath: url.path) || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// Why `xml` is not a valid JUnit document, one message per problem; empty when it is valid. Neither the
    /// schema nor the document may reach the network (`XML_PARSE_NONET`).
    static func violations(of xml: String) throws -> [String] {
        let schemaBytes = Array(try Data(contentsOf: url))
        let messages = Messages()
        let context = Unmanaged.passUnretained(messages).toOpaque()
        let options = Int32(XML_PARSE_NONET.rawValue)
        guard let schemaDocument = schemaBytes.withUnsafeBufferPointer({ buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlReadMemory($0.baseAddress, Int32($0.count), url.path, "UTF-8", options)
            }
        }) else { return ["the schema is not well-formed XML"] }
        defer { xmlFreeDoc(schemaDocument) }
        guard let parser = xmlSchemaNewDocParserCtxt(schemaDocument) else { return ["out of memory"] }
        defer { xmlSchemaFreeParserCtxt(parser) }
        xmlSchemaSetParserStructuredErrors(parser, { context, error in
            guard let context, let error else { return }
            Unmanaged<Messages>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
        }, context)
        guard let schema = xmlSchemaParse(parser) else { return ["the schema does not parse"] + messages.lines }
        defer { xmlSchemaFree(schema) }

        let documentBytes = Array(xml.utf8)
        guard let document = documentBytes.withUnsafeBufferPointer({ buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlReadMemory($0.baseAddress, Int32($0.count), "junit.xml", "UTF-8", options | Int32(XML_PARSE_NOERROR.rawValue))
            }
        }) else { return ["the document is not well-formed XML"] }
        defer { xmlFreeDoc(document) }
        guard let validator = xmlSchemaNewValidCtxt(schema) else { return ["out of memory"] }
        defer { xmlSchemaFreeValidCtxt(validator) }
        xmlSchemaSetValidStructuredErrors(validator, { context, error in
            guard let context, let error else { return }
            Unmanaged<Messages>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
        }, context)
        let status = xmlSchemaValidateDoc(validator, document)
        if status != 0 && messages.lines.isEmpty { return ["invalid (libxml2 status \(status))"] }
        return status == 0 ? [] : messages.lines
    }

    /// libxml2's messages, collected through its structured error callback.
    private final class Messages {
        var lines: [String] = []

        func record(_ error: xmlError) {
            let message = error.message.map { String(cString: $0) } ?? "?"
            lines.append("line \(error.line): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}

/// Every JUnit document Reel writes is valid against Jenkins' schema; the check itself rejects documents that
/// are not.
@Suite("JUnit XML against Jenkins' junit-10.xsd", .tags(.endToEnd),
       .enabled(if: JUnitSchema.enabled, "the JUnit schema is missing: run Tests/Fixtures/junit/get-schema.sh"))
struct JUnitSchemaTests {
    @Test("The schema check rejects documents that violate the schema")
    func rejects() throws {
        let valid = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="x" tests="1" failures="0" errors="0" time="1.5">
              <testsuite name="x" tests="1" failures="0" errors="0" time="1.5">
                <testcase classname="c" name="n" time="1.5"/>
              </testsuite>
            </testsuites>
            """
        #expect(try JUnitSchema.violations(of: valid) == [])
        let invalid = [
            // A test suite without its required counts.
            valid.replacingOccurrences(of: #"<testsuite name="x" tests="1" failures="0" errors="0""#, with: #"<testsuite name="x""#),
            // An attribute the schema does not declare on <testsuites> (what gate wrote before it used JUnitXML).
            valid.replacingOccurrences(of: #"<testsuites name="x""#, with: #"<testsuites name="x" skipped="0""#),
            // A time that is not SUREFIRE_TIME.
            valid.replacingOccurrences(of: #"time="1.5">"#, with: #"time="1.5s">"#),
            // A test case without a name.
            valid.replacingOccurrences(of: #"name="n" "#, with: ""),
            // An element the schema does not know.
            valid.replacingOccurrences(of: #"time="1.5"/>"#, with: #"time="1.5"><verdict/></testcase>"#),
        ]
        for document in invalid {
            #expect(document != valid)
            let violations = try JUnitSchema.violations(of: document)
            #expect(!violations.isEmpty, "\(document)")
        }
        #expect(try JUnitSchema.violations(of: "<testsuites>") == ["the document is not well-formed XML"])
    }

    @Test("replay's JUnit for every shipped trace is valid")
    func replayShipped() async throws {
        let run = try await ShippedJUnit.replay()
        #expect(try JUnitSchema.violations(of: run.stdout) == [])
    }

    @Test("replay's JUnit with failures, errors and an incomplete replay is valid")
    func replayFailing() throws {
        let run = try ShippedJUnit.failingReplay.get()
        #expect(try JUnitSchema.violations(of: run.stdout) == [])
    }

    @Test("compare's JUnit is valid, failing and erroring ones included")
    func compare() throws {
        #expect(try JUnitSchema.violations(of: ShippedJUnit.compare.get().stdout) == [])
        #expect(try JUnitSchema.violations(of: ShippedJUnit.failingCompare.get().stdout) == [])
    }

    @Test("gate's JUnit is valid: passing, skipped and failing figures, and a trace that failed")
    func gate() throws {
        let run = try ShippedJUnit.gate.get()
        #expect(run.stdout.contains("<skipped") && run.stdout.contains("<failure") && run.stdout.contains("<error"))
        #expect(try JUnitSchema.violations(of: run.stdout) == [])
    }
}
