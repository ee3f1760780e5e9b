import Testing
import Foundation
import Replay
import TraceXML
import TestSupport

/// The shipped traces are `reel record`'s output: `Traces/record.sh` holds the commands.
@Suite("Shipped traces", .tags(.endToEnd))
struct ShippedTracesTests {
    /// The `$reel record …` lines of `Traces/record.sh`, as argument lists.
    static let commands: [[String]] = {
        let script = ReelProcess.root.appendingPathComponent("Traces/record.sh")
        let text = (try? String(contentsOf: script, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("$reel record ") }.map { line in
            Array(Self.words(String(line)).dropFirst())
        }
    }()

    /// Splits a shell line into words, honouring double quotes (all the script uses).
    static func words(_ line: String) -> [String] {
        var words: [String] = [], current = "", quoted = false, started = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    static var files: [String] { commands.compactMap { $0.last } }

    @Test("The script records every shipped trace, each once")
    func script() throws {
        let shipped = try FileManager.default.contentsOfDirectory(atPath: ReelProcess.root.appendingPathComponent("Traces").path)
            .filter { $0.hasSuffix(".xml") }.map { "Traces/\($0)" }
        #expect(Set(Self.files) == Set(shipped) && Set(Self.files).count == Self.files.count)
        #expect(Self.files.starts(with: ["Traces/photo-grid-browse.xml", "Traces/contacts-list.xml",
                                         "Traces/horizontal-carousel.xml", "Traces/cats-wall-prepare-for-reuse.xml",
                                         "Traces/chat-messages.xml"]))
    }

    @Test("Every shipped trace is byte for byte what its reel record command records", arguments: ShippedTracesTests.files)
    func upToDate(file: String) throws {
        let arguments = try #require(Self.commands.first { $0.last == file })
        let shipped = ReelProcess.root.appendingPathComponent(file)
        let recorded = try ScratchDirectory.url("recorded-\(shipped.lastPathComponent)")
        let result = try ReelProcess.run(arguments: arguments.dropLast().map { $0 } + [recorded.path])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try Data(contentsOf: recorded)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try expected.write(to: shipped, options: .atomic)
            Issue.record("Recorded \(file) anew; run the tests again without RECORD_SNAPSHOTS.")
            return
        }
        let actual = try Data(contentsOf: shipped)
        #expect(actual == expected, "\(file) is not what its command in Traces/record.sh records: run Traces/record.sh")
    }

    @Test("Every layout of the catalogue has at least one shipped trace")
    func everyLayoutShipped() throws {
        var shipped = Set<String>()
        for file in Self.files {
            let reader = try TraceReader(path: ReelProcess.root.appendingPathComponent(file).path)
            shipped.insert(reader.header.layout.name)
        }
        let missing = LayoutRegistry.standard.definitions.map(\.name).filter { !shipped.contains($0) }
        #expect(missing.isEmpty, "no shipped trace for \(missing)")
    }
}
