import Reporting

/// A fixed buffer of spans, each with its own start and duration, for the one measured repeat whose timeline
/// a replay keeps (`--format chrome-trace`, ``SpanTimeline``).
///
/// The buffer is allocated before the repeat begins and never grows: a span that ends when it is full is
/// counted in ``dropped``, and so is every span after it; ``timeline(repeatNumber:)`` then ends with the last
/// frame recorded whole. Spans are stored as they end (children before their parent);
/// ``timeline(repeatNumber:)`` puts them back in the order they began in place, frame by frame, and the
/// timeline it returns shares the buffer: a timeline costs its 32 bytes a span once, never twice.
struct TimelineRecorder {
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

    /// The spans recorded: in the order they ended, then, up to ``ordered``, in the order they began.
    private(set) var records: [SpanTimeline.Record] = []
    let capacity: Int
    /// Spans that ended when the buffer was full, or after.
    private(set) var dropped = 0
    /// The frame being measured, given by ``Profiler/endFrame()`` before its root span
    /// ends.
    var frame: Int32 = 0
    /// The trace's markers, each with the count of spans when it was met: it belongs to the first frame recorded after.
    private(set) var markers: [(label: String, position: Int)] = []

    /// How many of ``records`` are whole frames already put in the order they began, their times from
    /// ``origin``.
    private var ordered = 0
    /// The first frame's start: where the timeline's times begin.
    private var origin: UInt64?
    /// The markers placed so far, and how many of ``markers`` that is.
    private var instants: [SpanTimeline.Instant] = []
    private var placedMarkers = 0
    /// A frame's spans while they are put in order; as large as the largest frame.
    private var scratch: [SpanTimeline.Record] = []

    /// Reserves room for `capacity` spans (at most ``maximumCapacity``); memory is taken as spans are recorded.
    init(capacity: Int) {
        precondition(capacity >= 0, "a timeline's capacity is not negative")
        self.capacity = min(capacity, Self.maximumCapacity)
        records.reserveCapacity(max(1, self.capacity))
    }

    /// Spans recorded.
    var count: Int { records.count }

    /// Stores one ended span, or counts it dropped when the buffer is full or was.
    @inline(__always)
    mutating func record(path: Int, depth: Int, start: UInt64, duration: UInt64) {
        if dropped == 0 && records.count < capacity {
            records.append(SpanTimeline.Record(startNs: start, durationNs: duration, frame: frame,
                                               path: Int16(truncatingIfNeeded: path),
                                               depth: Int16(truncatingIfNeeded: depth)))
        } else {
            dropped += 1
        }
    }

    /// Places a `<marker>` met now: at the start of the next frame recorded.
    mutating func mark(_ label: String) {
        markers.append((label, records.count))
    }

    /// The recorded spans in the order they began (a parent before its children), times from the first
    /// frame's start, up to the last frame recorded whole; once the buffer is full, the spans of a frame it cut
    /// off count as dropped. Spans nest: the profiler ends no span after its parent (``Profiler``). Markers are
    /// placed at the start of the frame that replayed them; a marker of a frame not recorded is left out.
    ///
    /// The spans are put in order in the buffer itself, which the timeline then shares.
    /// - Complexity: O(n) for the n spans recorded since the last call.
    mutating func timeline(repeatNumber: Int, paths: [String]) -> SpanTimeline {
        var kept = records.count
        while kept > ordered && records[kept - 1].depth != 0 { kept -= 1 }
        var frameStart = ordered
        for position in ordered..<kept where records[position].depth == 0 {
            orderFrame(frameStart...position)
            frameStart = position + 1
        }
        ordered = kept
        if dropped > 0 && kept < records.count {
            // Nothing is recorded after a span was dropped: the frame cut off goes, without a copy.
            dropped += records.count - kept
            records.removeLast(records.count - kept)
        }
        // A timeline taken mid-frame (a test's) leaves the frame's spans out.
        let spans = kept == records.count ? records : Array(records[..<kept])
        return SpanTimeline(repeatNumber: repeatNumber, paths: paths, records: spans, markers: instants,
                            droppedSpans: dropped + (records.count - kept))
    }

    /// Puts the spans of one frame, which ended in `frame` (its root last), in the order they began, with the
    /// frame's index and times from ``origin``; places the markers met before the frame ended.
    ///
    /// In the order spans end, a span's subtree is the run of spans just before it that are deeper than it; in
    /// the order they begin, the same subtree holds the same places, shifted by one for each ancestor inside the
    /// frame: a span whose subtree begins at position p goes to p + its depth.
    private mutating func orderFrame(_ range: ClosedRange<Int>) {
        let root = records[range.upperBound]
        let origin = self.origin ?? root.startNs
        self.origin = origin
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: records[range])
        // For each depth, the position after the last span met at that depth or shallower: where the subtree of
        // the next span of that depth begins.
        var subtreeStart: [Int] = [0]
        for (position, record) in scratch.enumerated() {
            let depth = Int(record.depth)
            while subtreeStart.count <= depth { subtreeStart.append(subtreeStart[subtreeStart.count - 1]) }
            var placed = record
            placed.frame = root.frame
            placed.startNs = record.startNs &- origin
            records[range.lowerBound + subtreeStart[depth] + depth] = placed
            for deeper in depth..<subtreeStart.count { subtreeStart[deeper] = position + 1 }
        }
        while placedMarkers < markers.count && markers[placedMarkers].position <= range.upperBound {
            instants.append(SpanTimeline.Instant(label: markers[placedMarkers].label, frame: Int(root.frame),
                                                 timeNs: root.startNs &- origin))
            placedMarkers += 1
        }
    }
}
