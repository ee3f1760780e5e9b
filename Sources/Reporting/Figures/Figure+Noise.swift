extension Figure {
    /// How far the repeats of a timing figure may disagree, relative to their median, before the report warns
    /// that the figure is not to be trusted: max − min beyond 10 % of the median.
    public static let noiseTolerance = 0.10

    /// The smallest disagreement of a time in milliseconds that counts: two units of the report's rounding
    /// (0.001 ms), so that rounding and the clock's granularity alone never raise a warning.
    public static let timeResolutionMs = 0.002

    /// The disagreement between repeats that noise allows for this figure in `report`: the larger of
    /// ``noiseTolerance`` × `median` and the figure's quantum — the change one frame more or less makes.
    ///
    /// Quanta: 1 frame for janky, frozen and dropped frames; one budget (the loosest) for hitch time; one budget per second of
    /// session for the hitch ratio; refresh rate / frames for effective fps; refresh rate / ⌊refresh rate⌋
    /// for peak fps; ``timeResolutionMs`` for frame times, the initial display and hot paths' self time;
    /// 0 for counters, which never differ.
    public func allowedNoise(median: Double, in report: Report) -> Double {
        let quantum: Double = switch self {
        case .frameTime, .initialDisplay, .hotPathSelfTime: Self.timeResolutionMs
        case .jankyFrames, .frozenFrames, .droppedFrames: 1
        case .hitchTime: report.frameClock.maximumBudgetMs
        case .hitchTimeRatio: report.sessionSeconds > 0 ? report.frameClock.maximumBudgetMs / report.sessionSeconds : 0
        case .effectiveFPS: report.refreshRateHz / Swift.max(1, report.frames)
        case .peakFPS: report.refreshRateHz / Swift.max(1, (report.refreshRateHz * (1 + 1e-9)).rounded(.down))
        case .counter: 0
        }
        return Swift.max(Self.noiseTolerance * abs(median), quantum)
    }
}
