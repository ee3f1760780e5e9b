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

    @OptionGroup var selection: ReplaySelection

    @OptionGroup var measurement: MeasurementSelection

    @OptionGroup var passes: PassSelection<Self>

    @OptionGroup var thresholds: ThresholdSelection

    @Option(name: .shortAndLong, help: "The report's format.")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the report to this file instead of standard output: atomically, or in place for a device or FIFO; - is standard output.", valueName: "path"))
    var output: String?

    @OptionGroup var exports: ExportSelection<ReportFormat>

    @OptionGroup var width: WidthSelection

    @Flag(help: "Add every frame's sample to the JSON report.")
    var frames = false

    @Flag(name: .shortAndLong, help: "No progress bar.")
    var quiet = false

    @Option(name: .customLong("color"), help: ArgumentHelp("Colour the text report: auto (a terminal, NO_COLOR unset or empty, TERM not dumb), always or never.", valueName: "when"))
    var colour: Terminal.ColourChoice = .auto

    @OptionGroup var scale: ScaleOutSelection

    func run() throws {
        let outputs = try exports.outputs(format: format, path: output)
        try checkOutputs(outputs.map(\.path), inputs: traces, writing: "the report")
        let part = scale.part(of: traces)
        let traces = part.elements
        try withTraceInputs(traces) { unreadable in
            let runner = ReplayRunner(registry: Reel.layouts)
            var options = measurement.applied(to: ReplayOptions(
                layout: selection.layout, mode: selection.mode, refreshRate: selection.refreshRate,
                repeats: passes.repeats, warmup: passes.warmup, allowsTruncation: passes.allowsTruncated))
            // A Chrome trace draws every span of the first measured repeat, the repeat whose figures the JSON
            // report lists first; no other format records one.
            if outputs.contains(where: { $0.format == .chromeTrace }) { options.timelineRepeat = 1 }
            let replayOptions = options
            let outcomes = scale.run(traces, quiet: quiet) { trace, showProgress -> Result<Report, TraceFailure> in
                if let message = unreadable[trace] {
                    return .failure(TraceFailure(trace: trace, message: message))
                }
                var bar = ProgressBar(label: trace)
                do throws(ReplayError) {
                    let measurement = try runner.replay(trace, options: replayOptions) { progress in
                        if showProgress { bar.update(progress) }
                    }
                    if showProgress { bar.clear() }
                    if let failure = measurement.failure {
                        StandardError.line(failure)
                    }
                    return .success(Report(measurement))
                } catch {
                    if showProgress { bar.clear() }
                    StandardError.line(error.description)
                    return .failure(TraceFailure(trace: trace, message: error.description))
                }
            }
            let failed = outcomes.contains(where: \.isFailed)
            // Every trace named has its place, failed or not: an array for several, an object for one. One
            // trace that failed is told once, on standard error, unless the output is JSON. A file is never
            // coloured.
            let onlyFailure = traces.count == 1 && outcomes.allSatisfy { (try? $0.get()) == nil }
            // Written as they are made: a Chrome trace of a long session is never held whole.
            try emit(outputs.filter { !onlyFailure || $0.format == .json }) { output, stream throws(OutputFileError) in
                let options = RenderOptions(
                    includeFrames: frames,
                    colour: output.isStandardOutput && Terminal.colours(colour, output: output.path),
                    thresholds: thresholds.thresholds, width: width.width(for: output.path))
                try output.format.write(outcomes, asArray: traces.count > 1, options: options, shard: part.record(),
                                        to: &stream)
            }
            if failed { throw ExitCode(1) }
        }
    }
}

extension ReplayCommand: PassDefaults {
    static let repeats = 3
    static let repeatHelp = "Measured passes over each trace"
}
