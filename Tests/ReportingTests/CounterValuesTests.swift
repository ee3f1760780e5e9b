import Testing
import CollectionEngine
@testable import Reporting
import TestSupport

/// A report's counters by ``EngineCounter``: report order, absent apart from zero through JSON and the gate, and
/// the counters a later Reel wrote kept, shown and written back but never judged.
@Suite("Counters by EngineCounter", .tags(.fast))
struct CounterValuesTests {
    @Test("Iterating yields the present counters in EngineCounter.allCases order, whatever order they were set in",
          arguments: [0, 1, 2, 3] as [UInt64])
    func reportOrder(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let present = EngineCounter.allCases.filter { _ in seed == 0 || Bool.random(using: &random) }
        var counters = CounterValues()
        for counter in present.shuffled(using: &random) {
            counters[counter] = counter.key.count
        }
        #expect(counters.map(\.counter) == present, "seed \(seed)")
        #expect(counters.map(\.value) == present.map(\.key.count), "seed \(seed)")
    }

    @Test("Setting and removing counters agrees with a dictionary model", arguments: [7, 8, 9] as [UInt64])
    func againstModel(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var counters = CounterValues()
        var model: [EngineCounter: Int] = [:]
        for _ in 0..<500 {
            let counter = EngineCounter.allCases.randomElement(using: &random) ?? .taps
            let value = Int.random(in: 0..<4, using: &random) == 0 ? nil : Int.random(in: 0...3, using: &random)
            counters[counter] = value
            model[counter] = value
            #expect(counters[counter] == model[counter], "seed \(seed)")
        }
        let expected = EngineCounter.allCases.compactMap { counter in model[counter].map { (counter, $0) } }
        #expect(counters.map(\.counter) == expected.map(\.0), "seed \(seed)")
        #expect(counters.map(\.value) == expected.map(\.1), "seed \(seed)")
        #expect(counters == CounterValues { model[$0] }, "seed \(seed)")
    }

    @Test("Nothing is present in empty counters, and a counter set to zero is")
    func emptyAndZero() {
        var counters = CounterValues()
        #expect(Array(counters).isEmpty && counters.named.isEmpty)
        #expect(EngineCounter.allCases.allSatisfy { counters[$0] == nil })
        counters[.taps] = 0
        #expect(counters[.taps] == 0 && counters[.selections] == nil)
        #expect(counters.map(\.counter) == [.taps])
        #expect(counters != CounterValues())
        counters[.taps] = nil
        #expect(counters == CounterValues())
    }

    @Test("A counter at zero and one absent stay apart through a JSON round trip")
    func absentThroughJSON() throws {
        let report = GateJudgementTests.report(p50: GateJudgementTests.steady, counters: [.cellsCreated: 0, .taps: 3])
        let json = ReportFormat.json.render([report])
        #expect(json.contains("\"counters\": {\n    \"cells_created\": 0,\n    \"taps\": 3\n  },"))
        let decoded = try #require(try Report.decode(json: json).first)
        #expect(decoded.counters == [.cellsCreated: 0, .taps: 3])
        #expect(decoded.counters[.cellsCreated] == 0 && decoded.counters[.layoutPrepares] == nil)
        #expect(ReportFormat.json.render([decoded]) == json)
    }

    @Test("The gate judges a counter at zero and leaves one only a side reported unjudged, saying which side")
    func absentInTheGate() throws {
        func decoded(_ counters: CounterValues) throws -> Report {
            let json = ReportFormat.json.render([GateJudgementTests.report(p50: GateJudgementTests.steady, counters: counters)])
            return try #require(try Report.decode(json: json).first)
        }
        let baseline = try decoded([.layoutPrepares: 0, .cellsCreated: 0])
        let current = try decoded([.cellsCreated: 0, .elementQueries: 0])
        let judgement = try GateJudgement(baseline: baseline, current: current)
        func figure(_ name: String) -> FigureJudgement? { judgement.figures.first { $0.name == name } }
        #expect(figure("cells_created")?.verdict == .unchanged)
        #expect(figure("layout_prepares")?.verdict == .notJudged)
        #expect(figure("layout_prepares")?.reason == "only in the baseline")
        #expect(figure("layout_prepares")?.baseline == 0 && figure("layout_prepares")?.current == nil)
        #expect(figure("element_queries")?.reason == "only in the current run")
        #expect(figure("taps") == nil, "a counter neither side reported is not among the figures")
        let comparison = Comparison(reports: [baseline, current])
        #expect(comparison.counters.map(\.counter) == [.cellsCreated, .layoutPrepares, .elementQueries])
        #expect(comparison.counters.first { $0.counter == .layoutPrepares }?.values == [0, nil])
    }

    /// A report's JSON with counters a later Reel wrote, `later_count` at `later` and `also_later` at zero,
    /// added before this Reel's.
    private static func laterReelJSON(later: Int) -> String {
        let json = ReportFormat.json.render([GateJudgementTests.report(p50: GateJudgementTests.steady)])
        return json.replacingOccurrences(
            of: "\"counters\": {\n", with: "\"counters\": {\n    \"later_count\": \(later),\n    \"also_later\": 0,\n")
    }

    @Test("A counter a later Reel wrote is kept, shown and written back after this Reel's, sorted by name")
    func unknownKept() throws {
        let json = Self.laterReelJSON(later: 5)
        let report = try #require(try Report.decode(json: json).first)
        var expected = GateJudgementTests.report(p50: GateJudgementTests.steady).counters
        expected.unknownCounters = ["later_count": 5, "also_later": 0]
        #expect(report.counters == expected)
        #expect(report.counters.map(\.counter) == [.cellsCreated, .layoutPrepares, .taps])

        let written = ReportFormat.json.render([report])
        #expect(written.contains("""
              "counters": {
                "cells_created": 20,
                "layout_prepares": 1,
                "taps": 3,
                "also_later": 0,
                "later_count": 5
              },
            """))
        #expect(try Report.decode(json: written) == [report])
        #expect(ReportFormat.json.render(try Report.decode(json: written)) == written)

        let text = ReportFormat.text.render([report])
        #expect(text.contains("\n  later_count ") && !text.contains("also_later"))
        #expect(text.contains("… 1 zero counter not shown; all in --format json"))
        let html = ReportFormat.html.render([report])
        #expect(html.contains("<tr><td><code>later_count</code></td><td>5</td></tr>"))
        #expect(html.contains("<tr><td><code>also_later</code></td><td>0</td></tr>"))
        #expect(html.contains("<details><summary>All 5 counters, zeros included</summary>"))
        let markdown = ReportFormat.markdown.render([report])
        #expect(markdown.contains("| taps | 3 |\n| later_count | 5 |"))
        #expect(markdown.contains("not zero: 4 of 5"))
    }

    @Test("A counter a later Reel wrote is never judged: not by the gate, compare or the figures")
    func unknownNeverJudged() throws {
        let baseline = try #require(try Report.decode(json: Self.laterReelJSON(later: 5)).first)
        let current = try #require(try Report.decode(json: Self.laterReelJSON(later: 5_000)).first)
        let judgement = try GateJudgement(baseline: baseline, current: current)
        #expect(judgement.passed && judgement.regressions.isEmpty && judgement.improvements.isEmpty)
        #expect(!judgement.figures.contains { $0.name.contains("later") })
        for format in GateFormat.allCases {
            #expect(!format.render([judgement]).contains("later"), "\(format)")
        }
        let comparison = Comparison(reports: [baseline, current])
        #expect(comparison.counters.map(\.counter) == [.cellsCreated, .layoutPrepares, .taps])
        #expect(!Figure.all(in: current).contains { $0.declaration.name.contains("later") })
        #expect(Figure.all(in: current).filter { if case .counter = $0 { true } else { false } }
            == [.counter(.cellsCreated), .counter(.layoutPrepares), .counter(.taps)])
    }
}
