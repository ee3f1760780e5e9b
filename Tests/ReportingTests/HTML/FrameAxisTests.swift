import Foundation
import Testing
import TestSupport
@testable import Reporting

/// The charts' time axes suit the data: µs ticks for microsecond frames, ms ticks for millisecond ones, the
/// budget where it belongs; and the distribution chart's steps are the empirical distribution.
@Suite("Frame charts: time axes and the distribution", .tags(.fast))
struct FrameAxisTests {
    static func series(_ values: [Double]) -> FrameChart.Series {
        FrameChart.Series(name: "a", colour: "#000",
                          points: values.enumerated().map { FrameChart.Point(t: Double($0) / 120, ms: $1, frame: $0) })
    }

    /// Microsecond frames: 20 to 50 µs.
    static let microseconds = (0..<200).map { 0.02 + Double($0 % 4) * 0.01 }

    @Test("A linear axis below 1 ms is in µs, from 1 ms on in ms")
    func linearUnits() {
        let micro = TimeAxis.linear(upToMs: 0.0525)
        #expect(micro.unit == .microseconds)
        #expect(micro.ticks.map(\.label) == ["0 µs", "20 µs", "40 µs"])
        #expect(micro.ticks.map(\.ms) == [0, 0.02, 0.04])
        let milli = TimeAxis.linear(upToMs: 21)
        #expect(milli.unit == .milliseconds)
        #expect(milli.ticks.map(\.label) == ["0 ms", "5 ms", "10 ms", "15 ms", "20 ms"])
        #expect(TimeAxis.linear(upToMs: 1.4).ticks.map(\.label) == ["0 ms", "0.5 ms", "1 ms"])
    }

    @Test("Decade ticks from the power of ten below the shortest time to the one above the longest")
    func decades() {
        #expect(TimeAxis.decades(fromMs: 0.02, toMs: 8.33).map(\.label) == ["10 µs", "100 µs", "1 ms", "10 ms"])
        #expect(TimeAxis.decades(fromMs: 2, toMs: 1500).map(\.label) == ["1 ms", "10 ms", "100 ms", "1 s", "10 s"])
        #expect(TimeAxis.decades(fromMs: 0.001, toMs: 0.001).map(\.label) == ["1 µs", "10 µs"])
    }

    @Test("Microsecond frames: the time series is scaled to them in µs, not flat at 0, the budget above the scale")
    func microsecondSeries() throws {
        let chart = FrameChart(series: [Self.series(Self.microseconds)], budgetMs: 8.33, minimumSeconds: 0, title: "t")
        #expect(abs(chart.ceilingMs - 0.0525) < 1e-12)
        #expect(chart.axis.unit == .microseconds && chart.budgetAboveScale)
        let svg = chart.svg()
        #expect(svg.contains("dominant-baseline=\"middle\">40 µs</text>"))
        #expect(!svg.contains("dominant-baseline=\"middle\">0 ms</text>"))
        #expect(HTMLScan.tags("<line class=\"budget\"", in: svg).isEmpty)
        #expect(svg.contains(">budget 8.33 ms (above the scale)</text>"))
        let ys = HTMLScan.framePoints(in: svg).joined().map(\.y)
        // 20 µs to 50 µs span most of the 252 px plot.
        #expect(try #require(ys.max()) - (try #require(ys.min())) > 140)
        #expect(chart.figure(caption: "c").contains("far within the 8.33 ms budget"))
    }

    @Test("Millisecond frames: ms ticks and the budget line at its height")
    func millisecondSeries() throws {
        let values = (0..<60).map { 2 + Double($0 % 10) }  // 2 to 11 ms
        let chart = FrameChart(series: [Self.series(values)], budgetMs: 8.33, minimumSeconds: 0, title: "t")
        #expect(chart.axis.unit == .milliseconds && !chart.budgetAboveScale)
        #expect(abs(chart.ceilingMs - 11.55) < 1e-9)
        let svg = chart.svg()
        #expect(svg.contains(">10 ms</text>") && !svg.contains("µs</text>"))
        let budget = try #require(HTMLScan.tags("<line class=\"budget\"", in: svg).first)
        let y1 = try #require(HTMLScan.number("y1", in: budget))
        let expected: Double = 296 - 8.33 / 11.55 * 252
        #expect(abs(y1 - expected) < 0.01)
    }

    @Test("Microsecond frames with one long frame: the scale stays on the frames, the long one clipped and labelled")
    func microsecondsWithOutlier() {
        let chart = FrameChart(series: [Self.series(Self.microseconds + [20])], budgetMs: 8.33, minimumSeconds: 0,
                               title: "t")
        #expect(chart.axis.unit == .microseconds && chart.clippedCount == 1)
        #expect(chart.svg().contains(">20 ms</text>"))
    }

    @Test("The empirical distribution of a small sample, exactly")
    func steps() {
        #expect(FrameDistributionChart.steps([3, 1, 2, 2]) == [
            .init(ms: 1, fraction: 0.25), .init(ms: 2, fraction: 0.75), .init(ms: 3, fraction: 1)])
        #expect(FrameDistributionChart.steps([0.05]) == [.init(ms: 0.05, fraction: 1)])
        #expect(FrameDistributionChart.steps([]).isEmpty)
    }

    @Test("The distribution chart: decade ticks around the frames and the budget, the budget line at its time")
    func distributionAxis() throws {
        let chart = FrameDistributionChart(
            series: [.init(name: "a", colour: "#000", values: Self.microseconds),
                     .init(name: "b", colour: "#111", values: [1, 2, 3])],
            budgetMs: 8.33, title: "t")
        #expect(chart.ticks.map(\.label) == ["10 µs", "100 µs", "1 ms", "10 ms"])
        let svg = chart.svg()
        let budget = try #require(HTMLScan.tags("<line class=\"budget\"", in: svg).first)
        let decades: Double = log10(8.33) + 2
        let expected: Double = 60 + decades / 3 * 876
        let x1 = try #require(HTMLScan.number("x1", in: budget))
        #expect(abs(x1 - expected) < 0.01)
        let paths = HTMLScan.tags("<path class=\"cdf\"", in: svg)
        #expect(paths.count == 2)
        // b's line: from 0 at 1 ms, up a third at each of 1, 2 and 3 ms, then flat to the end.
        func x(_ ms: Double) -> String {
            let decades: Double = log10(ms) + 2
            return HTMLText.coordinate(60 + decades / 3 * 876)
        }
        #expect(HTMLScan.attribute("d", in: paths[1]) == "M\(x(1)),256V185.33H\(x(2))V114.67H\(x(3))V44H936")
        #expect(svg.contains(">10 µs</text>") && svg.contains(">10 ms</text>"))
    }
}
