import Foundation
import TestSupport
import Testing
@testable import TraceXML

@Suite("Traces that can be read only once", .tags(.fast))
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

/// The cap on a copy, the name a signal handler is given before the copy exists, and the sweep of copies
/// killed runs left.
@Suite("Copies of traces read once: the cap, the name, the sweep", .tags(.fast))
struct TraceInputCopyTests {
    /// A FIFO fed `bytes` by a thread of its own, then closed.
    static func fifo(_ bytes: [UInt8], in folder: String) -> String {
        let path = folder + "/input.fifo"
        mkfifo(path, 0o600)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: path) {
                try? handle.write(contentsOf: Data(bytes))
                try? handle.close()
            }
        }
        writer.start()
        return path
    }

    @Test("An input longer than the limit is refused at the limit, and no copy is left; one of the limit is read")
    func limit() throws {
        try ScratchDirectory.withFreshFolder { folder in
            let over = Self.fifo([UInt8](repeating: UInt8(ascii: " "), count: 100_001), in: folder)
            #expect {
                _ = try TraceInput(over, limit: 100_000, limitReason: "the test's limit", folder: folder)
            } throws: { error in
                let error = error as? TraceError
                return error?.code == .limitExceeded
                    && error?.message.hasPrefix("the input goes on past 100,000 bytes, the test's limit") == true
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["input.fifo"])
            unlink(over)
            let exact = Self.fifo([UInt8](repeating: UInt8(ascii: " "), count: 100_000), in: folder)
            let input = try TraceInput(exact, limit: 100_000, folder: folder)
            #expect(input.copy.map { (try? Data(contentsOf: URL(fileURLWithPath: $0)))?.count } == 100_000)
            input.remove()
        }
    }

    @Test("The copy's name carries the pid and is announced before the file exists")
    func announced() throws {
        try ScratchDirectory.withFreshFolder { folder in
            let fifo = Self.fifo(Array("<trace/>".utf8), in: folder)
            var announced: [String] = []
            let input = try TraceInput(fifo, folder: folder) { path in
                #expect(!FileManager.default.fileExists(atPath: path))
                announced.append(path)
            }
            defer { input.remove() }
            #expect(announced == [input.copy].compactMap { $0 })
            #expect(input.copy?.hasPrefix(folder + "/reel-trace-\(getpid())-") == true)
        }
    }

    @Test("removeStaleCopies removes the copies of pids that no longer run, and nothing else")
    func sweep() throws {
        try ScratchDirectory.withFreshFolder { folder in
            let names = ["reel-trace-999999999-dead", "reel-trace-\(getpid())-mine", "reel-trace-\(getppid())-parent",
                         "reel-trace-XXXXXX", "reel-trace-abc-def", "other-999999999-file"]
            for name in names { FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()) }
            mkdir(folder + "/reel-trace-999999998-folder", 0o700)
            #expect(TraceInput.removeStaleCopies(in: folder) == [folder + "/reel-trace-999999999-dead"])
            let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(left == (names.dropFirst() + ["reel-trace-999999998-folder"]).sorted())
        }
    }

    @Test("needsCopy: standard input, a FIFO, a device; not a regular file, a directory or a missing path")
    func needsCopy() throws {
        try ScratchDirectory.withFreshFolder { folder in
            mkfifo(folder + "/f", 0o600)
            FileManager.default.createFile(atPath: folder + "/r", contents: Data())
            #expect(TraceInput.needsCopy("-"))
            #expect(TraceInput.needsCopy(folder + "/f"))
            #expect(TraceInput.needsCopy("/dev/zero"))
            #expect(!TraceInput.needsCopy(folder + "/r"))
            #expect(!TraceInput.needsCopy(folder))
            #expect(!TraceInput.needsCopy(folder + "/missing"))
        }
    }
}
