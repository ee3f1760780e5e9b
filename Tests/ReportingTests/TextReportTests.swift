import Testing
import TestSupport
@testable import Reporting

/// The columns a line takes on a terminal: Unicode scalars, ANSI escapes excluded.
private func columns(_ line: some StringProtocol) -> Int { TerminalText.columns(line) }

@Suite("The terminal report: 80 columns, verdict first, per repeat, sparkline, colour", .tags(.fast))
struct TextReportTests {
    /// The case study with a 300-character trace path, a long warning and a long finding.
    private func longReport() -> Report {
        var report = Report(Fixtures.caseStudy())
        report.trace = "Traces/" + String(repeating: "nested-folder/", count: 20) + "photo-grid-browse.xml"
        report.warnings.append("Traces/x.xml:1:1: " + String(repeating: "a word that goes on ", count: 12)
                               + "and_an_unbroken_identifier_" + String(repeating: "x", count: 120))
        report.findings.append(Finding(rule: .callbackOverBudget,
                                       message: String(repeating: "prepare-for-reuse costs a lot ", count: 8)))
        return report
    }

    @Test("Every line fits 80 columns: long paths, prose and table cells included")
    func fitsEightyColumns() {
        for report in [Report(Fixtures.caseStudy()), Report(Fixtures.incomplete()), longReport()] {
            for colour in [false, true] {
                let text = ReportFormat.text.render([report], options: RenderOptions(colour: colour))
                let wide = text.split(separator: "\n").filter { columns($0) > 80 }
                #expect(wide.isEmpty, "lines over 80 columns: \(wide)")
            }
        }
    }

    @Test("A long trace path is shortened in the middle, keeping its file name")
    func longPath() throws {
        let lines = TextReport.lines(of: longReport())
        let header = try #require(lines.first { $0.contains("photo-grid-browse.xml") })
        #expect(header.hasPrefix("Traces/nested-folder/"))
        #expect(header.contains("…"))
        #expect(header.contains("photo-grid-browse.xml · layout flow"))
    }

    @Test("Long prose wraps at word boundaries with a hanging indent and loses no word")
    func prose() throws {
        let report = longReport()
        let lines = TextReport.lines(of: report)
        let start = try #require(lines.firstIndex { $0.hasPrefix("  - prepare-for-reuse costs a lot") })
        let continued = lines[(start + 1)...].prefix { $0.hasPrefix("    ") && !$0.hasPrefix("    -") }
        #expect(continued.count >= 2)
        let rejoined = ([lines[start].dropFirst(4)] + continued.map { $0.dropFirst(4) }).joined(separator: " ")
        #expect(rejoined == report.findings.last?.message.trimmingCharacters(in: .whitespaces))
    }

    @Test("The verdict comes first, in words: PASS, FAIL by the thresholds, INCOMPLETE")
    func verdictFirst() {
        let janky = TextReport.lines(of: Report(Fixtures.caseStudy()))
        #expect(janky[0] == "FAIL: 15 of 150 frames janky per repeat (10.0 %), hitch time ratio 100.0 ms/s:")
        #expect(janky[1] == "  critical")
        #expect(janky[5].hasPrefix("  - 15 janky frames per repeat, more than the 0 allowed"))
        let lenient = RenderOptions(thresholds: JankThresholds(maxJankyFrames: 20, maxHitchRatio: 200))
        #expect(TextReport.lines(of: Report(Fixtures.caseStudy()), options: lenient)[0].hasPrefix("PASS: 15 of 150"))
        #expect(TextReport.lines(of: Report(Fixtures.incomplete()))[0].hasPrefix("INCOMPLETE: "))
        let smooth = Report(Measurements.measurement(frameTimes: [[5, 6, 7, 8]]))
        #expect(TextReport.lines(of: smooth)[0]
            == "PASS: 0 of 4 frames janky per repeat (0.0 %), hitch time ratio 0.0 ms/s: good")
    }

    @Test("The header facts follow the verdict over two lines")
    func header() {
        let lines = TextReport.lines(of: Report(Fixtures.caseStudy()))
        #expect(lines[2] == "Traces/prepare-for-reuse.xml · layout flow · offsets · clock wall")
        #expect(lines[3] == "workload model · 120 Hz · budget 8.33 ms · 2 repeats (+1 warm-up)")
        #expect(lines[4] == "150 frames per repeat (1.25 s)")
    }

    @Test("Zero counters are hidden and counted; JSON keeps them all")
    func zeroCounters() {
        let report = Report(Fixtures.caseStudy())
        let text = ReportFormat.text.render([report])
        #expect(!text.contains("decoration_created"))
        #expect(!text.contains("decoration_reused"))
        #expect(text.contains("  cells_created           28\n"))
        #expect(text.contains("  … 2 zero counters not shown; all in --format json\n"))
        let json = ReportFormat.json.render([report])
        #expect(json.contains("\"decoration_created\": 0"))
        #expect(json.contains("\"decoration_reused\": 0"))
    }

    @Test("Figures that are means per repeat say so")
    func perRepeat() {
        let lines = TextReport.lines(of: Report(Fixtures.caseStudy()))
        for label in ["Janky frames per repeat ", "Dropped frames per repeat ", "Hitch time per repeat ",
                      "Hot paths (per repeat) ", "Counters (per repeat)"] {
            #expect(lines.contains { $0.hasPrefix(label) }, "no line starts with \(label)")
        }
        #expect(lines.contains { $0.contains("150 frames per repeat") })
    }

    @Test("Sparkline buckets keep each bucket's longest frame", arguments: [1, 59, 60, 61, 1000, 3758])
    func buckets(count: Int) {
        let series = (0..<count).map { Double($0 % 17) }
        let buckets = TextReport.sparklineBuckets(series, columns: 60)
        #expect(buckets.count == min(60, count))
        // The naive model: every value lies in exactly one bucket, and each bucket is the max of its values.
        var covered = 0
        for (bucket, value) in buckets.enumerated() {
            let start = bucket * count / buckets.count
            let end = (bucket + 1) * count / buckets.count
            #expect(value == series[start..<end].max())
            covered += end - start
        }
        #expect(covered == count)
    }

    @Test("One janky frame among 3000 shows as the top glyph, marked janky, in 60 columns")
    func sparklineJank() throws {
        var times = [Double](repeating: 4, count: 3000)
        times[1234] = 40
        let report = Report(Measurements.measurement(frameTimes: [times]))
        let lines = TextReport.lines(of: report)
        let title = try #require(lines.firstIndex { $0.hasPrefix("Frame times: ") })
        let glyphs = lines[title + 1].dropFirst(2)
        #expect(glyphs.unicodeScalars.count == 60)
        #expect(glyphs.filter { $0 == "█" }.count == 1)
        let column = try #require(glyphs.firstIndex(of: "█"))
        let offset = glyphs.distance(from: glyphs.startIndex, to: column)
        #expect(offset == 1234 * 60 / 3000)
        // Every other column is a frame of 4 ms on a scale to 40: the lowest glyph.
        #expect(glyphs.filter { $0 == "▁" }.count == 59)
        let marks = lines[title + 2]
        #expect(marks.filter { $0 == "^" }.count == 1)
        #expect(marks.count == offset + 3)
        #expect(lines[title + 3].contains("█ 40.00 ms") && lines[title + 3].contains("^ janky"))
    }

    @Test("A short session gets one column a frame")
    func shortSparkline() throws {
        let report = Report(Measurements.measurement(frameTimes: [[1, 2, 3, 4, 5, 6, 7, 8]]))
        let lines = TextReport.lines(of: report)
        let title = try #require(lines.firstIndex { $0.hasPrefix("Frame times: ") })
        // The whole session is measured: 8 frames, on a scale to 8 ms, one eighth each.
        #expect(lines[title] == "Frame times: 8 frames, one a column")
        #expect(lines[title + 1] == "  ▁▂▃▄▅▆▇█")
        #expect(lines[title + 2].hasSuffix("none janky"))
    }

    @Test("Colour escapes appear when asked and never otherwise")
    func colour() {
        for report in [Report(Fixtures.caseStudy()), Report(Fixtures.incomplete()),
                       Report(Measurements.measurement(frameTimes: [[5, 6, 7, 8]]))] {
            let plain = ReportFormat.text.render([report], options: RenderOptions(colour: false))
            let coloured = ReportFormat.text.render([report], options: RenderOptions(colour: true))
            #expect(!plain.contains("\u{1B}"))
            #expect(coloured.contains("\u{1B}["))
            // The escapes are all that differs.
            #expect(coloured.replacing(/\x{1B}\[[0-9;]*m/, with: "") == plain)
        }
        let janky = ReportFormat.text.render([Report(Fixtures.caseStudy())], options: RenderOptions(colour: true))
        #expect(janky.hasPrefix("\u{1B}[31mFAIL\u{1B}[0m: "))
        #expect(janky.contains("\u{1B}[33m  - layout invalidated"))
        let smooth = ReportFormat.text.render([Report(Measurements.measurement(frameTimes: [[5, 6, 7, 8]]))],
                                              options: RenderOptions(colour: true))
        #expect(smooth.hasPrefix("\u{1B}[32mPASS\u{1B}[0m: "))
    }
}

@Suite("Terminal text: columns, wrapping, shortening", .tags(.fast))
struct TerminalTextTests {
    @Test("Columns count Unicode scalars and skip ANSI escapes")
    func columnCount() {
        #expect(TerminalText.columns("a · b … ▁█") == 10)
        #expect(TerminalText.columns("\u{1B}[31mred\u{1B}[0m") == 3)
    }

    @Test("Middle shortening keeps the file name and fits", arguments: [1, 5, 12, 20, 30, 79])
    func middle(width: Int) {
        let path = "Traces/" + String(repeating: "deep/", count: 60) + "photo-grid-browse.xml"
        let short = TerminalText.middleShortened(path, to: width)
        #expect(TerminalText.columns(short) == width)
        if width >= 30 {
            #expect(short.hasSuffix("/photo-grid-browse.xml"))
            #expect(short.hasPrefix("Traces/"))
        }
        #expect(TerminalText.middleShortened("short.xml", to: width >= 9 ? width : 9) == "short.xml")
    }

    @Test("Wrapping breaks at spaces, indents, cuts only words wider than a line", arguments: [10, 20, 40, 80])
    func wrap(width: Int) {
        let text = "one two three " + String(repeating: "x", count: 100) + " four five six seven eight"
        let lines = TerminalText.wrapped(text, width: width, first: "- ", hanging: "  ")
        #expect(lines.allSatisfy { TerminalText.columns($0) <= width })
        #expect(lines[0].hasPrefix("- one"))
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
        #expect(lines.map { $0.dropFirst(2) }.joined().filter { $0 != " " } == text.filter { $0 != " " })
    }
}
