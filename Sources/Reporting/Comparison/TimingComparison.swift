/// One timing figure across the layouts of a ``Comparison``: each layout's per-repeat values summarized by
/// their median and its confidence interval, and each layout after the first compared with the first by the
/// change of the medians and a two-sided Mann-Whitney U test, as Go's `benchstat` does.
public struct TimingComparison: Sendable {
    /// One layout's values of the figure.
    public struct Sample: Sendable, Equatable {
        /// The layout's registry name.
        public var layout: String
        /// The figure's value in each measured repeat, in order; empty when the layout's report lacks them.
        public var values: [Double]
        /// The median and its 95 % confidence interval; `nil` without values.
        public var summary: MedianSummary?
    }

    /// One layout's change against the base.
    public struct Change: Sendable, Equatable {
        /// The layout compared with the base.
        public var layout: String
        /// (median / base median − 1) × 100; 0 when the medians are equal; `nil` when the base median is 0 and
        /// this one is not, or a median is missing.
        public var percent: Double?
        /// The two-sided Mann-Whitney U test of this layout's values against the base's; `nil` when either
        /// side has no values.
        public var test: MannWhitneyU?
        /// Whether the test rejects "no change" at the comparison's α: p ≤ α (benchstat's rule).
        public var isSignificant: Bool
        /// How many values the base has.
        public var baseCount: Int
        /// How many values this layout has.
        public var count: Int
    }

    /// The figure.
    public var figure: Figure
    /// One sample per layout, the base first.
    public var samples: [Sample]
    /// One change per layout after the first.
    public var changes: [Change]

    /// Compares `figure` across `reports`, the first being the base.
    /// - Complexity: O(*l* × *r*²) for *l* layouts and *r* repeats.
    public init(_ figure: Figure, in reports: [Report], alpha: Double) {
        self.figure = figure
        samples = reports.map { report in
            let values = figure.perRepeatValues(in: report) ?? []
            return Sample(layout: report.layout, values: values, summary: MedianSummary(values))
        }
        let base = samples[0]
        changes = samples.dropFirst().map { sample in
            let test = MannWhitneyU(base.values, sample.values)
            return Change(layout: sample.layout,
                          percent: Self.percent(from: base.summary?.median, to: sample.summary?.median),
                          test: test, isSignificant: test.map { $0.pValue <= alpha } ?? false,
                          baseCount: base.values.count, count: sample.values.count)
        }
    }

    /// The change from `old` to `new` in percent: 0 when they are equal, `nil` from 0 to anything else.
    static func percent(from old: Double?, to new: Double?) -> Double? {
        guard let old, let new else { return nil }
        if old == new { return 0 }
        guard old != 0 else { return nil }
        return (new / old - 1) * 100
    }
}
