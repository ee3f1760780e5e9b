import Foundation
import TestSupport

/// Runs the built `reel` executable and captures what it printed and how it exited.
struct ReelProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether it ended on a signal (`status` is then the signal's number).
        var signalled = false
        /// Whether it was killed for running past its time limit (``run(_:arguments:environment:timeout:)``).
        var timedOut = false
    }

    /// The `reel` binary beside the test bundle (SwiftPM builds it because this target depends on it).
    static let executable: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("reel")
    }()

    /// The repository's root, for the shipped traces.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func run(_ arguments: String...) throws -> Result {
        try run(arguments: arguments)
    }

    static func run(arguments: [String]) throws -> Result {
        try run(executable, arguments: arguments)
    }

    /// Runs `program` with `arguments` in the package's root and collects what it printed.
    static func run(_ program: URL, arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting, so that a large report cannot fill the pipe and block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self),
                      signalled: process.terminationReason == .uncaughtSignal)
    }

    /// Runs `program` with `arguments` in the package's root, with `environment` added to the process's, and
    /// kills it (SIGKILL) if it is still running after `timeout` seconds — for a command that could hang, such
    /// as one writing to a FIFO. The time limit is a generous bound, never a measurement.
    static func run(_ program: URL = executable, arguments: [String], environment: [String: String] = [:],
                    timeout: TimeInterval) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = root
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let killed = Killed()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if process.isRunning {
                killed.set()
                kill(pid, SIGKILL)
            }
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self),
                      signalled: process.terminationReason == .uncaughtSignal, timedOut: killed.value)
    }

    /// Runs `script` with `sh -c`, `$0` being the `reel` binary: for what only a shell sets up, such as a
    /// closed standard output (`"$0" replay T >&-`) or one on `/dev/full`. Killed after `timeout` seconds.
    static func shell(_ script: String, environment: [String: String] = [:], timeout: TimeInterval = 300) throws -> Result {
        try run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, executable.path], environment: environment,
                timeout: timeout)
    }

    /// A flag set from the timer's thread and read after the process ended.
    private final class Killed: @unchecked Sendable {
        private let lock = NSLock()
        private var flag = false
        func set() { lock.withLock { flag = true } }
        var value: Bool { lock.withLock { flag } }
    }

    /// A trace in a temporary file: the header of a small grid session and `events`.
    static func trace(layout: String = #"<layout name="flow" item-size="100 100" section-inset="10 10 10 10"/>"#,
                      events: String, name: String = #function) throws -> String {
        let directory = try ScratchDirectory.folder("cli")
        let path = directory.appendingPathComponent(name.filter { $0.isLetter } + ".xml").path
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <trace version="1">
              <collection-view width="390" height="844" refresh-rate="60"/>
              \(layout)
              <data><section items="300"/></data>
              <workload><cell reuse-identifier="cell" create="0.05" configure="0.02" prepare-for-reuse="0.01"/></workload>
              <events>
            \(events)
              </events>
            </trace>

            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
