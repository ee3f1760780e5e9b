public import Histogram

/// Everything a replay measured for one trace: the input of every report.
///
/// `Replay` produces it; `Reporting` turns it into the report's figures. It knows nothing of the engine
/// or of traces: paths are strings, counters are values by ``EngineCounter``.
public struct ReplayMeasurement: Sendable {
    /// The trace's path as given on the command line.
    public var trace: String
    /// The layout's registry name.
    public var layout: String
    /// `offsets` or `gestures`.
    public var mode: ReplayMode
    /// Frames per second of the replay: the fastest, when the trace gives every frame its own interval.
    public var refreshRate: Double
    /// The frame budget in milliseconds (1000 / refresh rate unless overridden): the tightest, when the trace
    /// gives every frame its own interval.
    public var budgetMs: Double
    /// When each frame begins and its budget: uniform at ``refreshRate`` with ``budgetMs`` unless the trace
    /// gives every frame its own interval.
    public var frameClock: FrameClock
    /// Warm-up repeats run and discarded.
    public var warmup: Int
    /// The measured repeats, in order; warm-up repeats are not included.
    public var repeats: [RepeatMeasurement]
    /// Whether every repeat ran to the end of the trace.
    public var complete: Bool
    /// Why the replay stopped early (`path:line:column: message`), when it did.
    public var failure: String?
    /// Reel's exact counters for one repeat (`cells_created`, …). Identical in every repeat.
    public var counters: CounterValues
    /// Frames in which the content offset changed (scroll frames), in one repeat.
    public var scrollFrames: Int
    /// The trace's markers.
    public var markers: [Marker]
    /// Things the user should know that are not failures (a truncated trace, ignored events).
    public var warnings: [String]
    public var environment: Environment
    /// The clock frames were measured on: `cpu` (the main thread's CPU time) or `wall` (monotonic).
    public var clock: ClockName
    /// How the trace's declared workload was charged.
    public var workload: WorkloadMode
    /// The frames the frame figures cover; ``repeats`` holds every frame regardless.
    public var window: MeasurementWindow
    /// Every span of one measured repeat with its start and duration, when the replay was asked to record
    /// one (`--format chrome-trace`).
    public var timeline: SpanTimeline?

    public init(trace: String, layout: String, mode: ReplayMode, refreshRate: Double, budgetMs: Double, warmup: Int,
                repeats: [RepeatMeasurement], complete: Bool, failure: String? = nil, counters: CounterValues,
                scrollFrames: Int, markers: [Marker] = [], warnings: [String] = [], environment: Environment,
                clock: ClockName = .wall, workload: WorkloadMode = .model, window: MeasurementWindow = .wholeSession,
                timeline: SpanTimeline? = nil, frameClock: FrameClock? = nil) {
        self.frameClock = frameClock ?? FrameClock(refreshRate: refreshRate, budgetMs: budgetMs)
        self.trace = trace
        self.layout = layout
        self.mode = mode
        self.refreshRate = refreshRate
        self.budgetMs = budgetMs
        self.warmup = warmup
        self.repeats = repeats
        self.complete = complete
        self.failure = failure
        self.counters = counters
        self.scrollFrames = scrollFrames
        self.markers = markers
        self.warnings = warnings
        self.environment = environment
        self.clock = clock
        self.workload = workload
        self.window = window
        self.timeline = timeline
    }
}

/// One measured pass over the trace.
public struct RepeatMeasurement: Sendable {
    /// Every frame, in order: a replay's frames kept compactly (``FrameLog``).
    public var frames: FrameLog
    /// Time per span path over the whole repeat.
    public var paths: [PathMeasurement]

    public init(frames: FrameLog, paths: [PathMeasurement]) {
        self.frames = frames
        self.paths = paths
    }

    /// A repeat of `frames`, kept as given.
    public init(frames: [FrameSample], paths: [PathMeasurement]) {
        self.init(frames: FrameLog(frames), paths: paths)
    }
}

/// One frame's measurement.
public struct FrameSample: Hashable, Sendable {
    /// The frame number: frame n begins at the sum of the intervals before it (n / refresh rate).
    public var index: Int
    /// When the frame begins, in seconds from the start of the session.
    public var time: Double
    /// The main-thread time the frame took, in nanoseconds.
    public var durationNs: UInt64
    /// The span path with the most self time in this frame, if any span ran.
    public var topPath: String?
    /// The self time of ``topPath`` in this frame, in nanoseconds.
    public var topPathSelfNs: UInt64
    /// Cells created in this frame.
    public var cellsCreated: Int
    /// Cell views on screen at the end of the frame, those animating out included; `nil` when not measured.
    ///
    /// Tells creations the display needs (more cells on screen than ever before: inserted items on a layout
    /// that shows every item, a layout that shows more of them) from creations a reuse pool should have
    /// spared.
    public var cellsOnScreen: Int?

    public init(index: Int, time: Double, durationNs: UInt64, topPath: String? = nil, topPathSelfNs: UInt64 = 0,
                cellsCreated: Int = 0, cellsOnScreen: Int? = nil) {
        self.index = index
        self.time = time
        self.durationNs = durationNs
        self.topPath = topPath
        self.topPathSelfNs = topPathSelfNs
        self.cellsCreated = cellsCreated
        self.cellsOnScreen = cellsOnScreen
    }
}

/// The time spent in one span path (`frame/cells/configure`) over a repeat.
public struct PathMeasurement: Sendable {
    public var path: String
    public var calls: Int
    /// Inclusive time, nanoseconds.
    public var totalNs: UInt64
    /// Time excluding nested spans, nanoseconds.
    public var selfNs: UInt64
    /// Self time spent in janky frames (frames over budget), frame 0 among them when it is janky, nanoseconds.
    public var jankySelfNs: UInt64
    /// Self time spent in frame 0, the initial display, nanoseconds: what reports take out of ``jankySelfNs``
    /// when frame 0 was janky and is not among the frames measured.
    public var initialSelfNs: UInt64
    /// The distribution of the self time of single calls (a call's own cost, without nested spans), in
    /// nanoseconds.
    public var callDurations: Histogram<UInt64>

    public init(path: String, calls: Int, totalNs: UInt64, selfNs: UInt64, jankySelfNs: UInt64,
                initialSelfNs: UInt64 = 0, callDurations: Histogram<UInt64>) {
        self.path = path
        self.calls = calls
        self.totalNs = totalNs
        self.selfNs = selfNs
        self.jankySelfNs = jankySelfNs
        self.initialSelfNs = initialSelfNs
        self.callDurations = callDurations
    }
}

/// A `<marker>` of the trace.
public struct Marker: Hashable, Sendable {
    public var time: Double
    public var label: String

    public init(time: Double, label: String) {
        self.time = time
        self.label = label
    }
}

/// Where the replay ran.
public struct Environment: Hashable, Sendable {
    public var host: String
    public var cores: Int
    public var swift: String
    /// `release` or `debug`.
    public var build: String
    /// The processor's model name (`/proc/cpuinfo`'s `model name`); `nil` when unknown or in reports written
    /// before Reel recorded it.
    public var cpuModel: String?

    public init(host: String, cores: Int, swift: String, build: String, cpuModel: String? = nil) {
        self.host = host
        self.cores = cores
        self.swift = swift
        self.build = build
        self.cpuModel = cpuModel
    }
}
