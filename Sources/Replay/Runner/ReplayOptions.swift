public import Reporting

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
    /// The clock frames are measured on (and the workload spent on, when it is); the main thread's CPU time
    /// by default.
    public var clock: ReplayClockKind
    /// Whether the `<workload>`'s declared costs are added to the frames and spans that incur them (the
    /// default) or spent as busy time on the clock.
    public var workload: WorkloadMode
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
    /// Replays the trace's `<data>` scaled to this many items (``ItemScaling``) instead of as recorded;
    /// `nil` replays it as recorded.
    public var itemCount: Int?
    /// Whether the profiler observes the spans of every frame (the engine's phases and the runner's own);
    /// without, frames are timed as a whole and no path is measured. For the profiler's overhead benchmark
    /// (the same replay with and without its spans); reports need the spans.
    @_spi(Benchmarks) public var observesSpans = true
    /// Whether frames alternate between observed and only timed, frame 0 as ``observesSpans`` says: the
    /// profiler's overhead tool compares the two frame by frame within one replay, so that the machine's
    /// slow drifts (its clock speed, the neighbours of a virtual machine) weigh on both alike.
    @_spi(Benchmarks) public var alternatesSpanObservation = false

    public init(layout: String? = nil, mode: ReplayMode? = nil, refreshRate: Double? = nil, budgetMs: Double? = nil,
                repeats: Int = 3, warmup: Int = 1, allowsTruncation: Bool = true, clock: ReplayClockKind = .cpu,
                workload: WorkloadMode = .model, includesInitialDisplay: Bool = false, fromMarker: String? = nil,
                toMarker: String? = nil, timelineRepeat: Int? = nil) {
        self.layout = layout
        self.mode = mode
        self.refreshRate = refreshRate
        self.budgetMs = budgetMs
        self.repeats = repeats
        self.warmup = warmup
        self.allowsTruncation = allowsTruncation
        self.clock = clock
        self.workload = workload
        self.includesInitialDisplay = includesInitialDisplay
        self.fromMarker = fromMarker
        self.toMarker = toMarker
        self.timelineRepeat = timelineRepeat
    }
}

/// Where a replay is, for a progress bar: known from the first frame, total included.
public struct ReplayProgress: Hashable, Sendable {
    /// The pass being run, from 0; warm-up passes come first.
    public var pass: Int
    /// Passes in all, warm-up included.
    public var passes: Int
    /// Frames replayed in this pass so far.
    public var frame: Int
    /// Frames per pass: from the trace's events before the first pass (``framesPerPassIsExact`` says whether
    /// that is exact), the first pass's count after it; `nil` when not known.
    public var framesPerPass: Int?
    /// Whether ``framesPerPass`` is exact: false while it is an estimate (flings and animated scrolling can
    /// run past the last event; the first pass tells).
    public var framesPerPassIsExact: Bool
    /// How many of the passes, the first ones, are warm-up.
    public var warmup: Int

    public init(pass: Int, passes: Int, frame: Int, framesPerPass: Int?, framesPerPassIsExact: Bool = true,
                warmup: Int = 0) {
        self.pass = pass
        self.passes = passes
        self.frame = frame
        self.framesPerPass = framesPerPass
        self.framesPerPassIsExact = framesPerPassIsExact
        self.warmup = warmup
    }

    /// Whether the pass being run is a warm-up pass.
    public var isWarmup: Bool { pass < warmup }
}
