public import Foundation
public import Replay
public import Reporting
import Synchronization
import TraceXML

/// Every shipped trace (`Traces/*.xml`) replayed once per mode in this process, and shared by every check of
/// the shipped-trace suite: the golden counters, the chrome trace, the text, JSON, HTML, Markdown and JUnit
/// reports are all derived from these replays instead of replaying again.
///
/// A replay is one pass (`--repeat 1 --warmup 0`) on the manual clock, which advances only by the modelled
/// workload: its figures are the same on every machine, and it records the timeline of its pass.
public enum ShippedReplays {
    /// The package's root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every `Traces/*.xml`, by file name, sorted as the shell sorts them.
    public static let traces: [String] = {
        let folder = root.appendingPathComponent("Traces").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".xml") }.sorted()
    }()

    /// The path of a shipped trace from its file name.
    public static func path(_ trace: String) -> String {
        root.appendingPathComponent("Traces").appendingPathComponent(trace).path
    }

    /// The options of every shared replay in `mode` (`nil`: the trace's own default mode).
    public static func options(_ mode: ReplayMode?) -> ReplayOptions {
        ReplayOptions(mode: mode, repeats: 1, warmup: 0, timelineRepeat: 1)
    }

    private struct Key: Hashable {
        var trace: String
        var mode: ReplayMode?
    }

    private static let replays = Mutex<[Key: Task<Result<ReplayMeasurement, ReplayError>, Never>]>([:])

    /// The replay of `trace` in `mode` (`nil`: its default mode), run by the first caller and awaited by the
    /// others.
    public static func replay(_ trace: String, _ mode: ReplayMode?) async -> Result<ReplayMeasurement, ReplayError> {
        // The default mode is one of the two: its replay is that mode's.
        let mode = mode ?? defaultModes[trace]
        let task = replays.withLock { replays in
            if let task = replays[Key(trace: trace, mode: mode)] { return task }
            let task = Task {
                Result { () throws(ReplayError) -> ReplayMeasurement in
                    try ReplayRunner(makeClock: { ManualClock() }).replay(path(trace), options: options(mode))
                }
            }
            replays[Key(trace: trace, mode: mode)] = task
            return task
        }
        return await task.value
    }

    /// The measurement of `trace` in `mode`, or the test's failure.
    public static func measurement(_ trace: String, _ mode: ReplayMode?) async throws -> ReplayMeasurement {
        try await replay(trace, mode).get()
    }

    /// The report of `trace`'s replay in its default mode, naming the trace as `reel replay Traces/<trace>`
    /// run in the package's root does.
    public static func report(_ trace: String) async throws -> Report {
        var report = Report(try await measurement(trace, nil))
        report.trace = "Traces/\(trace)"
        return report
    }

    /// Each trace's default mode, as `reel replay` chooses it: offsets when the trace has a `<scroll>`, else
    /// gestures.
    private static let defaultModes: [String: ReplayMode] = {
        var modes: [String: ReplayMode] = [:]
        for trace in traces {
            guard let reader = try? TraceReader(path: path(trace)) else { continue }
            modes[trace] = .gestures
            while let event = try? reader.next() {
                if case .scroll = event.kind {
                    modes[trace] = .offsets
                    break
                }
            }
        }
        return modes
    }()
}
