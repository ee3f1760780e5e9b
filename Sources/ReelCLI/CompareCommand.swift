public import ArgumentParser
import Replay
public import Reporting

/// `reel compare`: the same traces with several layouts, interleaved, side by side with significance.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Replay traces with several layouts, interleaved, and print them side by side with the significance of every change.",
        discussion: """
            The first --layout is the base. Each timing figure reads as benchstat's: the median over the repeats \
            ± the half-width of its 95 % confidence interval, then each other layout's, its change in percent and \
            the two-sided Mann-Whitney U p-value (~ where p > 0.05). Counters are exact and compared exactly. \
            The exit code is 0 whatever the comparison shows. With --scale, each trace is replayed with its data \
            scaled to each item count instead (one --layout is enough), and each layout's cost per steady frame is \
            checked, phase by phase, for growth with the count; --fail-on-growth makes a growth exit 2.
            """)

    @Argument(help: "The traces to replay.")
    var traces: [String]

    @Option(name: .customLong("layout"), help: ArgumentHelp("A registered layout to compare (see `reel layouts`); two or more, the first is the base.", valueName: "name"))
    var layouts: [String] = []

    @Option(help: "How scrolling is driven: drags through each layout's scroll physics (the default, since recorded offsets belong to one layout), or the recorded offsets.")
    var mode: ReplayMode = .gestures

    @Option(name: .customLong("refresh-rate"), parsing: .unconditional,
            help: ArgumentHelp("Override the trace's refresh rate (1–240).", valueName: "hz"))
    var refreshRate: Double?

    @OptionGroup var measurement: MeasurementSelection

    @OptionGroup var passes: PassSelection<Self>

    @OptionGroup var thresholds: ThresholdSelection

    @Option(name: .shortAndLong, help: "The comparison's format.")
    var format: ComparisonFormat = .text

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the comparison to this file instead of standard output: atomically, or in place for a device or FIFO; - is standard output.", valueName: "path"))
    var output: String?

    @OptionGroup var exports: ExportSelection<ComparisonFormat>

    @OptionGroup var width: WidthSelection

    @Flag(name: .shortAndLong, help: "No progress bar.")
    var quiet = false

    @OptionGroup var scale: ScaleOutSelection

    @OptionGroup var itemScale: ItemScaleSelection

    func validate() throws {
        try itemScale.check(repeats: passes.repeats)
        if itemScale.scale != nil {
            guard !layouts.isEmpty else { throw ValidationError("compare --scale needs a --layout") }
            // A scale check's JSON is not one `reel merge` combines: its traces run in one job (`--jobs` spreads
            // them over the machine's cores).
            if let shard = scale.shard {
                throw ValidationError("compare --scale runs in one job and cannot take --shard, not '\(shard)'")
            }
        } else if layouts.count < 2 {
            throw ValidationError("compare needs two --layout options or more, not \(layouts.count)")
        }
        for layout in layouts { try Reel.checkLayoutName(layout) }
        if let refreshRate { try OptionRange.refreshRate().check(refreshRate) }
        try PassSelection<Self>.checkTotal(passes.warmup + passes.repeats,
                                           runs: layouts.count * (itemScale.counts?.count ?? 1))
    }

    func run() throws {
        if let counts = itemScale.counts {
            try compareEach({ trace, options, registry, progress throws(ReplayError) in
                let check = try ScaleCheckRun(trace: trace, layouts: layouts, counts: counts, options: options,
                                              registry: registry).run(progress: progress)
                return (check, check.layouts.compactMap(\.failure))
            }, finish: { outcomes, outputs, part in
                try emit(outputs) { output in
                    output.format.render(scaleChecks: outcomes, asArray: part.elements.count > 1, shard: part.record(),
                                         width: width.width(for: output.path))
                }
                if outcomes.contains(where: { (try? $0.get())?.complete != true }) { throw ExitCode(1) }
                if itemScale.failOnGrowth, outcomes.contains(where: { (try? $0.get())?.grows == true }) {
                    throw ExitCode(2)
                }
            })
        } else {
            try compareEach({ trace, options, registry, progress throws(ReplayError) in
                let result = try LayoutComparison(trace: trace, layouts: layouts, options: options,
                                                  registry: registry).run(progress: progress)
                return (Comparison(reports: result.measurements.map(Report.init), rounds: result.rounds),
                        result.failure.map { [$0.description] } ?? [])
            }, finish: { outcomes, outputs, part in
                try emit(outputs) { output in
                    output.format.render(outcomes, asArray: part.elements.count > 1, thresholds: thresholds.thresholds,
                                         shard: part.record(), width: width.width(for: output.path))
                }
                if outcomes.contains(where: \.isFailed) { throw ExitCode(1) }
            })
        }
    }

    /// Runs `measure` on every trace of this run's part (its progress bar drawn, the failures it returns told on
    /// standard error) and hands the outcomes to `finish` with the outputs to write: every trace named has its
    /// place, failed or not (an array for several, an object for one), and one trace that failed is told once,
    /// on standard error, unless the output is JSON.
    private func compareEach<Value: Sendable>(
        _ measure: @escaping @Sendable (_ trace: String, _ options: ReplayOptions, _ registry: LayoutRegistry,
                                        _ progress: (ReplayProgress) -> Void) throws(ReplayError) -> (Value, [String]),
        finish: ([Result<Value, ComparisonFailure>], [ReportOutput<ComparisonFormat>], ListPart) throws -> Void
    ) throws {
        let outputs = try exports.outputs(format: format, path: output)
        try checkOutputs(outputs.map(\.path), inputs: traces, writing: "the comparison")
        let part = scale.part(of: traces)
        let layouts = layouts
        try withTraceInputs(part.elements) { unreadable in
            let options = measurement.applied(to: ReplayOptions(
                mode: mode, refreshRate: refreshRate, repeats: passes.repeats, warmup: passes.warmup,
                allowsTruncation: passes.allowsTruncated))
            let registry = Reel.layouts
            let outcomes = scale.run(part.elements, quiet: quiet) { trace, showProgress -> Result<Value, ComparisonFailure> in
                if let message = unreadable[trace] {
                    return .failure(ComparisonFailure(trace: trace, layouts: layouts, message: message))
                }
                var bar = ProgressBar(label: trace)
                do throws(ReplayError) {
                    let (value, failures) = try measure(trace, options, registry) { progress in
                        if showProgress { bar.update(progress) }
                    }
                    if showProgress { bar.clear() }
                    for failure in failures { StandardError.line(failure) }
                    return .success(value)
                } catch {
                    if showProgress { bar.clear() }
                    StandardError.line(error.description)
                    return .failure(ComparisonFailure(trace: trace, layouts: layouts, message: error.description))
                }
            }
            let onlyFailure = part.elements.count == 1 && outcomes.allSatisfy { (try? $0.get()) == nil }
            try finish(outcomes, outputs.filter { !onlyFailure || $0.format == .json }, part)
        }
    }
}

extension ComparisonFormat: ExpressibleByArgument {}

extension CompareCommand: PassDefaults {
    static let repeats = 10
    static let repeatHelp = "Measured passes per layout, interleaved with the other layouts'"
}
