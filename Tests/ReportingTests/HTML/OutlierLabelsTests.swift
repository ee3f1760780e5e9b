import Foundation
import Testing
import TestSupport
import CollectionEngine
@testable import Reporting

/// The labels of frames above a chart's top: one row, no two boxes overlapping, every outlier counted once.
@Suite("Outlier labels: placed in one row, never overlapping", .tags(.fast))
struct OutlierLabelsTests {
    static let left = 60.0, right = 936.0

    /// Checks that the labels are in order, apart by the gap, inside the row, and stand for `outliers` frames.
    static func checkPlacement(_ labels: [OutlierLabels.Label], outliers: [OutlierLabels.Outlier],
                               comment: Comment = "") {
        for (first, second) in zip(labels, labels.dropFirst()) {
            #expect(first.right + OutlierLabels.gap <= second.x + 1e-9, "\(first) overlaps \(second) \(comment)")
        }
        for label in labels {
            #expect(label.x >= left && label.right <= right + 1e-9, "\(label) leaves the row \(comment)")
            #expect(label.width == OutlierLabels.characterWidth * Double(label.text.count))
        }
        #expect(labels.reduce(0) { $0 + $1.frames } == outliers.count, "\(comment)")
        #expect(labels.map(\.maxMs).max() == outliers.map(\.ms).max(), "\(comment)")
    }

    @Test("Sparse outliers: a label each, at its mark, with its value")
    func sparse() {
        let outliers = [OutlierLabels.Outlier(x: 100, ms: 21.34), .init(x: 400, ms: 0.85), .init(x: 700, ms: 1500)]
        let labels = OutlierLabels.place(outliers, left: Self.left, right: Self.right)
        #expect(labels.map(\.text) == ["21.3 ms", "850 µs", "1.5 s"])
        #expect(labels.map(\.x) == [100, 400, 700])
        Self.checkPlacement(labels, outliers: outliers)
    }

    @Test("Clustered outliers share one label: their number and the longest")
    func clustered() {
        let outliers = (0..<5).map { OutlierLabels.Outlier(x: 300 + Double($0) * 2, ms: 20 + Double($0)) }
            + [OutlierLabels.Outlier(x: 800, ms: 30)]
        let labels = OutlierLabels.place(outliers.reversed(), left: Self.left, right: Self.right)
        #expect(labels.map(\.text) == ["5 frames, max 24 ms", "30 ms"])
        #expect(labels.map(\.frames) == [5, 1])
        Self.checkPlacement(labels, outliers: outliers)
    }

    @Test("An outlier at the right end has its label moved left to end inside the row, merging if it must")
    func rightEdge() {
        let alone = OutlierLabels.place([.init(x: 935, ms: 40)], left: Self.left, right: Self.right)
        #expect(alone.count == 1 && alone[0].right == Self.right)
        let crowded = [OutlierLabels.Outlier(x: 880, ms: 40), .init(x: 935, ms: 50)]
        let labels = OutlierLabels.place(crowded, left: Self.left, right: Self.right)
        #expect(labels.map(\.text) == ["2 frames, max 50 ms"])
        Self.checkPlacement(labels, outliers: crowded)
    }

    @Test("Dense outliers: 200 frames across the plot make disjoint labels that count all of them")
    func twoHundred() {
        let outliers = (0..<200).map {
            OutlierLabels.Outlier(x: Self.left + Double($0) * 4.38, ms: 10 + Double($0 % 17))
        }
        let labels = OutlierLabels.place(outliers, left: Self.left, right: Self.right)
        #expect(labels.count > 1 && labels.count < 200)
        Self.checkPlacement(labels, outliers: outliers)
    }

    @Test("Seeded random outliers, clumped and spread, never give overlapping labels", arguments: 0..<50)
    func random(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let count = Int(generator.next() % 300) + 1
        let clump = Double(generator.next() % 800) + 60
        let outliers = (0..<count).map { _ in
            let spread = generator.next() % 2 == 0
            let x = spread ? Self.left + Double(generator.next() % 876) : clump + Double(generator.next() % 40)
            return OutlierLabels.Outlier(x: min(x, Self.right), ms: Double(generator.next() % 100_000) / 100 + 0.01)
        }
        let labels = OutlierLabels.place(outliers, left: Self.left, right: Self.right)
        Self.checkPlacement(labels, outliers: outliers, comment: "seed \(seed)")
    }

    @Test("A chart with 200 clipped frames draws each label with its placed width, none overlapping")
    func chartLabels() throws {
        // Fewer than 1 % of the frames, so that the scale stops at three budgets and clips them.
        let points = (0..<25_000).map { frame -> FrameChart.Point in
            let ms: Double = frame % 125 == 0 ? 300 : 2 + Double(frame % 5) * 0.1
            return FrameChart.Point(t: Double(frame) / 120, ms: ms, frame: frame)
        }
        let chart = FrameChart(series: [FrameChart.Series(name: "a", colour: "#000", points: points)],
                               budgetMs: 8.33, minimumSeconds: 0, title: "t")
        #expect(chart.clippedCount == 200)
        let svg = chart.svg()
        let labels = HTMLScan.tags("<text class=\"clipped-label\"", in: svg)
        #expect(!labels.isEmpty)
        let boxes = try labels.map { tag in
            let x = try #require(HTMLScan.number("x", in: tag)), width = try #require(HTMLScan.number("textLength", in: tag))
            return x...(x + width)
        }
        for (first, second) in zip(boxes, boxes.dropFirst()) {
            #expect(first.upperBound < second.lowerBound)
        }
        #expect(svg.contains("frames, max 300 ms</text>"))
    }
}
