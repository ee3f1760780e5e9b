import Foundation
import TestSupport
import Testing

/// A trace that can be read only once (standard input, a FIFO, `/dev/zero`) is copied into `$TMPDIR`: the copy
/// is capped, removed when `reel` is interrupted or terminated even while it is being made, and a copy a
/// killed run left is swept by the next command that copies.
@Suite("Copies of traces read once: capped, removed on a signal, swept after a kill", .tags(.endToEnd), .serialized)
struct TemporaryCopyCommandTests {
    /// A temporary folder of the test's own, to be `TMPDIR`.
    static func temporaryFolder(_ name: String = #function) throws -> URL {
        let folder = try ScratchDirectory.folder("copies-\(name.filter(\.isLetter))")
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(entry))
        }
        return folder
    }

    static func copies(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("reel-trace-") }.sorted()
    }

    static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    @Test("/dev/zero as a trace, or as standard input, is refused at the cap and leaves no copy",
          arguments: ["validate /dev/zero", "replay /dev/zero --quiet", "validate - < /dev/zero",
                      "snapshot - --time 1 < /dev/zero"])
    func endlessInputCapped(command: String) throws {
        let folder = try Self.temporaryFolder()
        let result = try ReelProcess.shell(#""$0" "# + command, environment: ["TMPDIR": folder.path,
                                                                              "REEL_MAX_TRACE_BYTES": "1000000"],
                                           timeout: 120)
        #expect(!result.timedOut, "\(command) never stopped reading")
        #expect(result.status == 1)
        #expect(result.stderr.contains("the input goes on past 1,000,000 bytes, the most REEL_MAX_TRACE_BYTES lets Reel copy"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("Document is empty"))
        #expect(Self.copies(in: folder) == [])
    }

    @Test("A trace of exactly the cap is read; one byte more is refused")
    func capIsInclusive() throws {
        let folder = try Self.temporaryFolder()
        let trace = try Data(contentsOf: ReelProcess.root.appendingPathComponent("Traces/circle-clock.xml"))
        let path = folder.appendingPathComponent("trace.xml").path
        try trace.write(to: URL(fileURLWithPath: path))
        for (limit, status) in [(trace.count, Int32(0)), (trace.count - 1, Int32(1))] {
            let result = try ReelProcess.shell(#""$0" validate - < "# + OutputReliabilityCommandTests.quoted(path),
                                               environment: ["TMPDIR": folder.path, "REEL_MAX_TRACE_BYTES": "\(limit)"])
            #expect(result.status == status, "limit \(limit): \(result.stderr)")
        }
        #expect(Self.copies(in: folder) == [])
    }

    @Test("REEL_MAX_TRACE_BYTES that is not a number of bytes is told, and the cap stays 4 GiB")
    func badLimit() throws {
        let folder = try Self.temporaryFolder()
        let path = ReelProcess.root.appendingPathComponent("Traces/circle-clock.xml").path
        let result = try ReelProcess.shell(#""$0" validate - < "# + OutputReliabilityCommandTests.quoted(path),
                                           environment: ["TMPDIR": folder.path, "REEL_MAX_TRACE_BYTES": "lots"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("REEL_MAX_TRACE_BYTES='lots' is not a number of bytes from 1 to 4,294,967,295"))
    }

    /// Starts `reel arguments` reading the FIFO `fifo`, which a `yes` process fills without end, and waits until
    /// its copy in `folder` has grown: the copy is then under way and never finishes.
    static func startCopying(_ arguments: [String], fifo: String, folder: URL) throws -> (reel: Process, writer: Process) {
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", #"exec yes '<!-- filler -->' > "$0""#, fifo]
        try writer.run()
        let reel = Process()
        reel.executableURL = ReelProcess.executable
        reel.arguments = arguments
        reel.currentDirectoryURL = ReelProcess.root
        reel.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.path]) { $1 }
        reel.standardOutput = FileHandle.nullDevice
        reel.standardError = FileHandle.nullDevice
        try reel.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && reel.isRunning {
            if let copy = copies(in: folder).first, size(of: folder.appendingPathComponent(copy).path) > 100_000 { break }
            usleep(20_000)
        }
        return (reel, writer)
    }

    @Test("SIGTERM and SIGINT while a FIFO is being copied: the copy is removed, reel dies of the signal",
          arguments: [SIGTERM, SIGINT])
    func signalDuringCopy(signal: Int32) throws {
        let folder = try Self.temporaryFolder("signal\(signal)")
        let fifo = folder.appendingPathComponent("endless").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let (reel, writer) = try Self.startCopying(["replay", fifo, "--quiet"], fifo: fifo, folder: folder)
        defer {
            if reel.isRunning { kill(reel.processIdentifier, SIGKILL) }
            if writer.isRunning { kill(writer.processIdentifier, SIGKILL) }
        }
        try #require(reel.isRunning, "reel stopped before it was signalled")
        #expect(Self.copies(in: folder).count == 1)
        #expect(Self.copies(in: folder).first?.hasPrefix("reel-trace-\(reel.processIdentifier)-") == true)
        kill(reel.processIdentifier, signal)
        reel.waitUntilExit()
        #expect(reel.terminationReason == .uncaughtSignal)
        #expect(reel.terminationStatus == signal)
        #expect(Self.copies(in: folder) == [], "left behind")
    }

    @Test("A copy a SIGKILL left is swept by the next command that copies; a running process's is kept")
    func staleCopySwept() throws {
        let folder = try Self.temporaryFolder()
        let fifo = folder.appendingPathComponent("endless").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let (reel, writer) = try Self.startCopying(["validate", fifo], fifo: fifo, folder: folder)
        defer { if writer.isRunning { kill(writer.processIdentifier, SIGKILL) } }
        try #require(reel.isRunning)
        kill(reel.processIdentifier, SIGKILL)
        reel.waitUntilExit()
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        let stale = Self.copies(in: folder)
        #expect(stale.count == 1, "SIGKILL cannot be caught: its copy stays until the next run")
        // This test process runs: a copy named after it is not stale.
        let live = folder.appendingPathComponent("reel-trace-\(getpid())-live").path
        FileManager.default.createFile(atPath: live, contents: Data("x".utf8))

        let trace = ReelProcess.root.appendingPathComponent("Traces/circle-clock.xml").path
        let result = try ReelProcess.shell(#""$0" validate - < "# + OutputReliabilityCommandTests.quoted(trace),
                                           environment: ["TMPDIR": folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.copies(in: folder) == ["reel-trace-\(getpid())-live"])
    }

    @Test("A regular file is not copied, so nothing is swept: a command without copies leaves the folder as it is")
    func noCopyNoSweep() throws {
        let folder = try Self.temporaryFolder()
        let stale = folder.appendingPathComponent("reel-trace-999999999-stale").path
        FileManager.default.createFile(atPath: stale, contents: Data())
        let trace = ReelProcess.root.appendingPathComponent("Traces/circle-clock.xml").path
        let result = try ReelProcess.run(arguments: ["validate", trace], environment: ["TMPDIR": folder.path], timeout: 300)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: stale))
    }
}
