import Testing
@testable import TraceXML
import TestSupport

@Suite("The truncation guard: what it holds back does not depend on how the input is split", .tags(.fast))
struct TruncationGuardTests {
    /// Whole and cut documents with every construct the guard follows: comments, CDATA, processing
    /// instructions, declarations, quoted `>` and `/` in attribute values, self-closing and nested elements.
    static let documents: [String] = {
        let whole = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment with <scroll> and -> inside -->
            <trace version="1">
              <meta><entry key="a>b" value='c/>d'/><![CDATA[<events>]]></meta>
              <events>
                <scroll t="0.016666666666666666" x="0" y="10"/>
                <?pi data?>
                <batch t="1"><delete-items section="0" at="1 2"/></batch>
                <drag t="2" phase="began" x="1" y="2" />
              </events>
            </trace>

            """
        let bytes = Array(whole.utf8)
        // The whole document and a cut at every tenth byte after the header.
        return [whole] + stride(from: 120, to: bytes.count, by: 10).map { String(decoding: bytes[..<$0], as: UTF8.self) }
    }()

    /// What the guard holds back and knows after `document` was fed in chunks of `chunk` bytes (the whole
    /// document at once when `nil`), then closed.
    private func outcome(_ document: String, chunk: Int?) -> [String] {
        var guarded = TruncationGuard(maximumDepth: 32, maximumHeldBytes: 1 << 20)
        let bytes = Array(document.utf8)
        var released: [Int] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + (chunk ?? bytes.count))
            bytes[start..<end].withUnsafeBytes { guarded.feed($0) }
            released.append(guarded.releasable)
            start = end
        }
        let state = "releasable \(guarded.releasable) complete \(guarded.isComplete) open \(guarded.hasOpenElements)"
        let closing = String(decoding: guarded.closeTruncatedDocument(), as: UTF8.self)
        return [state, closing, guarded.incompleteElement ?? "-", "\(released.last ?? 0)"]
    }

    @Test("Fed byte by byte, or in chunks of 7 or 64 bytes, the guard ends as when fed the whole input",
          arguments: [1, 7, 64])
    func chunked(_ chunk: Int) {
        for document in Self.documents {
            #expect(outcome(document, chunk: chunk) == outcome(document, chunk: nil), "\(document.utf8.count) bytes")
        }
    }

    @Test("A cut inside an event holds the event back and closes <events> and <trace>")
    func cutEvent() {
        let document = Self.documents[0]
        let cut = String(document.prefix(upTo: document.range(of: "<drag")!.upperBound))
        let result = outcome(cut, chunk: 5)
        #expect(result[1] == "</events></trace>")
        #expect(result[2] == "drag")
        #expect(outcome(document, chunk: 5)[0].hasSuffix("complete true open false"))
    }
}
