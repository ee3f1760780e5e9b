import Reporting

/// A fixed buffer of spans, each with its own start and duration, for the one measured repeat whose timeline
/// a replay keeps (`--format chrome-trace`, ``SpanTimeline``).
///
/// The buffer is allocated before the repeat begins and never grows: a span that ends when it is full is
/// counted in ``dropped``, and ``timeline(repeatNumber:)`` then ends with the last frame recorded whole.
/// Spans are stored as they end (children before their parent); ``timeline(repeatNumber:)`` puts them back
/// in the order they began.
struct TimelineRecorder {
    /// One ended span, 32 bytes.
    struct Record {
        var start: UInt64
        var duration: UInt64
        /// The frame's index for a frame (depth 0); undefined for the spans nested in it.
        var frame: Int32
        var path: Int16
        var depth: Int16
    }

    /// The most spans one timeline holds (4 Mi spans, 128 MiB): a longer repeat records its beginning.
    static let maximumCapacity = 4 * 1024 * 1024
    /// Spans allowed per frame when sizing the buffer. The shipped traces run from about 6 spans a frame on
    /// average (`photo-grid-browse`) to 107 (`springy-list`); the initial display of a full screen runs a few
    /// hundred, which the quiet frames make up for.
    static let spansPerFrame = 256

    /// The capacity for a repeat of `frames` frames: `frames` × ``spansPerFrame``, at most
    /// ``maximumCapacity``.
    static func capacity(frames: Int) -> Int {
        frames >= maximumCapacity / spansPerFrame ? maximumCapacity : max(1, frames) * spansPerFrame
    }

    let records: UnsafeMutablePointer<Record>
    let capacity: Int
    /// Spans recorded.
    var count = 0
    /// Spans that ended when the buffer was full.
    var dropped = 0
    /// The frame being measured, given by ``Profiler/endFrame()`` before its root span
    /// ends.
    var frame: Int32 = 0
    /// The trace's markers, each with ``count`` when it was met: it belongs to the first frame recorded after.
    var markers: [(label: String, position: Int)] = []

    /// Allocates room for `capacity` spans (at most ``maximumCapacity``).
    init(capacity: Int) {
        precondition(capacity >= 0, "a timeline's capacity is not negative")
        self.capacity = min(capacity, Self.maximumCapacity)
        records = .allocate(capacity: max(1, self.capacity))
    }

    func deallocate() {
        records.deallocate()
    }

    /// Stores one ended span, or counts it dropped when the buffer is full.
    @inline(__always)
    mutating func record(path: Int, depth: Int, start: UInt64, duration: UInt64) {
        if count < capacity {
            (records + count).initialize(to: Record(start: start, duration: duration, frame: frame,
                                                    path: Int16(truncatingIfNeeded: path),
                                                    depth: Int16(truncatingIfNeeded: depth)))
            count += 1
        } else {
            dropped += 1
        }
    }

    /// The recorded spans in the order they began (a parent before its children), times from the first
    /// frame's start, up to the last frame recorded whole; the spans of a frame cut off by the full buffer
    /// count as dropped. Spans nest: the profiler ends no span after its parent (``Profiler``).
    /// Markers are placed at the start of the frame that replayed them; a marker of a frame not recorded is
    /// left out.
    func timeline(repeatNumber: Int) -> SpanTimeline {
        var kept = count
        while kept > 0 && records[kept - 1].depth != 0 { kept -= 1 }
        var spans: [SpanTimeline.Span] = []
        spans.reserveCapacity(kept)
        let origin = (0..<kept).first { records[$0].depth == 0 }.map { records[$0].start } ?? 0
        /// Completed subtrees of the frame being read, in pre-order, each with its root's depth.
        var subtrees: [(depth: Int16, records: [Int])] = []
        var frameStarts: [(position: Int, frame: Int, startNs: UInt64)] = []
        for position in 0..<kept {
            let depth = records[position].depth
            var tree = [position]
            // The subtrees deeper than this span (and after its older siblings) are its children, in order.
            var firstChild = subtrees.count
            while firstChild > 0 && subtrees[firstChild - 1].depth > depth { firstChild -= 1 }
            for child in subtrees[firstChild...] { tree += child.records }
            subtrees.removeSubrange(firstChild...)
            guard depth == 0 else {
                subtrees.append((depth, tree))
                continue
            }
            // A frame: its subtree is complete.
            let frame = Int(records[position].frame)
            frameStarts.append((position, frame, records[position].start &- origin))
            for index in tree {
                let record = records[index]
                spans.append(SpanTimeline.Span(
                    path: SpanPath.names[Int(record.path)], depth: Int(record.depth), frame: frame,
                    startNs: record.start &- origin, durationNs: record.duration))
            }
            subtrees.removeAll(keepingCapacity: true)
        }
        var instants: [SpanTimeline.Instant] = []
        var next = 0
        for marker in markers {
            while next < frameStarts.count && frameStarts[next].position < marker.position { next += 1 }
            guard next < frameStarts.count else { break }
            instants.append(SpanTimeline.Instant(label: marker.label, frame: frameStarts[next].frame,
                                                 timeNs: frameStarts[next].startNs))
        }
        return SpanTimeline(repeatNumber: repeatNumber, spans: spans, markers: instants,
                            droppedSpans: dropped + (count - kept))
    }
}
