import Testing
import TestSupport
@testable import Reporting

/// The lines of `text` wider than `width` columns, escapes excluded.
private func wideLines(_ text: String, over width: Int) -> [String] {
    text.split(separator: "\n").map(String.init).filter { TerminalText.columns($0) > width }
}

@Suite("Text in the terminal's width: reports and comparisons at 60, 80, 120 and 200 columns", .tags(.fast))
struct TerminalWidthTests {
    static let widths = [60, 80, 120, 200]

    /// A path of 58 columns: whole beside the figures from 120 columns on, on a line of its own at 60.
    static let longPath = "frame/cells/configure/image-decoding/thumbnail-cache-lookup"

    /// The case study with a hot path of ``longPath``.
    private func reportWithLongPath() -> Report {
        var report = Report(Fixtures.caseStudy())
        report.hotPaths.insert(Report.HotPath(path: Self.longPath, calls: 12_345, totalMs: 1_234.567,
                                              selfMs: 1_234.567, jankySelfMs: 120.5, callP50Ms: 0.1,
                                              callP99Ms: 12.25, callMaxMs: 13), at: 0)
        return report
    }

    @Test("Every line of a report fits the width, coloured or not", arguments: widths)
    func reportFits(width: Int) {
        for report in [Report(Fixtures.caseStudy()), Report(Fixtures.incomplete()), reportWithLongPath()] {
            for colour in [false, true] {
                let text = ReportFormat.text.render([report], options: RenderOptions(colour: colour, width: width))
                #expect(wideLines(text, over: width).isEmpty, "at \(width): \(wideLines(text, over: width))")
            }
        }
    }

    @Test("Hot paths are whole when the width has room for them, and every path's figures stay on one row",
          arguments: widths)
    func wholePaths(width: Int) throws {
        let report = reportWithLongPath()
        let lines = TextReport.lines(of: report, options: RenderOptions(width: width))
        let start = try #require(lines.firstIndex { $0.hasPrefix("Hot paths (per repeat)") })
        let table = lines[start...].prefix { !$0.isEmpty }
        for path in report.hotPaths.prefix(TextReport.hotPathRows) {
            let whole = table.contains { $0 == path.path || $0.hasPrefix(path.path + " ") }
            if width >= 120 || width == 60 {
                #expect(whole, "\(path.path) whole at \(width): \(table)")
            }
            // Calls and total time, the row's first figures, are on one line whatever the width.
            let figures = "\(JSONValue.format(path.calls))  "
            #expect(table.contains { $0.contains(figures) }, "\(path.path) at \(width)")
        }
        if width == 80 {
            #expect(table.contains { $0.hasPrefix("frame/cells/con…") || $0.contains("…") })
        }
    }

    @Test("The sparkline takes the width's room: 60 columns at 80, fewer at 60, more at 120 and 200",
          arguments: widths)
    func sparkline(width: Int) throws {
        let lines = TextReport.lines(of: Report(Fixtures.caseStudy()), options: RenderOptions(width: width))
        let start = try #require(lines.firstIndex { $0.hasPrefix("Frame times: ") })
        let glyphs = try #require(lines[start...].first { $0.hasPrefix("  ") && $0.contains("█") })
        let columns = TerminalText.columns(glyphs) - 2
        #expect(columns == min(150, TextReport.sparklineColumns(width: width)))
        #expect(columns <= width - 2)
        if width == 80 { #expect(columns == 60) }
    }

    /// A comparison of `count` layouts, each with a long path and counters, and a long trace path.
    private static func makeComparison(of count: Int) -> Comparison {
        let names = ["flow", "circle", "cover-flow", "springy-flow", "dimensions-flow"].prefix(count)
        let reports = names.enumerated().map { index, name in
            let scale = 1 + Double(index) / 3
            return ComparisonFixtures.report(
                name, ComparisonFixtures.slow.map { $0 * scale },
                paths: ["frame/layout/prepare": ComparisonFixtures.slow.map { $0 * 2 * scale },
                        "frame/cells/configure/image-decoding": ComparisonFixtures.fast.map { $0 * 130 * scale }],
                counters: [.cellsCreated: 12 + index, .layoutPrepares: 1200 * (index + 1),
                           .attributesUnchanged: 123_456 * (index + 1)],
                trace: "Traces/" + String(repeating: "nested-folder/", count: 8) + "photo-grid-browse.xml")
        }
        return Comparison(reports: Array(reports), rounds: [Array(names)])
    }

    /// The comparisons of 2, 3 and 5 layouts, each made once (its tests of significance are most of what a
    /// test here costs) and rendered at every width.
    private static let comparisons = Dictionary(uniqueKeysWithValues: [2, 3, 5].map { ($0, makeComparison(of: $0)) })

    private func comparison(of count: Int) -> Comparison {
        Self.comparisons[count]!
    }

    @Test("compare fits the width with 2, 3 and 5 layouts", arguments: widths, [2, 3, 5])
    func comparisonFits(width: Int, layouts: Int) {
        let comparison = comparison(of: layouts)
        let text = ComparisonFormat.text.render([.success(comparison)], asArray: false, width: width)
        #expect(wideLines(text, over: width).isEmpty, "\(layouts) layouts at \(width): \(wideLines(text, over: width))")
        for report in comparison.reports {
            #expect(text.contains(report.layout), "\(report.layout)")
        }
        // Every other layout's change in p50 frame time is there, side by side or in its own block.
        let changes = text.split(separator: "\n").filter { $0.hasPrefix("p50 frame time") }
        let changeCount = changes.reduce(0) { $0 + $1.components(separatedBy: "n=10+10").count - 1 }
        #expect(changeCount == layouts - 1, "\(changes)")
        // Paths are whole when the width has room for them.
        if width >= 120 {
            #expect(text.contains("\ncells/configure/image-decoding "))
        }
    }

    @Test("Two layouts side by side at 80 columns and more; several in one table when they fit")
    func sideBySide() {
        for width in [80, 120, 200] {
            let text = ComparisonFormat.text.render([.success(comparison(of: 2))], asArray: false, width: width)
            #expect(text.contains("\nTiming ") && !text.contains(" against flow\n"), "at \(width)")
        }
        let three = ComparisonFormat.text.render([.success(comparison(of: 3))], asArray: false, width: 200)
        #expect(three.contains("\nTiming ") && three.contains("cover-flow"))
        let five = ComparisonFormat.text.render([.success(comparison(of: 5))], asArray: false, width: 80)
        #expect(five.contains("\ncircle against flow\n") && five.contains("\ndimensions-flow against flow\n"))
    }

    @Test("Gate judgements and failures fit the width", arguments: widths)
    func failureFits(width: Int) {
        let failure = TraceFailure(trace: "Traces/" + String(repeating: "nested-folder/", count: 12) + "x.xml",
                                   message: String(repeating: "a long reason ", count: 20))
        let text = ReportFormat.text.render([.failure(failure)], asArray: false, options: RenderOptions(width: width))
        #expect(wideLines(text, over: width).isEmpty)
    }
}

@Suite("The hot paths' janky column agrees with the janky frames: frame 0 is apart", .tags(.fast))
struct InitialDisplayJankTests {
    /// One repeat whose frame 0 (40 ms, all of it `frame/cells/configure`) is janky and whose other frames
    /// (2 ms each) are not; `includesInitialDisplay` as given.
    private func report(includesInitialDisplay: Bool) -> Report {
        let configure = PathMeasurement(path: "frame/cells/configure", callDurationsNs: [Measurements.ns(40)]
                                            + Array(repeating: Measurements.ns(1), count: 29),
                                        selfNs: Measurements.ns(69), jankySelfNs: Measurements.ns(40),
                                        initialSelfNs: Measurements.ns(40))
        var measurement = Measurements.measurement([RepeatMeasurement(
            frames: Measurements.frames([40] + Array(repeating: 2, count: 29)), paths: [configure])])
        measurement.window = MeasurementWindow(includesInitialDisplay: includesInitialDisplay)
        return Report(measurement)
    }

    @Test("Without the initial display, 0 janky frames and a janky column of 0; its time shown apart")
    func apart() throws {
        let report = report(includesInitialDisplay: false)
        #expect(report.jankyFrames == 0)
        #expect(report.hotPaths.allSatisfy { $0.jankySelfMs == 0 }, "\(report.hotPaths)")
        let text = ReportFormat.text.render([report])
        #expect(text.contains("Initial display            40.000 ms"))
        #expect(text.contains("janky: self time in the measured janky frames, not the initial display's;"))
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("frame/cells/configure ") })
        #expect(row.split(separator: " ", omittingEmptySubsequences: true)[4] == "0.000", "\(row)")
    }

    @Test("With the initial display among the figures, frame 0 is a janky frame and in the janky column")
    func included() {
        let report = report(includesInitialDisplay: true)
        #expect(report.jankyFrames == 1)
        #expect(report.hotPaths.first { $0.path == "frame/cells/configure" }?.jankySelfMs == 40)
        #expect(ReportFormat.text.render([report]).contains("janky: self time in janky frames;"))
    }
}

@Suite("Findings in text are words, not Markdown", .tags(.fast))
struct FindingTextTests {
    @Test("The text report and comparison show findings without backticks; HTML sets the code in <code>")
    func noBackticks() {
        let report = Report(Fixtures.caseStudy())
        #expect(report.findings.contains { $0.message.contains("`") })
        let text = ReportFormat.text.render([report])
        #expect(!text.contains("`"))
        #expect(text.contains("(shouldInvalidateLayout(forBoundsChange:) returns true)"))
        let comparison = Comparison(reports: [report, report], rounds: [])
        #expect(!ComparisonFormat.text.render([comparison]).contains("`"))
        let html = ReportFormat.html.render([report])
        #expect(html.contains("<code>shouldInvalidateLayout(forBoundsChange:)</code>"))
    }
}
