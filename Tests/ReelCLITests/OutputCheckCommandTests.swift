#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import Testing

/// Every output path is checked before the first pass: a path that cannot take its output fails the command at
/// once, in one line naming it, and nothing is replayed (the traces here stop with an error of their own when
/// replayed, so a replay would show on standard error).
@Suite("Output paths checked before the first pass", .tags(.endToEnd))
struct OutputCheckCommandTests {
    /// A trace in `directory` that fails only when it is replayed: it selects an item that does not exist.
    private static func failingTrace(in directory: String) throws -> String {
        let source = try ReelProcess.trace(events: #"<select t="0.5" section="0" item="999"/>"#, name: "failing\(UUID().uuidString)")
        let path = directory + "/session.xml"
        try FileManager.default.copyItem(atPath: source, toPath: path)
        return path
    }

    /// A JSON report in `directory`, for gate.
    private static func report(in directory: String) throws -> String {
        let trace = try ReelProcess.trace(events: #"<scroll t="0.1" x="0" y="300"/>"#, name: "reportable\(UUID().uuidString)")
        let path = directory + "/baseline.json"
        let result = try ReelProcess.run("replay", trace, "--repeat", "1", "--warmup", "0", "-f", "json", "-o", path)
        try #require(result.status == 0, "\(result.stderr)")
        return path
    }

    /// The commands that write, each with a trace (and a report for gate) and `output` as where it writes.
    private static func commands(trace: String, report: String, output: String) -> [[String]] {
        [
            ["replay", trace, "-o", output],
            ["replay", trace, "--export", "json=" + output],
            ["compare", trace, "--layout", "flow", "--layout", "grid", "-o", output],
            ["compare", trace, "--layout", "flow", "--layout", "grid", "--export", "html=" + output],
            ["gate", "--baseline", report, trace, "-o", output],
            ["gate", "--baseline", report, trace, "--export", "junit=" + output],
            ["snapshot", trace, "--time", "1", "-o", output],
            ["record", "--scenario", "browse", "--duration", "1", "-o", output],
        ]
    }

    /// Expects `arguments` to exit 1 with exactly `line` on standard error and nothing on standard output.
    private func expectRefused(_ arguments: [String], _ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try ReelProcess.run(arguments: arguments)
        #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stderr == line + "\n", "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test("An output in a directory that does not exist: exit 1, the path and the directory named, nothing replayed")
    func missingDirectory() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let trace = try Self.failingTrace(in: directory), report = try Self.report(in: directory)
            let output = directory + "/out/r.json"
            for command in Self.commands(trace: trace, report: report, output: output) {
                try expectRefused(command, "\(output): the directory '\(directory)/out' does not exist")
            }
            #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
        }
    }

    @Test("A directory as the output path: exit 1, nothing replayed, the directory as it was")
    func directoryAsOutput() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let trace = try Self.failingTrace(in: directory), report = try Self.report(in: directory)
            let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            for command in Self.commands(trace: trace, report: report, output: directory) {
                try expectRefused(command, "\(directory): is a directory; expected a file to write")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before)
        }
    }

    @Test("A directory that cannot be written in: exit 1, nothing replayed", .enabled(if: geteuid() != 0, "root writes anywhere"))
    func readOnlyDirectory() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let trace = try Self.failingTrace(in: directory), report = try Self.report(in: directory)
            let locked = directory + "/locked"
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o555])
            defer { chmod(locked, 0o755) }
            for command in Self.commands(trace: trace, report: report, output: locked + "/r.json") {
                try expectRefused(command, "\(locked)/r.json: the directory '\(locked)' is not writable")
            }
        }
    }

    @Test("The trace as -o, also through ./ and a symbolic link: exit 1, the trace untouched, nothing replayed")
    func traceAsOutput() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let trace = try Self.failingTrace(in: directory)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: trace))
            try FileManager.default.createSymbolicLink(atPath: directory + "/link.xml", withDestinationPath: "session.xml")
            for output in [trace, directory + "/./session.xml", directory + "/link.xml"] {
                try expectRefused(["replay", trace, "-o", output],
                                  "\(output): is one of the inputs; writing the report there would overwrite it")
                try expectRefused(["replay", trace, "-f", "json", "--export", "chrome-trace=" + output],
                                  "\(output): is one of the inputs; writing the report there would overwrite it")
                try expectRefused(["compare", trace, "--layout", "flow", "--layout", "grid", "-o", output],
                                  "\(output): is one of the inputs; writing the comparison there would overwrite it")
                try expectRefused(["snapshot", trace, "--time", "1", "-o", output],
                                  "\(output): is one of the inputs; writing the snapshot there would overwrite it")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == bytes)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["link.xml", "session.xml"])
        }
    }

    @Test("The baseline as gate -o: exit 1, the baseline untouched; --update may replace it, but not be -o too")
    func baselineAsOutput() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let trace = try Self.failingTrace(in: directory), report = try Self.report(in: directory)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: report))
            try expectRefused(["gate", "--baseline", report, trace, "-o", report],
                              "\(report): is one of the inputs; writing the judgement there would overwrite it")
            try expectRefused(["gate", "--baseline", report, report, "--export", "json=" + report],
                              "\(report): is one of the inputs; writing the judgement there would overwrite it")
            try expectRefused(["gate", "--baseline", report, trace, "--update", "-o", report],
                              "\(report): is one of the inputs; writing the judgement there would overwrite it")
            // The baseline --update writes is checked too: here its directory is missing.
            let missing = directory + "/none/baseline.json"
            try expectRefused(["gate", "--baseline", missing, trace, "--update"],
                              "\(missing): the directory '\(directory)/none' does not exist")
            #expect(try Data(contentsOf: URL(fileURLWithPath: report)) == bytes)
        }
    }

    @Test("Two outputs naming one file: exit 1 before the replay")
    func sameFileTwice() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let trace = try Self.failingTrace(in: directory)
            let output = directory + "/r.json"
            try expectRefused(["replay", trace, "-o", output, "--export", "json=\(directory)/./r.json"],
                              "\(directory)/./r.json: is also the output '\(output)'; each output needs a file of its own")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test("A good output still gets the replay's own error: the check refuses only bad paths")
    func goodOutputReplays() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let trace = try Self.failingTrace(in: directory)
            let result = try ReelProcess.run("replay", trace, "-f", "json", "-o", directory + "/r.json")
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("\(trace):"), "\(result.stderr)")
            #expect(!result.stderr.contains("r.json"), "\(result.stderr)")
        }
    }
}
