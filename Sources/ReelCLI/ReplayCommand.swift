import ArgumentParser
import Replay
import Reporting

/// `reel replay`: replay traces and report.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay traces frame by frame and report frame times, janky frames and hot paths.")

    @Argument(help: "The traces to replay.")
    var traces: [String]

    @OptionGroup var truncation: TruncationSelection

    @OptionGroup var selection: ReplaySelection

    @OptionGroup var measurement: MeasurementSelection

    @Option(help: ArgumentHelp("The frame budget, overriding 1000 / refresh rate.", valueName: "ms"))
    var budget: Double?

    @Option(name: .customLong("repeat"), help: "Measured passes over each trace.")
    var repeats = 3

    @Option(help: "Passes run first and discarded.")
    var warmup = 1

    @Option(name: .shortAndLong, help: "The report's format.")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the report to this file instead of standard output: atomically, or in place for a device or FIFO; - is standard output.", valueName: "path"))
    var output: String?

    @Flag(help: "Add every frame's sample to the JSON report.")
    var frames = false

    @Flag(name: .shortAndLong, help: "No progress bar.")
    var quiet = false

    func validate() throws {
        guard repeats >= 1 else { throw ValidationError("--repeat must be at least 1, not \(repeats)") }
        guard warmup >= 0 else { throw ValidationError("--warmup cannot be negative, not \(warmup)") }
        if let budget, !(budget > 0 && budget.isFinite) {
            throw ValidationError("--budget must be a positive number of milliseconds, not '\(budget)'")
        }
    }

    func run() throws {
        try withTraceInputs(traces) {
            let runner = ReplayRunner(registry: Reel.layouts)
            let options = measurement.applied(to: ReplayOptions(
                layout: selection.layout, mode: selection.mode, refreshRate: selection.refreshRate, budgetMs: budget,
                repeats: repeats, warmup: warmup, allowsTruncation: truncation.allowsTruncated))
            var reports: [Report] = []
            var failed = false
            for trace in traces {
                var bar = ProgressBar(label: trace)
                let showProgress = !quiet && StandardError.isTerminal
                do throws(ReplayError) {
                    let measurement = try runner.replay(trace, options: options) { progress in
                        if showProgress { bar.update(progress) }
                    }
                    if showProgress { bar.clear() }
                    if let failure = measurement.failure {
                        StandardError.line(failure)
                        failed = true
                    }
                    reports.append(Report(measurement))
                } catch {
                    if showProgress { bar.clear() }
                    StandardError.line(error.description)
                    failed = true
                }
            }
            if !reports.isEmpty {
                try emit(format.render(reports, includeFrames: frames), to: output)
            }
            if failed { throw ExitCode(1) }
        }
    }
}

