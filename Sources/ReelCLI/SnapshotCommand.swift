import ArgumentParser
import Replay
import Reporting

/// `reel snapshot`: what is on screen at a moment of the session.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Print the displayed elements and their attributes at a moment of a trace's session.")

    @Argument(help: "The trace.")
    var trace: String

    @OptionGroup var truncation: TruncationSelection

    @Option(help: ArgumentHelp("The moment, in seconds from the start of the session.", valueName: "seconds"))
    var time: Double

    @OptionGroup var selection: ReplaySelection

    @Option(name: .shortAndLong, help: "The snapshot's format.")
    var format: ReportFormat = .json

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output: atomically, or in place for a device or FIFO; - is standard output.", valueName: "path"))
    var output: String?

    func validate() throws {
        guard time >= 0, time.isFinite else { throw ValidationError("--time must be a number of seconds from 0, not '\(time)'") }
    }

    func run() throws {
        try withTraceInputs([trace]) {
            let runner = ReplayRunner(registry: Reel.layouts)
            let options = ReplayOptions(layout: selection.layout, mode: selection.mode, refreshRate: selection.refreshRate,
                                        allowsTruncation: truncation.allowsTruncated)
            do {
                let snapshot = try runner.snapshot(trace, at: time, options: options)
                try emit(snapshot.render(format), to: output)
            } catch let error as ReplayError {
                StandardError.line(error.description)
                throw ExitCode(1)
            }
        }
    }
}
