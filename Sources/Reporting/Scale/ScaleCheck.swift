/// One trace replayed at several item counts with each of its layouts: whether a layout's cost per frame
/// grows with the number of items, and in which phase (`reel compare --scale`).
///
/// Counters cannot see such a cost: a query that scans every item builds the same attributes at 1,000 items
/// as at 100,000, so its counters are identical while its time grows with the data. The check measures time
/// instead: for every span path (`frame/layout/query`, …), the self time per **steady frame** of each
/// measured repeat — the pass's self time less frame 0's (the initial display, which lays out the whole data
/// once and so grows for every layout), over the frames after frame 0. A phase **grows** when, between the
/// smallest and the largest count, all three hold:
/// - its median per frame at the largest count is at least ``growthRatio`` times the median at the smallest;
/// - it rose by at least ``minimumGrowthMs`` a frame (a phase of a few nanoseconds can triple in noise) and
///   by at least ``minimumShare`` of the layout's whole time per frame at the largest count (a query that
///   scans 50,000 items a frame slows the engine's own phases after it through the caches it fills — by
///   0.8–1.5 % of the frame in the tests' measurements, the scan itself being 95 % of it: the scan is the
///   cause, they are not);
/// - a two-sided Mann-Whitney U test of the two counts' per-repeat values gives p ≤ ``alpha``.
///
/// `frame`'s own self time is shown but never judged: it is the replay's work between the engine's phases
/// (dispatching events, the profiler's bookkeeping), and under a busy machine it swells with the length of a
/// slow frame — ×12–22 beside a query that scans 50,000 items in the tests, with no work of its own that
/// depends on the count.
///
/// The phases that carry the `<workload>`'s declared costs (`create`, `configure`, `prepare-for-reuse` of
/// cells and supplementary and decoration views) are left out: their time is the app's declared cost times
/// the calls, which follow how far the session scrolls — further in longer content — not the layout's cost.
public struct ScaleCheck: Sendable {
    /// The factor a phase's time per frame must grow by from the smallest count to the largest: 3.
    ///
    /// Measured on the shipped traces scaled from 1,000 to 100,000 items (release build, CPU clock, model
    /// workload), the phases of layouts that do not depend on the count grow by ×0.8–1.2, ×1.9 at most where
    /// the smaller content ends the scrolling early, and O(log n) work by log 100,000 / log 1,000 = 1.7 at
    /// most; a query that scans every row or item grows ×20 and more (the grid's ×24.8). 3 lies between.
    public static let growthRatio = 3.0
    /// The least rise of a phase's median time per frame that counts as growth: 1 µs.
    public static let minimumGrowthMs = 0.001
    /// The least share of the layout's time per frame at the largest count that a phase's rise must be: 5 %.
    public static let minimumShare = 0.05
    /// The significance level of the tests: compare's.
    public static let defaultAlpha = Comparison.defaultAlpha

    /// One span path of one layout at every count.
    public struct Phase: Sendable, Equatable {
        /// The profiler's span path, `frame/layout/query`.
        public var path: String
        /// Its self time per steady frame in each measured repeat, ms, one array per count (in the check's
        /// order of counts).
        public var values: [[Double]]
        /// The median of each count's values, ms per frame; 0 without values.
        public var medians: [Double]
        /// The largest count's median over the smallest's; `nil` when the smallest's is 0.
        public var ratio: Double?
        /// The smallest count's values against the largest's; `nil` when either has none.
        public var test: MannWhitneyU?
        /// Whether the phase grows with the item count (the rule of ``ScaleCheck``); always false for a
        /// phase that is not judged.
        public var grows: Bool
        /// Whether the rule judges the phase (every one but `frame`'s own self time).
        public var isJudged: Bool

        /// Judges `values` (one array per count, the smallest count first, the largest last).
        /// - Parameter floorMs: The least rise per frame that counts, at least ``ScaleCheck/minimumGrowthMs``.
        public init(path: String, values: [[Double]], alpha: Double = ScaleCheck.defaultAlpha,
                    floorMs: Double = ScaleCheck.minimumGrowthMs) {
            precondition(values.count >= 2, "a phase is judged over two counts or more, not \(values.count)")
            self.path = path
            self.values = values
            medians = values.map { MedianSummary($0)?.median ?? 0 }
            let first = medians[0], last = medians[medians.count - 1]
            ratio = first > 0 ? last / first : nil
            test = MannWhitneyU(values[0], values[values.count - 1])
            isJudged = !ScaleCheck.unjudgedPaths.contains(path)
            let large = isJudged && last >= ScaleCheck.growthRatio * first && last - first >= max(floorMs, ScaleCheck.minimumGrowthMs)
            grows = large && (test.map { $0.pValue <= alpha } ?? false)
        }
    }

    /// One layout at every count.
    public struct Layout: Sendable, Equatable {
        /// The layout's registry name.
        public var name: String
        /// Every span path the layout ran, the growing ones first (the largest rise first), then the others
        /// in path order.
        public var phases: [Phase]
        /// Why the layout's replays stopped, when one did: its figures cover the passes it ran.
        public var failure: String?

        public init(name: String, phases: [Phase], failure: String? = nil) {
            self.name = name
            self.failure = failure
            let rise = { (phase: Phase) in phase.medians[phase.medians.count - 1] - phase.medians[0] }
            self.phases = phases.filter(\.grows).sorted { rise($0) > rise($1) }
                + phases.filter { !$0.grows }.sorted { $0.path < $1.path }
        }

        /// The phases that grow, the largest rise first.
        public var growing: [Phase] { phases.filter(\.grows) }
        /// Whether any phase grows.
        public var grows: Bool { phases.contains(where: \.grows) }
    }

    /// The trace's path as given on the command line.
    public var trace: String
    /// The item counts, smallest first, each once.
    public var counts: [Int]
    /// Measured passes per count and layout.
    public var repeats: Int
    /// Warm-up passes per count and layout.
    public var warmup: Int
    public var mode: ReplayMode
    public var clock: ClockName
    public var workload: WorkloadMode
    /// The significance level of the tests.
    public var alpha: Double
    /// One per layout, in the order they were given.
    public var layouts: [Layout]

    public init(trace: String, counts: [Int], repeats: Int, warmup: Int, mode: ReplayMode, clock: ClockName,
                workload: WorkloadMode, alpha: Double = defaultAlpha, layouts: [Layout]) {
        self.trace = trace
        self.counts = counts
        self.repeats = repeats
        self.warmup = warmup
        self.mode = mode
        self.clock = clock
        self.workload = workload
        self.alpha = alpha
        self.layouts = layouts
    }

    /// Whether every layout replayed every pass to the end of the trace.
    public var complete: Bool { layouts.allSatisfy { $0.failure == nil } }
    /// Whether some layout grows.
    public var grows: Bool { layouts.contains(where: \.grows) }

    /// Each span path's self time per steady frame of one measured repeat, ms: the pass's self time less
    /// frame 0's, over the frames after frame 0.
    /// - Complexity: O(*p*) for *p* paths.
    public static func steadyFrameSelfMs(_ pass: RepeatMeasurement) -> [String: Double] {
        let frames = Double(max(pass.frames.count - 1, 1))
        var result: [String: Double] = [:]
        for path in pass.paths {
            let steady = path.selfNs - min(path.initialSelfNs, path.selfNs)
            result[path.path, default: 0] += Double(steady) / 1_000_000 / frames
        }
        return result
    }

    /// The paths shown but never judged: the replay's own self time per frame.
    public static let unjudgedPaths: Set<String> = ["frame"]

    /// The last components of the span paths that carry the workload's declared costs.
    static let workloadPhases: Set<Substring> = ["create", "configure", "prepare-for-reuse"]

    /// Whether `path` carries the workload's declared costs (`frame/cells/configure`).
    public static func isWorkloadPhase(_ path: String) -> Bool {
        path.split(separator: "/").count == 3 && workloadPhases.contains(path.split(separator: "/")[2])
    }

    /// The layout's phases from its measured passes: `passes[c]` holds the passes at count `c`; a path one
    /// pass did not run counts 0 there.
    public static func phases(_ passes: [[RepeatMeasurement]], alpha: Double = defaultAlpha) -> [Phase] {
        let perPass = passes.map { $0.map(steadyFrameSelfMs) }
        let paths = Set(perPass.joined().flatMap(\.keys)).filter { !isWorkloadPhase($0) }.sorted()
        let values = paths.map { path in perPass.map { count in count.map { $0[path] ?? 0 } } }
        let largest = values.reduce(0) { $0 + (MedianSummary($1[$1.count - 1])?.median ?? 0) }
        return zip(paths, values).map { path, values in
            Phase(path: path, values: values, alpha: alpha, floorMs: minimumShare * largest)
        }
    }
}
