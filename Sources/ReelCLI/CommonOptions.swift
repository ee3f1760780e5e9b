public import ArgumentParser
public import Replay
public import Reporting
import TraceXML

/// Options every command that replays takes.
struct ReplaySelection: ParsableArguments {
    @Option(help: "Replay with this registered layout instead of the trace's (see `reel layouts`).")
    var layout: String?

    @Option(help: "How scrolling is driven: the recorded offsets, or drags through the scroll physics (default: offsets when the trace has <scroll> events, else gestures).")
    var mode: ReplayMode?

    @Option(name: .customLong("refresh-rate"), help: ArgumentHelp("Override the trace's refresh rate.", valueName: "hz"))
    var refreshRate: Double?

    func validate() throws {
        if let refreshRate, !(refreshRate > 0 && refreshRate.isFinite) {
            throw ValidationError("--refresh-rate must be a positive number of hertz, not '\(refreshRate)'")
        }
    }
}

/// Whether a trace cut off before `</trace>` (an interrupted `reel record`) is accepted (SPEC §2).
struct TruncationSelection: ParsableArguments {
    @Flag(name: .customLong("allow-truncated"),
          help: "Accept a trace cut off before </trace>: replay its complete events and report it as complete (without this, it is reported incomplete and the exit code is 1).")
    var allowsTruncated = false
}

/// What a replay measures: the clock, and the frames the figures cover (SPEC §4).
struct MeasurementSelection: ParsableArguments {
    @Option(help: "The clock frames are measured and the workload is spent on: the main thread's CPU time, which a busy machine does not inflate, or the monotonic clock.")
    var clock: ReplayClockKind = .cpu

    @Flag(name: .customLong("include-initial-display"),
          help: "Count frame 0, the first screen's layout pass, among the frame figures (it is always reported apart).")
    var includesInitialDisplay = false

    @Option(name: .customLong("from-marker"), help: ArgumentHelp("Measure the frames from this <marker> on.", valueName: "label"))
    var fromMarker: String?

    @Option(name: .customLong("to-marker"), help: ArgumentHelp("Measure the frames up to this <marker>.", valueName: "label"))
    var toMarker: String?

    /// `options` with this selection applied.
    func applied(to options: ReplayOptions) -> ReplayOptions {
        var options = options
        options.clock = clock
        options.includesInitialDisplay = includesInitialDisplay
        options.fromMarker = fromMarker
        options.toMarker = toMarker
        return options
    }
}

extension ReplayMode: ExpressibleByArgument {}
extension ReplayClockKind: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension GateFormat: ExpressibleByArgument {}
extension ScenarioName: ExpressibleByArgument {}

/// Runs `body` with every trace in `paths` that can be read only once — a FIFO, a process substitution,
/// `-` for standard input — copied into a private temporary file that every pass reads (SPEC §2); the
/// copies are removed when `body` returns or throws. Regular files are read in place.
func withTraceInputs<Result>(_ paths: [String], _ body: () throws -> Result) throws -> Result {
    var inputs: [TraceInput] = []
    defer { for input in inputs { input.remove() } }
    for path in paths where !inputs.contains(where: { $0.path == path }) {
        do {
            inputs.append(try TraceInput(path))
        } catch {
            StandardError.line(error.description)
            throw ExitCode(1)
        }
    }
    return try body()
}
