internal import ReelVersion

/// A trace named on the command line that gave no report at all (it could not be opened, or its replay
/// stopped before measuring anything): renderers give it its place among the reports, so that several traces
/// always give one element each, in order.
public struct TraceFailure: Error, Sendable, Equatable {
    /// The trace's path as given on the command line.
    public var trace: String
    /// What went wrong, naming the place (`path:line:column: message`).
    public var message: String

    public init(trace: String, message: String) {
        self.trace = trace
        self.message = message
    }

    /// `{"format": "reel-report", "version": 1, "reel_version": …, "trace": …, "complete": false, "error": …}`,
    /// `reel_version` the running build's.
    var json: JSONValue {
        .object([
            .init("format", .string(Report.jsonFormat)),
            .init("version", .int(Report.jsonVersion)),
            .init("reel_version", .string(ReelVersion.reelVersion)),
            .init("trace", .string(trace)),
            .init("complete", .bool(false)),
            .init("error", .string(message)),
        ])
    }

    /// `path` then `FAILED: message`, as text reports begin with the trace: in `width` columns, the path
    /// shortened in the middle, the message wrapped with a hanging indent.
    func text(width: Int = TerminalText.reportWidth) -> String {
        return ([TerminalText.middleShortened(trace, to: width)]
            + TerminalText.wrapped(message, width: width, first: "FAILED: ", hanging: "  ")).joined(separator: "\n") + "\n"
    }
}
