/// The per-frame definitions of the figures, kept apart so each can be tested at its edges.
enum FrameMath {
    /// Whether a frame of `durationNs` is janky: its time exceeds the budget (a frame exactly at it is not).
    static func isJanky(_ durationNs: UInt64, budgetNs: Double) -> Bool {
        Double(durationNs) > budgetNs
    }

    /// A frame longer than this is frozen: Sentry's definition ("frozen frames … take longer than 700 ms",
    /// Sentry's Mobile Vitals documentation) and Firebase Performance Monitoring's ("frozen frames take longer
    /// than 700 ms to render"). Unlike the budget it does not follow the refresh rate (firebase-ios-sdk PR
    /// #15516 keeps it at 700 ms at every rate).
    static let frozenThresholdMs = 700.0

    /// Whether a frame of `durationNs` is frozen: its time exceeds ``frozenThresholdMs`` (700 ms exactly is not).
    static func isFrozen(_ durationNs: UInt64) -> Bool {
        Double(durationNs) > frozenThresholdMs * 1_000_000
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
    ///   - slots: `1 + dropped` for each frame of the repeat, in order (each at least 1).
    ///   - refreshRate: Frames per second.
    /// - Returns: 0 for no frames.
    /// - Complexity: O(*n*): one read of the frames in order.
    static func peakFPS<S: Sequence<Int>>(slots: S, refreshRate: Double) -> Double {
        var window = PeakWindow(refreshRate: refreshRate)
        for slot in slots { window.add(slot) }
        return window.framesPerSecond
    }

    /// ``peakFPS(slots:refreshRate:)``'s window, fed one frame at a time: the frames of the window in a ring
    /// of at most one second's slots (each frame holds one at least). A repeat of fewer slots than a second
    /// never fills it, so its window is the whole repeat, scored over its own slots.
    struct PeakWindow {
        private let capacity: Int
        private let refreshRate: Double
        private var ring: [Int]
        private var first = 0
        private var frames = 0
        private var sum = 0
        private var best = 0
        /// Every slot added.
        private var total = 0

        /// The slots in a second at `refreshRate`.
        static func second(_ refreshRate: Double) -> Int { Int((refreshRate * (1 + 1e-9)).rounded(.down)) }

        init(refreshRate: Double) {
            capacity = Swift.max(1, Self.second(refreshRate))
            self.refreshRate = refreshRate
            ring = [Int](repeating: 0, count: capacity + 1)
        }

        /// Adds the next frame, of `slots` slots (at least 1).
        @inline(__always)
        mutating func add(_ slots: Int) {
            precondition(slots >= 1, "a frame holds a slot at least, not \(slots)")
            var end = first + frames
            if end >= ring.count { end -= ring.count }
            ring[end] = slots
            frames += 1
            sum += slots
            total += slots
            while sum > capacity {
                sum -= ring[first]
                first += 1
                if first == ring.count { first = 0 }
                frames -= 1
            }
            best = Swift.max(best, frames)
        }

        /// The best window's frames per second of display time; 0 for no frames.
        var framesPerSecond: Double {
            guard total > 0 else { return 0 }
            return refreshRate * Double(best) / Double(Swift.min(capacity, total))
        }
    }

    /// ``PeakWindow`` for frames of their own intervals: each frame is on screen for its interval and once more
    /// per frame it drops (its display time, in seconds); the window is the longest run of consecutive frames
    /// shown within one second, and the figure is its frames per second (of the repeat's display time when that
    /// is shorter than a second).
    struct TimedPeakWindow {
        /// The display times of the frames in the window, oldest first from `first`.
        private var ring: [Double] = []
        private var first = 0
        private var sum = 0.0
        private var best = 0
        private var total = 0.0

        /// Adds the next frame, shown for `seconds`.
        mutating func add(seconds: Double) {
            ring.append(seconds)
            sum += seconds
            total += seconds
            // A second, allowing for the rounding of the sums of intervals such as 16.667 ms.
            while sum > 1 + 1e-9 && first < ring.count {
                sum -= ring[first]
                first += 1
            }
            best = Swift.max(best, ring.count - first)
            // Keeps the ring to the window's frames and as many before them.
            if first > 1024 && first * 2 > ring.count {
                ring.removeFirst(first)
                first = 0
            }
        }

        /// The best window's frames per second of display time; 0 for no frames.
        var framesPerSecond: Double {
            guard total > 0 else { return 0 }
            return Double(best) / Swift.min(1, total)
        }
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

    /// How many frame times ``frameTimes(_:)-(S)`` sorts as a copy; past it, it selects its percentiles.
    static let sortedFrameTimesLimit = 1 << 14

    /// Mean, nearest-rank percentiles and maximum of the frame times `durationsNs` iterates (it must iterate
    /// the same values every time); all zero for no frames. The same figures as sorting them, in constant
    /// memory past ``sortedFrameTimesLimit`` values: every percentile's rank is selected exactly, by the high
    /// 16 bits of the (32-bit) times first and the low 16 bits within the chosen bucket then, in two passes;
    /// times of 2³² ns or more (rare) are sorted apart. The mean sums the times as integers, which equals the
    /// sorted sum of doubles while the total stays under 2⁵³ ns (104 days of frames).
    static func frameTimes<S: Sequence<UInt64>>(_ durationsNs: S) -> Report.FrameTimes {
        var tally = FrameTimesTally(expected: durationsNs.underestimatedCount)
        for duration in durationsNs { tally.add(duration) }
        return tally.figures(rereading: durationsNs)
    }

    /// ``frameTimes(_:)-(S)``'s first read, fed one frame at a time: count, sum and longest, and the times
    /// themselves up to ``sortedFrameTimesLimit`` of them, or past it the count of each value of their high 16
    /// bits (and those of 2³² ns or more apart).
    struct FrameTimesTally {
        private(set) var count = 0
        private var sum: UInt64 = 0
        private var longest: UInt64 = 0
        private var few: [UInt64] = []
        private var high: [Int] = []
        private var long: [UInt64] = []
        private static let buckets = 1 << 16

        /// A tally of about `expected` times: past the limit, the high bits are counted from the first.
        init(expected: Int) {
            if expected > sortedFrameTimesLimit { high = [Int](repeating: 0, count: Self.buckets) }
        }

        @inline(__always)
        mutating func add(_ duration: UInt64) {
            count += 1
            sum &+= duration
            longest = Swift.max(longest, duration)
            if high.isEmpty {
                guard few.count == sortedFrameTimesLimit else {
                    few.append(duration)
                    return
                }
                high = [Int](repeating: 0, count: Self.buckets)
                for kept in few { countHigh(kept) }
                few = []
            }
            countHigh(duration)
        }

        @inline(__always)
        private mutating func countHigh(_ duration: UInt64) {
            if duration >> 32 == 0 { high[Int(truncatingIfNeeded: duration >> 16)] += 1 } else { long.append(duration) }
        }

        /// The figures of the times tallied; `durationsNs` iterates them again (read only past the limit).
        func figures<S: Sequence<UInt64>>(rereading durationsNs: S) -> Report.FrameTimes {
            if high.isEmpty { return frameTimes(few) }
            let buckets = Self.buckets
            let long = long.sorted()
            let percents = [50, 90, 95, 99]
            // Each percentile's rank (from 1), then where it lies: a bucket and the rank within it, or among `long`.
            let ranks = percents.map { Swift.max(1, ($0 * count + 99) / 100) }
            var places: [(bucket: Int, rank: Int)] = []
            var values = [UInt64](repeating: 0, count: ranks.count)
            var chosen: [Int] = []
            for (k, rank) in ranks.enumerated() {
                var before = 0
                var bucket = 0
                while bucket < buckets && before + high[bucket] < rank {
                    before += high[bucket]
                    bucket += 1
                }
                if bucket == buckets {
                    values[k] = long[rank - before - 1]
                    places.append((-1, 0))
                } else {
                    places.append((bucket, rank - before))
                    if !chosen.contains(bucket) { chosen.append(bucket) }
                }
            }
            var low = [[Int]](repeating: [Int](repeating: 0, count: buckets), count: chosen.count)
            for duration in durationsNs where duration >> 32 == 0 {
                let bucket = Int(truncatingIfNeeded: duration >> 16)
                for (c, candidate) in chosen.enumerated() where candidate == bucket {
                    low[c][Int(truncatingIfNeeded: duration & 0xFFFF)] += 1
                }
            }
            for (k, place) in places.enumerated() where place.bucket >= 0 {
                let counts = low[chosen.firstIndex(of: place.bucket) ?? 0]
                var before = 0
                var value = 0
                while before + counts[value] < place.rank {
                    before += counts[value]
                    value += 1
                }
                values[k] = UInt64(place.bucket) << 16 | UInt64(value)
            }
            return Report.FrameTimes(mean: Double(sum) / Double(count) / 1_000_000, p50: ms(values[0]), p90: ms(values[1]),
                                     p95: ms(values[2]), p99: ms(values[3]), max: ms(longest))
        }
    }
}
