public import ArgumentParser
public import Replay
public import Reporting

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

extension ReplayMode: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension ScenarioName: ExpressibleByArgument {}
