import Testing
import Reporting
import TestSupport
import CollectionEngine

@Suite("Mann-Whitney U", .tags(.fast))
struct MannWhitneyUTests {
    @Test("5 + 5 values with no overlap: U = 0 and the smallest two-sided p of 2/252, exactly")
    func separated() throws {
        let test = try #require(MannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]))
        #expect(test.u == 0 && test.method == .exact)
        #expect(abs(test.pValue - 2.0 / 252) < 1e-15)
        let reversed = try #require(MannWhitneyU([6, 7, 8, 9, 10], [1, 2, 3, 4, 5]))
        #expect(reversed.u == 25 && abs(reversed.pValue - 2.0 / 252) < 1e-15)
    }

    /// The published two-sided critical values of U for n₁ = n₂ = 5 (e.g. Mann & Whitney 1947's tables as
    /// reprinted in most statistics texts): U ≤ 2 is significant at 0.05, U ≤ 3 is not; at 0.01 only U = 0.
    @Test("Critical values of the exact distribution for 5 + 5 match the published table")
    func criticalValues() throws {
        // The first sample's U equals the number of (a, b) pairs with a > b; these interleavings give U = 0…4.
        let second = [10.0, 20, 30, 40, 50]
        let firsts: [[Double]] = [[1, 2, 3, 4, 5], [1, 2, 3, 4, 15], [1, 2, 3, 4, 25], [1, 2, 3, 4, 35], [1, 2, 3, 14, 35]]
        let expected = [2.0 / 252, 2.0 / 252 * 2, 4.0 * 2 / 252, 7.0 * 2 / 252, 12.0 * 2 / 252]
        for (index, first) in firsts.enumerated() {
            let test = try #require(MannWhitneyU(first, second))
            #expect(test.u == Double(index))
            #expect(abs(test.pValue - expected[index]) < 1e-12, "U = \(index)")
        }
        #expect(try #require(MannWhitneyU(firsts[2], second)).pValue < 0.05)
        #expect(try #require(MannWhitneyU(firsts[3], second)).pValue > 0.05)
        #expect(try #require(MannWhitneyU(firsts[1], second)).pValue > 0.01)
    }

    /// The naive model: every way of choosing which pooled values form the first sample, midranks, twice the
    /// smaller tail of the rank sums.
    private func bruteForce(_ first: [Double], _ second: [Double]) -> Double {
        let pooled = (first + second).sorted()
        func midrank(_ value: Double) -> Double {
            let below = pooled.filter { $0 < value }.count, equal = pooled.filter { $0 == value }.count
            return Double(below) + Double(equal + 1) / 2
        }
        let values = first + second
        let observed = first.map(midrank).reduce(0, +)
        var lower = 0, upper = 0, all = 0
        for mask in 0..<(1 << values.count) where mask.nonzeroBitCount == first.count {
            let sum = values.indices.filter { mask & (1 << $0) != 0 }.map { midrank(values[$0]) }.reduce(0, +)
            all += 1
            if sum <= observed + 1e-9 { lower += 1 }
            if sum >= observed - 1e-9 { upper += 1 }
        }
        return min(1, 2 * Double(min(lower, upper)) / Double(all))
    }

    @Test("With ties, the exact p-value is the permutation distribution of the midranks (300 seeded cases)")
    func tiesExact() throws {
        var generator = SplitMix64(seed: 2024)
        for case_ in 0..<300 {
            let n1 = 1 + Int(generator.next() % 7), n2 = 1 + Int(generator.next() % 7)
            // Few distinct values, so that ties are common.
            let first = (0..<n1).map { _ in Double(generator.next() % 5) }
            let second = (0..<n2).map { _ in Double(generator.next() % 5) + (case_ % 3 == 0 ? 1 : 0) }
            let test = try #require(MannWhitneyU(first, second))
            #expect(abs(test.pValue - bruteForce(first, second)) < 1e-12, "case \(case_): \(first) vs \(second)")
        }
    }

    /// Reference: SciPy 1.17's `mannwhitneyu(x, y, method="asymptotic")` (tie correction and continuity
    /// correction on), on 40 + 35 values rounded to 0.1 so that many tie.
    @Test("Beyond the exact limit: the normal approximation with the tie correction matches SciPy")
    func normalApproximation() throws {
        let x = [12.0, 7.4, 10.4, 9.4, 9.5, 9.8, 8.0, 9.8, 9.1, 13.3, 10.2, 9.6, 9.7, 9.3, 8.9, 9.6, 10.5, 9.8, 11.0, 9.8,
                 10.0, 11.5, 10.5, 9.5, 9.8, 10.5, 11.9, 9.7, 9.8, 11.0, 9.1, 9.7, 10.9, 10.6, 10.1, 10.7, 7.2, 11.0, 9.0, 8.3]
        let y = [10.9, 11.3, 10.2, 9.5, 10.6, 10.5, 12.0, 11.3, 10.8, 11.7, 10.4, 9.7, 11.2, 11.2, 10.4, 9.8, 10.8, 8.1,
                 11.3, 11.1, 9.0, 10.7, 9.6, 11.4, 8.6, 9.7, 11.3, 11.8, 8.4, 10.1, 10.9, 10.0, 12.2, 9.4, 11.0]
        let test = try #require(MannWhitneyU(x, y))
        #expect(test.method == .normalApproximation)
        #expect(test.u == 479)
        #expect(abs(test.pValue - 0.019083140259072078) < 1e-9)
    }

    @Test("Below 5 values a side no outcome reaches p ≤ 0.01, and the test says so")
    func refusal() throws {
        #expect(abs(MannWhitneyU.smallestPValue(4, 4) - 2.0 / 70) < 1e-15)
        let four = try #require(MannWhitneyU([1, 2, 3, 4], [5, 6, 7, 8]))
        #expect(!four.canReject(at: 0.01) && four.pValue > 0.01)
        let lopsided = try #require(MannWhitneyU([1, 2, 3, 4], [5, 6, 7, 8, 9, 10, 11, 12, 13, 14]))
        #expect(lopsided.canReject(at: 0.01))
        let five = try #require(MannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]))
        #expect(five.canReject(at: 0.01) && five.pValue <= 0.01)
    }

    @Test("Equal samples give p = 1; an empty sample or a NaN gives no test")
    func degenerate() throws {
        #expect(try #require(MannWhitneyU([3, 3, 3, 3, 3], [3, 3, 3, 3, 3])).pValue == 1)
        #expect(MannWhitneyU([], [1]) == nil && MannWhitneyU([1], []) == nil)
        #expect(MannWhitneyU([1, .nan], [2]) == nil)
    }
}
