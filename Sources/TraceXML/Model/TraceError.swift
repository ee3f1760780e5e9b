/// A problem with a trace: what kind, what exactly, and where.
///
/// The description is `path:line:column: message` — the form `reel validate` prints and editors jump
/// to. Messages quote the offending value and say what was expected, e.g.
/// `x.xml:12:5: unknown element 'scrol' in <events>; expected one of 'scroll', 'drag', …`.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is, for callers that branch on it.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        private init(_ name: String) { self.name = name }

        /// The file is not well-formed XML (or not UTF-8).
        public static let malformedXML = Code("malformed XML")
        /// An element the format does not have, or one in the wrong place.
        public static let unknownElement = Code("unknown element")
        /// An attribute the element does not have.
        public static let unknownAttribute = Code("unknown attribute")
        /// A required attribute or element is missing.
        public static let missing = Code("missing")
        /// An attribute's value does not parse or is out of range.
        public static let invalidValue = Code("invalid value")
        /// An event's time is earlier than the previous event's.
        public static let timeGoesBackwards = Code("time goes backwards")
        /// The trace declares a format version this module does not read.
        public static let unsupportedVersion = Code("unsupported version")
        /// A DOCTYPE, an entity or another construct a trace never needs, refused as potentially hostile.
        public static let forbiddenConstruct = Code("forbidden construct")
        /// The document exceeds a depth or size limit.
        public static let limitExceeded = Code("limit exceeded")
        /// The document ends before it is complete.
        public static let truncated = Code("truncated")
        /// The document does not match the RELAX NG schema.
        public static let schema = Code("schema")
        /// The file could not be opened, read or written.
        public static let io = Code("I/O")
        /// A writer was given a value the format cannot represent (a non-finite number, a negative count,
        /// a time earlier than the previous event's).
        public static let unwritable = Code("unwritable")
        /// Something the app did that UIKit only logs, found by replaying the trace (an engine warning).
        public static let engineWarning = Code("engine warning")

        public var description: String { name }
    }

    public var code: Code
    /// One sentence, without the location; quotes the bad value and says what was expected.
    public var message: String
    /// The file the problem is in.
    public var path: String
    /// Where in the file, when known.
    public var location: TraceLocation?

    public init(_ code: Code, _ message: String, path: String, location: TraceLocation? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.location = location
    }

    public init(_ code: Code, _ message: String, at location: TraceLocation) {
        self.init(code, message, path: location.path, location: location)
    }

    public var description: String {
        if let location { "\(location): \(message)" } else { "\(path): \(message)" }
    }
}

/// One line of `reel validate`'s output: an error or a warning at a place in a trace.
public struct TraceDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }

    public var severity: Severity
    public var code: TraceError.Code
    public var message: String
    public var path: String
    public var location: TraceLocation?

    public init(severity: Severity, code: TraceError.Code, message: String, path: String,
                location: TraceLocation?) {
        self.severity = severity
        self.code = code
        self.message = message
        self.path = path
        self.location = location
    }

    /// An error diagnostic with the error's code, message and place.
    public init(_ error: TraceError) {
        self.init(severity: .error, code: error.code, message: error.message, path: error.path,
                  location: error.location)
    }

    /// `path:line:column: message`; a warning's message starts with `warning: `.
    public var description: String {
        let place = location.map(\.description) ?? path
        return severity == .warning ? "\(place): warning: \(message)" : "\(place): \(message)"
    }
}
