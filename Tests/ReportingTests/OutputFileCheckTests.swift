import Foundation
import TestSupport
import Testing
@testable import Reporting

/// `OutputFile.check`: whether a path can take an output, decided before any work and without opening it.
@Suite("Output paths checked before the work", .tags(.fast))
struct OutputFileCheckTests {
    /// The message `check` throws for `paths`, or `nil` when they pass.
    private func refusal(_ paths: [String], inputs: [String] = []) -> String? {
        do {
            try OutputFile.check(paths, inputs: inputs, writing: "the report")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("Writable places pass: a new file, an existing one, - , /dev/null, a dangling link to a new file")
    func writable() throws {
        try ScratchDirectory.withFreshFolder { directory in
            try "old\n".write(toFile: directory + "/old.json", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: directory + "/link.json", withDestinationPath: "new.json")
            for path in [directory + "/new.json", directory + "/old.json", "-", "/dev/null", directory + "/link.json"] {
                #expect(refusal([path]) == nil, "\(path)")
            }
            #expect(refusal(["/dev/null", "/dev/null", "-"]) == nil, "devices may take several outputs")
        }
    }

    @Test("A missing directory, a file as a directory, a directory as the path, a trailing slash: named in words")
    func badPlaces() throws {
        try ScratchDirectory.withFreshFolder { directory in
            try "x\n".write(toFile: directory + "/file.txt", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: directory + "/dangling.json", withDestinationPath: "none/r.json")
            let cases = [
                (directory + "/out/r.json", "\(directory)/out/r.json: the directory '\(directory)/out' does not exist"),
                (directory + "/a/b/r.json", "\(directory)/a/b/r.json: the directory '\(directory)/a/b' does not exist"),
                (directory + "/file.txt/r.json", "\(directory)/file.txt/r.json: '\(directory)/file.txt' is not a directory"),
                (directory, "\(directory): is a directory; expected a file to write"),
                (directory + "/new/", "\(directory)/new/: ends with '/'; expected a file to write, not a directory"),
                (directory + "/dangling.json", "\(directory)/dangling.json: the directory '\(directory)/none' does not exist"),
                ("", ": is empty; expected a file to write"),
            ]
            for (path, message) in cases {
                #expect(refusal([path]) == message)
            }
        }
    }

    @Test("A directory that cannot be written in", .enabled(if: geteuid() != 0, "root writes anywhere"))
    func readOnlyDirectory() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let locked = directory + "/locked"
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o555])
            defer { chmod(locked, 0o755) }
            #expect(refusal([locked + "/r.json"]) == "\(locked)/r.json: the directory '\(locked)' is not writable")
        }
    }

    @Test("An input is never an output: the same file by any path, or the same new path")
    func inputs() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let trace = directory + "/a.xml"
            try "<trace/>\n".write(toFile: trace, atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: directory + "/link.xml", withDestinationPath: "a.xml")
            try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: false)
            try FileManager.default.linkItem(atPath: trace, toPath: directory + "/hard.xml")
            for output in [trace, directory + "/./a.xml", directory + "/sub/../a.xml", directory + "/link.xml",
                           directory + "/hard.xml"] {
                #expect(refusal([output], inputs: ["-", trace])
                        == "\(output): is one of the inputs; writing the report there would overwrite it")
                #expect(refusal([output], inputs: [directory + "/link.xml"]) != nil, "an input given through a link")
            }
            // A trace that does not exist yet (it would fail on its own) is still never written over.
            #expect(refusal([directory + "/sub/../new.xml"], inputs: [directory + "/new.xml"]) != nil)
            #expect(refusal([directory + "/other.xml"], inputs: [trace, "-"]) == nil)
        }
    }

    @Test("Two outputs naming one file are refused; standard output and devices are not files")
    func twice() throws {
        try ScratchDirectory.withFreshFolder { directory in
            #expect(refusal([directory + "/r.json", "-", directory + "/./r.json"])
                    == "\(directory)/./r.json: is also the output '\(directory)/r.json'; each output needs a file of its own")
            #expect(refusal([directory + "/r.json", directory + "/r.html"]) == nil)
        }
    }

    @Test("A FIFO is checked by its type and permissions, never opened (with no reader, opening it would block)")
    func fifo() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let fifo = directory + "/pipe"
            try #require(mkfifo(fifo, 0o644) == 0)
            #expect(refusal([fifo]) == nil)
            #expect(refusal([fifo], inputs: [fifo]) == nil, "writing a FIFO replaces nothing")
            if geteuid() != 0 {
                chmod(fifo, 0o444)
                #expect(refusal([fifo]) == "\(fifo): cannot be written: Permission denied")
            }
        }
    }
}
