/// The figures, hot paths and findings of one replayed trace: what every renderer prints.
///
/// Build one from a measurement with ``init(_:)``, or read saved ones back with ``Report/decode(json:path:)``.
/// Times are in milliseconds, session length in seconds. Counts that differ between repeats (frames, janky
/// and dropped frames, hitch time) are **per-repeat means**: the sum over the measured repeats divided by the
/// number of measured repeats, so they may be fractional. Percentiles and worst frames pool every frame of
/// every measured repeat.
public struct Report: Sendable, Equatable {
    /// Whether every repeat ran to the end of the trace.
    public var complete: Bool
    /// The trace's path as given on the command line.
    public var trace: String
    /// The layout's registry name.
    public var layout: String
    /// `offsets` or `gestures`.
    public var mode: ReplayMode
    /// Frames per second of the replay; the fastest when the rate varies (``frameClock``).
    public var refreshRateHz: Double
    /// The frame budget in milliseconds: a frame over it is janky. When the rate varies, each frame's budget is
    /// its own interval (``frameClock``) and this is the tightest.
    public var budgetMs: Double
    /// When each frame begins and its budget: uniform at ``refreshRateHz`` and ``budgetMs`` unless the trace
    /// gives every frame its own interval.
    public var frameClock: FrameClock
    /// Measured repeats (warm-up excluded).
    public var repeats: Int
    /// Warm-up repeats run and discarded.
    public var warmup: Int
    /// Frames per repeat (mean over repeats).
    public var frames: Double
    /// Session length per repeat in seconds: the sum of the measured frames' intervals (frames / refresh rate).
    public var sessionSeconds: Double
    /// Nearest-rank statistics of the pooled per-frame times.
    public var frameTimeMs: FrameTimes
    /// Frames over budget per repeat (mean over repeats).
    public var jankyFrames: Double
    /// Frames over 700 ms per repeat (mean over repeats): Sentry's and Firebase's frozen frames; `nil` in
    /// reports written before Reel counted them.
    public var frozenFrames: Double?
    /// Σ (ceil(time / budget) − 1) per repeat (mean over repeats).
    public var droppedFrames: Double
    /// Σ dropped × budget per repeat (mean over repeats).
    public var hitchTimeMs: Double
    /// Hitch time per second of session, in ms/s; 0 when nothing was measured.
    public var hitchTimeRatio: Double
    /// refresh rate × frames / (frames + dropped frames); 0 when nothing was measured.
    public var effectiveFPS: Double
    /// The best one-second window of the best repeat, in frames per second.
    ///
    /// Each frame is displayed for 1 + its dropped frames refresh intervals; the window is the longest run of
    /// consecutive frames displayed within one second (⌊refresh rate⌋ intervals), and the figure is the refresh
    /// rate × frames in it / ⌊refresh rate⌋. A repeat shorter than a second scores its frames per second of
    /// display time. 0 when nothing was measured.
    public var peakFPS: Double
    /// Reel's exact counters for one repeat.
    public var counters: CounterValues
    /// Per-path means over repeats, sorted by janky self time, then self time, then path.
    public var hotPaths: [HotPath]
    /// The slowest frames over all repeats, one per frame index, slowest first.
    public var worstFrames: [FrameRow]
    /// Where the replay ran.
    public var environment: Environment
    /// What the report found, in words.
    public var findings: [Finding]
    /// Things the user should know that are not failures.
    public var warnings: [String]
    /// Why the replay stopped early, when it did.
    public var failure: String?
    /// The trace's markers.
    public var markers: [Marker]
    /// The figures of each measured repeat, in order: the samples `reel gate` tests for significance.
    public var perRepeat: [RepeatFigures]
    /// Every frame of every measured repeat, in order (printed by JSON only when asked, `--frames`); a report
    /// made from a measurement reads them from its repeats' frame logs.
    public var frameSamples: FrameRows
    /// The clock frames were measured on: `cpu` (the main thread's CPU time) or `wall` (monotonic).
    public var clock: ClockName
    /// How the trace's declared workload was charged: modelled (added to the frames) or spent.
    public var workload: WorkloadMode
    /// Frame 0 of the session, reported apart from the frame figures; `nil` when not measured.
    public var initialDisplay: InitialDisplay?
    /// The frames the frame figures (percentiles, janky and dropped frames, hitch time, fps, worst frames)
    /// cover. Counters and hot paths cover whole passes.
    public var window: MeasurementWindow
    /// Every span of one measured repeat, when the replay was asked to record one (`--format chrome-trace`);
    /// never written to JSON.
    public var timeline: SpanTimeline?
    /// The version of the Reel that measured the report (`reel --version`, `git describe` of its source): the
    /// running build's for a report made from a measurement, the `reel_version` written for one read back, and
    /// `nil` for a report written before Reel named its version.
    public var reelVersion: String?

    /// Creates a report from figures already computed (a decoded JSON report, a test).
    public init(complete: Bool, trace: String, layout: String, mode: ReplayMode, refreshRateHz: Double, budgetMs: Double,
                repeats: Int, warmup: Int, frames: Double, sessionSeconds: Double, frameTimeMs: FrameTimes,
                jankyFrames: Double, droppedFrames: Double, hitchTimeMs: Double, hitchTimeRatio: Double,
                effectiveFPS: Double, peakFPS: Double, counters: CounterValues, hotPaths: [HotPath],
                worstFrames: [FrameRow], environment: Environment, findings: [Finding] = [], warnings: [String] = [],
                failure: String? = nil, markers: [Marker] = [], perRepeat: [RepeatFigures] = [],
                frameSamples: [FrameRow] = [], clock: ClockName = .wall, workload: WorkloadMode = .model,
                initialDisplay: InitialDisplay? = nil, window: MeasurementWindow = .wholeSession,
                reelVersion: String? = nil, frozenFrames: Double? = nil, frameClock: FrameClock? = nil) {
        self.frameClock = frameClock ?? FrameClock(refreshRate: refreshRateHz, budgetMs: budgetMs)
        self.frozenFrames = frozenFrames
        self.complete = complete
        self.trace = trace
        self.layout = layout
        self.mode = mode
        self.refreshRateHz = refreshRateHz
        self.budgetMs = budgetMs
        self.repeats = repeats
        self.warmup = warmup
        self.frames = frames
        self.sessionSeconds = sessionSeconds
        self.frameTimeMs = frameTimeMs
        self.jankyFrames = jankyFrames
        self.droppedFrames = droppedFrames
        self.hitchTimeMs = hitchTimeMs
        self.hitchTimeRatio = hitchTimeRatio
        self.effectiveFPS = effectiveFPS
        self.peakFPS = peakFPS
        self.counters = counters
        self.hotPaths = hotPaths
        self.worstFrames = worstFrames
        self.environment = environment
        self.findings = findings
        self.warnings = warnings
        self.failure = failure
        self.markers = markers
        self.perRepeat = perRepeat
        self.frameSamples = FrameRows(frameSamples)
        self.clock = clock
        self.workload = workload
        self.initialDisplay = initialDisplay
        self.window = window
        self.timeline = nil
        self.reelVersion = reelVersion
    }

    /// Apple's band for ``hitchTimeRatio``.
    public var hitchBand: HitchBand { HitchBand(ratio: hitchTimeRatio) }
}

extension Report {
    /// Mean, nearest-rank percentiles and maximum of a set of frame times, in milliseconds.
    public struct FrameTimes: Sendable, Equatable {
        /// The arithmetic mean.
        public var mean: Double
        /// The median (nearest rank).
        public var p50: Double
        /// The 90th percentile (nearest rank).
        public var p90: Double
        /// The 95th percentile (nearest rank).
        public var p95: Double
        /// The 99th percentile (nearest rank).
        public var p99: Double
        /// The longest.
        public var max: Double

        /// Creates statistics from figures already computed.
        public init(mean: Double, p50: Double, p90: Double, p95: Double, p99: Double, max: Double) {
            self.mean = mean
            self.p50 = p50
            self.p90 = p90
            self.p95 = p95
            self.p99 = p99
            self.max = max
        }

        /// All zero: the statistics of no frames.
        public static let zero = FrameTimes(mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, max: 0)
    }

    /// One span path's time, as means over the measured repeats.
    public struct HotPath: Sendable, Equatable {
        /// The span path, `frame/cells/configure`.
        public var path: String
        /// Calls per repeat.
        public var calls: Double
        /// Inclusive time per repeat, ms.
        public var totalMs: Double
        /// Time excluding nested spans per repeat, ms.
        public var selfMs: Double
        /// Self time spent in janky frames per repeat, ms.
        public var jankySelfMs: Double
        /// Median inclusive time of one call over all repeats, ms (HdrHistogram, 3 significant digits).
        public var callP50Ms: Double
        /// 99th percentile of the inclusive time of one call, ms.
        public var callP99Ms: Double
        /// Longest single call, ms.
        public var callMaxMs: Double

        /// Creates a hot path from figures already computed.
        public init(path: String, calls: Double, totalMs: Double, selfMs: Double, jankySelfMs: Double,
                    callP50Ms: Double, callP99Ms: Double, callMaxMs: Double) {
            self.path = path
            self.calls = calls
            self.totalMs = totalMs
            self.selfMs = selfMs
            self.jankySelfMs = jankySelfMs
            self.callP50Ms = callP50Ms
            self.callP99Ms = callP99Ms
            self.callMaxMs = callMaxMs
        }
    }

    /// Frame 0, the first layout pass that creates the first screen of views (Android's time to initial
    /// display).
    public struct InitialDisplay: Sendable, Equatable {
        /// Its time, mean over the measured repeats, ms.
        public var ms: Double
        /// The span path with the most self time in it (in the first measured repeat).
        public var topPath: String?

        public init(ms: Double, topPath: String?) {
            self.ms = ms
            self.topPath = topPath
        }
    }

    /// One frame as reports print it.
    public struct FrameRow: Sendable, Equatable {
        /// The frame number within its repeat.
        public var index: Int
        /// When the frame begins, seconds from the start of the session.
        public var t: Double
        /// The frame's time, ms.
        public var ms: Double
        /// The span path with the most self time in the frame, if any span ran.
        public var topPath: String?
        /// The measured repeat the frame belongs to, from 0.
        public var repeatIndex: Int

        /// Creates a row.
        public init(index: Int, t: Double, ms: Double, topPath: String?, repeatIndex: Int) {
            self.index = index
            self.t = t
            self.ms = ms
            self.topPath = topPath
            self.repeatIndex = repeatIndex
        }
    }

    /// The figures of one measured repeat.
    public struct RepeatFigures: Sendable, Equatable {
        /// Frames measured.
        public var frames: Int
        /// Frames over budget.
        public var jankyFrames: Int
        /// Frames over 700 ms; `nil` in reports written before it was kept.
        public var frozenFrames: Int?
        /// Σ ceil(time / budget) − 1 over the frames.
        public var droppedFrames: Int
        /// Dropped frames × budget, ms.
        public var hitchTimeMs: Double
        /// Statistics of the repeat's frame times, ms.
        public var frameTimeMs: FrameTimes
        /// Hitch time per second of the repeat's session, ms/s; `nil` in reports written before it was kept.
        public var hitchTimeRatio: Double?
        /// The repeat's effective frames per second; `nil` in reports written before it was kept.
        public var effectiveFPS: Double?
        /// The repeat's best one-second window, fps; `nil` in reports written before it was kept.
        public var peakFPS: Double?
        /// The repeat's initial display (frame 0), ms, when measured.
        public var initialDisplayMs: Double?
        /// The self time of each span path in the repeat, ms (a path the repeat did not run is missing, and
        /// counts as 0); `nil` in reports written before it was kept.
        public var hotPathSelfMs: [String: Double]?

        /// Creates figures already computed.
        public init(frames: Int, jankyFrames: Int, droppedFrames: Int, hitchTimeMs: Double, frameTimeMs: FrameTimes,
                    hitchTimeRatio: Double? = nil, effectiveFPS: Double? = nil, peakFPS: Double? = nil,
                    initialDisplayMs: Double? = nil, hotPathSelfMs: [String: Double]? = nil, frozenFrames: Int? = nil) {
            self.frozenFrames = frozenFrames
            self.frames = frames
            self.jankyFrames = jankyFrames
            self.droppedFrames = droppedFrames
            self.hitchTimeMs = hitchTimeMs
            self.frameTimeMs = frameTimeMs
            self.hitchTimeRatio = hitchTimeRatio
            self.effectiveFPS = effectiveFPS
            self.peakFPS = peakFPS
            self.initialDisplayMs = initialDisplayMs
            self.hotPathSelfMs = hotPathSelfMs
        }
    }
}
