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
            The exit code is 0 whatever the comparison shows.
            """)

    @Argument(help: "The traces to replay.")
    var traces: [String]

    @OptionGroup var truncation: TruncationSelection

    @Option(name: .customLong("layout"), help: ArgumentHelp("A registered layout to compare (see `reel layouts`); two or more, the first is the base.", valueName: "name"))
    var layouts: [String] = []

    @Option(help: "How scrolling is driven: drags through each layout's scroll physics (the default, since recorded offsets belong to one layout), or the recorded offsets.")
    var mode: ReplayMode = .gestures

    @Option(name: .customLong("refresh-rate"), help: ArgumentHelp("Override the trace's refresh rate.", valueName: "hz"))
    var refreshRate: Double?

    @Option(help: ArgumentHelp("The frame budget, overriding 1000 / refresh rate.", valueName: "ms"))
    var budget: Double?

    @Option(name: .customLong("repeat"), help: "Measured passes per layout, interleaved with the other layouts'.")
    var repeats = 10

    @Option(help: "Passes per layout run first and discarded.")
    var warmup = 1

    @OptionGroup var measurement: MeasurementSelection

    @Option(name: .shortAndLong, help: "The comparison's format.")
    var format: ComparisonFormat = .text

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the comparison to this file instead of standard output: atomically, or in place for a device or FIFO; - is standard output.", valueName: "path"))
    var output: String?

    @Flag(name: .shortAndLong, help: "No progress bar.")
    var quiet = false

    func validate() throws {
        guard layouts.count >= 2 else {
            throw ValidationError("compare needs two --layout options or more, not \(layouts.count)")
        }
        guard repeats >= 1 else { throw ValidationError("--repeat must be at least 1, not \(repeats)") }
        guard warmup >= 0 else { throw ValidationError("--warmup cannot be negative, not \(warmup)") }
        if let refreshRate, !(refreshRate > 0 && refreshRate.isFinite) {
            throw ValidationError("--refresh-rate must be a positive number of hertz, not '\(refreshRate)'")
        }
        if let budget, !(budget > 0 && budget.isFinite) {
            throw ValidationError("--budget must be a positive number of milliseconds, not '\(budget)'")
        }
    }

    func run() throws {
        try withTraceInputs(traces) {
            let options = measurement.applied(to: ReplayOptions(
                mode: mode, refreshRate: refreshRate, budgetMs: budget, repeats: repeats, warmup: warmup,
                allowsTruncation: truncation.allowsTruncated))
            var outcomes: [Result<Comparison, ComparisonFailure>] = []
            var failed = false
            for trace in traces {
                var bar = ProgressBar(label: trace)
                let showProgress = !quiet && StandardError.isTerminal
                do throws(ReplayError) {
                    let result = try LayoutComparison(trace: trace, layouts: layouts, options: options,
                                                      registry: Reel.layouts).run(progress: { progress in
                        if showProgress { bar.update(progress) }
                    })
                    if showProgress { bar.clear() }
                    if let failure = result.failure {
                        StandardError.line(failure.description)
                        failed = true
                    }
                    outcomes.append(.success(Comparison(reports: result.measurements.map(Report.init), rounds: result.rounds)))
                } catch {
                    if showProgress { bar.clear() }
                    StandardError.line(error.description)
                    outcomes.append(.failure(ComparisonFailure(trace: trace, layouts: layouts, message: error.description)))
                    failed = true
                }
            }
            // One trace that could not be compared at all prints nothing but the error; several give each its place.
            if traces.count > 1 || outcomes.contains(where: { (try? $0.get()) != nil }) {
                try emit(format.render(outcomes, asArray: traces.count > 1), to: output)
            }
            if failed { throw ExitCode(1) }
        }
    }
}

extension ComparisonFormat: ExpressibleByArgument {}
