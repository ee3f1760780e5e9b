internal import RealModule

/// The two-sided Mann-Whitney U test (the Wilcoxon rank-sum test) of two independent samples: does one
/// tend to give larger values than the other? It assumes nothing about the distributions, which suits frame
/// times (skewed, with outliers) and few repeats — the test Chromium's Pinpoint and package-benchmark use
/// to compare runs.
///
/// Values are ranked together, tied values sharing their mean rank (midranks). The p-value is:
/// - **exact** when the two samples together hold at most ``exactLimit`` values: the permutation
///   distribution of the first sample's rank sum over every way of splitting the pooled ranks, ties
///   included (counted by dynamic programming over the doubled midranks, which are whole numbers); two-sided
///   as twice the smaller tail, at most 1. Without ties this is the classic table: for 5 + 5 values with no
///   overlap p = 2/252.
/// - from the **normal approximation** beyond that: mean n₁n₂/2, variance
///   n₁n₂/12 · ((N + 1) − Σ(t³ − t)/(N(N − 1))) with the tie correction over every group of t tied values, and a
///   continuity correction of ½.
///
/// With fewer than ``minimumSampleSize`` values on either side no outcome can reach p ≤ 0.01 (4 + 4 values
/// give at best p = 2/70 ≈ 0.029), so a gate at α = 0.01 must refuse to judge rather than pass silently
/// (``canReject(at:)``).
public struct MannWhitneyU: Hashable, Sendable {
    /// How the p-value was found.
    public enum Method: String, Hashable, Sendable {
        case exact
        case normalApproximation = "normal approximation"
    }

    /// Samples of at most this many values together get an exact p-value.
    public static let exactLimit = 60
    /// The smallest sample, on each side, with which a two-sided test can reach p ≤ 0.01.
    public static let minimumSampleSize = 5

    /// The first sample's U: the number of pairs (a, b) with a > b, ties counting ½.
    public let u: Double
    /// The two-sided p-value of "neither sample tends to be larger".
    public let pValue: Double
    public let method: Method
    public let firstCount: Int
    public let secondCount: Int

    /// Tests `first` against `second`; `nil` when either is empty or holds a value that is not a number.
    ///
    /// - Complexity: O(N log N) to rank N values; the exact distribution costs O(N · n₁ · N²) at most
    ///   (N ≤ ``exactLimit``).
    public init?(_ first: [Double], _ second: [Double]) {
        guard !first.isEmpty, !second.isEmpty, !(first + second).contains(where: \.isNaN) else { return nil }
        let n1 = first.count, n2 = second.count, total = n1 + n2
        // Pool, sort, and give each group of equal values the mean of its ranks, doubled to stay whole.
        let pooled = (first.map { ($0, true) } + second.map { ($0, false) }).sorted { $0.0 < $1.0 }
        var doubledRanks = [Int](repeating: 0, count: total)
        var tieGroups: [Int] = []
        var start = 0
        while start < total {
            var end = start
            while end + 1 < total && pooled[end + 1].0 == pooled[start].0 { end += 1 }
            // Ranks start + 1 … end + 1: their mean doubled is start + end + 2.
            for index in start...end { doubledRanks[index] = start + end + 2 }
            tieGroups.append(end - start + 1)
            start = end + 1
        }
        let firstDoubledSum = zip(pooled, doubledRanks).reduce(0) { $0 + ($1.0.1 ? $1.1 : 0) }
        u = Double(firstDoubledSum) / 2 - Double(n1 * (n1 + 1)) / 2
        firstCount = n1
        secondCount = n2
        if total <= Self.exactLimit {
            method = .exact
            pValue = Self.exactPValue(doubledRanks: doubledRanks, chosen: n1, observed: firstDoubledSum)
        } else {
            method = .normalApproximation
            pValue = Self.normalPValue(u: u, n1: n1, n2: n2, tieGroups: tieGroups)
        }
    }

    /// Whether this many values on each side could ever reach a p-value of `alpha` or less: false below
    /// ``minimumSampleSize`` for α = 0.01.
    public func canReject(at alpha: Double) -> Bool {
        Self.smallestPValue(firstCount, secondCount) <= alpha
    }

    /// The smallest two-sided p-value samples of these sizes can give (no overlap, no ties): 2 / C(n₁ + n₂, n₁).
    public static func smallestPValue(_ n1: Int, _ n2: Int) -> Double {
        min(1, 2 / binomial(n1 + n2, min(n1, n2)))
    }

    private static func binomial(_ n: Int, _ k: Int) -> Double {
        guard k >= 0 && k <= n else { return 0 }
        var result = 1.0
        for i in 0..<k { result = result * Double(n - i) / Double(i + 1) }
        return result
    }

    /// Twice the smaller tail of the permutation distribution of the sum of `chosen` of `doubledRanks`.
    private static func exactPValue(doubledRanks: [Int], chosen: Int, observed: Int) -> Double {
        let maximum = doubledRanks.reduce(0, +)
        // ways[k][s]: the number of subsets of k ranks seen so far whose doubled sum is s.
        var ways = [[Double]](repeating: [Double](repeating: 0, count: maximum + 1), count: chosen + 1)
        ways[0][0] = 1
        var reach = 0
        for rank in doubledRanks {
            reach += rank
            for k in stride(from: chosen, through: 1, by: -1) {
                var s = reach
                while s >= rank {
                    ways[k][s] += ways[k - 1][s - rank]
                    s -= 1
                }
            }
        }
        let distribution = ways[chosen]
        let all = distribution.reduce(0, +)
        var lower = 0.0, upper = 0.0
        for (sum, count) in distribution.enumerated() where count > 0 {
            if sum <= observed { lower += count }
            if sum >= observed { upper += count }
        }
        return min(1, 2 * min(lower, upper) / all)
    }

    private static func normalPValue(u: Double, n1: Int, n2: Int, tieGroups: [Int]) -> Double {
        let a = Double(n1), b = Double(n2), n = a + b
        let ties = tieGroups.reduce(0.0) { $0 + Double($1 * $1 * $1 - $1) }
        let variance = a * b / 12 * ((n + 1) - ties / (n * (n - 1)))
        guard variance > 0 else { return 1 }
        let deviation = max(0, abs(u - a * b / 2) - 0.5)
        let z = deviation / variance.squareRoot()
        // Two-sided: P(|Z| ≥ z) = erfc(z / √2).
        return min(1, Double.erfc(z / 2.0.squareRoot()))
    }
}
