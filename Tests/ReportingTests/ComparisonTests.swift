import Testing
import Foundation
@testable import Reporting
import TestSupport

/// Reports built by hand: each repeat's frames all take one time, so each repeat's p50 is that time.
enum ComparisonFixtures {
    /// A report of `layout` whose repeat i has 30 frames of `perRepeat[i]` ms, and `paths` self times per repeat.
    static func report(_ layout: String, _ perRepeat: [Double], paths: [String: [Double]] = [:],
                       counters: CounterValues = [:], trace: String = "Traces/test.xml") -> Report {
        let repeats = perRepeat.enumerated().map { index, ms in
            RepeatMeasurement(
                frames: Measurements.frames(Array(repeating: ms, count: 30)),
                paths: paths.keys.sorted().compactMap { path in
                    paths[path].map { Measurements.path(path, callMs: [$0[index]]) }
                })
        }
        var measurement = Measurements.measurement(repeats, counters: counters)
        measurement.trace = trace
        measurement.layout = layout
        measurement.mode = .gestures
        return Report(measurement)
    }

    static let slow = [1.10, 1.16, 1.18, 1.19, 1.20, 1.20, 1.21, 1.22, 1.24, 1.30]
    static let fast = [0.40, 0.401, 0.405, 0.408, 0.41, 0.41, 0.412, 0.414, 0.418, 0.42]

    /// `base` at the slow times and `cached` at the fast ones; a path only the base runs, one only `cached`
    /// runs, and counters that differ exactly.
    static func pair() -> Comparison {
        let base = report("base", slow, paths: ["frame/layout/prepare": slow.map { $0 * 2 }],
                          counters: [.cellsCreated: 12, .layoutPrepares: 1200, .taps: 0])
        let cached = report("cached", fast, paths: ["frame/cells/configure": fast],
                            counters: [.cellsCreated: 12, .layoutPrepares: 2, .taps: 0])
        return Comparison(reports: [base, cached], rounds: [["base", "cached"], ["cached", "base"]])
    }
}

@Suite("Comparisons in benchstat's manner", .tags(.fast))
struct ComparisonTests {
    @Test("Values keep their decimals below 100 and at most five significant digits above",
          arguments: [(0.127, "0.127"), (13.161, "13.161"), (99.9994, "99.999"), (99.9996, "100.00"),
                      (138.2812, "138.28"), (-138.2812, "-138.28"), (1_234.56, "1234.6"), (12_345.6, "12346")])
    func significantDigits(value: Double, text: String) {
        #expect(BenchstatText.value(value, of: .frameTime(.p50)) == text)
        #expect(BenchstatText.value(value, of: .jankyFrames) == JSONValue.format(value))
    }

    @Test("A clear improvement: medians, ± the confidence interval, −66 %, p=0.000 and n=10+10")
    func improvement() throws {
        let comparison = ComparisonFixtures.pair()
        let p50 = try #require(comparison.timings.first { $0.figure == .frameTime(.p50) })
        #expect(BenchstatText.sample(p50.samples[0], of: p50.figure) == "1.200 ms ± 3 %")
        #expect(BenchstatText.sample(p50.samples[1], of: p50.figure) == "0.410 ms ± 2 %")
        let change = try #require(p50.changes.first)
        #expect(change.isSignificant)
        #expect(BenchstatText.changeAndTest(change) == "−66 % (p=0.000 n=10+10)")
        // Ten values a side with no overlap: the exact p is 2 / C(20, 10).
        #expect(abs((change.test?.pValue ?? 1) - 2.0 / 184_756) < 1e-15)
        let line = try #require(ComparisonFormat.text.render([comparison]).split(separator: "\n")
            .first { $0.hasPrefix("p50 frame time") })
        #expect(line == "p50 frame time    1.200 ms ± 3 %  → 0.410 ms ± 2 %  −66 % (p=0.000 n=10+10)")
    }

    @Test("No change: ~ with the p-value; identical values everywhere give p=1.000")
    func noChange() throws {
        let same = Comparison(reports: [ComparisonFixtures.report("a", ComparisonFixtures.slow),
                                        ComparisonFixtures.report("b", ComparisonFixtures.slow.reversed())])
        let p50 = try #require(same.timings.first { $0.figure == .frameTime(.p50) })
        #expect(BenchstatText.changeAndTest(p50.changes[0]) == "~ (p=1.000 n=10+10)")
        let janky = try #require(same.timings.first { $0.figure == .jankyFrames })
        #expect(BenchstatText.sample(janky.samples[0], of: .jankyFrames) == "0 ± 0 %")
        #expect(BenchstatText.changeAndTest(janky.changes[0]) == "~ (p=1.000 n=10+10)")
    }

    @Test("Too few repeats to reach α = 0.05 (3 + 3): ~ however far apart, ± ∞, and a warning in words")
    func fewRepeats() throws {
        let comparison = Comparison(reports: [ComparisonFixtures.report("a", [1, 1.1, 1.2]),
                                              ComparisonFixtures.report("b", [5, 5.1, 5.2])])
        let p50 = try #require(comparison.timings.first { $0.figure == .frameTime(.p50) })
        #expect(BenchstatText.changeAndTest(p50.changes[0]) == "~ (p=0.100 n=3+3)")
        #expect(BenchstatText.sample(p50.samples[0], of: p50.figure) == "1.100 ms ± ∞")
        #expect(ComparisonFormat.text.render([comparison]).contains("warning: with 3 repeats no change can be significant at α = 0.05"))
    }

    @Test("Signs and digits of changes: whole percent from 10 %, one decimal below, U+2212 for minus, 0 unsigned")
    func percentText() {
        #expect(BenchstatText.percent(-65.83) == "−66 %")
        #expect(BenchstatText.percent(12.4) == "+12 %")
        #expect(BenchstatText.percent(2.54) == "+2.5 %")
        #expect(BenchstatText.percent(-0.04) == "−0.0 %")
        #expect(BenchstatText.percent(9.96) == "+10 %")
        #expect(BenchstatText.percent(0) == "0 %")
        #expect(BenchstatText.difference(1198) == "+1198" && BenchstatText.difference(-2) == "−2")
        #expect(BenchstatText.difference(0) == "0")
    }

    @Test("Unequal repeats name both counts; a base median of 0 gives ? for a significant change")
    func edges() throws {
        let comparison = ComparisonFixtures.pair()
        let configure = try #require(comparison.timings.first { $0.figure == .hotPathSelfTime("frame/cells/configure") })
        #expect(configure.samples[0].values == Array(repeating: 0, count: 10))
        #expect(BenchstatText.change(configure.changes[0]) == "?")
        let uneven = Comparison(reports: [ComparisonFixtures.report("a", ComparisonFixtures.slow),
                                          ComparisonFixtures.report("b", Array(ComparisonFixtures.fast.prefix(9)))])
        let p50 = try #require(uneven.timings.first { $0.figure == .frameTime(.p50) })
        #expect(BenchstatText.test(p50.changes[0]).hasSuffix("n=10+9)"))
    }

    @Test("Hot paths of every layout are compared, the base's first; a path a layout did not run counts 0")
    func hotPaths() {
        let figures = ComparisonFixtures.pair().timings.map(\.figure)
        let paths = figures.compactMap { figure -> String? in
            if case .hotPathSelfTime(let path) = figure { return path }
            return nil
        }
        #expect(paths == ["frame/layout/prepare", "frame/cells/configure"])
        #expect(Array(figures.prefix(Figure.frameTimes.count)) == Figure.frameTimes)
    }

    @Test("Counters are exact: each layout's value and the difference, no statistics")
    func counters() throws {
        let comparison = ComparisonFixtures.pair()
        let prepares = try #require(comparison.counters.first { $0.counter == .layoutPrepares })
        #expect(prepares.values == [1200, 2] && prepares.differences == [-1198] && prepares.differs)
        let created = try #require(comparison.counters.first { $0.counter == .cellsCreated })
        #expect(created.differences == [0] && !created.differs)
        let text = ComparisonFormat.text.render([comparison])
        #expect(text.contains("layout_prepares   1200       2       −1198"))
        #expect(!text.contains("taps"), "counters zero in every layout are hidden in text")
    }

    @Test("JSON: stable keys, and a p-value for every timing figure and layout")
    func json() throws {
        let text = ComparisonFormat.json.render([ComparisonFixtures.pair()])
        let json = try ParsedJSON(text)
        #expect(ParsedJSON.topLevelKeys(text) == [
            "format", "version", "reel_version", "complete", "trace", "mode", "clock", "window", "refresh_rate_hz", "budget_ms", "repeats", "warmup",
            "alpha", "test", "centre", "spread", "layouts", "base", "rounds", "figures", "counters", "layout_reports",
        ])
        let figures = try #require(json["figures"].array)
        #expect(figures.count == ComparisonFixtures.pair().timings.count)
        for figure in figures {
            guard let changes = figure["changes"].array, changes.count == 1, let p = changes[0]["p_value"].number else {
                Issue.record("\(String(describing: figure["figure"].string)) has no p-value")
                continue
            }
            #expect(p >= 0 && p <= 1)
            guard let perRepeat = figure["values"][0]["per_repeat"].array else {
                Issue.record("values carry per-repeat values")
                continue
            }
            #expect(perRepeat.count == 10)
        }
        let p50 = try #require(figures.first { $0["figure"].string == "frame_time_ms.p50" })
        // Written in full, not rounded to three decimals.
        #expect(p50["changes"][0]["p_value"].number == 2.0 / 184_756)
        #expect(p50["changes"][0]["significant"].bool == true)
        #expect(json["rounds"].array?.map { $0.array?.compactMap(\.string) ?? [] } == [["base", "cached"], ["cached", "base"]])
    }

    @Test("Several traces give a JSON array, one element per trace")
    func severalTraces() throws {
        let json = try ParsedJSON(ComparisonFormat.json.render([ComparisonFixtures.pair(), ComparisonFixtures.pair()]))
        #expect(json.array?.count == 2)
    }

    @Test("Markdown: a GitHub table per section, with the change column")
    func markdown() {
        let text = ComparisonFormat.markdown.render([ComparisonFixtures.pair()])
        #expect(text.contains("| Figure | `base` | `cached` | change |"))
        #expect(text.contains("| ---: | --- |"))
        #expect(text.contains("| p50 frame time | 1.200 ms ± 3 % | 0.410 ms ± 2 % | −66 % (p=0.000 n=10+10) |"))
        #expect(text.contains("| layout_prepares | 1200 | 2 | **−1198** |"))
        #expect(text.contains("### Findings: `cached`"))
    }

    @Test("HTML: self-contained, two SVGs (the distribution, the frames) with one line per layout and the budget")
    func html() {
        let html = ComparisonFormat.html.render([ComparisonFixtures.pair()])
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.components(separatedBy: "<svg").count == 3)
        #expect(html.components(separatedBy: "<polyline").count == 3)
        #expect(html.components(separatedBy: "<path class=\"cdf\"").count == 3)
        #expect(html.contains("class=\"budget\""))
        #expect(!html.contains("<script") && !html.contains("http") && !html.contains("@import")
            && !html.contains("url("))
        #expect(html.contains("<td class=\"change significant\">−66 % (p=0.000 n=10+10)</td>"))
    }

    @Test("Text fits 80 columns for two layouts: long paths are shortened from the left")
    func width() {
        let long = "frame/supplementary/a-very-long-kind-name-for-headers/configure"
        let base = ComparisonFixtures.report("cover-flow", ComparisonFixtures.slow, paths: [long: ComparisonFixtures.slow],
                                             trace: "/a/very/long/directory/that/holds/the/traces/of/the/project/cover-flow-albums.xml")
        let other = ComparisonFixtures.report("cover-flow-cached", ComparisonFixtures.fast, paths: [long: ComparisonFixtures.fast])
        let text = ComparisonFormat.text.render([Comparison(reports: [base, other])])
        for line in text.split(separator: "\n") where !line.hasPrefix("warning") && !line.hasPrefix("  - ") {
            #expect(line.count <= 80, "\(line)")
        }
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("…") && $0.contains("/configure ") })
        #expect(text.hasPrefix("Compare …") && text.contains("/cover-flow-albums.xml\n"))
    }
}
