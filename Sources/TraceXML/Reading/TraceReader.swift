/// Reads a trace incrementally: the header when it is opened, then one event per ``next()``.
///
/// The reader sits on libxml2's SAX2 push parser, fed a chunk at a time, and keeps only a chunk's events in
/// memory, so a multi-gigabyte trace is read in constant memory. It is strict: anything the format does not allow is a
/// ``TraceError`` naming the file, line and column, quoting the bad value and saying what was expected.
///
/// ```swift
/// let reader = try TraceReader(path: "Traces/photo-album-fling.xml")
/// print(reader.header.layout.name)
/// while let event = try reader.next() {
///     // replay `event`
/// }
/// ```
///
/// A reader is not `Sendable`: use it on one task at a time.
public final class TraceReader {
    /// How a reader treats a trace that was cut off, and the limits it enforces.
    public struct Options: Hashable, Sendable {
        /// When `true`, a trace that ends abruptly after its header (a recorder that crashed) yields
        /// every complete event and then ends, with a warning in ``TraceReader/warnings``; when `false`
        /// (the default) the cut is an error.
        public var allowsTruncation: Bool
        public var limits: TraceReadingLimits

        public init(allowsTruncation: Bool = false, limits: TraceReadingLimits = TraceReadingLimits()) {
            self.allowsTruncation = allowsTruncation
            self.limits = limits
        }
    }

    /// The path given when opening, as it appears in messages.
    public let path: String
    public let options: Options
    /// Everything before the first event.
    public private(set) var header: TraceHeader
    /// Problems that did not stop reading (a truncated trace, when allowed).
    public private(set) var warnings: [TraceDiagnostic] = []
    /// How many events ``next()`` has returned.
    @exclusivity(unchecked) public private(set) var eventCount = 0
    /// Whether the trace turned out to be cut off (only with ``Options/allowsTruncation``).
    public private(set) var isTruncated = false

    let stream: XMLStream
    // The state `next()` updates for every event: plain loads and stores, without the dynamic
    // exclusivity checks a class's stored properties get by default (the reader is not Sendable and
    // never hands these out inout).
    @exclusivity(unchecked) private var finished = false
    @exclusivity(unchecked) private var previousTime: Double = 0
    @exclusivity(unchecked) private var previousTimeLine = 0
    @exclusivity(unchecked) private var lastEventLine = 0

    /// Opens the trace at `path` and reads its header.
    ///
    /// - Throws: ``TraceError`` when the file cannot be read or its header is not a valid trace header.
    public convenience init(path: String, options: Options = Options()) throws(TraceError) {
        try self.init(source: ByteSource.open(path: path), path: path, options: options)
    }

    /// Reads a trace held in memory; `path` is what messages call it.
    ///
    /// - Throws: ``TraceError`` when the header is not a valid trace header.
    public convenience init(bytes: [UInt8], path: String = "<memory>", options: Options = Options()) throws(TraceError) {
        try self.init(source: .memory(bytes, offset: 0), path: path, options: options)
    }

    /// Opens the trace at `path`, or the `bytes` given for it. With `readsAhead`, it is parsed on a second
    /// thread ahead of the reader where the machine has more than one processor: the events, warnings and
    /// errors are the same, but an error in an attribute is placed at its element, for a caller that reads the
    /// trace to learn from it and reads it again on one thread to report an error.
    package convenience init(path: String, bytes: [UInt8]?, options: Options, readsAhead: Bool) throws(TraceError) {
        let source = if let bytes { ByteSource.memory(bytes, offset: 0) } else { try ByteSource.open(path: path) }
        try self.init(source: source, path: path, options: options, readsAhead: readsAhead && ReadAhead.isWorthwhile)
    }

    /// Why the document `source` holds cannot be a trace, read again from its start (only after an error):
    /// its encoding, a stray byte-order mark, only whitespace, no root element (``DocumentStart``).
    /// - Parameter malformed: whether libxml2 failed to read it, which a declared encoding other than UTF-8
    ///   explains.
    private static func documentProblem(_ source: ByteSource, path: String, malformed: Bool) -> DocumentStart.Problem? {
        if case .memory(let bytes, _) = source {
            return DocumentStart.problem(in: bytes) ?? (malformed ? DocumentStart.declaredEncodingProblem(in: bytes) : nil)
        }
        let readable = TraceInput.readablePath(path)
        return DocumentStart.problem(atPath: readable)
            ?? (malformed ? DocumentStart.declaredEncodingProblem(atPath: readable) : nil)
    }

    /// The error of a trace that ends in its header at `location`, `place` being where in it ("in <data>").
    static func headerCut(at location: TraceLocation, place: String) -> TraceError {
        TraceError(.truncated, "the trace ends inside its header, \(place); nothing can be replayed without the whole "
                       + "header, up to <events> (--allow-truncated accepts a trace cut among its events only)",
                   at: location)
    }

    /// Whether the document is cut off in its header, read again tolerating a cut, for a strict reader that
    /// failed at the end of its input: libxml2's own error there ("Couldn't find end of Start Tag") would only
    /// say that the document stops.
    private static func headerCut(_ source: ByteSource, path: String, limits: TraceReadingLimits) -> TraceError? {
        let again: ByteSource
        if case .memory(let bytes, _) = source {
            again = .memory(bytes, offset: 0)
        } else {
            guard let reopened = try? ByteSource.open(path: path) else { return nil }
            again = reopened
        }
        do {
            _ = try TraceReader(source: again, path: path,
                                options: Options(allowsTruncation: true, limits: limits))
            return nil
        } catch {
            return error.code == .truncated ? error : nil
        }
    }

    /// - Parameters:
    ///   - schemaChecker: sees every node the reader reads (for `reel validate`'s one pass).
    ///   - readsAhead: parse on a second thread (``ReadAhead``), for a caller that reports any error from a
    ///     read of its own: an attribute's error is then placed at its element.
    init(source: ByteSource, path: String, options: Options, schemaChecker: SchemaChecker? = nil,
         readsAhead: Bool = false) throws(TraceError) {
        self.path = path
        self.options = options
        if source.isKnownEmpty {
            source.close()
            throw TraceError(.truncated, "the file is empty; expected a <trace> document", path: path)
        }
        stream = try XMLStream(source: source, path: path, limits: options.limits,
                               toleratesTruncation: options.allowsTruncation, schemaChecker: schemaChecker,
                               readsAhead: readsAhead)
        let parsed: (TraceHeader, Bool)
        do throws(TraceError) {
            parsed = try HeaderParser(stream: stream).parse()
        } catch {
            // libxml2 reads a UTF-16, UTF-32 or EBCDIC document, two byte-order marks or only whitespace as a
            // cut or malformed one: say what it is.
            if let problem = Self.documentProblem(source, path: path, malformed: error.code == .malformedXML) {
                throw TraceError(problem, path: path)
            }
            if let cut = stream.truncation { throw Self.headerCut(at: cut.location, place: stream.truncatedHeaderPlace) }
            // Only a strict reader asks again: the tolerant read that answers must not ask in turn.
            if !options.allowsTruncation, error.code == .malformedXML || error.code == .truncated,
               stream.failedAtEndOfInput(), let cut = Self.headerCut(source, path: path, limits: options.limits) {
                throw cut
            }
            throw error
        }
        header = parsed.0
        finished = parsed.1
        if finished { noteTruncation() }
    }

    /// After the last event: turns a cut the stream repaired into the warning.
    private func noteTruncation() {
        guard let cut = stream.truncation, !isTruncated else { return }
        isTruncated = true
        let lastEvent = eventCount == 0 ? "no events" : "\(eventCount) complete events, the last at line \(lastEventLine)"
        let what = cut.incompleteElement.map { "inside an incomplete <\($0)>" } ?? "before the end of the document"
        warnings.append(TraceDiagnostic(
            severity: .warning, code: .truncated,
            message: "the trace is cut off here, \(what); read \(lastEvent)",
            path: path, location: cut.location))
    }

    /// Reads the next event, or returns `nil` at the end of the trace.
    ///
    /// - Returns: The next event, with its location; `nil` after the last one (and on every later call).
    /// - Throws: ``TraceError`` for the first problem in the event or the document; a trace cut off after
    ///   its header is a problem only when ``Options/allowsTruncation`` is `false`.
    /// - Complexity: O(size of the event); memory does not grow with the number of events read.
    public func next() throws(TraceError) -> TraceEvent? {
        guard !finished else { return nil }
        do throws(TraceError) {
            switch try stream.read() {
            case .element:
                let event = try EventParser(stream: stream, previousTime: previousTime,
                                            previousTimeLine: previousTimeLine).parse()
                previousTime = event.time
                previousTimeLine = event.location?.line ?? 0
                eventCount += 1
                lastEventLine = event.location?.line ?? lastEventLine
                return event
            case .endElement:
                try finishDocument()
                noteTruncation()
                return nil
            case .endOfDocument:
                throw TraceError(.truncated, "the trace ends inside <events>", path: path)
            }
        } catch {
            finished = true
            if error.code == .malformedXML && stream.failedAtEndOfInput() {
                throw TraceError(.truncated,
                                 "the trace is cut off (\(error.message)); pass --allow-truncated to replay its complete events",
                                 path: path, location: error.location)
            }
            throw error
        }
    }

    /// After `</events>`: only `</trace>` and the end of the document may follow.
    private func finishDocument() throws(TraceError) {
        finished = true
        try stream.readEndOfTrace()
    }
}

extension Trace {
    /// Reads a whole trace into memory.
    ///
    /// - Throws: ``TraceError`` for the first problem, as ``TraceReader`` does.
    /// - Complexity: O(*n*) time and memory in the size of the trace.
    public init(contentsOf path: String, options: TraceReader.Options = .init()) throws(TraceError) {
        try self.init(reader: TraceReader(path: path, options: options))
    }

    /// Reads a whole trace held in memory; `path` is what messages call it.
    public init(bytes: [UInt8], path: String = "<memory>", options: TraceReader.Options = .init()) throws(TraceError) {
        try self.init(reader: TraceReader(bytes: bytes, path: path, options: options))
    }

    private init(reader: TraceReader) throws(TraceError) {
        var events: [TraceEvent] = []
        while let event = try reader.next() { events.append(event) }
        self.init(header: reader.header, events: events)
    }
}
