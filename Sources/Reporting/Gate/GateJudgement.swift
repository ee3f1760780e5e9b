/// `reel gate`'s judgement of one current run against its baseline, figure by figure (SPEC §7).
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
/// - Timing is **not judged** — said in ``notes`` and on every timing figure, never a silent pass — when either
///   side has too few repeats for the test to reach α (fewer than 5 at α = 0.01), when either side carries no
///   per-repeat values, or when the two ran on machines of different kinds (``Environment/isSameKind(as:)``):
///   timing measured on another processor says nothing about this change. Counters are judged regardless.
///
/// ``figures`` lists regressions first, then improvements, then unchanged figures, then those not judged; in
/// figure order within each group.
public struct GateJudgement: Sendable, Equatable {
    /// Whether, and if not why not, the timing figures were judged.
    public enum Timing: Sendable, Equatable {
        case judged
        /// The repeats on each side; the test cannot reach α with so few.
        case tooFewRepeats(baseline: Int, current: Int)
        /// The two environments, in words.
        case otherMachine(String)
        /// Which side's report has no per-repeat values (written by a Reel that did not keep them).
        case noPerRepeatValues(String)
        /// `--metric` named no timing figure.
        case notAsked
    }

    /// The current run's trace, as its report names it.
    public var trace: String
    public var layout: String
    /// The baseline's report file, when known.
    public var baselinePath: String?
    public var policy: GatePolicy
    public var timing: Timing
    /// Every figure judged or reported, regressions first, then improvements, unchanged, not judged.
    public var figures: [FigureJudgement]

    /// The timing figures the gate judges, besides each hot path's self time (SPEC §7).
    public static let judgedSummary: [Figure] = [
        .frameTime(.p50), .frameTime(.p90), .frameTime(.p95), .frameTime(.p99), .jankyFrames, .hitchTimeRatio,
    ]

    /// Judges `current` against `baseline`.
    /// - Throws: ``GateMismatch`` when the baseline is of another trace (file name), layout, mode, refresh rate,
    ///   budget, clock (`cpu`, `wall`) or measurement window (initial display, markers), or either run is
    ///   incomplete.
    public init(baseline: Report, current: Report, policy: GatePolicy = GatePolicy(),
                baselinePath: String? = nil) throws(GateMismatch) {
        try Self.checkComparable(baseline: baseline, current: current, baselinePath: baselinePath)
        trace = current.trace
        layout = current.layout
        self.baselinePath = baselinePath
        self.policy = policy

        let paths = baseline.hotPaths.map(\.path)
            + current.hotPaths.map(\.path).filter { path in !baseline.hotPaths.contains { $0.path == path } }
        let timingFigures = (Self.judgedSummary + paths.map { Figure.hotPathSelfTime($0) }).filter(policy.includes)
        let counterFigures = EngineCounter.allCases
            .filter { baseline.counter($0) != nil || current.counter($0) != nil }
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

    /// Whether nothing regressed.
    public var passed: Bool { regressions.isEmpty }

    /// What the reader must know besides the figures, in words: why timing was not judged.
    public var notes: [String] {
        switch timing {
        case .judged, .notAsked:
            return []
        case .tooFewRepeats(let baseline, let current):
            let smallest = MannWhitneyU.smallestPValue(baseline, current)
            return ["timing not judged: the baseline has \(baseline) repeat\(baseline == 1 ? "" : "s") and the "
                    + "current run \(current); with so few no two-sided Mann-Whitney U test can reach "
                    + "α = \(Self.alphaText(policy.alpha)) (the smallest p is \(GateText.number(smallest, decimals: 3))); "
                    + "measure at least \(MannWhitneyU.minimumSampleSize) repeats on each side. Counters are judged."]
        case .otherMachine(let why):
            return ["timing not judged: \(why); timing measured on another kind of machine is not comparable, "
                    + "so timing figures are reported for information only. Counters are judged. Renew the "
                    + "baseline on this kind of machine to gate timing."]
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
        guard baseline.mode == current.mode else { throw mismatch("mode", "'\(baseline.mode)'", "'\(current.mode)'") }
        guard baseline.refreshRateHz == current.refreshRateHz else {
            throw mismatch("refresh rate", "\(baseline.refreshRateHz) Hz", "\(current.refreshRateHz) Hz")
        }
        guard abs(baseline.budgetMs - current.budgetMs) < 0.001 else {
            throw mismatch("budget", "\(baseline.budgetMs) ms", "\(current.budgetMs) ms")
        }
        guard baseline.clock == current.clock else {
            throw mismatch("clock", "'\(baseline.clock)'", "'\(current.clock)'")
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

    private static func timing(baseline: Report, current: Report, policy: GatePolicy, asked: Bool) -> Timing {
        guard asked else { return .notAsked }
        guard !baseline.perRepeat.isEmpty else { return .noPerRepeatValues("baseline") }
        guard !current.perRepeat.isEmpty else { return .noPerRepeatValues("current run") }
        let (nb, nc) = (baseline.perRepeat.count, current.perRepeat.count)
        guard MannWhitneyU.smallestPValue(nb, nc) <= policy.alpha,
              nb >= MannWhitneyU.minimumSampleSize, nc >= MannWhitneyU.minimumSampleSize
        else { return .tooFewRepeats(baseline: nb, current: nc) }
        guard baseline.environment.isSameKind(as: current.environment) else {
            return .otherMachine("the baseline was measured on \(baseline.environment.kindDescription), "
                                 + "the current run on \(current.environment.kindDescription)")
        }
        return .judged
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
        let old = baseline.counter(counter).map(Double.init), new = current.counter(counter).map(Double.init)
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
