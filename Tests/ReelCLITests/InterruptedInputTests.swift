import Testing
import Foundation
import TestSupport

/// A trace read from standard input is copied into a private temporary file (``TraceInput``);
/// `reel` killed by a signal while it replays that copy removes it, then dies of the same signal.
@Suite("A killed reel removes its copy of standard input", .tags(.endToEnd), .serialized)
struct InterruptedInputTests {
    @Test("SIGTERM and SIGINT during `reel replay -` leave the temporary folder empty", arguments: [SIGTERM, SIGINT])
    func killed(signal: Int32) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-killed-\(getpid())-\(signal)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = try Data(contentsOf: ReelProcess.root.appendingPathComponent("Traces/contacts-list.xml"))

        let process = Process()
        process.executableURL = ReelProcess.executable
        // Thousands of passes: far longer than the test waits.
        process.arguments = ["replay", "-", "--repeat", "5000", "--warmup", "0", "--quiet", "--clock", "wall"]
        process.currentDirectoryURL = ReelProcess.root
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = folder.path
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        try input.fileHandleForWriting.write(contentsOf: trace)
        try input.fileHandleForWriting.close()

        // Wait until the copy is complete, so that the replay of it is under way.
        let deadline = Date().addingTimeInterval(30)
        func copies() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] }
        func copySize() -> Int {
            guard let name = copies().first,
                  let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            else { return -1 }
            return (attributes[.size] as? NSNumber)?.intValue ?? -1
        }
        while copySize() != trace.count && Date() < deadline && process.isRunning { usleep(20_000) }
        try #require(copySize() == trace.count, "the copy never appeared: \(copies())")
        usleep(300_000)
        #expect(process.isRunning)

        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(copies() == [], "left behind: \(copies())")
    }
}
