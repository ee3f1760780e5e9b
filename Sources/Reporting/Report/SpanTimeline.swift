/// Every span of one measured repeat with its own start and duration: what `--format chrome-trace` draws
/// (SPEC §8). The profiler keeps only totals for the other repeats; it records a timeline into a buffer sized
/// before the repeat begins, for the one repeat a replay is asked to keep.
public struct SpanTimeline: Sendable, Equatable {
    /// One span: a frame (depth 0) or a span nested in one.
    public struct Span: Sendable, Equatable {
        /// The span's path, `frame/cells/configure`.
        public var path: String
        /// Nesting depth: 0 for a frame, 1 for a span directly inside it.
        public var depth: Int
        /// The index of the frame the span belongs to, in the session.
        public var frame: Int
        /// The span's start on the replay's clock, in nanoseconds from the repeat's first frame.
        public var startNs: UInt64
        /// The span's inclusive duration, in nanoseconds.
        public var durationNs: UInt64

        public init(path: String, depth: Int, frame: Int, startNs: UInt64, durationNs: UInt64) {
            self.path = path
            self.depth = depth
            self.frame = frame
            self.startNs = startNs
            self.durationNs = durationNs
        }
    }

    /// A `<marker>` of the trace, placed at the start of the frame that replayed it.
    public struct Instant: Sendable, Equatable {
        public var label: String
        /// The frame that replayed the marker.
        public var frame: Int
        /// That frame's start, in nanoseconds from the repeat's first frame.
        public var timeNs: UInt64

        public init(label: String, frame: Int, timeNs: UInt64) {
            self.label = label
            self.frame = frame
            self.timeNs = timeNs
        }
    }

    /// The measured repeat recorded, from 1.
    public var repeatNumber: Int
    /// Every span in the order it began (a parent before its children).
    public var spans: [Span]
    /// The markers, in session order.
    public var markers: [Instant]
    /// Spans that did not fit the buffer and were not recorded (the timeline then ends early); 0 normally.
    public var droppedSpans: Int

    public init(repeatNumber: Int, spans: [Span], markers: [Instant] = [], droppedSpans: Int = 0) {
        self.repeatNumber = repeatNumber
        self.spans = spans
        self.markers = markers
        self.droppedSpans = droppedSpans
    }
}
