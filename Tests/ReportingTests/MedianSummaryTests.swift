import Testing
@testable import Reporting
import TestSupport

@Suite("Median and its confidence interval (benchstat's ±)", .tags(.fast))
struct MedianSummaryTests {
    @Test("Ten values: the median of the two middle ones, the interval from the 2nd to the 9th at 97.85 %")
    func ten() throws {
        let summary = try #require(MedianSummary([9, 1, 8, 2, 7, 3, 6, 4, 5, 10]))
        #expect(summary.median == 5.5 && summary.count == 10)
        #expect(summary.low == 2 && summary.high == 9)
        #expect(abs(summary.confidence - (1 - 2 * 11.0 / 1024)) < 1e-12)
        // max(9 / 5.5 − 1, 1 − 2 / 5.5) = 63.6 %.
        #expect(abs((summary.spreadPercent ?? 0) - 100 * (9 / 5.5 - 1)) < 1e-9)
    }

    @Test("Odd counts: the middle value")
    func odd() throws {
        #expect(try #require(MedianSummary([3, 1, 2])).median == 2)
    }

    @Test("Six values are the fewest a 95 % interval can bound (1 − 2/64); five give ± ∞")
    func fewest() throws {
        let six = try #require(MedianSummary([1, 2, 3, 4, 5, 6]))
        #expect(six.isBounded && six.low == 1 && six.high == 6)
        #expect(abs(six.confidence - (1 - 2.0 / 64)) < 1e-12)
        let five = try #require(MedianSummary([1, 2, 3, 4, 5]))
        #expect(!five.isBounded && five.spreadPercent == nil)
        #expect(BenchstatText.spread(five) == "± ∞")
    }

    @Test("All zero: 0 %; a bound on the other side of 0 from the median: no percentage (± ?)")
    func signs() throws {
        #expect(try #require(MedianSummary(Array(repeating: 0, count: 10))).spreadPercent == 0)
        // The interval runs from the 2nd smallest value: one negative value alone does not cross 0.
        let oneBelow = try #require(MedianSummary([-1, 1, 1, 1, 1, 1, 1, 1, 1, 2]))
        #expect(oneBelow.low == 1 && oneBelow.high == 1 && oneBelow.spreadPercent.map { $0 == 0 } == true)
        let crossing = try #require(MedianSummary([-2, -1, 1, 1, 1, 1, 1, 1, 1, 1]))
        #expect(crossing.low == -1 && crossing.spreadPercent == nil)
        #expect(BenchstatText.spread(crossing) == "± ?")
    }

    @Test("None, or not a number: no summary")
    func empty() {
        #expect(MedianSummary([]) == nil)
        #expect(MedianSummary([1, .nan]) == nil)
    }

    @Test("The binomial tail is exact for small n and does not underflow for large n")
    func binomial() {
        #expect(abs(MedianSummary.binomialHalfCDF(1, 10) - 11.0 / 1024) < 1e-15)
        #expect(MedianSummary.binomialHalfCDF(-1, 10) == 0 && MedianSummary.binomialHalfCDF(10, 10) == 1)
        let half = MedianSummary.binomialHalfCDF(1999, 4000)
        #expect(half > 0.49 && half < 0.5)
    }
}
