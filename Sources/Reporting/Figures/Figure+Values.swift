extension Figure {
    /// The figure's value in `report`: the pooled statistic or the per-repeat mean the report prints.
    ///
    /// - Returns: `nil` when the report does not have it: an initial display that was not measured, a counter
    ///   or a hot path the replay did not report.
    public func value(in report: Report) -> Double? {
        switch self {
        case .frameTime(let statistic): report.frameTimeMs[statistic]
        case .jankyFrames: report.jankyFrames
        case .frozenFrames: report.frozenFrames
        case .droppedFrames: report.droppedFrames
        case .hitchTime: report.hitchTimeMs
        case .hitchTimeRatio: report.hitchTimeRatio
        case .effectiveFPS: report.effectiveFPS
        case .peakFPS: report.peakFPS
        case .initialDisplay: report.initialDisplay?.ms
        case .counter(let counter): report.counters[counter].map(Double.init)
        case .hotPathSelfTime(let path): report.hotPaths.first { $0.path == path }?.selfMs
        }
    }

    /// The figure's value in each measured repeat, in order: the samples compare and gate test.
    ///
    /// - Returns: `nil` for counters (exact, the same in every repeat) and for a figure the report's repeats
    ///   do not carry (a report written before Reel kept it, an initial display not measured).
    public func perRepeatValues(in report: Report) -> [Double]? {
        guard declaration.kind == .timing, !report.perRepeat.isEmpty else { return nil }
        var values: [Double] = []
        for figures in report.perRepeat {
            guard let value = figures[self] else { return nil }
            values.append(value)
        }
        return values
    }

    private static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}

extension Report.FrameTimes {
    /// One statistic.
    public subscript(statistic: Figure.FrameTimeStatistic) -> Double {
        get {
            switch statistic {
            case .mean: mean
            case .p50: p50
            case .p90: p90
            case .p95: p95
            case .p99: p99
            case .max: max
            }
        }
        set {
            switch statistic {
            case .mean: mean = newValue
            case .p50: p50 = newValue
            case .p90: p90 = newValue
            case .p95: p95 = newValue
            case .p99: p99 = newValue
            case .max: max = newValue
            }
        }
    }
}

extension Report.RepeatFigures {
    /// The repeat's value of a timing figure; `nil` for counters and for a figure the repeat does not carry.
    ///
    /// A hot path the repeat did not run has self time 0, when the repeat carries hot paths at all.
    public subscript(figure: Figure) -> Double? {
        switch figure {
        case .frameTime(let statistic): frameTimeMs[statistic]
        case .jankyFrames: Double(jankyFrames)
        case .frozenFrames: frozenFrames.map(Double.init)
        case .droppedFrames: Double(droppedFrames)
        case .hitchTime: hitchTimeMs
        case .hitchTimeRatio: hitchTimeRatio
        case .effectiveFPS: effectiveFPS
        case .peakFPS: peakFPS
        case .initialDisplay: initialDisplayMs
        case .counter: nil
        case .hotPathSelfTime(let path): hotPathSelfMs.map { $0[path] ?? 0 }
        }
    }
}
