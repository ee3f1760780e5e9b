public import TraceXML

/// Why a replay could not start or stopped: names the place in the trace and says what was expected.
///
/// Its description is `path:line:column: message`, the form every Reel diagnostic takes.
public struct ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Code: String, Hashable, Sendable {
        /// The trace could not be read (TraceXML's error).
        case trace
        /// `<layout>` names no registered layout.
        case unknownLayout = "unknown layout"
        /// A layout parameter is unknown or malformed.
        case invalidParameter = "invalid parameter"
        /// An event the engine cannot apply to the current state.
        case invalidEvent = "invalid event"
        /// An option the replay cannot honour.
        case unsupported
        /// The trace's `<workload>` would take a pass past ``TraceLimits/workloadSecondsPerPass``.
        case workloadOverLimit = "workload over limit"
    }

    public var code: Code
    public var message: String
    /// The trace's path, as given.
    public var path: String
    public var location: TraceLocation?

    public init(_ code: Code, _ message: String, path: String, location: TraceLocation? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.location = location
    }

    /// Wraps a TraceXML error, keeping its message and position.
    public init(_ error: TraceError) {
        self.init(.trace, error.message, path: error.path, location: error.location)
    }

    public var description: String {
        if let location { return "\(location): \(message)" }
        return "\(path): \(message)"
    }

    /// Whether the replay stopped because its workload would pass the limit of a pass.
    var isWorkloadOverLimit: Bool { code == .workloadOverLimit }
}
