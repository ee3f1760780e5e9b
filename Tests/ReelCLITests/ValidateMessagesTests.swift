import TestSupport
import Testing
import Foundation

/// `validate` stops telling after 20 errors per trace and counts the rest; its messages are in
/// the format's words, never libxml2's internals; a UTF-16 trace is told so.
@Suite("validate's cap and messages", .tags(.endToEnd))
struct ValidateMessagesTests {
    private func folder() throws -> URL {
        try ScratchDirectory.folder("validate")
    }

    @Test("One misspelled element: one error, and a count of the errors the schema then finds in the elements after it")
    func misspelled() throws {
        let shipped = try String(contentsOf: ReelProcess.root.appendingPathComponent("Traces/contacts-list.xml"), encoding: .utf8)
        let path = try folder().appendingPathComponent("misspelled.xml").path
        try shipped.replacingOccurrences(of: "<collection-view ", with: "<colection-view ")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ReelProcess.run("validate", path)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(lines.prefix(4))")
        #expect(lines.first?.hasPrefix("\(path):6:3: unknown element 'colection-view'") == true)
        let last = try #require(lines.last.map(String.init))
        let match = try #require(last.wholeMatch(of: /(.+): … and (\d+) errors left out that follow from the unknown element: .*/))
        #expect(match.output.1 == path)
        #expect(try #require(Int(match.output.2)) > 1000)
        #expect(result.stderr.contains("1 trace checked: 1 error, 0 warnings"))
    }

    @Test("Many errors: 20, then '… and N more errors', and the summary counts them all")
    func cap() throws {
        let shipped = try String(contentsOf: ReelProcess.root.appendingPathComponent("Traces/contacts-list.xml"), encoding: .utf8)
        let path = try folder().appendingPathComponent("many-errors.xml").path
        try shipped.replacingOccurrences(of: "<scroll ", with: "<scroll z=\"1\" ")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ReelProcess.run("validate", path)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 21)
        let last = try #require(lines.last.map(String.init))
        let match = try #require(last.wholeMatch(of: /(.+): … and (\d+) more errors \(the first 20 errors are shown; fix them and validate again\)/))
        #expect(match.output.1 == path)
        let more = try #require(Int(match.output.2))
        #expect(more > 100)
        #expect(result.stderr.contains("1 trace checked: \(20 + more) errors"))
        for word in ["TODO", "Did not expect", "Expecting", "Char 0x"] {
            #expect(!result.stdout.contains(word), "libxml2 words: \(word)")
        }
    }

    @Test("A UTF-16 trace, with or without a byte-order mark, is told so at 1:1", arguments: [false, true])
    func utf16(byteOrderMark: Bool) throws {
        let shipped = try String(contentsOf: ReelProcess.root.appendingPathComponent("Traces/contacts-list.xml"), encoding: .utf8)
        let path = try folder().appendingPathComponent("utf16-\(byteOrderMark).xml").path
        var data = Data(byteOrderMark ? [0xFF, 0xFE] : [])
        data.append(try #require(shipped.data(using: .utf16LittleEndian)))
        try data.write(to: URL(fileURLWithPath: path))
        let result = try ReelProcess.run("validate", path)
        #expect(result.status == 1)
        #expect(result.stdout == "\(path):1:1: the trace is UTF-16; Reel reads UTF-8: convert it, e.g. iconv -f UTF-16 -t UTF-8\n")
        // The reader that replay and snapshot use says the same.
        for command in [["replay", path, "--repeat", "1", "--warmup", "0"], ["snapshot", path, "--time", "0"]] {
            let replayed = try ReelProcess.run(arguments: command)
            #expect(replayed.status == 1)
            #expect(replayed.stderr.contains("\(path):1:1: the trace is UTF-16; Reel reads UTF-8"), "\(command[0]): \(replayed.stderr)")
        }
    }

    @Test("Schema messages name elements and attributes as the format does")
    func schemaWords() throws {
        let path = try ReelProcess.trace(events: #"<tap t="1" x="0" y="0"/><tap t="2" x="0" y="0" w="1"/>"#)
        let result = try ReelProcess.run("validate", path)
        #expect(result.status == 1)
        #expect(result.stdout.contains("does not match the schema: attribute 'w' is not allowed on <tap>")
                    || result.stdout.contains("unknown attribute 'w' on <tap>"), "\(result.stdout)")
        #expect(!result.stdout.contains("for element"))
    }
}
