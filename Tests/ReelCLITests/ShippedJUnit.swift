import Foundation
import Reporting
import ShippedTraceSupport
import TestSupport

/// The JUnit documents `reel` writes that the schema and consumer tests read, each run once per test process
/// and shared: a failing `replay`, a passing and a failing `compare`, and a `gate` with passing, skipped and
/// failing figures and an error; and the document of every shipped trace (``replay()``).
enum ShippedJUnit {
    /// Every shipped trace, sorted as the shell sorts `Traces/*.xml`.
    static let traces: [String] = {
        let folder = ReelProcess.root.appendingPathComponent("Traces").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".xml") }.sorted().map { "Traces/\($0)" }
    }()

    /// A folder of this process's own for the files the runs need.
    static let folder: URL = {
        (try? ScratchDirectory.folder("junit")) ?? ScratchDirectory.root
    }()

    static let quick = ["--repeat", "1", "--warmup", "0", "--format", "junit", "--quiet"]

    /// Every shipped trace with the default thresholds: the document `reel replay Traces/*.xml --format junit`
    /// writes, rendered from the shipped-trace suite's replays (on the manual clock) instead of replaying again.
    static func replay() async throws -> ReelProcess.Result {
        var reports: [Report] = []
        for trace in ShippedReplays.traces { reports.append(try await ShippedReplays.report(trace)) }
        return ReelProcess.Result(status: 0, stdout: ReportFormat.junit.render(reports), stderr: "")
    }

    /// The first half of a shipped trace: its replay stops early, incomplete.
    static let cutTrace = Result { () throws -> String in
        let bytes = try Data(contentsOf: ReelProcess.root.appendingPathComponent("Traces/contacts-list.xml"))
        let path = folder.appendingPathComponent("cut.xml").path
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let missing = "/nonexistent/missing.xml"

    /// Two traces janky on a 0.1 ms budget (failures), a trace that cannot be read and one cut off (errors).
    static let failingReplay = Result {
        try ReelProcess.run(arguments: ["replay", "Traces/chat-messages.xml", "Traces/circle-clock.xml", missing,
                                        try cutTrace.get(), "--budget", "0.1"] + quick)
    }

    static let compareTrace = "Traces/cover-flow-albums.xml"
    static let compareLayouts = ["--layout", "cover-flow", "--layout", "cover-flow-cached"]

    /// Two layouts, thresholds no trace exceeds: two passing test cases.
    static let compare = Result {
        try ReelProcess.run(arguments: ["compare", compareTrace] + compareLayouts + quick
                            + ["--max-janky-frames", "10368000", "--max-hitch-ratio", "1000000"])
    }

    /// Two layouts janky on a 0.1 ms budget (two failures) and a trace that cannot be read (two errors).
    static let failingCompare = Result {
        try ReelProcess.run(arguments: ["compare", compareTrace, missing] + compareLayouts + quick + ["--budget", "0.1"])
    }

    /// A baseline against itself with five more layout prepares (a regression), timing figures not judged
    /// (skipped), and a current report that cannot be read (an error).
    static let gate = Result { () throws -> ReelProcess.Result in
        let baseline = ReelProcess.root.appendingPathComponent("Reports/baselines/chat-messages.json")
        guard var report = try JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as? [String: Any],
              var counters = report["counters"] as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: baseline.path])
        }
        counters["layout_prepares"] = (counters["layout_prepares"] as? Int ?? 0) + 5
        report["counters"] = counters
        let current = folder.appendingPathComponent("current.json")
        try JSONSerialization.data(withJSONObject: report).write(to: current)
        return try ReelProcess.run("gate", "--baseline", baseline.path, current.path, "/nonexistent/missing.json",
                                   "--format", "junit")
    }
}
