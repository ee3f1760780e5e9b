#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    @Option(name: .customLong("refresh-rate"), parsing: .unconditional,
            help: ArgumentHelp("Override the trace's refresh rate (1–240).", valueName: "hz"))
    var refreshRate: Double?

    func validate() throws {
        if let layout { try Reel.checkLayoutName(layout) }
        if let refreshRate { try OptionRange.refreshRate().check(refreshRate) }
    }
}

/// The defaults of ``PassSelection`` for one command.
protocol PassDefaults {
    /// `--repeat`'s default.
    static var repeats: Int { get }
    /// `--repeat`'s help.
    static var repeatHelp: String { get }
}

/// How many passes a command runs over each trace — measured and warm-up — and whether a cut-off trace is
/// accepted: what `replay`, `compare` and `gate` share, each with its own defaults.
struct PassSelection<Defaults: PassDefaults>: ParsableArguments {
    @Option(name: .customLong("repeat"), parsing: .unconditional,
            help: ArgumentHelp(Defaults.repeatHelp + " (1–10,000).", valueName: "n"))
    var repeats: Int = Defaults.repeats

    @Option(parsing: .unconditional, help: ArgumentHelp("Passes run first and discarded (0–10,000).", valueName: "n"))
    var warmup = 1

    @OptionGroup var truncation: TruncationSelection

    var allowsTruncated: Bool { truncation.allowsTruncated }

    func validate() throws {
        try OptionRange.repeats.check(repeats)
        try OptionRange.warmup.check(warmup)
        try Self.checkTotal(warmup + repeats, runs: 1)
    }

    /// Refuses more than ``TraceLimits/passes`` passes in all: `passes` each over `runs` layouts.
    static func checkTotal(_ passes: Int, runs: Int) throws {
        let total = passes.multipliedReportingOverflow(by: runs)
        guard !total.overflow, total.partialValue <= TraceLimits.passes else {
            let each = runs == 1 ? "" : " for each of \(runs) layouts"
            throw ValidationError("--warmup and --repeat ask for \(OptionRange.format(Double(passes))) passes\(each); one command runs at most "
                                  + "\(OptionRange.format(Double(TraceLimits.passes)))")
        }
    }
}

/// Whether a trace cut off before `</trace>` (an interrupted `reel record`) is accepted.
struct TruncationSelection: ParsableArguments {
    @Flag(name: .customLong("allow-truncated"),
          help: "Accept a trace cut off before </trace>: replay its complete events and report it as complete (without this, it is reported incomplete and the exit code is 1).")
    var allowsTruncated = false
}

/// What a replay measures: the clock, and the frames the figures cover.
struct MeasurementSelection: ParsableArguments {
    @Option(help: "The clock frames are measured on: the main thread's CPU time, which a busy machine does not inflate, or the monotonic clock.")
    var clock: ReplayClockKind = .cpu

    @Option(help: ArgumentHelp("How the trace's <workload> costs are charged: added exactly to the frames and spans that incur them (model), or spent as busy time on the clock (spend).", valueName: "mode"))
    var workload: WorkloadMode = .model

    @Flag(name: .customLong("include-initial-display"),
          help: "Count frame 0, the first screen's layout pass, among the frame figures (it is always reported apart).")
    var includesInitialDisplay = false

    @Option(name: .customLong("from-marker"), help: ArgumentHelp("Measure the frames from this <marker> on.", valueName: "label"))
    var fromMarker: String?

    @Option(name: .customLong("to-marker"), help: ArgumentHelp("Measure the frames up to this <marker>.", valueName: "label"))
    var toMarker: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The frame budget, overriding 1000 / refresh rate (0.1–10,000).", valueName: "ms"))
    var budget: Double?

    func validate() throws {
        if let budget { try OptionRange.budget.check(budget) }
    }

    /// `options` with this selection applied.
    func applied(to options: ReplayOptions) -> ReplayOptions {
        var options = options
        options.clock = clock
        options.workload = workload
        options.includesInitialDisplay = includesInitialDisplay
        options.fromMarker = fromMarker
        options.toMarker = toMarker
        options.budgetMs = budget
        return options
    }
}

extension ReplayMode: ExpressibleByArgument {}
extension ReplayClockKind: ExpressibleByArgument {}
extension WorkloadMode: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension SnapshotReport.Format: ExpressibleByArgument {}
extension GateFormat: ExpressibleByArgument {}
extension ScenarioName {
    /// The scenario named `text`, or a usage error (exit 64) that suggests the closest name.
    static func parsed(_ text: String) throws -> ScenarioName {
        if let scenario = ScenarioName(rawValue: text) { return scenario }
        throw ValidationError(Reel.unknownNameMessage("scenario", text, names: allCases.map(\.rawValue),
                                                      all: "the scenarios are"))
    }
}

/// Runs `body` with every trace in `paths` that can be read only once — a FIFO, a process substitution,
/// `-` for standard input — copied into a private temporary file that every pass reads (``TraceInput``), at
/// most ``TraceLimits/traceBytes`` bytes (or `REEL_MAX_TRACE_BYTES`, when it is smaller). The copies are
/// removed when `body` returns or throws, and when `reel` is interrupted or terminated, even in the middle of
/// a copy (``TemporaryCopies``); copies that killed runs left are removed before the first copy is made.
/// Regular files are read in place.
///
/// A trace that cannot be copied is reported on standard error and handed to `body` with its error, so that
/// it keeps its place among the traces' outcomes.
func withTraceInputs<Result>(_ paths: [String], _ body: (_ failures: [String: String]) throws -> Result) throws -> Result {
    var inputs: [TraceInput] = []
    var failures: [String: String] = [:]
    defer {
        TemporaryCopies.forget()
        for input in inputs { input.remove() }
    }
    if paths.contains(where: TraceInput.needsCopy) { TraceInput.removeStaleCopies() }
    let limit = CopyLimit.current
    for path in paths where !inputs.contains(where: { $0.path == path }) && failures[path] == nil {
        let made = inputs.compactMap(\.copy)
        do {
            inputs.append(try TraceInput(path, limit: limit.bytes, limitReason: limit.reason) { copy in
                TemporaryCopies.remember(made + [copy])
            })
            TemporaryCopies.remember(inputs.compactMap(\.copy))
        } catch {
            StandardError.line(error.description)
            failures[path] = error.description
        }
    }
    return try body(failures)
}

/// The most bytes of a trace read once that are copied: ``TraceLimits/traceBytes``, or less where
/// `REEL_MAX_TRACE_BYTES` says so (a small temporary folder).
enum CopyLimit {
    static var current: (bytes: Int, reason: String) {
        let largest = (TraceLimits.traceBytes, "the largest trace Reel reads (4 GiB)")
        guard let value = getenv("REEL_MAX_TRACE_BYTES").map({ String(cString: $0) }), !value.isEmpty else {
            return largest
        }
        guard let bytes = Int(value), bytes > 0, bytes < TraceLimits.traceBytes else {
            StandardError.line("reel: REEL_MAX_TRACE_BYTES='\(value)' is not a number of bytes from 1 to "
                               + "\(TraceLimits.grouped(TraceLimits.traceBytes - 1)); copying up to 4 GiB")
            return largest
        }
        return (bytes, "the most REEL_MAX_TRACE_BYTES lets Reel copy")
    }
}

/// How much jank a trace may show before its JUnit test case fails and its Markdown verdict says FAIL
/// (`replay`, `compare`); the exit code does not depend on them.
struct ThresholdSelection: ParsableArguments {
    @Option(name: .customLong("max-janky-frames"), parsing: .unconditional,
            help: ArgumentHelp("Janky frames per repeat a trace may have before it is judged to fail (a FAIL verdict, a failing JUnit test case) (0–10,368,000; default 0).",
                               valueName: "n"))
    var maxJankyFrames: Double?

    @Option(name: .customLong("max-hitch-ratio"), parsing: .unconditional,
            help: ArgumentHelp("The hitch time ratio, in ms/s, a trace may have before it is judged to fail (a FAIL verdict, a failing JUnit test case) (0–1,000,000; default 5, the top of Apple's good band).",
                               valueName: "ms-per-s"))
    var maxHitchRatio: Double?

    func validate() throws {
        if let maxJankyFrames { try OptionRange.maxJankyFrames.check(maxJankyFrames) }
        if let maxHitchRatio { try OptionRange.maxHitchRatio.check(maxHitchRatio) }
    }

    /// The thresholds asked for, the defaults for those not given.
    var thresholds: JankThresholds {
        JankThresholds(maxJankyFrames: maxJankyFrames ?? JankThresholds.defaultMaxJankyFrames,
                       maxHitchRatio: maxHitchRatio ?? JankThresholds.defaultMaxHitchRatio)
    }
}

extension OptionRange {
    /// Janky frames per repeat: up to the most frames a trace can have.
    static let maxJankyFrames = OptionRange(option: "--max-janky-frames", range: 0...Double(TraceLimits.frames),
                                            unit: "", reason: "at most the frames a trace can have")

    /// Frozen frames per repeat: up to the most frames a trace can have.
    static let maxFrozenFrames = OptionRange(option: "--max-frozen-frames", range: 0...Double(TraceLimits.frames),
                                             unit: "", reason: "at most the frames a trace can have")

    /// The hitch time ratio: up to a session that hitches a thousand times its own length.
    static let maxHitchRatio = OptionRange(option: "--max-hitch-ratio", range: 0...1_000_000, unit: " ms/s",
                                           reason: "up to a session that hitches a thousand times its length")
}

/// `--width`: the columns a text output fits, for a terminal whose width Reel cannot read, or for a file.
struct WidthSelection: ParsableArguments {
    @Option(name: .customLong("width"), parsing: .unconditional,
            help: ArgumentHelp("The columns the text output fits (40–1,000; default: the terminal's, else COLUMNS, else 80; 80 in a file).",
                               valueName: "columns"))
    var columns: Int?

    func validate() throws {
        if let columns { try OptionRange.width.check(columns) }
    }

    /// The columns for the text written to `output` (`nil` or `-`: standard output).
    func width(for output: String?) -> Int {
        Terminal.reportWidth(asked: columns, output: output)
    }
}

extension OptionRange {
    /// Text widths: from the narrowest a report is laid out for to far wider than any terminal.
    static let width = OptionRange(option: "--width", range: 40...1_000, unit: " columns",
                                   reason: "from the narrowest a report is laid out for to far wider than any terminal")
}
