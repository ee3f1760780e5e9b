import Foundation
import Testing
import TestSupport
@testable import Reporting

@Suite("HTML report: the page, the frame chart and the icicle", .tags(.fast))
struct ReportHTMLTests {
    /// The case study (two repeats of 150 frames at 120 Hz, a janky frame in ten, a marker), measured after the
    /// initial display.
    static func caseStudy() -> Report {
        var measurement = Fixtures.caseStudy()
        measurement.window = MeasurementWindow(includesInitialDisplay: false)
        return Report(measurement)
    }

    static func measured(_ report: Report) -> [Report.FrameRow] {
        report.frameSamples.filter { report.window.contains(frame: $0.index, refreshRate: report.refreshRateHz) }
    }

    /// The plot's top and bottom in SVG coordinates (FrameChart: 340 high, 44 above and below the plot).
    static let plotTop = 44.0, plotBottom = 296.0

    @Test("One SVG point per measured frame: one polyline per repeat, frame 0 left out when the window does")
    func onePointPerFrame() throws {
        let report = Self.caseStudy()
        let html = ReportFormat.html.render([report])
        let lines = HTMLScan.framePoints(in: html)
        #expect(lines.count == 2)
        #expect(lines.map(\.count) == [149, 149])
        #expect(lines.map(\.count).reduce(0, +) == Self.measured(report).count)
        #expect(Double(lines.map(\.count).reduce(0, +)) == report.frames * Double(report.repeats))
        // x is the time in the session: frames are in order, from the second frame's time on.
        for line in lines {
            #expect(zip(line, line.dropFirst()).allSatisfy { $0.x < $1.x })
        }
    }

    @Test("The budget line is drawn at the budget's height and labelled")
    func budgetLine() throws {
        let report = Self.caseStudy()
        let html = ReportFormat.html.render([report])
        let budget = try #require(HTMLScan.tags("<line class=\"budget\"", in: html).first)
        let maxMs = try #require(Self.measured(report).map(\.ms).max())
        // No frame is far beyond the others here, so the scale runs to 5 % above the longest frame.
        let expected = Self.plotBottom - report.budgetMs / (maxMs * 1.05) * (Self.plotBottom - Self.plotTop)
        let y1 = try #require(HTMLScan.number("y1", in: budget))
        #expect(abs(y1 - expected) < 0.01)
        #expect(HTMLScan.number("y2", in: budget) == y1)
        #expect(html.contains(">budget 8.33 ms</text>"))
        // Janky frames lie above the line, the others below it.
        for point in HTMLScan.framePoints(in: html).joined() {
            #expect(point.y >= Self.plotTop && point.y <= Self.plotBottom)
        }
    }

    @Test("Every janky frame has a mark of its own, every marker a label at its time")
    func jankyMarksAndMarkers() throws {
        let report = Self.caseStudy()
        let html = ReportFormat.html.render([report])
        let janky = Self.measured(report).filter { $0.ms > report.budgetMs }
        #expect(janky.count == 30)
        #expect(HTMLScan.tags("<circle class=\"janky\"", in: html).count == janky.count)
        #expect(Double(janky.count) == report.jankyFrames * Double(report.repeats))
        let labels = HTMLScan.tags("<text class=\"marker-label\"", in: html)
        #expect(labels.count == report.markers.count)
        #expect(html.contains(">fling</text>"))
        let line = try #require(HTMLScan.tags("<line class=\"marker\"", in: html).first)
        let label = try #require(labels.first)
        #expect(try abs(#require(HTMLScan.number("x", in: label)) - #require(HTMLScan.number("x1", in: line)) - 3) < 0.01)
    }

    @Test("The initial display is a bar of its own, left of the measured frames")
    func initialDisplayApart() throws {
        let report = Self.caseStudy()
        let initial = try #require(report.initialDisplay)
        let html = ReportFormat.html.render([report])
        let bars = HTMLScan.tags("<rect class=\"initial-display\"", in: html)
        #expect(bars.count == 1)
        let bar = try #require(bars.first)
        let barRight = try #require(HTMLScan.number("x", in: bar)) + #require(HTMLScan.number("width", in: bar))
        let firstX = try #require(HTMLScan.framePoints(in: html).joined().map(\.x).min())
        #expect(barRight < firstX)
        #expect(html.contains(">frame 0</text>"))
        #expect(html.contains("initial display (frame 0): \(String(format: "%.3f", initial.ms)) ms"))
    }

    @Test("A frame 100× the others is clipped at a ceiling, marked and labelled with its value")
    func clippedOutlier() throws {
        var times = Array(repeating: 5.0, count: 200)
        times[120] = 500
        let report = Report(Measurements.measurement(frameTimes: [times]))
        let html = ReportFormat.html.render([report])
        let clipped = HTMLScan.tags("<path class=\"janky clipped\"", in: html)
        #expect(clipped.count == 1)
        #expect(html.contains("<text class=\"clipped-label\""))
        #expect(html.contains(">500 ms</text>"))
        #expect(html.contains("1 frame is above 50 ms, the top of the scale"))
        // The other frames keep a readable scale: 5 ms is a tenth of the plot, not a hundredth.
        let points = HTMLScan.framePoints(in: html).joined()
        let ordinary = try #require(points.map(\.y).max())
        #expect(abs((Self.plotBottom - ordinary) / (Self.plotBottom - Self.plotTop) - 0.1) < 0.001)
        #expect(points.allSatisfy { $0.y >= Self.plotTop })
    }

    @Test("Up to the point limit one point per frame; beyond it a per-column envelope, said in the caption")
    func envelopeBeyondTheLimit() {
        func series(_ count: Int) -> [FrameChart.Series] {
            [FrameChart.Series(name: "repeat 1", colour: "#000", points: (0..<count).map {
                FrameChart.Point(t: Double($0) / 120, ms: $0 % 97 == 0 ? 20 : 2, frame: $0)
            })]
        }
        let atLimit = FrameChart(series: series(50_000), budgetMs: 8.33, minimumSeconds: 0, title: "t")
        #expect(!atLimit.usesEnvelope)
        let drawn = atLimit.figure(caption: "c")
        #expect(HTMLScan.framePoints(in: drawn).map(\.count) == [50_000])
        #expect(!drawn.contains("class=\"envelope\""))
        #expect(HTMLScan.count("<circle class=\"janky\"", in: drawn) == (0..<50_000).count { $0 % 97 == 0 })

        let beyond = FrameChart(series: series(50_001), budgetMs: 8.33, minimumSeconds: 0, title: "t")
        #expect(beyond.usesEnvelope)
        let envelope = beyond.figure(caption: "c")
        #expect(HTMLScan.framePoints(in: envelope).count == 0)
        #expect(HTMLScan.count("<path class=\"envelope\"", in: envelope) == 1)
        #expect(envelope.contains("50001 frames exceed the limit of 50000 points per chart: each pixel column shows "
            + "the range of its frames"))
        // One stroke per pixel column of the plot (876 px wide), and a janky tick in columns with janky frames.
        let path = HTMLScan.attribute("d", in: HTMLScan.tags("<path class=\"envelope\"", in: envelope)[0]) ?? ""
        #expect(HTMLScan.count("M", in: path) == 876)
        #expect(HTMLScan.count("<rect class=\"janky-column\"", in: envelope) > 0)
        #expect(envelope.count < 200_000)
    }

    @Test("The report's page switches to envelopes past its point limit")
    func reportEnvelope() {
        let report = Self.caseStudy()
        let html = ReportHTML.render([.success(report)], pointLimit: 100)
        #expect(HTMLScan.framePoints(in: html).count == 0)
        #expect(HTMLScan.count("<path class=\"envelope\"", in: html) == 2)
        #expect(html.contains("298 frames exceed the limit of 100 points per chart"))
    }

    @Test("The icicle has a box per path, groups for parents that are not spans, widths that add up")
    func icicle() throws {
        let report = Self.caseStudy()
        let icicle = Icicle(report.hotPaths)
        let boxes = icicle.boxes()
        let paths = Set(report.hotPaths.map(\.path))
        #expect(Set(boxes.filter { !$0.isGroup }.map(\.path)) == paths)
        #expect(Set(boxes.filter(\.isGroup).map(\.path)) == ["frame/cells", "frame/layout", "frame/supplementary"])
        #expect(boxes.count == paths.count + 3)
        let byPath = Dictionary(uniqueKeysWithValues: boxes.map { ($0.path, $0) })
        let frame = try #require(byPath["frame"])
        #expect(abs(frame.width - (Icicle.width - 8)) < 1e-9)
        // Width is self time, of a path and every path named under it, on one scale: `frame` is the sum of every
        // path's self time, and each box its own self time plus its children's widths.
        let scale = frame.width / report.hotPaths.reduce(0) { $0 + $1.selfMs }
        for hot in report.hotPaths {
            let under = report.hotPaths.filter { $0.path == hot.path || $0.path.hasPrefix(hot.path + "/") }
            #expect(abs((byPath[hot.path]?.width ?? 0) - under.reduce(0) { $0 + $1.selfMs } * scale) < 1e-6, "\(hot.path)")
        }
        // Children sit inside their parent, side by side, filling it less the parent's own self time (a group
        // has none).
        for box in boxes {
            let children = boxes.filter { $0.depth == box.depth + 1 && $0.path.hasPrefix(box.path + "/") }
            guard !children.isEmpty else { continue }
            let sum = children.reduce(0) { $0 + $1.width }
            let own = (report.hotPaths.first { $0.path == box.path }?.selfMs ?? 0) * scale
            #expect(abs(sum + own - box.width) < 1e-6, "\(box.path)")
            #expect(children.allSatisfy { $0.x >= box.x - 1e-9 && $0.x + $0.width <= box.x + box.width + 1e-6 })
        }
        // Janky self time: prepare-for-reuse spends all its self time in janky frames.
        #expect(abs((byPath["frame/cells/prepare-for-reuse"]?.jankyShare ?? 0) - 1) < 1e-9)
        let html = ReportFormat.html.render([report])
        let nodes = HTMLScan.tags("<g class=\"node\"", in: html)
        #expect(nodes.count == boxes.count)
        #expect(Set(nodes.compactMap { HTMLScan.attribute("data-path", in: $0) }) == Set(boxes.map(\.path)))
        #expect(html.contains("<title>frame/cells/prepare-for-reuse: 15 calls, total 180.000 ms, self 180.000 ms, "
            + "janky self 180.000 ms per repeat</title>"))
        #expect(HTMLScan.count("<rect class=\"janky-self\"", in: html) == boxes.count { $0.jankyShare > 0 })
    }

    @Test("Hostile names are escaped everywhere: trace, paths, markers, findings, counters")
    func escaping() {
        let hostile = "<script>alert('x')</script>"
        var measurement = Fixtures.caseStudy()
        measurement.trace = "Traces/\(hostile).xml"
        measurement.markers = [Marker(time: 0.2, label: "\"><img src=x onerror=alert(1)>")]
        measurement.counters.unknownCounters[hostile] = 3
        measurement.repeats = measurement.repeats.map { repeated in
            var repeated = repeated
            repeated.paths.append(Measurements.path("frame/\(hostile)/x", callMs: [1, 2]))
            for index in repeated.frames.indices where index % 10 == 5 {
                repeated.frames[index].topPath = "frame/\(hostile)/x"
            }
            return repeated
        }
        let failure = TraceFailure(trace: "bad&<b>.xml", message: "bad&<b>.xml:1:1: <oops>")
        let html = ReportFormat.html.render([.success(Report(measurement)), .failure(failure)], asArray: true)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>") && !html.contains("<oops>"))
        #expect(html.contains("<title>Reel replay: Traces/&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;.xml, bad&amp;&lt;b&gt;.xml</title>"))
        #expect(html.contains("data-path=\"frame/&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;\""))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test("One self-contained page: lang, charset, title, no script, nothing external; sections in order")
    func selfContained() throws {
        let report = Self.caseStudy()
        let html = ReportFormat.html.render([report])
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(html.contains("<title>Reel replay: Traces/prepare-for-reuse.xml</title>"))
        for external in ["<script", "http:", "https:", "url(", "@import", "<link", "src=", "<iframe", "<object"] {
            #expect(!html.contains(external), "\(external)")
        }
        let order = ["<p class=\"verdict", "<svg class=\"chart\"", "<svg class=\"chart icicle\"",
                     "<table class=\"hot-paths\"", "<table class=\"worst-frames\"", "<ul class=\"findings\"",
                     "<table class=\"counters\"", "<table class=\"environment\""]
        let positions = try order.map { try #require(html.range(of: $0)?.lowerBound, "\($0)") }
        #expect(positions == positions.sorted())
        #expect(html.contains("<strong>\(JankThresholds().verdict(of: report).word):</strong> \(report.verdict)"))
        #expect(html.contains("<p>Hitch band: <strong>\(report.hitchBand.rawValue)</strong>"))
        #expect(HTMLScan.count("<li>", in: html) >= report.findings.count && !report.findings.isEmpty)
        #expect(html.hasSuffix("</body>\n</html>\n"))
    }

    @Test("Counters: the non-zero ones in view, all of them folded")
    func counters() {
        let report = Self.caseStudy()
        let html = ReportFormat.html.render([report])
        let table = html.components(separatedBy: "<table class=\"counters\">")[1].components(separatedBy: "</table>")[0]
        let all = html.components(separatedBy: "<table class=\"all-counters\">")[1].components(separatedBy: "</table>")[0]
        #expect(HTMLScan.count("<tr>", in: table) == report.counters.named.count { $0.value != 0 })
        #expect(HTMLScan.count("<tr>", in: all) == report.counters.named.count)
        #expect(!table.contains("decoration_created") && all.contains("<code>decoration_created</code></td><td>0</td>"))
        #expect(html.contains("<details><summary>All \(report.counters.named.count) counters, zeros included</summary>"))
    }

    @Test("The verdict is judged against the thresholds: FAIL names what was exceeded, PASS within them")
    func thresholds() {
        let report = Self.caseStudy()
        let strict = ReportFormat.html.render([report], options: RenderOptions(thresholds: JankThresholds()))
        #expect(strict.contains("<p class=\"verdict failed\"><strong>FAIL:</strong> \(report.verdict)</p>"))
        for violation in JankThresholds().violations(of: report) {
            #expect(strict.contains("<li>\(violation)</li>"))
        }
        let lenient = JankThresholds(maxJankyFrames: 1_000, maxHitchRatio: 1_000)
        let relaxed = ReportFormat.html.render([report], options: RenderOptions(thresholds: lenient))
        #expect(relaxed.contains("<p class=\"verdict \(report.hitchBand.rawValue)\"><strong>PASS:</strong>"))
        #expect(!relaxed.contains("class=\"violations\""))
    }

    @Test("An incomplete replay says so in its verdict block, with its warnings")
    func incomplete() {
        let html = ReportFormat.html.render([Report(Fixtures.incomplete())])
        #expect(html.contains("<p class=\"incomplete\"><strong>Incomplete:</strong> the replay stopped early: "
            + "Traces/test.xml:42:7: attempt to delete item 9"))
        #expect(html.contains("<li>Warning: 2 events after the last frame were ignored</li>"))
        #expect(!html.contains("Complete: every repeat"))
    }

    @Test("Several traces: one page, a contents list, a section each; a failed trace has its error")
    func severalTraces() {
        let first = Self.caseStudy(), second = Report(Fixtures.incomplete())
        let failure = TraceFailure(trace: "Traces/missing.xml", message: "Traces/missing.xml: no such file")
        let html = ReportFormat.html.render([.success(first), .failure(failure), .success(second)], asArray: true)
        #expect(HTMLScan.count("<!DOCTYPE html>", in: html) == 1)
        #expect(html.contains("<nav>\n<h2>Traces</h2>\n<ol>\n<li><a href=\"#trace-1\">Traces/prepare-for-reuse.xml</a>: "
            + "\(JankThresholds().verdict(of: first).word): \(first.verdict)</li>\n"
            + "<li><a href=\"#trace-2\">Traces/missing.xml</a>: failed</li>\n"
            + "<li><a href=\"#trace-3\">Traces/test.xml</a>: \(JankThresholds().verdict(of: second).word): \(second.verdict)</li>"))
        #expect((1...3).allSatisfy { html.contains("<section id=\"trace-\($0)\">") })
        // Two charts a measured trace: its frames over time and their distribution.
        #expect(HTMLScan.count("<svg class=\"chart\"", in: html) == 4)
        #expect(HTMLScan.framePoints(in: html).count == 3)
        #expect(html.contains("<p class=\"verdict failed\"><strong>Failed:</strong> Traces/missing.xml: no such file</p>"))
        #expect(ReportFormat.html.render([first]).contains("<nav>") == false)
    }
}
