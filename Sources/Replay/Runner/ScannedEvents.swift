import TraceXML

/// The events the scan before the first pass read, kept so that the passes replay them instead of parsing the
/// trace again: a trace of one `<scroll>` a frame is parsed once per replay, not once more per pass.
///
/// A `<scroll>` — most of a recorded trace — is kept in 32 bytes (its time, offset, line and column); the
/// other events a session's input is made of (gestures, taps, markers, selections…) as they were read. The
/// events are kept only while they fit in ``maximumBytes``: a longer trace, or one with data changes or layout
/// switches (`<batch>`, `<reload-data>`, `<set-layout>`, `<transition>`, whose contents can be large), is read
/// by every pass as before, so a replay's memory stays bounded whatever the trace.
///
/// What a pass reads from the kept events is what a ``TraceReader`` on the trace would give it: the same
/// events with the same locations, the same error after the same last event, and the reader's warnings
/// (a cut-off trace's) once the end has been read (``Cursor``).
final class ScannedEvents {
    /// The most bytes the kept events may take: a one-hour recording (216,125 `<scroll>` and 34,448 `<drag>`
    /// events) takes about 10 MB; a longer one is read by every pass.
    static let maximumBytes = 16 << 20

    /// A `<scroll>`, or (with `line` −1) the place of the next event of ``others``.
    private struct Entry {
        var time: Double
        var x: Double
        var y: Double
        var line: Int32
        var column: Int32
    }

    /// The trace's path, as the events' locations name it.
    private let path: String
    // Touched once an event, by the scan and by every pass: `@exclusivity(unchecked)` spares those accesses
    // their dynamic exclusivity checks. Safe: the events are kept and read on the replay's one
    // thread, and each access is one statement (`append`, a subscript, `count`, an increment) that runs no
    // other code, as are the cursor's.
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var others: [TraceEvent] = []
    /// The bytes taken so far, by the entries' and the other events' sizes and their labels and actions.
    @exclusivity(unchecked) private var bytes = 0
    /// What the reader threw after the last event, if it threw.
    private var failure: TraceError?
    /// The reader's warnings before it read any event (a trace cut off in its header), and at its end.
    private var warningsAtStart: [TraceDiagnostic]
    private var warningsAtEnd: [TraceDiagnostic] = []

    /// Starts keeping the events `reader`, just opened, reads.
    init(path: String, reader: TraceReader) {
        self.path = path
        warningsAtStart = reader.warnings
    }

    /// Keeps `event`; returns `false`, having kept nothing, when it does not fit (then the trace is to be read
    /// by every pass).
    func append(_ event: TraceEvent) -> Bool {
        if case .scroll(let offset) = event.kind, let location = event.location, location.path == path,
           let line = Int32(exactly: location.line), line >= 0, let column = Int32(exactly: location.column) {
            bytes += MemoryLayout<Entry>.stride
            guard bytes <= Self.maximumBytes else { return false }
            entries.append(Entry(time: event.time, x: offset.x, y: offset.y, line: line, column: column))
            return true
        }
        switch event.kind {
        case .batch, .reloadData, .setLayout, .transition: return false
        case .marker(let text), .menu(_, let text): bytes += text.utf8.count
        default: break
        }
        bytes += MemoryLayout<TraceEvent>.stride + MemoryLayout<Entry>.stride
        guard bytes <= Self.maximumBytes else { return false }
        entries.append(Entry(time: 0, x: 0, y: 0, line: -1, column: 0))
        others.append(event)
        return true
    }

    /// After the last event: the reader returned `nil` (`failure` is `nil`) or threw `failure`.
    func finish(_ reader: TraceReader, failure: TraceError?) {
        self.failure = failure
        warningsAtEnd = reader.warnings
    }

    /// A reader of the kept events from the first.
    func cursor() -> Cursor { Cursor(events: self) }

    /// Reads the kept events in order, as ``TraceReader/next()`` read them.
    final class Cursor: EventSource {
        private let events: ScannedEvents
        @exclusivity(unchecked) private var position = 0
        @exclusivity(unchecked) private var other = 0
        @exclusivity(unchecked) private var finished = false
        private var reachedEnd = false

        fileprivate init(events: ScannedEvents) { self.events = events }

        /// The reader's warnings so far: those found at its end once ``next()`` has returned `nil`.
        var warnings: [TraceDiagnostic] { reachedEnd ? events.warningsAtEnd : events.warningsAtStart }

        func next() throws(TraceError) -> TraceEvent? {
            guard !finished else { return nil }
            guard position < events.entries.count else {
                finished = true
                if let failure = events.failure { throw failure }
                reachedEnd = true
                return nil
            }
            let entry = events.entries[position]
            position += 1
            guard entry.line >= 0 else {
                other += 1
                return events.others[other - 1]
            }
            return TraceEvent(time: entry.time, .scroll(offset: TracePoint(x: entry.x, y: entry.y)),
                              location: TraceLocation(path: events.path, line: Int(entry.line),
                                                      column: Int(entry.column)))
        }
    }
}

/// Where a pass reads its events from: a ``TraceReader`` on the trace, or the events the scan kept.
protocol EventSource {
    /// The next event, `nil` after the last; throws the trace's first error, as ``TraceReader/next()`` does.
    func next() throws(TraceError) -> TraceEvent?
}

extension TraceReader: EventSource {}
