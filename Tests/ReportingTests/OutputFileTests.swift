import Foundation
import TestSupport
import Testing
@testable import Reporting

@Suite("Output files", .tags(.fast))
struct OutputFileTests {
    func contents(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func mode(_ path: String) -> mode_t {
        var status = stat()
        _ = lstat(path, &status)
        return status.st_mode
    }

    @Test("A symbolic link stays a link and the file it names is replaced")
    func symbolicLink() throws {
        try ScratchDirectory.withFreshFolder { directory in
            try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: true)
            try "old\n".write(toFile: directory + "/real/report.json", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: directory + "/link.json", withDestinationPath: "real/report.json")
            try ReportFile.write("new\n", to: directory + "/link.json")
            #expect(mode(directory + "/link.json") & S_IFMT == S_IFLNK)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.json") == "real/report.json")
            #expect(try text(directory + "/real/report.json") == "new\n")
            #expect(try contents(directory) == ["link.json", "real"])
            #expect(try contents(directory + "/real") == ["report.json"])
        }
    }

    @Test("A dangling symbolic link creates the file it names")
    func danglingLink() throws {
        try ScratchDirectory.withFreshFolder { directory in
            try FileManager.default.createSymbolicLink(atPath: directory + "/link.json", withDestinationPath: directory + "/target.json")
            try ReportFile.write("new\n", to: directory + "/link.json")
            #expect(mode(directory + "/link.json") & S_IFMT == S_IFLNK)
            #expect(try text(directory + "/target.json") == "new\n")
        }
    }

    @Test("A FIFO is written in place, to its reader, and stays a FIFO")
    func fifo() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/pipe"
            #expect(mkfifo(path, 0o600) == 0)
            nonisolated(unsafe) var received = Data()
            let reader = Thread {
                let descriptor = open(path, O_RDONLY)  // blocks until the writer opens the FIFO
                guard descriptor >= 0 else { return }
                defer { close(descriptor) }
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = read(descriptor, &buffer, buffer.count)
                    if n <= 0 { break }
                    received.append(contentsOf: buffer[..<n])
                }
            }
            reader.start()
            try ReportFile.write("through the pipe\n", to: path)
            while !reader.isFinished { usleep(1000) }
            #expect(String(decoding: received, as: UTF8.self) == "through the pipe\n")
            #expect(mode(path) & S_IFMT == S_IFIFO)
            #expect(try contents(directory) == ["pipe"])
        }
    }

    @Test("A 600 file stays 600; a new file gets the usual mode")
    func keepsMode() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/secret.json"
            try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(chmod(path, 0o600) == 0)
            try ReportFile.write("new\n", to: path)
            #expect(mode(path) & 0o7777 == 0o600)
            #expect(try text(path) == "new\n")
            #expect(chmod(path, 0o640) == 0)
            try ReportFile.write("newer\n", to: path)
            #expect(mode(path) & 0o7777 == 0o640)
            let mask = umask(0o022)
            umask(mask)
            try ReportFile.write("fresh\n", to: directory + "/fresh.json")
            #expect(mode(directory + "/fresh.json") & 0o7777 == 0o666 & ~mask)
        }
    }

    @Test("- is standard output: nothing is created, nothing closed")
    func standardOutput() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let file = try OutputFile.open("-")
            #expect(file.descriptor == STDOUT_FILENO)
            #expect(!file.isAtomic)
            try file.commit()
            #expect(fcntl(STDOUT_FILENO, F_GETFD) != -1)
            #expect(!FileManager.default.fileExists(atPath: "-"))
            #expect(try contents(directory) == [])
        }
    }

    @Test("/dev/null is written in place and is still a character device after")
    func devNull() throws {
        let file = try OutputFile.open("/dev/null")
        #expect(!file.isAtomic)
        #expect(file.temporaryPath == nil)
        try file.write(Array("discarded\n".utf8))
        try file.commit()
        try ReportFile.write("discarded too\n", to: "/dev/null")
        #expect(mode("/dev/null") & S_IFMT == S_IFCHR)
    }

    @Test("A temporary left by a killed run is removed by the next write to that path; others' are kept")
    func staleTemporary() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/report.json"
            // No process has a pid this large (Linux's pid_max is at most 2^22).
            let stale = directory + "/.report.json.reel-tmp-999999999.abc"
            try "half a rep".write(toFile: stale, atomically: false, encoding: .utf8)
            // A live process's temporary (our parent's) and another file's are not touched.
            let live = directory + "/.report.json.reel-tmp-\(getppid()).def"
            try "writing".write(toFile: live, atomically: false, encoding: .utf8)
            let other = directory + "/.other.json.reel-tmp-999999999.abc"
            try "other".write(toFile: other, atomically: false, encoding: .utf8)
            try ReportFile.write("whole\n", to: path)
            #expect(try text(path) == "whole\n")
            #expect(try contents(directory) == [".other.json.reel-tmp-999999999.abc",
                                                ".report.json.reel-tmp-\(getppid()).def", "report.json"])
        }
    }

    @Test("A failing write leaves the old file and no temporary")
    func failingWrite() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/report.json"
            try "previous\n".write(toFile: path, atomically: false, encoding: .utf8)
            let file = try OutputFile.open(path)
            let temporary = try #require(file.temporaryPath)
            #expect(temporary.hasPrefix(directory + "/.report.json.reel-tmp-\(getpid())."))
            #expect(FileManager.default.fileExists(atPath: temporary))
            // Make the next write fail for real: the descriptor is closed under it.
            close(file.descriptor)
            #expect(throws: OutputFileError.self) { try file.write(Array("new\n".utf8)) }
            #expect(try text(path) == "previous\n")
            #expect(try contents(directory) == ["report.json"])
        }
    }

    @Test("An output released before commit leaves the old file and no temporary")
    func released() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let path = directory + "/report.json"
            try "previous\n".write(toFile: path, atomically: false, encoding: .utf8)
            do {
                let file = try OutputFile.open(path)
                try file.write(Array("half".utf8))
                #expect(try contents(directory).count == 2)
            }
            #expect(try text(path) == "previous\n")
            #expect(try contents(directory) == ["report.json"])
        }
    }

    @Test("A directory, a missing directory and a link loop are refused, naming the path")
    func refused() throws {
        try ScratchDirectory.withFreshFolder { directory in
            #expect(throws: OutputFileError(path: directory, message: "is a directory; expected a file to write")) {
                try OutputFile.open(directory)
            }
            #expect { try OutputFile.open(directory + "/missing/report.json") } throws: { error in
                "\(error)".hasPrefix(directory + "/missing/report.json: cannot create a temporary file beside it: ")
            }
            try FileManager.default.createSymbolicLink(atPath: directory + "/a", withDestinationPath: "b")
            try FileManager.default.createSymbolicLink(atPath: directory + "/b", withDestinationPath: "a")
            #expect { try OutputFile.open(directory + "/a") } throws: { error in
                "\(error)".contains("too many levels of symbolic links")
            }
        }
    }
}
