import Foundation
import Testing
@testable import TraceXML
import TestSupport

/// What the start of a document says when it cannot be a trace (``DocumentStart``), against a table of small
/// cases, and the reader and validator telling it in those words.
@Suite("The start of a document", .tags(.fast))
struct DocumentStartTests {
    static let utf8Trace = Array(#"<?xml version="1.0" encoding="UTF-8"?>\#n<trace version="1">"#.utf8)

    @Test("Each start that cannot be a trace is told, with its place; a trace's start is fine", arguments: [
        ([], "the file is empty; expected a <trace> document", nil, nil),
        (Array("  \n\t\r\n".utf8), "the file holds only whitespace; expected a <trace> document", 1, 1),
        ([0xEF, 0xBB, 0xBF, 0x20, 0x0A], "the file holds only whitespace; expected a <trace> document", 1, 1),
        ([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x3C], "a stray byte-order mark: the file starts with two (EF BB BF EF BB BF); remove one", 1, 1),
        ([0xFF, 0xFE, 0x3C, 0x00], "the trace is UTF-16; Reel reads UTF-8: convert it, e.g. iconv -f UTF-16 -t UTF-8", 1, 1),
        ([0x00, 0x3C, 0x00, 0x3F], "the trace is UTF-16; Reel reads UTF-8: convert it, e.g. iconv -f UTF-16 -t UTF-8", 1, 1),
        ([0x00, 0x00, 0xFE, 0xFF], "the trace is UTF-32; Reel reads UTF-8: convert it, e.g. iconv -f UTF-32 -t UTF-8", 1, 1),
        ([0x4C, 0x6F, 0xA7, 0x94, 0x93], "the trace is EBCDIC-encoded; Reel reads UTF-8: convert it, e.g. iconv -f IBM037 -t UTF-8", 1, 1),
        (Array("<?xml version=\"1.0\"?>\n".utf8), "the document has no root element; expected a <trace> element", 2, 1),
        (Array("<?xml version=\"1.0\"?>\n<!-- a -- b -->\n  <?pi x?>".utf8), "the document has no root element; expected a <trace> element", 3, 11),
    ] as [([UInt8], String, Int?, Int?)])
    func problems(bytes: [UInt8], message: String, line: Int?, column: Int?) {
        #expect(DocumentStart.problem(in: bytes) == DocumentStart.Problem(message: message, line: line, column: column))
    }

    @Test("A start a trace may have, or one libxml2 tells well enough, is no problem", arguments: [
        utf8Trace, [0xEF, 0xBB, 0xBF] + utf8Trace, Array("<trace".utf8), Array("\n\n<trace/>".utf8),
        Array("<!DOCTYPE trace>".utf8), Array("text".utf8), Array("<!-- cut".utf8), Array("<?xml version".utf8),
    ])
    func fine(bytes: [UInt8]) {
        #expect(DocumentStart.problem(in: bytes) == nil)
    }

    @Test("A declared encoding other than UTF-8 explains a failure; UTF-8 and ASCII do not", arguments: [
        ("ISO-8859-1", true), ("Shift_JIS", true), ("UTF-8", false), ("utf8", false), ("US-ASCII", false),
    ])
    func declaredEncoding(encoding: String, told: Bool) {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<trace".utf8)
        #expect((DocumentStart.declaredEncodingProblem(in: bytes) != nil) == told)
    }

    @Test("The reader and the validator tell two byte-order marks in these words, at 1:1")
    func readerAndValidator() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Self.utf8Trace
        #expect { _ = try TraceReader(bytes: bytes, path: "t.xml") } throws: { error in
            (error as? TraceError)?.description == "t.xml:1:1: a stray byte-order mark: the file starts with two (EF BB BF EF BB BF); remove one"
        }
        let diagnostics = TraceValidator.validate(bytes: bytes, path: "t.xml")
        #expect(diagnostics.map(\.description) == ["t.xml:1:1: a stray byte-order mark: the file starts with two (EF BB BF EF BB BF); remove one"])
    }
}
