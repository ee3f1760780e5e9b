import Foundation
import TestSupport
import Testing
@testable import Reporting

/// The edges of output paths: names as long as a name may be, the process's own descriptors under their
/// `/dev` and `/proc` names, a FIFO nobody reads, a device that refuses every write.
@Suite("Output files at their edges", .tags(.fast))
struct OutputFileEdgeTests {
    @Test("A temporary's name fits 255 bytes for a name of any valid length, in ASCII or in two-byte characters",
          arguments: [1, 100, 216, 217, 218, 240, 250, 255])
    func temporaryNameFits(length: Int) {
        for name in [String(repeating: "a", count: length), String(repeating: "é", count: length / 2)] {
            let temporary = OutputFile.name(of: OutputFile.temporaryPath(for: "dir/" + name))
            #expect(temporary.utf8.count <= 255, "\(name.utf8.count) bytes → \(temporary.utf8.count)")
            #expect(temporary.hasPrefix("." + OutputFile.copiedName(name) + ".reel-tmp-\(getpid())."))
            #expect(name.hasPrefix(OutputFile.copiedName(name)))
            #expect(OutputFile.copiedName(name).unicodeScalars.allSatisfy { $0 == "a" || $0 == "é" })
        }
    }

    @Test("A 250-byte name is written, and a killed run's temporary of it is swept by the next write")
    func longNameWritten() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let name = String(repeating: "r", count: 245) + ".json"
            let stale = directory + "/." + OutputFile.copiedName(name) + ".reel-tmp-999999999.abc"
            FileManager.default.createFile(atPath: stale, contents: Data("half".utf8))
            try ReportFile.write("whole\n", to: directory + "/" + name)
            #expect(try String(contentsOfFile: directory + "/" + name, encoding: .utf8) == "whole\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [name])
        }
    }

    @Test("/dev/stdout, /dev/fd/N and /proc/self/fd/N name the process's descriptors; other paths do not",
          arguments: [("/dev/stdout", 1), ("/dev/stderr", 2), ("/dev/stdin", 0), ("/dev/fd/1", 1),
                      ("/proc/self/fd/7", 7), ("/proc/thread-self/fd/3", 3), ("/proc/\(getpid())/fd/12", 12),
                      ("/proc/1/fd/1", nil), ("/dev/fd/", nil), ("/dev/fd/1x", nil), ("/dev/null", nil),
                      ("dev/stdout", nil), ("/proc/self/fd/-1", nil)] as [(String, Int32?)])
    func ownDescriptors(path: String, descriptor: Int32?) {
        #expect(OutputFile.ownDescriptor(named: path) == descriptor)
    }

    @Test("-o through a link to /dev/stdout writes the process's descriptor in place: the link and the pipe stay")
    func linkToDescriptor() throws {
        try ScratchDirectory.withFreshFolder { directory in
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            defer { close(ends[0]); close(ends[1]) }
            try FileManager.default.createSymbolicLink(atPath: directory + "/out", withDestinationPath: "/dev/fd/\(ends[1])")
            let file = try OutputFile.open(directory + "/out")
            #expect(file.descriptor == ends[1])
            #expect(!file.isAtomic)
            try file.write(Array("through\n".utf8))
            try file.commit()
            #expect(fcntl(ends[1], F_GETFD) != -1, "the process's descriptor stays open")
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = read(ends[0], &buffer, buffer.count)
            #expect(String(decoding: buffer[..<max(n, 0)], as: UTF8.self) == "through\n")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/out") == "/dev/fd/\(ends[1])")
        }
    }

    @Test("A descriptor that is closed or read-only is refused by check and by open")
    func closedDescriptor() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let readOnly = "/dev/fd/\(ends[0])"
        #expect(throws: OutputFileError.self) { try OutputFile.check(readOnly, writing: "the report") }
        #expect { try OutputFile.open(readOnly) } throws: { error in
            "\(error)".contains("which is closed or not open for writing")
        }
    }

    @Test("A FIFO no process reads is refused after the wait, naming it; it stays a FIFO")
    func fifoWithoutReader() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/pipe"
            #expect(mkfifo(path, 0o600) == 0)
            #expect(throws: OutputFileError(path: path, message: "no process is reading the FIFO '\(path)'; start its "
                                            + "reader first (cat '\(path)' &), or write to a file")) {
                try OutputFile.open(path, waitingForReader: .milliseconds(50))
            }
            var status = stat()
            #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        }
    }

    @Test("A write to /dev/full fails naming it and the OS's reason; standard output is called by its name")
    func fullDevice() throws {
        let file = try OutputFile.open("/dev/full")
        #expect(throws: OutputFileError(path: "/dev/full", message: "cannot write it: No space left on device")) {
            try file.write(Array("lost\n".utf8))
        }
        #expect(OutputFileError(path: "-", message: "cannot write it: Broken pipe").description
                    == "standard output: cannot write it: Broken pipe")
    }
}
