internal import RealModule

/// The centre of a sample and how far that centre may be off, as Go's `benchstat` shows them: the median, and
/// a distribution-free confidence interval of the median from order statistics.
///
/// The **median** is the usual one: the middle value, or the mean of the two middle values for an even count
/// (benchstat's; the report's spread uses the nearest-rank median instead, so that each of its three values
/// is one a repeat measured).
///
/// The **confidence interval** is [x₍ₖ₎, x₍ₙ₋ₖ₊₁₎], the k-th smallest and k-th largest values, with the largest k
/// whose coverage 1 − 2·P(B ≤ k − 1), B ~ Binomial(n, ½), is at least the requested ``level``. It needs at least
/// six values at 95 % (five give 1 − 2/32 = 93.75 % at best); with fewer it is unbounded and ``spreadPercent``
/// is `nil` (benchstat prints `± ∞`). Ten values give [x₍₂₎, x₍₉₎] at 97.85 %.
///
/// The spread benchstat prints after `±` is the interval's larger half-width relative to the median:
/// max(high / median − 1, 1 − low / median).
public struct MedianSummary: Sendable, Equatable {
    /// The confidence level ``init(_:level:)`` asks for by default: benchstat's.
    public static let defaultLevel = 0.95

    /// The median.
    public var median: Double
    /// The interval's lower end; `-infinity` when too few values bound it.
    public var low: Double
    /// The interval's upper end; `+infinity` when too few values bound it.
    public var high: Double
    /// The interval's actual coverage (at least the level asked for), or the level asked for when unbounded.
    public var confidence: Double
    /// The number of values.
    public var count: Int

    /// Summarizes `values`; `nil` for none or a value that is not a number.
    /// - Parameters:
    ///   - values: The sample, in any order.
    ///   - level: The confidence the interval must reach, in (0, 1).
    /// - Complexity: O(*n* log *n*).
    public init?(_ values: [Double], level: Double = defaultLevel) {
        precondition(level > 0 && level < 1, "a confidence level is in (0, 1), not \(level)")
        guard !values.isEmpty, !values.contains(where: \.isNaN) else { return nil }
        let sorted = values.sorted()
        let n = sorted.count
        median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        count = n
        // The widest interval, k = 1, has the highest coverage; narrow it while the coverage still suffices.
        var best: (k: Int, coverage: Double)?
        var k = 1
        while k <= (n + 1) / 2 {
            let coverage = 1 - 2 * Self.binomialHalfCDF(k - 1, n)
            guard coverage >= level else { break }
            best = (k, coverage)
            k += 1
        }
        if let best {
            low = sorted[best.k - 1]
            high = sorted[n - best.k]
            confidence = best.coverage
        } else {
            low = -.infinity
            high = .infinity
            confidence = level
        }
    }

    /// Whether the interval is bounded: enough values for the level asked for.
    public var isBounded: Bool { low.isFinite && high.isFinite }

    /// benchstat's `±`: the interval's larger half-width as a percentage of the median.
    ///
    /// - Returns: `nil` when the interval is unbounded (too few values) or when a bound lies on the other side
    ///   of 0 from the median (no percentage describes it; benchstat prints `?`); 0 when the median and both
    ///   bounds are 0. A bound at 0 under a positive median gives 100 % (benchstat would print `?`): a hot
    ///   path some repeats did not run.
    public var spreadPercent: Double? {
        guard isBounded else { return nil }
        guard median.sign == low.sign || low == 0, median.sign == high.sign || high == 0 else { return nil }
        if median == 0 { return low == 0 && high == 0 ? 0 : nil }
        return 100 * Swift.max(high / median - 1, 1 - low / median)
    }

    /// P(B ≤ j) for B ~ Binomial(n, ½), summed in log space so that large n does not underflow.
    static func binomialHalfCDF(_ j: Int, _ n: Int) -> Double {
        guard j >= 0 else { return 0 }
        guard j < n else { return 1 }
        let logHalfPower = Double(n) * -Double.log(2)
        let logNFactorial = Double.logGamma(Double(n + 1))
        var total = 0.0
        for i in 0...j {
            let logChoose = logNFactorial - Double.logGamma(Double(i + 1)) - Double.logGamma(Double(n - i + 1))
            total += Double.exp(logChoose + logHalfPower)
        }
        return Swift.min(1, total)
    }
}
