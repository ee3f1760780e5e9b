import Foundation
import TestSupport
import Testing

/// What every command that reads traces says of a file that cannot be one — in words a user can act on, at
/// `file:line:column` where there is a place, the same in `validate`, `replay`, `snapshot`, `compare` and
/// `gate`, and never libxml2's own ("Document is empty", "Input is not proper UTF-8, indicate encoding !") or
/// Foundation's ("NSCocoaErrorDomain error 256").
@Suite("Words a user can act on, from every command that reads traces", .tags(.endToEnd))
struct InputWordsCommandTests {
    static let shipped = ReelProcess.root.appendingPathComponent("Traces/contacts-list.xml")

    /// The commands, each with what it needs besides the trace.
    static let commands: [[String]] = [
        ["validate"],
        ["replay", "--repeat", "1", "--warmup", "0", "--quiet"],
        ["snapshot", "--time", "0.5"],
        ["compare", "--layout", "flow", "--layout", "grid", "--repeat", "1", "--warmup", "0", "--quiet"],
        ["gate", "--max-janky-frames", "1000", "--repeat", "1", "--warmup", "0", "--quiet"],
    ]

    /// Words that must never reach the user.
    static let foreignWords = ["NSCocoaErrorDomain", "Document is empty", "indicate encoding", "I/O error :",
                               "Extra content at the end", "Start tag expected", "libxml2"]

    /// A file of the case `name` holding `bytes`, in a folder of the suite's own.
    static func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = try ScratchDirectory.folder("words").appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// The shipped trace's text.
    static func shippedText() throws -> String { try String(contentsOf: shipped, encoding: .utf8) }

    /// Runs every command on `path` and checks each exits 1 and prints `expected` once (and, for `validate`,
    /// nothing else but its summary).
    static func expectEveryCommand(_ path: String, says expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for command in commands {
            let arguments = Array(command.prefix(1)) + [path] + Array(command.dropFirst())
            let result = try ReelProcess.run(arguments: arguments, timeout: 300)
            let output = result.stdout + result.stderr
            #expect(result.status == 1, "\(command[0]): \(output)", sourceLocation: sourceLocation)
            #expect(output.contains(expected), "\(command[0]) said: \(output)", sourceLocation: sourceLocation)
            for word in foreignWords {
                #expect(!output.contains(word), "\(command[0]) said '\(word)': \(output)", sourceLocation: sourceLocation)
            }
            if command[0] == "validate" {
                // The one finding, and nothing the schema would add to it.
                #expect(result.stdout.split(separator: "\n").count == 1, "\(result.stdout)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("A directory given as the trace: 'is a directory'")
    func directory() throws {
        let path = try ScratchDirectory.folder("words/a-folder").path
        try Self.expectEveryCommand(path, says: "\(path): is a directory; expected a trace file")
    }

    @Test("An EBCDIC trace is told so at 1:1, on one line")
    func ebcdic() throws {
        // IBM037 of the shipped trace, as a mainframe would write it: `<?xml` is 4C 6F A7 94.
        let text = try Self.shippedText().replacingOccurrences(of: "UTF-8", with: "IBM037")
        let bytes = try #require(text.cString(using: .ascii)).dropLast().map { Self.ebcdic(UInt8(bitPattern: $0)) }
        let path = try Self.file("ebcdic.xml", bytes)
        try Self.expectEveryCommand(path, says: "\(path):1:1: the trace is EBCDIC-encoded; Reel reads UTF-8: convert it, e.g. iconv -f IBM037 -t UTF-8")
    }

    /// The IBM037 code of an ASCII byte (the characters a trace uses).
    static func ebcdic(_ byte: UInt8) -> UInt8 {
        let table: [Character: UInt8] = [
            " ": 0x40, "<": 0x4C, ">": 0x6E, "?": 0x6F, "/": 0x61, "=": 0x7E, "\"": 0x7F, "-": 0x60, ".": 0x4B,
            "\n": 0x25, ":": 0x7A, "_": 0x6D, ",": 0x6B, "'": 0x7D, "!": 0x5A,
        ]
        let character = Character(UnicodeScalar(byte))
        if let code = table[character] { return code }
        if let digit = character.wholeNumberValue, character.isASCII { return 0xF0 + UInt8(digit) }
        let letters: [(ClosedRange<Character>, UInt8)] = [("a"..."i", 0x81), ("j"..."r", 0x91), ("s"..."z", 0xA2),
                                                         ("A"..."I", 0xC1), ("J"..."R", 0xD1), ("S"..."Z", 0xE2)]
        for (range, base) in letters where range.contains(character) {
            return base + (byte - (range.lowerBound.asciiValue ?? 0))
        }
        return 0x40
    }

    @Test("Two byte-order marks: 'a stray byte-order mark' at 1:1")
    func twoByteOrderMarks() throws {
        let path = try Self.file("two-boms.xml", [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(try Self.shippedText().utf8))
        try Self.expectEveryCommand(path, says: "\(path):1:1: a stray byte-order mark: the file starts with two")
    }

    @Test("A file of whitespace only: 'the file holds only whitespace; expected a <trace> document'")
    func whitespaceOnly() throws {
        let path = try Self.file("blank.xml", Array("  \n\n\t \n".utf8))
        try Self.expectEveryCommand(path, says: "\(path):1:1: the file holds only whitespace; expected a <trace> document")
    }

    @Test("A declaration and a comment without an element: 'no root element'")
    func noRootElement() throws {
        let path = try Self.file("no-root.xml", Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- nothing -->\n".utf8))
        try Self.expectEveryCommand(path, says: "\(path):3:1: the document has no root element; expected a <trace> element")
    }

    @Test("A trace cut inside <data>, <workload> or <collection-view>: its one error says it ends inside its header",
          arguments: [("<section items=\"83\"", "data"), ("<cell", "workload"), ("height=\"844\"", "collection-view")])
    func cutInHeader(cut: String, element: String) throws {
        let text = try Self.shippedText()
        let end = try #require(text.range(of: cut)).upperBound
        let path = try Self.file("cut-in-\(element).xml", Array(text[..<end].utf8))
        try Self.expectEveryCommand(path, says: "the trace ends inside its header, in <\(element)>")
        let validate = try ReelProcess.run(arguments: ["validate", path], timeout: 300)
        #expect(!validate.stdout.contains("does not match the schema"), "\(validate.stdout)")
    }

    @Test("Latin-1 bytes in a UTF-8 trace: 'not UTF-8 here', at the byte, on one line")
    func latin1Bytes() throws {
        let text = try Self.shippedText().replacingOccurrences(of: "\"source\"", with: "\"sourc\u{E9}\"")
        let bytes = try #require(text.data(using: .isoLatin1))
        let path = try Self.file("latin1.xml", Array(bytes))
        try Self.expectEveryCommand(path, says: "\(path):4:22: the trace is not UTF-8 here (bytes 0xE9 ")
    }

    @Test("A trace declaring an encoding libxml2 cannot read is told its declaration, at 1:1")
    func declaredEncoding() throws {
        let text = try Self.shippedText().replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"no-such-encoding\"")
        let path = try Self.file("declared.xml", Array(text.utf8))
        try Self.expectEveryCommand(path, says: "\(path):1:1: the trace declares the encoding 'no-such-encoding'; Reel reads UTF-8")
    }
}
