/// How scrolling is driven during a replay (SPEC §3).
public enum ReplayMode: String, CaseIterable, Hashable, Sendable {
    /// The recorded content offsets are applied as they are: exact reproduction.
    case offsets
    /// `<scroll>` events are ignored and drags drive the offset through the engine's scroll physics.
    case gestures
}

/// What a replay does beyond what the trace says.
public struct ReplayOptions: Hashable, Sendable {
    /// A registered layout to use instead of the trace's.
    public var layout: String?
    /// How scrolling is driven; `nil` chooses: offsets when the trace has `<scroll>` events, else gestures.
    public var mode: ReplayMode?
    /// Overrides the trace's refresh rate, in hertz.
    public var refreshRate: Double?
    /// Overrides the frame budget (1000 / refresh rate), in milliseconds.
    public var budgetMs: Double?
    /// Measured passes over the trace.
    public var repeats: Int
    /// Passes run first and discarded.
    public var warmup: Int
    /// Whether a trace cut off by a crashed recorder is replayed up to its last complete event (with a
    /// warning) rather than refused.
    public var allowsTruncation: Bool
    /// The clock frames are measured and the workload is spent on (SPEC §4); the main thread's CPU time by
    /// default.
    public var clock: ReplayClockKind
    /// Whether frame 0, the initial display, counts among the frames the frame figures cover; it is always
    /// reported apart as well.
    public var includesInitialDisplay: Bool
    /// The label of the `<marker>` the measured frames start at.
    public var fromMarker: String?
    /// The label of the `<marker>` the measured frames end at (the first one after ``fromMarker``).
    public var toMarker: String?
    /// The measured repeat, from 1, whose every span is recorded with its start and duration
    /// (``ReplayMeasurement/timeline``, what `--format chrome-trace` draws); `nil` records none, and no
    /// replay pays for it.
    public var timelineRepeat: Int?

    public init(layout: String? = nil, mode: ReplayMode? = nil, refreshRate: Double? = nil, budgetMs: Double? = nil,
                repeats: Int = 3, warmup: Int = 1, allowsTruncation: Bool = true, clock: ReplayClockKind = .cpu,
                includesInitialDisplay: Bool = false, fromMarker: String? = nil, toMarker: String? = nil,
                timelineRepeat: Int? = nil) {
        self.layout = layout
        self.mode = mode
        self.refreshRate = refreshRate
        self.budgetMs = budgetMs
        self.repeats = repeats
        self.warmup = warmup
        self.allowsTruncation = allowsTruncation
        self.clock = clock
        self.includesInitialDisplay = includesInitialDisplay
        self.fromMarker = fromMarker
        self.toMarker = toMarker
        self.timelineRepeat = timelineRepeat
    }
}

/// Where a replay is, for a progress bar.
public struct ReplayProgress: Hashable, Sendable {
    /// The pass being run, from 0; warm-up passes come first.
    public var pass: Int
    public var passes: Int
    /// Frames replayed in this pass so far.
    public var frame: Int
    /// Frames per pass, once the first pass has finished.
    public var framesPerPass: Int?
}
