internal import ReelVersion

/// A trace that could not be compared at all (unreadable, or a layout refused before anything was replayed):
/// renderers give it its place among the comparisons, so that several traces still give one element each.
public struct ComparisonFailure: Error, Sendable, Equatable {
    /// The trace's path as given on the command line.
    public var trace: String
    /// The layouts the comparison asked for, the base first.
    public var layouts: [String]
    /// What went wrong, naming the place (`path:line:column: message`).
    public var message: String

    public init(trace: String, layouts: [String], message: String) {
        self.trace = trace
        self.layouts = layouts
        self.message = message
    }

    var json: JSONValue {
        .object([
            .init("format", .string(Comparison.jsonFormat)),
            .init("version", .int(Comparison.jsonVersion)),
            .init("reel_version", .string(ReelVersion.reelVersion)),
            .init("complete", .bool(false)),
            .init("trace", .string(trace)),
            .init("layouts", .array(layouts.map(JSONValue.string))),
            .init("error", .string(message)),
        ])
    }
}
