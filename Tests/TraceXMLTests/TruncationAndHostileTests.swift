import Foundation
import Testing
@testable import TraceXML
import TestSupport
internal import CLibXML2

@Suite("Truncated traces", .tags(.fast))
struct TruncationTests {
    /// The format's example trace as written, and the byte offset at which each event is complete (the writer
    /// flushes after each event, so the in-memory size after `write` is that offset).
    static let written: (bytes: [UInt8], ends: [Int], headerEnd: Int) = {
        do {
            let writer = try TraceWriter(header: everyAttribute.header)
            let headerEnd = writer.bytes.count
            var ends: [Int] = []
            for event in everyAttribute.events {
                try writer.write(event)
                // The event is complete at its last '>' (the writer also flushed the newline after it).
                let bytes = writer.bytes
                ends.append((bytes.lastIndex(of: UInt8(ascii: ">")) ?? bytes.count - 1) + 1)
            }
            try writer.finish()
            return (writer.bytes, ends, headerEnd)
        } catch {
            Issue.record("cannot write the fixture: \(error)")
            return ([], [], 0)
        }
    }()

    @Test("A trace cut at any byte after its header yields exactly the events completed before the cut, then a warning")
    func everyCut() throws {
        let (full, ends, headerEnd) = Self.written
        // The header is complete once the '>' of `<events>` is written, with the first event.
        for cut in (headerEnd + 1)..<full.count {
            let reader = try TraceReader(bytes: Array(full[..<cut]), path: "cut.xml",
                                         options: .init(allowsTruncation: true))
            var events: [TraceEvent] = []
            while let event = try reader.next() { events.append(event) }
            let expected = ends.filter { $0 <= cut }.count
            #expect(events == Array(everyAttribute.events.prefix(expected)), "cut at byte \(cut)")
            // Only the final newline missing is no cut at all.
            let cutOff = cut < (full.lastIndex(of: UInt8(ascii: ">")) ?? full.count) + 1
            #expect(reader.isTruncated == cutOff, "cut at byte \(cut)")
            #expect(reader.warnings.map(\.severity) == (cutOff ? [.warning] : []), "cut at byte \(cut)")
        }
    }

    @Test("The warning says where the cut is and what was read")
    func warningText() throws {
        let text = document(events: """
            <scroll t="1" x="0" y="0"/>
            <batch t="2"><delete-section at="0"/>
        """)
        let cut = String(text.dropLast("\n  </events>\n</trace>\n".count))
        let reader = try TraceReader(bytes: bytes(cut), path: "cut.xml", options: .init(allowsTruncation: true))
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == 1)
        #expect(reader.warnings.map(\.description) ==
                ["cut.xml:8:5: warning: the trace is cut off here, inside an incomplete <batch>; read 1 complete events, the last at line 7"])
    }

    @Test("Without allowsTruncation a cut trace is an error after its complete events")
    func strict() throws {
        let (full, ends, _) = Self.written
        let cut = ends[3] + 10
        var read = 0
        #expect {
            let reader = try TraceReader(bytes: Array(full[..<cut]), path: "cut.xml")
            while try reader.next() != nil { read += 1 }
        } throws: { error in
            guard let error = error as? TraceError else { return false }
            return error.code == .truncated && error.message.hasSuffix("pass --allow-truncated to replay its complete events")
        }
        #expect(read <= 4)
    }

    @Test("A trace cut inside its header is an error even when truncation is allowed")
    func cutHeader() {
        let (full, _, headerEnd) = Self.written
        #expect { try TraceReader(bytes: Array(full[..<(headerEnd / 2)]), path: "cut.xml", options: .init(allowsTruncation: true)) }
            throws: { ($0 as? TraceError)?.code == .truncated }
    }

    @Test("A header malformed at the very end of its input is an error, not an endless re-read", arguments: [
        "<?xml version=\"1.0\" encoding=\"UT<?xml verF-s",
        "<?xml version=\"1.0\"?><trace version=\"1\"",
    ])
    func malformedAtTheEnd(text: String) {
        #expect { try TraceReader(bytes: Array(text.utf8), path: "cut.xml") } throws: { $0 is TraceError }
        #expect { try TraceReader(bytes: Array(text.utf8), path: "cut.xml", options: .init(allowsTruncation: true)) }
            throws: { $0 is TraceError }
    }

    @Test("A malformed trace is not mistaken for a cut one")
    func malformedIsNotTruncated() {
        let text = document(events: "<batch t=\"1\"><delete-section at=\"0\"/>\n<scroll t=\"2\" x=\"0\" y=\"0\"/>")
        #expect { try readTrace(text, options: .init(allowsTruncation: true)) } throws: {
            ($0 as? TraceError)?.description == "x.xml:9:12: malformed XML: Opening and ending tag mismatch: batch line 7 and events"
        }
    }
}

@Suite("Hostile input", .tags(.fast))
struct HostileTests {
    /// Reads `text` as a trace and returns the error, the bytes libxml2 was handed, and the time taken
    /// (printed, never asserted: speed belongs to the benchmarks).
    private func reject(_ text: [UInt8], _ name: String, options: TraceReader.Options = .init()) -> (TraceError?, Int) {
        let clock = ContinuousClock()
        let start = clock.now
        var failure: TraceError?
        var consumed = 0
        do {
            let stream = try XMLStream(source: .memory(text, offset: 0), path: "hostile.xml", limits: options.limits,
                                       toleratesTruncation: options.allowsTruncation)
            defer { consumed = stream.bytesRead }
            _ = try HeaderParser(stream: stream).parse()
            while true {
                let node = try stream.read()
                if node == .endOfDocument { break }
                if node == .element { _ = try EventParser(stream: stream, previousTime: 0, previousTimeLine: 0).parse() }
            }
        } catch {
            failure = error
        }
        print("\(name): \(failure?.description ?? "accepted") after \(consumed) bytes, \(clock.now - start)")
        return (failure, consumed)
    }

    static let billionLaughs: [UInt8] = {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE trace [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            text += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        text += "]>\n<trace version=\"1\"><meta><entry key=\"k\" value=\"&lol9;\"/></meta></trace>\n"
        return Array(text.utf8)
    }()

    @Test("Billion laughs is refused at its DOCTYPE, before any entity is looked at", arguments: [false, true])
    func billionLaughs(allowsTruncation: Bool) {
        let (error, consumed) = reject(Self.billionLaughs, "billion laughs", options: .init(allowsTruncation: allowsTruncation))
        #expect(error?.description == "hostile.xml:2:1: DOCTYPE declarations are not allowed in a trace (they declare entities and external resources); remove the '<!DOCTYPE …>'")
        #expect(consumed <= Self.billionLaughs.count)
    }

    @Test("An external entity naming a local file is refused and the file's content never appears")
    func externalEntity() throws {
        let directory = try temporaryDirectory()
        let secret = directory + "/secret.txt"
        try "TOP-SECRET-\(UUID().uuidString)".write(toFile: secret, atomically: true, encoding: .utf8)
        let text = """
        <?xml version="1.0"?>
        <!DOCTYPE trace [<!ENTITY xxe SYSTEM "file://\(secret)">]>
        <trace version="1"><meta><entry key="k" value="&xxe;"/></meta>
        <collection-view width="1" height="1"/><layout name="&xxe;"/><data/><events/></trace>
        """
        let (error, _) = reject(bytes(text), "XXE")
        #expect(error?.code == .forbiddenConstruct)
        #expect(error?.description.contains("TOP-SECRET") == false)
        let diagnostics = TraceValidator.validate(bytes: bytes(text), path: "hostile.xml")
        #expect(diagnostics.map(\.code) == [.forbiddenConstruct])
        // The parser options themselves never load DTDs or substitute entities, DOCTYPE or not.
        let forbidden = [XML_PARSE_NOENT, XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR, XML_PARSE_DTDVALID, XML_PARSE_XINCLUDE, XML_PARSE_HUGE]
        for option in forbidden { #expect(hardenedParserOptions & Int32(bitPattern: option.rawValue) == 0) }
        #expect(hardenedParserOptions & Int32(bitPattern: XML_PARSE_NONET.rawValue) != 0)
    }

    @Test("100,000 nested elements are refused at the depth limit, after a few bytes", arguments: [false, true])
    func deepNesting(allowsTruncation: Bool) {
        for (container, closing) in [("<meta>", "</meta>"), ("", "")] {
            let text = "<?xml version=\"1.0\"?>\n<trace version=\"1\">" + container + String(repeating: "<a>", count: 100_000)
                + String(repeating: "</a>", count: 100_000) + closing + "</trace>"
            let (error, consumed) = reject(bytes(text), "deep nesting", options: .init(allowsTruncation: allowsTruncation))
            #expect(error != nil)
            if container.isEmpty {
                #expect(error?.description == "hostile.xml:2:20: unknown element 'a' in <trace>; expected 'collection-view'")
            } else {
                #expect(error?.code == .limitExceeded)
                #expect(error?.message == "elements nested too deeply (depth 33); a trace nests at most 32 levels")
            }
            #expect(consumed < text.utf8.count)
        }
    }

    @Test("20 MB of text holding '>' is refused at the size limit, without reading the rest", arguments: [false, true])
    func hugeTextWithTagEnds(allowsTruncation: Bool) {
        var text = Array("<?xml version=\"1.0\"?>\n<trace version=\"1\"><meta>".utf8)
        text += Array(String(repeating: "x>", count: 10_000_000).utf8)
        text += Array("</meta></trace>".utf8)
        let (error, consumed) = reject(text, "20 MB of text with '>'", options: .init(allowsTruncation: allowsTruncation))
        #expect(error?.code == .limitExceeded)
        #expect(error?.message == "text longer than 4194304 bytes; a trace never needs one this long")
        #expect(consumed < 5_000_000)
    }

    @Test("A 50 MB attribute is refused after the size limit, without reading the rest", arguments: [false, true])
    func hugeAttribute(allowsTruncation: Bool) {
        var text = Array("<?xml version=\"1.0\"?>\n<trace version=\"1\"><meta><entry key=\"k\" value=\"".utf8)
        text += [UInt8](repeating: UInt8(ascii: "a"), count: 50_000_000)
        text += Array("\"/></meta></trace>".utf8)
        let (error, consumed) = reject(text, "50 MB attribute", options: .init(allowsTruncation: allowsTruncation))
        #expect(error?.description == "hostile.xml:2:26: attribute value or text longer than 4194304 bytes; a trace never needs one this long")
        #expect(consumed < 4_194_304 + 1 << 17)
    }
}
