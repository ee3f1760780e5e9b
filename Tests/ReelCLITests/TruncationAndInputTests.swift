import Foundation
import TestSupport
import Testing

/// A cut-off trace is replayed up to its last complete event and reported incomplete unless
/// `--allow-truncated`; `validate` makes it an error; traces that can be read once are copied once.
@Suite("Truncated traces, empty files, FIFOs and standard input", .tags(.endToEnd))
struct TruncationAndInputTests {
    static let shipped = ReelProcess.root.appendingPathComponent("Traces/chat-messages.xml").path

    /// A fresh temporary folder for one test.
    static func folder(_ name: String = #function) throws -> URL {
        try ScratchDirectory.folder("trunc-\(name.filter(\.isLetter))")
    }

    /// The shipped trace cut in the middle of its events.
    static func cutTrace(in folder: URL) throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: shipped))
        let path = folder.appendingPathComponent("cut.xml").path
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `reel` with `TMPDIR` set to `temporary` and, when given, `input` written to its standard input.
    static func run(_ arguments: [String], temporary: URL, input: Data? = nil) throws -> ReelProcess.Result {
        let process = Process()
        process.executableURL = ReelProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = ReelProcess.root
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        if input != nil { process.standardInput = inPipe }
        try process.run()
        if let input {
            let writer = Thread {
                inPipe.fileHandleForWriting.write(input)
                try? inPipe.fileHandleForWriting.close()
            }
            writer.start()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ReelProcess.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                                  stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// What does not depend on timing: completeness, frames, counters, warnings.
    static func stableFigures(_ report: [String: Any]) -> String {
        let keys = ["complete", "frames", "counters", "warnings", "failure", "mode", "layout", "repeats"]
        let subset = report.filter { keys.contains($0.key) }
        let data = try? JSONSerialization.data(withJSONObject: subset, options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Files the run left in its temporary folder (a copy would be named reel-trace-…).
    static func leftovers(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("reel-trace-") }
    }

    @Test("A cut-off trace is replayed up to its last complete event, incomplete, exit 1, naming the option")
    func truncatedWithoutOption() throws {
        let folder = try Self.folder()
        let path = try Self.cutTrace(in: folder)
        let result = try Self.run(["replay", path, "--repeat", "1", "--warmup", "0", "--format", "json"], temporary: folder)
        #expect(result.status == 1)
        let report = try Self.json(result.stdout)
        #expect(report["complete"] as? Bool == false)
        #expect((report["frames"] as? Int ?? 0) > 100)
        let pattern = try Regex(#"cut\.xml:\d+:\d+: the trace is cut off here, inside an incomplete <\w+>; read \d+ complete events"#)
        #expect(result.stderr.contains(pattern))
        #expect(result.stderr.contains("pass --allow-truncated to accept a cut-off trace"))
    }

    @Test("With --allow-truncated the cut-off trace is complete, exit 0, with the cut as a warning")
    func truncatedWithOption() throws {
        let folder = try Self.folder()
        let path = try Self.cutTrace(in: folder)
        let result = try Self.run(["replay", path, "--repeat", "1", "--warmup", "0", "--format", "json",
                                   "--allow-truncated"], temporary: folder)
        #expect(result.status == 0)
        let report = try Self.json(result.stdout)
        #expect(report["complete"] as? Bool == true)
        let warnings = report["warnings"] as? [String] ?? []
        #expect(warnings.contains { $0.contains("the trace is cut off here") })
        // A snapshot past the cut meets it: an error naming the option, unless the option is given.
        let snapshot = try Self.run(["snapshot", path, "--time", "1000"], temporary: folder)
        #expect(snapshot.status == 1)
        #expect(snapshot.stderr.contains("--allow-truncated"))
        // Accepted, the cut is the session's end: a moment before it shows, one past it is an error.
        let accepted = try Self.run(["snapshot", path, "--time", "0.5", "--allow-truncated"], temporary: folder)
        #expect(accepted.status == 0)
        let past = try Self.run(["snapshot", path, "--time", "1000", "--allow-truncated"], temporary: folder)
        #expect(past.status == 1)
        #expect(past.stderr.contains("past the session's end: the session lasts"))
    }

    @Test("validate reports a cut-off trace as an error where the document stops")
    func validateTruncated() throws {
        let folder = try Self.folder()
        let path = try Self.cutTrace(in: folder)
        let result = try Self.run(["validate", path], temporary: folder)
        #expect(result.status == 1)
        let pattern = try Regex(#"cut\.xml:\d+:\d+: the trace is cut off here"#)
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains(pattern) })
        #expect(line.contains("the document stops before </trace>"))
        #expect(line.contains("--allow-truncated"))
        #expect(!line.contains("warning"))
        #expect(result.stderr.contains("1 error"))
    }

    @Test("An empty file says so, not 'cut off'")
    func emptyFile() throws {
        let folder = try Self.folder()
        let path = folder.appendingPathComponent("empty.xml").path
        FileManager.default.createFile(atPath: path, contents: Data())
        for arguments in [["replay", path], ["validate", path], ["snapshot", path, "--time", "0"]] {
            let result = try Self.run(arguments, temporary: folder)
            #expect(result.status == 1)
            let output = result.stdout + result.stderr
            #expect(output.contains("empty.xml: the file is empty; expected a <trace> document"))
            #expect(!output.contains("cut off"))
            #expect(output.components(separatedBy: "the file is empty").count == 2, "told once: \(output)")
        }
        let piped = try Self.run(["validate", "-"], temporary: folder, input: Data())
        #expect(piped.status == 1)
        #expect(piped.stdout.contains("-: the file is empty; expected a <trace> document"))
    }

    @Test("A FIFO is read once, replayed three times like the regular file, and its copy removed")
    func fifo() throws {
        let folder = try Self.folder()
        let fifo = folder.appendingPathComponent("trace.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.shipped))
        let writer = Thread {
            // Blocks until reel opens the FIFO for reading; reel would hang if it opened it twice.
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(bytes)
                try? handle.close()
            }
        }
        writer.start()
        let arguments = ["--repeat", "3", "--warmup", "1", "--format", "json"]
        let piped = try Self.run(["replay", fifo] + arguments, temporary: folder)
        #expect(piped.status == 0, "\(piped.stderr)")
        let regular = try Self.run(["replay", Self.shipped] + arguments, temporary: folder)
        #expect(regular.status == 0)
        let fromFIFO = try Self.json(piped.stdout), fromFile = try Self.json(regular.stdout)
        #expect(fromFIFO["trace"] as? String == fifo)
        #expect(Self.stableFigures(fromFIFO) == Self.stableFigures(fromFile))
        #expect((fromFIFO["repeats"] as? Int) == 3)
        #expect(Self.leftovers(folder).isEmpty)
    }

    @Test("'-' reads standard input once for every pass, and for validate's passes")
    func standardInput() throws {
        let folder = try Self.folder()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.shipped))
        let arguments = ["--repeat", "2", "--warmup", "1", "--format", "json"]
        let piped = try Self.run(["replay", "-"] + arguments, temporary: folder, input: bytes)
        #expect(piped.status == 0, "\(piped.stderr)")
        let regular = try Self.run(["replay", Self.shipped] + arguments, temporary: folder)
        let fromInput = try Self.json(piped.stdout), fromFile = try Self.json(regular.stdout)
        #expect(fromInput["trace"] as? String == "-")
        #expect(Self.stableFigures(fromInput) == Self.stableFigures(fromFile))
        let validated = try Self.run(["validate", "-"], temporary: folder, input: bytes)
        #expect(validated.status == 0, "\(validated.stdout)")
        #expect(validated.stderr.contains("0 errors"))
        // A cut-off trace on standard input: the copy is removed on the error path too.
        let cut = try Self.run(["replay", "-", "--repeat", "1", "--warmup", "0", "--format", "json"], temporary: folder,
                               input: bytes.prefix(bytes.count / 2))
        #expect(cut.status == 1)
        #expect(cut.stderr.contains("-:"))
        #expect(cut.stderr.contains("--allow-truncated"))
        #expect(Self.leftovers(folder).isEmpty)
    }
}
