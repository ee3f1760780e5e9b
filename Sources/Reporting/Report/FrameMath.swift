/// The per-frame definitions of SPEC §4, kept apart so each can be tested at its edges.
enum FrameMath {
    /// Whether a frame of `durationNs` is janky: its time exceeds the budget (a frame exactly at it is not).
    static func isJanky(_ durationNs: UInt64, budgetNs: Double) -> Bool {
        Double(durationNs) > budgetNs
    }

    /// The frames a frame of `durationNs` drops: ceil(time / budget) − 1, and 0 within budget.
    ///
    /// A frame just over the budget drops one; one just over twice the budget drops two.
    static func dropped(_ durationNs: UInt64, budgetNs: Double) -> Int {
        guard isJanky(durationNs, budgetNs: budgetNs) else { return 0 }
        return Int((Double(durationNs) / budgetNs).rounded(.up)) - 1
    }

    /// The nearest-rank percentile of ascending `sorted` values: the value of rank ⌈percent × n / 100⌉ (from 1).
    ///
    /// Computed in integers so that p90 of 10 samples is the 9th, not the 10th through rounding error.
    /// - Returns: `nil` for no values.
    static func nearestRank(_ sorted: [UInt64], percent: Int) -> UInt64? {
        precondition((1...100).contains(percent), "a percentile is in 1...100, not \(percent)")
        guard !sorted.isEmpty else { return nil }
        let rank = max(1, (percent * sorted.count + 99) / 100)
        return sorted[rank - 1]
    }

    /// The best one-second window of a repeat, in frames per second.
    ///
    /// Each frame is displayed for `1 + dropped` refresh intervals (its *slots*), so a janky frame pushes the
    /// frames after it out of the second — what Instruments' frame-rate track shows. With `C` = min(⌊rate⌋,
    /// the repeat's total slots), the window is the longest run of consecutive frames whose slots sum to at
    /// most `C`, and the figure is rate × frames in that run / `C`. A repeat of a second or more with no
    /// dropped frame scores the refresh rate exactly; one where every frame drops one scores half of it;
    /// a repeat shorter than one second scores its own frames per second of display time.
    /// - Parameters:
    ///   - slots: `1 + dropped` for each frame of the repeat, in order.
    ///   - refreshRate: Frames per second.
    /// - Returns: 0 for no frames.
    /// - Complexity: O(*n*), two pointers over the frames.
    static func peakFPS(slots: [Int], refreshRate: Double) -> Double {
        guard !slots.isEmpty else { return 0 }
        let total = slots.reduce(0, +)
        let capacity = max(1, min(Int((refreshRate * (1 + 1e-9)).rounded(.down)), total))
        var best = 0
        var start = 0
        var sum = 0
        for end in slots.indices {
            sum += slots[end]
            while sum > capacity {
                sum -= slots[start]
                start += 1
            }
            best = max(best, end - start + 1)
        }
        return refreshRate * Double(best) / Double(capacity)
    }

    /// Nanoseconds to milliseconds.
    static func ms(_ ns: UInt64) -> Double {
        Double(ns) / 1_000_000
    }

    /// Mean, nearest-rank percentiles and maximum of frame times; all zero for no frames.
    static func frameTimes(_ durationsNs: [UInt64]) -> Report.FrameTimes {
        let sorted = durationsNs.sorted()
        guard let last = sorted.last else { return .zero }
        let sum = sorted.reduce(0.0) { $0 + Double($1) }
        func p(_ percent: Int) -> Double { ms(nearestRank(sorted, percent: percent) ?? 0) }
        return Report.FrameTimes(mean: sum / Double(sorted.count) / 1_000_000, p50: p(50), p90: p(90), p95: p(95),
                                 p99: p(99), max: ms(last))
    }
}
