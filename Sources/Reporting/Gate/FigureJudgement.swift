/// What `reel gate` decided about one figure: its baseline and current values, the change, and for a timing
/// figure the p-value of the Mann-Whitney U test on the per-repeat values.
public struct FigureJudgement: Sendable, Equatable {
    /// The gate's decision.
    public enum Verdict: String, Sendable, CaseIterable {
        /// Worse beyond the tolerance and significant (timing), or any worsening (a cost counter).
        case regression
        /// Better beyond the tolerance and significant (timing), or any decrease (a cost counter).
        case improvement
        /// Neither: the same counter, or a timing change within the tolerance or not significant.
        case unchanged
        /// Reported, not judged: a counter that is not a cost, a figure one side lacks, or timing the gate
        /// refuses to judge (too few repeats, another machine).
        case notJudged = "not judged"
    }

    public var figure: Figure
    public var verdict: Verdict
    /// The baseline's value: the exact count of a counter, the median of a timing figure's per-repeat values.
    public var baseline: Double?
    /// The current run's value, as ``baseline``.
    public var current: Double?
    /// The p-value of the two-sided Mann-Whitney U test of the per-repeat values, when the test ran.
    public var pValue: Double?
    /// Whether the test rejected "no change" at the policy's α.
    public var significant: Bool
    /// Measured repeats on each side that the test used (0 for counters).
    public var baselineRepeats: Int
    public var currentRepeats: Int
    /// Why, in words: `+27.0 % (beyond 10 %), p=0.000 ≤ 0.01`, `not a cost: counts what the session asked for`.
    public var reason: String
    /// The relative change as a judgement read back from JSON wrote it, computed from the values before they
    /// were rounded to three decimals: it stands for ``change``, which the rounded values would tell less
    /// exactly (a median of 0.0531 ms → 0.0559 ms is +5.3 %, 0.053 → 0.056 would be +5.7 %).
    var writtenChange: Double?

    public init(figure: Figure, verdict: Verdict, baseline: Double?, current: Double?, pValue: Double? = nil,
                significant: Bool = false, baselineRepeats: Int = 0, currentRepeats: Int = 0, reason: String) {
        self.significant = significant
        self.figure = figure
        self.verdict = verdict
        self.baseline = baseline
        self.current = current
        self.pValue = pValue
        self.baselineRepeats = baselineRepeats
        self.currentRepeats = currentRepeats
        self.reason = reason
    }

    /// current − baseline, when both are known.
    public var difference: Double? {
        guard let baseline, let current else { return nil }
        return current - baseline
    }

    /// The relative change (current − baseline) / baseline; `nil` when a side is missing or the baseline is 0.
    public var change: Double? {
        if let writtenChange { return writtenChange }
        guard let baseline, let difference, baseline != 0 else { return nil }
        return difference / abs(baseline)
    }

    /// The change in percent with its sign, `+27.0 %`, `new` from a zero baseline, `0 %`, or `—` without both
    /// sides.
    public var changeText: String {
        guard let difference else { return "—" }
        guard let change else { return difference == 0 ? "0 %" : "new" }
        if change == 0 { return "0 %" }
        return (change > 0 ? "+" : "−") + GateText.number(abs(change) * 100, decimals: 1) + " %"
    }
}
