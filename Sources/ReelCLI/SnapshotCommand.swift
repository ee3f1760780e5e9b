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

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The moment, in seconds from the start of the session (0 to its end).", valueName: "seconds"))
    var time: Double

    @OptionGroup var selection: ReplaySelection

    @Option(name: .shortAndLong, help: "The snapshot's format.")
    var format: SnapshotReport.Format = .json

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output: atomically, or in place for a device or FIFO; - is standard output.", valueName: "path"))
    var output: String?

    func validate() throws {
        try OptionRange.time("--time").check(time)
    }

    func run() throws {
        try checkOutputs([output], inputs: [trace], writing: "the snapshot")
        try withTraceInputs([trace]) { unreadable in
            if unreadable[trace] != nil { throw ExitCode(1) }
            let runner = ReplayRunner(registry: Reel.layouts)
            let options = ReplayOptions(layout: selection.layout, mode: selection.mode, refreshRate: selection.refreshRate,
                                        allowsTruncation: truncation.allowsTruncated)
            do {
                let snapshot = try runner.snapshot(trace, at: time, options: options) { warning in
                    StandardError.line(warning)
                }
                try emit(snapshot.render(format), to: output)
            } catch let error as ReplayError {
                StandardError.line(error.description)
                throw ExitCode(1)
            }
        }
    }
}
