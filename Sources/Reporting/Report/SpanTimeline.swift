/// Every span of one measured repeat with its own start and duration: what `--format chrome-trace` draws.
/// The profiler keeps only totals for the other repeats; it records a timeline into a buffer sized before the
/// repeat begins, for the one repeat a replay is asked to keep.
///
/// The spans are kept as the profiler recorded them, 32 bytes each with their path as an index into
/// ``paths`` (``Record``), so that a timeline of 4 Mi spans holds 128 MiB, in the recorder's own buffer;
/// ``spans`` reads them as ``Span`` values.
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

    /// One span as it is stored, 32 bytes: ``Span`` with its path as an index into ``paths``.
    public struct Record: Sendable, Equatable {
        /// The start, in nanoseconds (from the repeat's first frame, once in a timeline).
        public var startNs: UInt64
        public var durationNs: UInt64
        public var frame: Int32
        /// The index of the span's path in the timeline's ``paths``.
        public var path: Int16
        public var depth: Int16

        public init(startNs: UInt64, durationNs: UInt64, frame: Int32, path: Int16, depth: Int16) {
            self.startNs = startNs
            self.durationNs = durationNs
            self.frame = frame
            self.path = path
            self.depth = depth
        }
    }

    /// The spans as ``Span`` values, made as they are read.
    public struct Spans: RandomAccessCollection, Sendable, Equatable {
        fileprivate let records: [Record]
        fileprivate let paths: [String]

        public var startIndex: Int { records.startIndex }
        public var endIndex: Int { records.endIndex }

        public subscript(position: Int) -> Span {
            let record = records[position]
            return Span(path: paths[Int(record.path)], depth: Int(record.depth), frame: Int(record.frame),
                        startNs: record.startNs, durationNs: record.durationNs)
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
    /// The span paths, by the index a ``Record`` gives.
    public private(set) var paths: [String]
    /// Every span in the order it began (a parent before its children).
    public private(set) var records: [Record]
    /// The markers, in session order.
    public var markers: [Instant]
    /// Spans that did not fit the buffer and were not recorded (the timeline then ends early); 0 normally.
    public var droppedSpans: Int

    /// Every span in the order it began (a parent before its children).
    public var spans: Spans { Spans(records: records, paths: paths) }

    /// The frames: the spans of depth 0.
    /// - Complexity: O(n) for n spans.
    public var frameCount: Int { records.count { $0.depth == 0 } }

    /// A timeline of `records`, in the order they began, whose paths are `paths`.
    public init(repeatNumber: Int, paths: [String], records: [Record], markers: [Instant] = [], droppedSpans: Int = 0) {
        precondition(records.allSatisfy { paths.indices.contains(Int($0.path)) }, "a span's path is one of the timeline's")
        self.repeatNumber = repeatNumber
        self.paths = paths
        self.records = records
        self.markers = markers
        self.droppedSpans = droppedSpans
    }

    /// A timeline of `spans`, in the order they began.
    public init(repeatNumber: Int, spans: [Span], markers: [Instant] = [], droppedSpans: Int = 0) {
        var paths: [String] = []
        var index: [String: Int16] = [:]
        let records = spans.map { span in
            let path = index[span.path] ?? {
                paths.append(span.path)
                index[span.path] = Int16(paths.count - 1)
                return Int16(paths.count - 1)
            }()
            return Record(startNs: span.startNs, durationNs: span.durationNs, frame: Int32(span.frame), path: path,
                          depth: Int16(span.depth))
        }
        self.init(repeatNumber: repeatNumber, paths: paths, records: records, markers: markers,
                  droppedSpans: droppedSpans)
    }
}
