/// `reel gate`'s judgement of one current run against its baseline, figure by figure, and against absolute
/// budgets (``GateBudgets``).
///
/// - **Counters** are exact: any increase of a cost counter (``EngineCounter/better`` is `.lower`) is a
///   regression, any decrease an improvement. Counters that are not costs (taps, selections, reuses) are
///   reported, not judged.
/// - **Timing figures** — the frame-time percentiles (p50, p90, p95, p99), janky frames, the hitch time ratio
///   and the self time of each hot path with at least 5 % of the measured time in either run
///   (``pathsWorthJudging(_:)``; smaller paths are reported, not judged) — compare the medians of the
///   per-repeat values. A figure regresses when it is worse by more than ``GatePolicy/maxRegression`` of the
///   baseline's median, and by at least the figure's resolution (one frame, one budget per second of session)
///   and its practical floor (``practicalFloor(_:in:)``: 0.5 % of the budget for a frame-time percentile,
///   0.1 % of the budget per frame for a self time), **and** the exact two-sided
///   Mann-Whitney U test on the per-repeat values rejects "no change" at ``GatePolicy/alpha``. An improvement
///   is the same the other way.
/// - Timing is **not judged** against the baseline — said in ``notes``, in ``timingReason`` (which the
///   headline carries) and on every timing figure, never a silent pass — when either side carries no
///   per-repeat values, when the two charged the workload differently (``WorkloadMode``: a modelled cost is
///   exact, a spent one carries the clock's error), when the two ran on machines of different kinds
///   (``Environment/isSameKind(as:)``: timing measured on another processor says nothing about this change),
///   or when either side has too few repeats for the test to reach α (fewer than 5 at α = 0.01). Counters are
///   judged regardless.
/// - **Budgets** hold the current run's own figures to absolute limits, with or without a baseline: a figure
///   above its budget is a regression.
///
/// ``figures`` lists regressions first, then improvements, then unchanged figures, then those not judged; in
/// figure order within each group.
public struct GateJudgement: Sendable, Equatable {
    /// Whether, and if not why not, the timing figures were judged against the baseline.
    public enum Timing: Sendable, Equatable {
        case judged
        /// The repeats on each side; the test cannot reach α with so few.
        case tooFewRepeats(baseline: Int, current: Int)
        /// The kinds of machine the baseline and the current run were measured on, in words
        /// (``Environment/kindDescription``).
        case otherMachine(baseline: String, current: String)
        /// The workload modes of the baseline and the current run.
        case otherWorkload(baseline: WorkloadMode, current: WorkloadMode)
        /// Which side's report has no per-repeat values (written by a Reel that did not keep them).
        case noPerRepeatValues(String)
        /// `--metric` named no timing figure.
        case notAsked
        /// There is no baseline: only budgets judge the run.
        case noBaseline
    }

    /// The current run's trace, as its report names it.
    public var trace: String
    public var layout: String
    /// The baseline's report file, when known.
    public var baselinePath: String?
    public var policy: GatePolicy
    public var timing: Timing
    /// Every figure judged or reported against the baseline, regressions first, then improvements, unchanged,
    /// not judged; empty without a baseline.
    public var figures: [FigureJudgement]
    /// Every budget, held against the current run's own figures.
    public var budgets: [BudgetJudgement]
    /// The measured repeats of the baseline (`nil` without one) and of the current run: one when only counters
    /// were to be judged.
    public var repeats: (baseline: Int?, current: Int)

    public static func == (lhs: GateJudgement, rhs: GateJudgement) -> Bool {
        lhs.trace == rhs.trace && lhs.layout == rhs.layout && lhs.baselinePath == rhs.baselinePath
            && lhs.policy == rhs.policy && lhs.timing == rhs.timing && lhs.figures == rhs.figures
            && lhs.budgets == rhs.budgets && lhs.repeats == rhs.repeats
    }

    /// The timing figures the gate judges, besides each hot path's self time.
    public static let judgedSummary: [Figure] = [
        .frameTime(.p50), .frameTime(.p90), .frameTime(.p95), .frameTime(.p99), .jankyFrames, .hitchTimeRatio,
    ]

    /// Judges `current` against `baseline`, when there is one, and against `budgets`.
    /// - Throws: ``GateMismatch`` when the baseline is of another trace (file name), layout, mode, refresh rate,
    ///   budget, clock (`cpu`, `wall`) or measurement window (initial display, markers), or either run is
    ///   incomplete.
    public init(baseline: Report?, current: Report, policy: GatePolicy = GatePolicy(), budgets: GateBudgets = GateBudgets(),
                baselinePath: String? = nil) throws(GateMismatch) {
        trace = current.trace
        layout = current.layout
        self.baselinePath = baselinePath
        self.policy = policy
        repeats = (baseline?.repeats, current.repeats)
        guard let baseline else {
            guard current.complete else {
                throw GateMismatch(baselinePath: nil, message: "the current run of '\(current.trace)' is incomplete: "
                                   + (current.failure ?? "it stopped early"))
            }
            timing = .noBaseline
            figures = []
            self.budgets = budgets.judge(current)
            return
        }
        try Self.checkComparable(baseline: baseline, current: current, baselinePath: baselinePath)
        self.budgets = budgets.judge(current)

        let paths = baseline.hotPaths.map(\.path)
            + current.hotPaths.map(\.path).filter { path in !baseline.hotPaths.contains { $0.path == path } }
        let timingFigures = (Self.judgedSummary + paths.map { Figure.hotPathSelfTime($0) }).filter(policy.includes)
        let counterFigures = EngineCounter.allCases
            .filter { baseline.counters[$0] != nil || current.counters[$0] != nil }
            .map { Figure.counter($0) }.filter(policy.includes)

        timing = Self.timing(baseline: baseline, current: current, policy: policy, asked: !timingFigures.isEmpty)
        var judged: [FigureJudgement] = []
        let significantPaths = Self.pathsWorthJudging(baseline).union(Self.pathsWorthJudging(current))
        for figure in timingFigures {
            if case .hotPathSelfTime(let path) = figure, timing == .judged, !significantPaths.contains(path) {
                let old = figure.perRepeatValues(in: baseline).flatMap(Spread.init)?.median
                let new = figure.perRepeatValues(in: current).flatMap(Spread.init)?.median
                let share = GateText.number(Report.noiseCheckedHotPathShare * 100, decimals: 0)
                judged.append(FigureJudgement(figure: figure, verdict: .notJudged, baseline: old, current: new,
                                              reason: "under \(share) % of the time"))
                continue
            }
            judged.append(Self.judgeTiming(figure, baseline: baseline, current: current, policy: policy,
                                           timing: timing))
        }
        for figure in counterFigures {
            judged.append(Self.judgeCounter(figure, baseline: baseline, current: current))
        }
        figures = FigureJudgement.Verdict.allCases.flatMap { verdict in judged.filter { $0.verdict == verdict } }
    }

    public var regressions: [FigureJudgement] { figures.filter { $0.verdict == .regression } }
    public var improvements: [FigureJudgement] { figures.filter { $0.verdict == .improvement } }
    public var unchanged: [FigureJudgement] { figures.filter { $0.verdict == .unchanged } }
    public var notJudged: [FigureJudgement] { figures.filter { $0.verdict == .notJudged } }

    /// The budgets the current run exceeded.
    public var exceededBudgets: [BudgetJudgement] { budgets.filter(\.exceeded) }

    /// Whether nothing regressed and every budget held.
    public var passed: Bool { regressions.isEmpty && exceededBudgets.isEmpty }

    /// Whether any timing figure was judged: against the baseline, or by a budget.
    public var timingJudged: Bool { timing == .judged || !budgets.isEmpty }

    /// Why timing was not judged against the baseline, in a few words for a headline (`baseline from 'Intel
    /// Xeon' (2 cores, release build)`); `nil` when it was, or when there is no baseline.
    public var timingReason: String? {
        switch timing {
        case .judged, .noBaseline: nil
        case .tooFewRepeats(let baseline, let current):
            "too few repeats (\(baseline) + \(current); \(MannWhitneyU.minimumSampleSize) on each side at least)"
        case .otherMachine(let baseline, _): "baseline from \(baseline)"
        case .otherWorkload(let baseline, let current):
            "the baseline's workload was \(baseline.participle), this run's \(current.participle)"
        case .noPerRepeatValues(let side): "no per-repeat values in the \(side)"
        case .notAsked: "--metric names no timing figure"
        }
    }

    /// What the reader must know besides the figures, in words: why timing was not judged.
    public var notes: [String] {
        switch timing {
        case .judged, .notAsked, .noBaseline:
            return []
        case .tooFewRepeats(let baseline, let current):
            let smallest = MannWhitneyU.smallestPValue(baseline, current)
            return ["timing not judged: the baseline has \(baseline) repeat\(baseline == 1 ? "" : "s") and the "
                    + "current run \(current); with so few no two-sided Mann-Whitney U test can reach "
                    + "α = \(Self.alphaText(policy.alpha)) (the smallest p is \(GateText.number(smallest, decimals: 3))); "
                    + "measure at least \(MannWhitneyU.minimumSampleSize) repeats on each side. Counters are judged."]
        case .otherMachine(let baseline, let current):
            return ["timing not judged: the baseline was measured on \(baseline), the current run on \(current); timing measured on another kind of machine is not comparable, "
                    + "so timing figures are reported for information only. Counters are judged. Renew the "
                    + "baseline on this kind of machine to gate timing."]
        case .otherWorkload(let baseline, let current):
            return ["timing not judged: the baseline's workload was \(baseline.participle) (`--workload "
                    + "\(baseline.rawValue)`) and this run's \(current.participle); a modelled cost is exact where a "
                    + "spent one carries the clock's error, so their timings are not comparable. Counters are judged. "
                    + "Replay with `--workload \(baseline.rawValue)`, or renew the baseline."]
        case .noPerRepeatValues(let side):
            return ["timing not judged: the \(side) carries no per-repeat values (`per_repeat`), which the test "
                    + "needs; renew it with this Reel. Counters are judged."]
        }
    }

    static func alphaText(_ alpha: Double) -> String {
        var text = GateText.number(alpha, decimals: 4)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

extension GateJudgement {
    private static func checkComparable(baseline: Report, current: Report,
                                        baselinePath: String?) throws(GateMismatch) {
        func mismatch(_ what: String, _ old: String, _ new: String) -> GateMismatch {
            GateMismatch(baselinePath: baselinePath,
                         message: "the baseline is of \(what) \(old), the current run of \(new)")
        }
        let oldName = fileName(baseline.trace), newName = fileName(current.trace)
        guard oldName == newName else { throw mismatch("trace", "'\(baseline.trace)'", "'\(current.trace)'") }
        guard baseline.layout == current.layout else {
            throw mismatch("layout", "'\(baseline.layout)'", "'\(current.layout)'")
        }
        guard baseline.mode == current.mode else { throw mismatch("mode", "'\(baseline.mode.rawValue)'", "'\(current.mode.rawValue)'") }
        // Reports write the rate to the thousandth (a ProMotion interval of 8.333 ms is 120.0048 Hz): equal to that.
        guard abs(baseline.refreshRateHz - current.refreshRateHz) < 0.001 else {
            throw mismatch("refresh rate", "\(baseline.refreshRateHz) Hz", "\(current.refreshRateHz) Hz")
        }
        guard abs(baseline.budgetMs - current.budgetMs) < 0.001 else {
            throw mismatch("budget", "\(baseline.budgetMs) ms", "\(current.budgetMs) ms")
        }
        guard baseline.clock == current.clock else {
            throw mismatch("clock", "'\(baseline.clock.rawValue)'", "'\(current.clock.rawValue)'")
        }
        let (old, new) = (baseline.window, current.window)
        guard old.includesInitialDisplay == new.includesInitialDisplay, old.from?.label == new.from?.label,
              old.to?.label == new.to?.label
        else {
            throw mismatch("measurement window", old.summary, new.summary)
        }
        guard baseline.complete else {
            throw GateMismatch(baselinePath: baselinePath, message: "the baseline is an incomplete run: "
                               + (baseline.failure ?? "it stopped early"))
        }
        guard current.complete else {
            throw GateMismatch(baselinePath: baselinePath, message: "the current run of '\(current.trace)' is "
                               + "incomplete: " + (current.failure ?? "it stopped early"))
        }
    }

    /// The smallest change of a timing figure that matters to anyone, whatever its significance: 0.5 % of the
    /// budget for a frame-time percentile, 0.1 % of the budget per frame for a hot path's self time (see
    /// ``GatePolicy/frameTimeFloorShare``); 0 for the others, whose resolution (one frame, one budget per second
    /// of session) is already coarse.
    static func practicalFloor(_ figure: Figure, in report: Report) -> Double {
        switch figure {
        case .frameTime: GatePolicy.frameTimeFloorShare * report.budgetMs
        case .hotPathSelfTime: GatePolicy.selfTimeFloorShare * report.budgetMs * report.frames
        default: 0
        }
    }

    /// The span paths whose self time is at least ``Report/noiseCheckedHotPathShare`` of the report's measured
    /// time (every path's self time summed): the paths the gate judges. A path below that share in both runs
    /// cannot move the frame times by more than that share; its self time, a few microseconds a frame, is
    /// at the mercy of the machine's caches, and a change in it shows in the frame-time percentiles when it
    /// matters. A path that grows past the share in the current run is judged.
    static func pathsWorthJudging(_ report: Report) -> Set<String> {
        let measured = report.hotPaths.reduce(0) { $0 + $1.selfMs }
        return Set(report.hotPaths.filter { $0.selfMs >= Report.noiseCheckedHotPathShare * measured }.map(\.path))
    }

    /// The last component of a path: a baseline made from `Traces/a.xml` judges a copy at `/tmp/x/a.xml`.
    public static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Whether timing can be judged against `baseline` on a run like `current` — the causes that do not depend on
    /// the current run's repeats first, so that a gate can tell before replaying whether repeats are worth it.
    static func timing(baseline: Report, current: Report, policy: GatePolicy, asked: Bool) -> Timing {
        let before = timing(baseline: baseline, environment: current.environment, workload: current.workload,
                            repeats: current.perRepeat.count, policy: policy, asked: asked)
        if before == .judged, current.perRepeat.isEmpty { return .noPerRepeatValues("current run") }
        return before
    }

    /// Whether timing can be judged against `baseline` on a run of `repeats` measured repeats charging the
    /// workload as `workload` in `environment`: what `reel gate` asks before it replays, to run one pass when
    /// only counters will be judged.
    public static func timing(baseline: Report, environment: Environment, workload: WorkloadMode, repeats: Int,
                              policy: GatePolicy, asked: Bool) -> Timing {
        guard asked else { return .notAsked }
        guard !baseline.perRepeat.isEmpty else { return .noPerRepeatValues("baseline") }
        guard baseline.workload == workload else { return .otherWorkload(baseline: baseline.workload, current: workload) }
        guard baseline.environment.isSameKind(as: environment) else {
            return .otherMachine(baseline: baseline.environment.kindDescription, current: environment.kindDescription)
        }
        let nb = baseline.perRepeat.count
        guard repeats == 0 || (MannWhitneyU.smallestPValue(nb, repeats) <= policy.alpha
              && nb >= MannWhitneyU.minimumSampleSize && repeats >= MannWhitneyU.minimumSampleSize)
        else { return .tooFewRepeats(baseline: nb, current: repeats) }
        return .judged
    }

    /// Whether `policy` asks for any timing figure of `report`: what `--metric` leaves of the judged summary
    /// figures and hot paths.
    public static func asksTiming(_ policy: GatePolicy, in report: Report) -> Bool {
        (judgedSummary + report.hotPaths.map { .hotPathSelfTime($0.path) }).contains(where: policy.includes)
    }

    private static func judgeTiming(_ figure: Figure, baseline: Report, current: Report, policy: GatePolicy,
                                    timing: Timing) -> FigureJudgement {
        let old = figure.perRepeatValues(in: baseline), new = figure.perRepeatValues(in: current)
        let oldMedian = old.flatMap(Spread.init)?.median, newMedian = new.flatMap(Spread.init)?.median
        func report(_ reason: String) -> FigureJudgement {
            FigureJudgement(figure: figure, verdict: .notJudged, baseline: oldMedian, current: newMedian,
                            baselineRepeats: old?.count ?? 0, currentRepeats: new?.count ?? 0, reason: reason)
        }
        switch timing {
        case .judged: break
        case .tooFewRepeats: return report("too few repeats")
        case .otherMachine: return report("another kind of machine")
        case .otherWorkload: return report("another workload mode")
        case .noBaseline: return report("no baseline")
        case .noPerRepeatValues(let side): return report("no per-repeat values in the \(side)")
        case .notAsked: return report("not asked for")
        }
        guard let old, let new, let oldMedian, let newMedian, let test = MannWhitneyU(old, new) else {
            return report("not in both runs")
        }
        let difference = newMedian - oldMedian
        let worse = figure.declaration.better == .higher ? difference < 0 : difference > 0
        let tolerance = policy.maxRegression * abs(oldMedian)
        let resolution = max(figure.allowedNoise(median: 0, in: baseline), practicalFloor(figure, in: baseline))
        let beyond = abs(difference) > tolerance && abs(difference) >= resolution
        let significant = test.pValue <= policy.alpha
        let percent = GateText.number(policy.maxRegression * 100, decimals: 0) + " %"
        let p = GateText.pValue(test.pValue)
        let verdict: FigureJudgement.Verdict
        let reason: String
        switch (beyond, significant) {
        case (true, true):
            verdict = worse ? .regression : .improvement
            reason = "\(worse ? "worse" : "better") beyond \(percent), \(p) ≤ \(alphaText(policy.alpha))"
        case (true, false):
            verdict = .unchanged
            reason = "~ not significant (\(p) > \(alphaText(policy.alpha)))"
        case (false, true):
            verdict = .unchanged
            reason = "within \(percent) (\(p))"
        case (false, false):
            verdict = .unchanged
            reason = "~ within \(percent), not significant (\(p))"
        }
        return FigureJudgement(figure: figure, verdict: verdict, baseline: oldMedian, current: newMedian,
                               pValue: test.pValue, significant: significant, baselineRepeats: old.count, currentRepeats: new.count,
                               reason: reason)
    }

    private static func judgeCounter(_ figure: Figure, baseline: Report, current: Report) -> FigureJudgement {
        guard case .counter(let counter) = figure else {
            return FigureJudgement(figure: figure, verdict: .notJudged, baseline: nil, current: nil, reason: "not a counter")
        }
        let old = baseline.counters[counter].map(Double.init), new = current.counters[counter].map(Double.init)
        guard let old, let new else {
            return FigureJudgement(figure: figure, verdict: .notJudged, baseline: old, current: new,
                                   reason: "only in the \(old == nil ? "current run" : "baseline")")
        }
        guard counter.better == .lower else {
            return FigureJudgement(figure: figure, verdict: .notJudged, baseline: old, current: new,
                                   reason: "not a cost")
        }
        let verdict: FigureJudgement.Verdict = new > old ? .regression : new < old ? .improvement : .unchanged
        let reason = switch verdict {
        case .regression: "exact: more work"
        case .improvement: "exact: less work"
        default: "exact: the same"
        }
        return FigureJudgement(figure: figure, verdict: verdict, baseline: old, current: new, reason: reason)
    }
}
