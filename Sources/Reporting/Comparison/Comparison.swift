/// One trace replayed with several layouts, figure by figure: what `reel compare` prints.
///
/// The first layout is the **base**: every other layout's timing figures are compared with its in the manner of
/// Go's `benchstat` (``TimingComparison``), its counters exactly (``CounterComparison``). Build one from the
/// layouts' reports, whose per-repeat figures are the samples; `Reporting` does not replay anything.
public struct Comparison: Sendable {
    /// The significance level below which a change counts: 0.05, benchstat's default.
    public static let defaultAlpha = 0.05

    /// The trace's path as given on the command line.
    public var trace: String
    /// One report per layout, in the order the layouts were given; the first is the base.
    public var reports: [Report]
    /// The layouts of each measured round, in the order they ran (A B C, then B C A, …); empty when unknown.
    public var rounds: [[String]]
    /// The significance level of the Mann-Whitney U tests.
    public var alpha: Double
    /// Every timing figure any layout measured, in report order, then every hot path's self time.
    public var timings: [TimingComparison]
    /// Every counter any layout reported, in the vocabulary's order.
    public var counters: [CounterComparison]

    /// Compares the layouts of `reports`, the first being the base.
    ///
    /// - Parameters:
    ///   - reports: One report per layout of the same trace; at least one.
    ///   - rounds: The layouts of each measured round, in the order they ran.
    ///   - alpha: The significance level.
    /// - Complexity: O(*f* × *l* × *r*²) for *f* figures, *l* layouts and *r* repeats (the exact test).
    public init(reports: [Report], rounds: [[String]] = [], alpha: Double = defaultAlpha) {
        precondition(!reports.isEmpty, "a comparison has at least one layout")
        trace = reports[0].trace
        self.reports = reports
        self.rounds = rounds
        self.alpha = alpha
        timings = Self.timingFigures(reports).map { TimingComparison($0, in: reports, alpha: alpha) }
        counters = EngineCounter.allCases.compactMap { counter in
            let values = reports.map { $0.counters[counter] }
            return values.allSatisfy { $0 == nil } ? nil : CounterComparison(counter: counter, values: values)
        }
    }

    /// The layouts' names, base first.
    public var layouts: [String] { reports.map(\.layout) }

    /// Whether every layout's replay ran to the end of the trace.
    public var complete: Bool { reports.allSatisfy(\.complete) }

    /// The summary figures some layout carries per-repeat values of, then the hot paths of every layout: the
    /// base's in its order, then each other layout's new ones in theirs.
    private static func timingFigures(_ reports: [Report]) -> [Figure] {
        let summary = Figure.summary.filter { figure in
            figure.declaration.kind == .timing && reports.contains { figure.perRepeatValues(in: $0) != nil }
        }
        var seen: Set<String> = []
        var paths: [Figure] = []
        for report in reports {
            for path in report.hotPaths where seen.insert(path.path).inserted {
                paths.append(.hotPathSelfTime(path.path))
            }
        }
        return summary + paths
    }
}

extension Comparison {
    /// How the comparison was run and how to read its values, in words, for the markup formats: `escape`
    /// makes plain text safe for the format, `layout` marks the base layout's name, and `tilde` is the
    /// format's `~`.
    func description(escape: (String) -> String, layout: (String) -> String, tilde: String) -> String {
        let base = reports[0]
        let warmup = base.warmup > 0 ? " (+\(base.warmup) warm-up)" : ""
        return escape("\(base.mode.rawValue) · clock \(base.clock.rawValue) · \(JSONValue.format(base.refreshRateHz)) Hz · budget "
            + "\(String(format: "%.2f", base.budgetMs)) ms · \(base.repeats) repeats per layout\(warmup), interleaved, "
            + "\(base.window.summary). Each value is the median over the repeats ± its 95 % confidence interval; "
            + "changes are against ") + layout(base.layout) + escape(", ") + tilde
            + escape(" where a two-sided Mann-Whitney U test gives p > \(JSONValue.format(alpha)).")
    }
}

