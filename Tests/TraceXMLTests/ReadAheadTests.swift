import Foundation
import Testing
@testable import TraceXML
import TestSupport

/// `reel validate` parses on a second thread (`ReadAhead`): the events and errors must be the sequential
/// reader's, and the thread must end whenever the reader stops.
@Suite("Reading ahead on a second thread", .tags(.fast))
struct ReadAheadTests {
    /// What reading `text` to its end gives: the events, the warnings, then the error that stopped it, if any.
    private func read(_ text: [UInt8], readsAhead: Bool, allowsTruncation: Bool)
        -> (events: [TraceEvent], warnings: [String], error: TraceError?) {
        var events: [TraceEvent] = []
        var reader: TraceReader?
        do {
            reader = try TraceReader(source: .memory(text, offset: 0), path: "x.xml",
                                     options: .init(allowsTruncation: allowsTruncation),
                                     schemaChecker: allowsTruncation ? nil : SchemaChecker(), readsAhead: readsAhead)
            while let event = try reader?.next() { events.append(event) }
            return (events, reader?.warnings.map(\.description) ?? [], nil)
        } catch {
            return (events, reader?.warnings.map(\.description) ?? [], error)
        }
    }

    /// Reads `text` both ways and checks they agree: the same events at the same places, the same warnings,
    /// and the same error, placed at the same position or, for an attribute's error, at its element's start
    /// before it.
    private func expectAgreement(_ text: [UInt8], _ name: String, allowsTruncation: Bool = false) {
        let sequential = read(text, readsAhead: false, allowsTruncation: allowsTruncation)
        let ahead = read(text, readsAhead: true, allowsTruncation: allowsTruncation)
        #expect(ahead.events == sequential.events, "\(name)")
        #expect(ahead.events.map(\.location) == sequential.events.map(\.location), "\(name)")
        #expect(ahead.warnings == sequential.warnings, "\(name)")
        #expect(ahead.error?.code == sequential.error?.code, "\(name)")
        #expect(ahead.error?.message == sequential.error?.message, "\(name)")
        if let expected = sequential.error?.location, let found = ahead.error?.location, found != expected {
            #expect((found.line, found.column) < (expected.line, expected.column), "\(name): \(found) for \(expected)")
        } else {
            #expect(ahead.error?.location == sequential.error?.location, "\(name)")
        }
    }

    @Test("Every fixture and shipped trace reads the same with a read-ahead, the longest across batches")
    func fixturesAgree() throws {
        var longest = 0
        for path in SchemaCorpus.fixtures {
            let text = try [UInt8](Data(contentsOf: URL(fileURLWithPath: packageRoot + "/" + path)))
            longest = max(longest, text.count)
            expectAgreement(text, path)
        }
        #expect(longest > ReadAhead.piecesPerBatch * PieceParser.pieceSize)
    }

    @Test("A long trace reads the same with a read-ahead: many batches, item-sizes text across pieces")
    func longTraceAgrees() {
        let sizes = (0..<50_000).map { "\(40 + $0 % 7) \(40 + $0 % 11)" }.joined(separator: ", ")
        let header = """
          <collection-view width="390" height="844"/>
          <layout name="flow" item-size="50 50"/>
          <data>
            <section items="100000" reuse-identifier="c">
              <item-sizes>\(sizes)</item-sizes>
              <item-sizes>\(sizes)</item-sizes>
            </section>
          </data>
        """
        let events = (1...40_000).map { "<scroll t=\"\(Double($0) / 60)\" x=\"0\" y=\"\($0 * 3)\"/>" }
            .joined(separator: "\n")
        let text = bytes(document(events: events, header: header))
        #expect(text.count > 10 * ReadAhead.piecesPerBatch * PieceParser.pieceSize)
        expectAgreement(text, "long trace")
        let ahead = read(text, readsAhead: true, allowsTruncation: false)
        #expect(ahead.error == nil && ahead.events.count == 40_000)
    }

    @Test("Traces cut anywhere read the same with a read-ahead when a cut is tolerated, the cut's warning included")
    func cutTracesAgree() throws {
        let text = try [UInt8](Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Traces/photo-grid-browse.xml")))
        // In the header, at chunk and batch edges, near the end, and at 20 places spread over the events.
        let cuts = [60, 300, 700, 1_000, 4_096, 4_097, 32_768, 33_000, text.count - 30, text.count - 9, text.count]
            + Array(stride(from: 1_237, to: text.count, by: text.count / 20))
        for cut in cuts {
            expectAgreement(Array(text[..<cut]), "cut at \(cut)", allowsTruncation: true)
        }
        let sample = read(Array(text[..<100_000]), readsAhead: true, allowsTruncation: true)
        #expect(sample.error == nil && sample.warnings.count == 1 && sample.events.count > 1_000)
    }

    @Test("Every document of the schema corpus, valid or not, reads the same with a read-ahead",
          arguments: SchemaCorpus.bases.map(\.name))
    func corpusAgrees(base: String) {
        for document in SchemaCorpus.mutations(of: SchemaCorpus.bases.first { $0.name == base }!) {
            expectAgreement(bytes(document.text), document.name)
        }
    }

    @Test("Hostile documents are refused the same way with a read-ahead")
    func hostileDocumentsAgree() {
        var hugeAttribute = Array("<?xml version=\"1.0\"?>\n<trace version=\"1\"><meta><entry key=\"k\" value=\"".utf8)
        hugeAttribute += [UInt8](repeating: UInt8(ascii: "a"), count: 5_000_000)
        hugeAttribute += Array("\"/></meta></trace>".utf8)
        expectAgreement(HostileTests.billionLaughs, "billion laughs")
        expectAgreement(hugeAttribute, "5 MB attribute")
        expectAgreement(bytes(document(events: "<scroll t=\"1\" x=\"0\" y=\"10\"/>\n<scroll t=\"2\" x=\"0\"")),
                        "cut off")
        expectAgreement(bytes(document(events: "<scroll t=\"1\" x=\"0\" y=\"10\"/>\n<scroll t=\"2\" x=\"0\" y=\"1\"></scrol>")),
                        "mismatched end tag")
    }

    @Test("Nesting past the limit stops the parser's thread within a batch of the refused element")
    func deepNestingStopsTheParser() throws {
        let text = bytes("<?xml version=\"1.0\"?>\n<trace version=\"1\"><meta>" + String(repeating: "<a>", count: 1_000_000)
            + String(repeating: "</a>", count: 1_000_000) + "</meta></trace>")
        let stream = try XMLStream(source: .memory(text, offset: 0), path: "deep.xml", limits: .init(), readsAhead: true)
        var failure: TraceError?
        do {
            _ = try HeaderParser(stream: stream).parse()
        } catch {
            failure = error
        }
        #expect(failure?.message == "elements nested too deeply (depth 33); a trace nests at most 32 levels")
        // The refused element came in the thread's last batch: it has stopped, a batch of pieces at most after
        // the element's.
        #expect(stream.readAhead?.isFinished == true)
        #expect(stream.bytesRead <= 4_096 + ReadAhead.piecesPerBatch * PieceParser.pieceSize)
    }

    @Test("A reader dropped while the thread is ahead of it ends the thread", arguments: [0, 1, 100])
    func droppedReaderEndsTheThread(eventsRead: Int) throws {
        let events = (1...50_000).map { "<scroll t=\"\($0)\" x=\"0\" y=\"\($0)\"/>" }.joined(separator: "\n")
        let text = bytes(document(events: events))
        weak var readAhead: ReadAhead?
        do {
            let reader = try TraceReader(source: .memory(text, offset: 0), path: "x.xml", options: .init(),
                                         readsAhead: true)
            for _ in 0..<eventsRead { _ = try reader.next() }
            readAhead = reader.stream.readAhead
            #expect(readAhead != nil)
        }
        // The thread held the read-ahead while it ran: gone, it has ended (the reader's deinit joined it).
        #expect(readAhead == nil)
    }
}
