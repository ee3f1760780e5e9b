public import TraceXML

/// Why a replay could not start or stopped: names the place in the trace and says what was expected.
///
/// Its description is `path:line:column: message`, the form every Reel diagnostic takes. An error that comes
/// from reading the trace keeps TraceXML's error whole (``cause``), so that a caller can branch on its code.
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
        /// Self-sizing cells kept invalidating the layout for ``CollectionView/selfSizingPassLimit`` nested passes
        /// of one frame: iOS 18 and later stop the app there.
        case selfSizingRecursion = "self-sizing recursion"
    }

    /// The error of another layer that this one reports, kept whole: `indirect`, so that it costs an error one
    /// pointer, where a pass moves errors every frame.
    public indirect enum Cause: Hashable, Sendable {
        /// The trace could not be read, or written.
        case trace(TraceError)
    }

    public var code: Code
    public var message: String
    /// The trace's path, as given.
    public var path: String
    public var location: TraceLocation?
    /// The error this one reports, when it comes from another layer. Not compared: two errors with the same
    /// code, message and place are the same error to a user, whatever layer found it.
    public var cause: Cause?

    public init(_ code: Code, _ message: String, path: String, location: TraceLocation? = nil, cause: Cause? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.location = location
        self.cause = cause
    }

    /// Wraps a TraceXML error, keeping its message and position, and the error itself as ``cause``.
    public init(_ error: TraceError) {
        self.init(.trace, error.message, path: error.path, location: error.location, cause: .trace(error))
    }

    /// The TraceXML error this one reports, if it reports one.
    public var traceError: TraceError? {
        guard case .trace(let error) = cause else { return nil }
        return error
    }

    public static func == (lhs: ReplayError, rhs: ReplayError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.path == rhs.path && lhs.location == rhs.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(path)
        hasher.combine(location)
    }

    public var description: String {
        if let location { return "\(location): \(message)" }
        return "\(path): \(message)"
    }

    /// Whether the replay stopped because its workload would pass the limit of a pass.
    var isWorkloadOverLimit: Bool { code == .workloadOverLimit }
}
