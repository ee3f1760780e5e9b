/// A whole trace in memory: its header and all its events.
///
/// Convenient for tests, small traces and the recorder's synthesizer; a replay of a large trace should
/// stream it with ``TraceReader`` instead.
public struct Trace: Hashable, Sendable {
    public var header: TraceHeader
    public var events: [TraceEvent]

    public init(header: TraceHeader, events: [TraceEvent]) {
        self.header = header
        self.events = events
    }
}
