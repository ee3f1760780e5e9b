import Foundation
import TestSupport
import Testing
@testable import TraceXML

@Suite("Traces that can be read only once")
struct TraceInputTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/spec-example.xml").path

    @Test("A FIFO is copied once; every reader of its path reads the copy; remove() deletes it")
    func fifoCopy() throws {
        let fifo = try ScratchDirectory.url("input/trace.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.example))
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(bytes)
                try? handle.close()
            }
        }
        writer.start()
        let input = try TraceInput(fifo)
        let copy = try #require(input.copy)
        #expect(TraceInput.readablePath(fifo) == copy)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == bytes)
        let attributes = try FileManager.default.attributesOfItem(atPath: copy)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        var counts: [Int] = []
        for _ in 0..<3 {
            let reader = try TraceReader(path: fifo)
            #expect(reader.path == fifo)
            var count = 0
            while try reader.next() != nil { count += 1 }
            counts.append(count)
        }
        #expect(counts.count == 3 && counts.allSatisfy { $0 == counts[0] && $0 > 0 })
        #expect(TraceValidator.validate(path: fifo).filter { $0.severity == .error }.isEmpty)
        input.remove()
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(TraceInput.readablePath(fifo) == fifo)
    }

    @Test("A regular file is read in place")
    func regularFile() throws {
        let input = try TraceInput(Self.example)
        #expect(input.copy == nil)
        #expect(TraceInput.readablePath(Self.example) == Self.example)
        input.remove()
        #expect(FileManager.default.fileExists(atPath: Self.example))
    }

    @Test("An empty file is its own error, not a cut")
    func emptyFile() throws {
        let path = try ScratchDirectory.url("empty.xml").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect {
            _ = try TraceReader(path: path)
        } throws: { error in
            (error as? TraceError)?.message == "the file is empty; expected a <trace> document"
        }
        #expect(throws: TraceError.self) { _ = try TraceReader(bytes: [], path: "x.xml") }
    }
}
