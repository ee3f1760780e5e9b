import Testing
import Foundation
@testable import Reporting
import TestSupport

@Suite("The vocabulary of figures", .tags(.fast))
struct FigureVocabularyTests {
    private static func text(_ report: Report) -> String { ReportFormat.text.render([report]) }

    @Test("Every figure has a unique name; timing figures are judged with statistics, counters exactly")
    func declarations() {
        let figures = Figure.summary + Figure.counters + [.hotPathSelfTime("frame/cells/configure")]
        let names = figures.map(\.declaration.name)
        #expect(Set(names).count == names.count)
        for figure in Figure.summary {
            #expect(figure.declaration.kind == .timing)
        }
        for figure in Figure.counters {
            #expect(figure.declaration.kind == .counter && figure.declaration.unit == .count)
        }
        #expect(Figure.effectiveFPS.declaration.better == .higher && Figure.peakFPS.declaration.better == .higher)
        #expect(Figure.frameTime(.p50).declaration.better == .lower)
        #expect(Figure.counter(.layoutPrepares).declaration.better == .lower)
        #expect(Figure.counter(.taps).declaration.better == .neither)
        #expect(Figure.hotPathSelfTime("frame/cells/configure").declaration.name
            == "hot_paths[frame/cells/configure].self_ms")
    }

    @Test("Both renderers show every declared figure the report has, under its key and its label")
    func renderersReadTheVocabulary() throws {
        var measurement = Fixtures.caseStudy()
        for (position, counter) in EngineCounter.allCases.enumerated() {
            measurement.counters[counter] = position + 1
        }
        let report = Report(measurement)
        let json = ReportFormat.json.render([report])
        let text = Self.text(report)
        let value = try ParsedJSON(json)
        for figure in Figure.summary {
            let declaration = figure.declaration
            guard let expected = figure.value(in: report) else {
                #expect(figure == .initialDisplay, "\(declaration.name) is measured")
                #expect(!json.contains("\"\(declaration.key)\""))
                continue
            }
            let written = switch figure {
            case .frameTime: value["frame_time_ms"][declaration.key]
            default: value[declaration.key]
            }
            guard let number = written.number else {
                Issue.record("\(declaration.name) is a number in JSON")
                continue
            }
            #expect(JSONValue.format(number) == JSONValue.format(expected), "\(declaration.name) in JSON")
            if case .frameTime = figure {
                #expect(text.contains(" \(declaration.key) "), "\(declaration.key) heads a text column")
            } else {
                #expect(text.contains(declaration.label), "\(declaration.label) in text")
            }
        }
        for counter in EngineCounter.allCases {
            #expect(value["counters"][counter.key].number == Double(report.counters[counter] ?? -1))
            #expect(text.contains("  \(counter.key) "), "\(counter.key) in text")
        }
        // Frame 0 is measured, so the initial display is among the figures.
        #expect(report.initialDisplay != nil)
        #expect(Figure.all(in: report).count == Figure.summary.count + EngineCounter.allCases.count + report.hotPaths.count)
    }

    @Test("A measured initial display is a figure of both renderers and of each repeat")
    func initialDisplay() throws {
        var report = Report(Measurements.measurement(frameTimes: [[20, 1, 1], [22, 1, 1]]))
        report.perRepeat[0].initialDisplayMs = 20
        report.perRepeat[1].initialDisplayMs = 22
        #expect(Figure.initialDisplay.value(in: report) == 21)
        #expect(Figure.initialDisplay.perRepeatValues(in: report) == [20, 22])
        let json = try ParsedJSON(ReportFormat.json.render([report]))
        #expect(json["initial_display_ms"].number == 21)
        #expect(Self.text(report).contains(/\nInitial display +21\.000 ms/))
        let decoded = try #require(try Report.decode(json: ReportFormat.json.render([report])).first)
        #expect(Figure.initialDisplay.perRepeatValues(in: decoded) == [20, 22])
    }
}

@Suite("Spread and noise", .tags(.fast))
struct SpreadTests {
    @Test("One repeat: min = median = max")
    func oneRepeat() {
        #expect(Spread([3.5]) == Spread(min: 3.5, median: 3.5, max: 3.5))
        let report = Report(Measurements.measurement(frameTimes: [[1, 2, 30]]))
        for entry in report.spreads {
            #expect(entry.spread.min == entry.spread.median && entry.spread.median == entry.spread.max)
            #expect(!entry.isNoisy)
        }
        #expect(report.spreads.map(\.figure) == Figure.summary)
        #expect(report.noiseWarnings.isEmpty)
    }

    @Test("The median is the nearest-rank one: the lower middle value of an even count")
    func median() {
        #expect(Spread([]) == nil)
        #expect(Spread([4, 1]) == Spread(min: 1, median: 1, max: 4))
        #expect(Spread([5, 1, 3]) == Spread(min: 1, median: 3, max: 5))
        #expect(Spread([2, 9, 4, 7]) == Spread(min: 2, median: 4, max: 9))
    }

    @Test("Per-repeat figures: each repeat's own frames")
    func perRepeat() throws {
        // 60 Hz: repeat 0 has one janky frame of 40 ms (2 dropped), repeat 1 none.
        let report = Report(Measurements.measurement(frameTimes: [[10, 40, 10, 10], [10, 10, 10, 10]]))
        #expect(Figure.jankyFrames.perRepeatValues(in: report) == [1, 0])
        #expect(Figure.droppedFrames.perRepeatValues(in: report) == [2, 0])
        #expect(Figure.frameTime(.max).perRepeatValues(in: report) == [40, 10])
        #expect(Figure.peakFPS.perRepeatValues(in: report) == [40, 60])
        #expect(Figure.effectiveFPS.perRepeatValues(in: report) == [40, 60])
        #expect(Figure.counter(.taps).perRepeatValues(in: report) == nil)
        let janky = try #require(report.spreads.first { $0.figure == .jankyFrames })
        #expect(janky.spread == Spread(min: 0, median: 0, max: 1))
    }

    /// A report whose repeats measured `p50` as given (frames of one time each, well within budget) and
    /// `janky` frames of 20 ms.
    private static func report(p50: [Double], janky: [Int] = []) -> Report {
        let repeats = p50.indices.map { index in
            let badFrames = index < janky.count ? janky[index] : 0
            let frames = Array(repeating: p50[index], count: 20) + Array(repeating: 20.0, count: badFrames)
            return RepeatMeasurement(frames: Measurements.frames(frames), paths: [])
        }
        return Report(Measurements.measurement(repeats))
    }

    @Test("p50 frame time is noisy when its repeats range beyond 10 % of their median, not at it",
          arguments: [([10.0, 10, 11], false), ([9, 10, 10], false), ([10, 10, 11.5], true), ([8, 10, 10], true)])
    func relativeThreshold(values: [Double], noisy: Bool) throws {
        let report = Self.report(p50: values)
        let entry = try #require(report.spreads.first { $0.figure == .frameTime(.p50) })
        #expect(entry.allowedNoise == 1)
        #expect(entry.isNoisy == noisy)
        let warning = report.noiseWarnings.first { $0.contains("p50 frame time") }
        #expect((warning != nil) == noisy)
        if noisy {
            #expect(warning?.contains("over 3 repeats") == true && warning?.contains("do not trust it") == true)
            #expect(Self.textLines(report).contains { $0.hasPrefix("warning: the repeats disagree") })
        }
    }

    @Test("Janky frames may differ by one frame whatever the median; two is noise",
          arguments: [([3, 3, 4], false), ([0, 1, 1], false), ([0, 1, 2], true), ([3, 3, 5], true)])
    func frameQuantum(janky: [Int], noisy: Bool) throws {
        let report = Self.report(p50: [1, 1, 1], janky: janky)
        let entry = try #require(report.spreads.first { $0.figure == .jankyFrames })
        #expect(entry.allowedNoise == 1)
        #expect(entry.isNoisy == noisy)
        #expect(report.noiseWarnings.contains { $0.contains("janky frames") } == noisy)
    }

    @Test("Tiny times may differ by the report's resolution, 0.002 ms")
    func timeResolution() throws {
        let quiet = try #require(Self.report(p50: [0.010, 0.012, 0.011]).spreads.first { $0.figure == .frameTime(.p50) })
        #expect(quiet.allowedNoise == Figure.timeResolutionMs && !quiet.isNoisy)
        let noisy = try #require(Self.report(p50: [0.010, 0.013, 0.011]).spreads.first { $0.figure == .frameTime(.p50) })
        #expect(noisy.isNoisy)
    }

    @Test("Hot paths whose self time disagrees are named in one warning, unless they cost under 5 % of the time")
    func hotPathNoise() throws {
        let repeats = [1.0, 1.5].map { ms in
            RepeatMeasurement(frames: Measurements.frames([1, 1]), paths: [
                Measurements.path("frame/cells/configure", callMs: [ms]),
                Measurements.path("frame/layout/query", callMs: [0.5]),
                Measurements.path("frame/scroll", callMs: [ms / 50]),
            ])
        }
        let report = Report(Measurements.measurement(repeats))
        let scroll = try #require(report.spreads.first { $0.figure == .hotPathSelfTime("frame/scroll") })
        #expect(scroll.isNoisy)
        #expect(report.noiseWarnings == [
            "the repeats disagree more than noise allows (10 % of the median) on the self time of "
                + "frame/cells/configure; do not trust it",
        ])
    }

    @Test("Per-repeat values of every timing figure and hot path survive a JSON round trip, to three decimals")
    func roundTrip() throws {
        let report = Report(Fixtures.caseStudy())
        let decoded = try #require(try Report.decode(json: ReportFormat.json.render([report])).first)
        let timing = Figure.summary + report.hotPaths.map { .hotPathSelfTime($0.path) }
        var compared = 0
        for figure in timing {
            let original = figure.perRepeatValues(in: report)
            let read = figure.perRepeatValues(in: decoded)
            #expect(original?.map(JSONValue.format) == read?.map(JSONValue.format), "\(figure.declaration.name)")
            compared += original == nil ? 0 : 1
        }
        #expect(compared == timing.count, "every timing figure, the initial display included")
        #expect(decoded.spreads.map(\.figure) == report.spreads.map(\.figure))
        #expect(decoded.noiseWarnings == report.noiseWarnings)
    }

    @Test("A report written before per-repeat figures were kept reads without them, and says nothing of them")
    func olderReport() throws {
        let json = ReportFormat.json.render([Report(Fixtures.caseStudy())])
        var value = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let repeats = try #require(value["per_repeat"] as? [[String: Any]])
        let older = ["frames", "janky_frames", "dropped_frames", "hitch_time_ms", "frame_time_ms"]
        value["per_repeat"] = repeats.map { $0.filter { older.contains($0.key) } }
        let rewritten = String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
        let decoded = try #require(try Report.decode(json: rewritten).first)
        #expect(Figure.frameTime(.p50).perRepeatValues(in: decoded) == [1.21, 1.21])
        #expect(Figure.jankyFrames.perRepeatValues(in: decoded) == [15, 15])
        #expect(Figure.peakFPS.perRepeatValues(in: decoded) == nil)
        #expect(Figure.hotPathSelfTime("frame/cells/configure").perRepeatValues(in: decoded) == nil)
        #expect(!decoded.spreads.contains { $0.figure == .peakFPS })
    }

    private static func textLines(_ report: Report) -> [String] {
        ReportFormat.text.render([report]).split(separator: "\n").map(String.init)
    }
}
