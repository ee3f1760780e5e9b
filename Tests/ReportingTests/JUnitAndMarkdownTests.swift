import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import Reporting

/// `--format junit` and `--format markdown` of `reel replay`, and `--format junit` of `reel compare`, on the
/// hand-built fixtures: 15 janky frames per repeat and a hitch time ratio of 100 ms/s (critical) for the case
/// study, an incomplete replay, a trace that failed.
@Suite("JUnit and Markdown reports", .tags(.fast))
struct JUnitAndMarkdownTests {
    static let caseStudy = Report(Fixtures.caseStudy())
    static let incomplete = Report(Fixtures.incomplete())
    static let failed = TraceFailure(trace: "Traces/missing <&>.xml", message: "Traces/missing <&>.xml: no such file")
    /// Above both of the case study's figures: it passes.
    static let lenient = JankThresholds(maxJankyFrames: 15, maxHitchRatio: 101)

    private func junit(_ outcomes: [Result<Report, TraceFailure>], _ thresholds: JankThresholds) -> String {
        ReportFormat.junit.render(outcomes, asArray: outcomes.count > 1, options: RenderOptions(thresholds: thresholds))
    }

    private func markdown(_ outcomes: [Result<Report, TraceFailure>], _ thresholds: JankThresholds) -> String {
        ReportFormat.markdown.render(outcomes, asArray: outcomes.count > 1, options: RenderOptions(thresholds: thresholds))
    }

    /// The elements named `name`, parsed by Foundation's XML parser.
    private func elements(_ xml: String, _ path: String) throws -> [XMLElement] {
        try XMLDocument(xmlString: xml).nodes(forXPath: path).compactMap { $0 as? XMLElement }
    }

    @Test("A trace within both thresholds passes: no failure, its verdict and key figures in <system-out>")
    func passing() throws {
        let xml = junit([.success(Self.caseStudy)], Self.lenient)
        golden.expect(xml, matches: "junit-pass.xml")
        let cases = try elements(xml, "/testsuites/testsuite[@name='reel replay']/testcase")
        #expect(cases.count == 1)
        #expect(cases.first?.attribute(forName: "name")?.stringValue == "Traces/prepare-for-reuse.xml")
        #expect(cases.first?.attribute(forName: "classname")?.stringValue == "reel.replay")
        // 2.425 ms mean × 150 frames × 2 repeats.
        #expect(cases.first?.attribute(forName: "time")?.stringValue == "0.728")
        #expect(try elements(xml, "//failure | //error").isEmpty)
        let out = try #require(try elements(xml, "//testcase/system-out").first?.stringValue)
        #expect(out.hasPrefix("Verdict: 15 of 150 frames janky (10.0 %), hitch time ratio 100.0 ms/s: critical\n"))
        #expect(out.contains("\nJanky frames: 15 per repeat (10.0 % of frames)\n"))
        let properties = try elements(xml, "//properties/property").map {
            "\($0.attribute(forName: "name")?.stringValue ?? "")=\($0.attribute(forName: "value")?.stringValue ?? "")"
        }
        #expect(properties == ["max_janky_frames=15", "max_hitch_ratio_ms_per_s=101", "layout=flow", "mode=offsets",
                               "clock=wall", "refresh_rate_hz=120"])
    }

    @Test("Over --max-janky-frames alone: one failure, its message naming the option, the verdict and top path in its body")
    func failingJanky() throws {
        let xml = junit([.success(Self.caseStudy)], JankThresholds(maxJankyFrames: 14.5, maxHitchRatio: 101))
        golden.expect(xml, matches: "junit-fail-janky.xml")
        let failures = try elements(xml, "//testcase/failure")
        #expect(failures.count == 1)
        #expect(failures.first?.attribute(forName: "type")?.stringValue == "janky")
        #expect(failures.first?.attribute(forName: "message")?.stringValue
                == "15 janky frames per repeat, more than the 14.5 allowed (--max-janky-frames)")
        let body = try #require(failures.first?.stringValue)
        #expect(body.contains("\nVerdict: 15 of 150 frames janky"))
        #expect(body.contains("\nTop hot path: frame/cells/prepare-for-reuse: 180.000 ms self per repeat"))
        #expect(try elements(xml, "/testsuites[@tests='1'][@failures='1'][@errors='0']").count == 1)
    }

    @Test("Over --max-hitch-ratio alone: one failure naming the ratio, its band and the option")
    func failingHitchRatio() throws {
        let xml = junit([.success(Self.caseStudy)], JankThresholds(maxJankyFrames: 15, maxHitchRatio: 5))
        golden.expect(xml, matches: "junit-fail-hitch.xml")
        let failures = try elements(xml, "//testcase/failure")
        #expect(failures.map { $0.attribute(forName: "message")?.stringValue } == [
            "hitch time ratio 100 ms/s (critical), above the 5 ms/s allowed (--max-hitch-ratio)",
        ])
    }

    @Test("Over both (the defaults): the failure's message names both, separated by '; '")
    func failingBoth() throws {
        let xml = junit([.success(Self.caseStudy)], JankThresholds())
        let message = try #require(try elements(xml, "//failure").first?.attribute(forName: "message")?.stringValue)
        #expect(message.components(separatedBy: "; ").count == 2)
        #expect(message.contains("(--max-janky-frames)") && message.contains("(--max-hitch-ratio)"))
    }

    @Test("A trace that failed is an error, its message escaped; an incomplete replay is an error, not a failure")
    func errors() throws {
        let failedXML = junit([.failure(Self.failed)], JankThresholds())
        golden.expect(failedXML, matches: "junit-failed.xml")
        #expect(failedXML.contains(#"name="Traces/missing &lt;&amp;&gt;.xml""#))
        let error = try #require(try elements(failedXML, "//testcase/error").first)
        #expect(error.attribute(forName: "message")?.stringValue == Self.failed.message)
        #expect(error.attribute(forName: "type")?.stringValue == "failed")

        let incompleteXML = junit([.success(Self.incomplete)], Self.lenient)
        golden.expect(incompleteXML, matches: "junit-incomplete.xml")
        let incomplete = try #require(try elements(incompleteXML, "//testcase/error").first)
        #expect(incomplete.attribute(forName: "type")?.stringValue == "incomplete")
        #expect(incomplete.attribute(forName: "message")?.stringValue?
            .hasPrefix("the replay stopped early: Traces/test.xml:42:7: attempt to delete item 9") == true)
        #expect(try elements(incompleteXML, "//failure").isEmpty)
    }

    @Test("Several traces: one suite, one case each in order, counts that add up, properties named per trace")
    func several() throws {
        let outcomes: [Result<Report, TraceFailure>] = [.success(Self.caseStudy), .failure(Self.failed),
                                                         .success(Self.incomplete)]
        let xml = junit(outcomes, JankThresholds())
        #expect(try elements(xml, "/testsuites/testsuite").count == 1)
        let names = try elements(xml, "//testcase").map { $0.attribute(forName: "name")?.stringValue }
        #expect(names == ["Traces/prepare-for-reuse.xml", Self.failed.trace, "Traces/test.xml"])
        for element in ["testsuites", "testsuites/testsuite"] {
            let suite = try #require(try elements(xml, "/" + element).first)
            #expect(suite.attribute(forName: "tests")?.stringValue == "3")
            #expect(suite.attribute(forName: "failures")?.stringValue == "1")
            #expect(suite.attribute(forName: "errors")?.stringValue == "2")
        }
        let times = try elements(xml, "//testcase").compactMap { $0.attribute(forName: "time")?.stringValue }
            .compactMap(Double.init)
        let total = try #require(try elements(xml, "/testsuites").first?.attribute(forName: "time")?.stringValue)
        #expect(abs(times.reduce(0, +) - (Double(total) ?? -1)) < 0.002)
        let properties = try elements(xml, "//property").compactMap { $0.attribute(forName: "name")?.stringValue }
        #expect(properties.contains("layout[Traces/prepare-for-reuse.xml]") && properties.contains("clock[Traces/test.xml]"))
    }

    @Test("The shared writer escapes markup in attributes and text, keeps line breaks in text, drops what XML forbids")
    func escaping() {
        #expect(JUnitXML.escape("a<b>&\"c'\n\t\u{1}") == "a&lt;b&gt;&amp;&quot;c&apos;&#10;&#9;")
        #expect(JUnitXML.escape("a\nb\r", inAttribute: false) == "a\nb&#13;")
        #expect(JUnitXML.seconds(1.2345) == "1.234" || JUnitXML.seconds(1.2345) == "1.235")
        #expect(JUnitXML.seconds(-1) == "0.000" && JUnitXML.seconds(.nan) == "0.000")
    }

    @Test("compare's JUnit: a case per trace × layout named 'TRACE [layout]', failing per layout, erroring per layout of a failed trace")
    func comparison() throws {
        var grid = Self.caseStudy
        grid.layout = "grid"
        grid.jankyFrames = 0
        grid.hitchTimeRatio = 0
        let comparison = Comparison(reports: [Self.caseStudy, grid])
        let failure = ComparisonFailure(trace: "Traces/x.xml", layouts: ["flow", "grid"], message: "Traces/x.xml: no such file")
        let xml = ComparisonFormat.junit.render([.success(comparison), .failure(failure)], asArray: true,
                                               thresholds: JankThresholds())
        golden.expect(xml, matches: "junit-compare.xml")
        let cases = try elements(xml, "/testsuites/testsuite[@name='reel compare']/testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == [
            "Traces/prepare-for-reuse.xml [flow]", "Traces/prepare-for-reuse.xml [grid]",
            "Traces/x.xml [flow]", "Traces/x.xml [grid]",
        ])
        #expect(cases.allSatisfy { $0.attribute(forName: "classname")?.stringValue == "reel.compare" })
        #expect(cases.map { $0.elements(forName: "failure").count } == [1, 0, 0, 0])
        #expect(cases.map { $0.elements(forName: "error").count } == [0, 0, 1, 1])
        // The lenient thresholds pass the flow layout too.
        let lenient = ComparisonFormat.junit.render([.success(comparison)], asArray: false, thresholds: Self.lenient)
        #expect(try elements(lenient, "//failure").isEmpty)
    }

    @Test("compare's text, Markdown and HTML never mention the thresholds; JSON judges each layout by them")
    func comparisonFormatsWithoutThresholds() {
        let comparison = Comparison(reports: [Self.caseStudy, Self.caseStudy])
        let json = ComparisonFormat.json.render([.success(comparison)], asArray: false, thresholds: Self.lenient)
        #expect(json.contains("\"max_janky_frames\": 15"), "the lenient thresholds")
        for format in ComparisonFormat.allCases where format != .junit && format != .json {
            let strict = format.render([.success(comparison)], asArray: false, thresholds: JankThresholds())
            let lenient = format.render([.success(comparison)], asArray: false, thresholds: Self.lenient)
            #expect(strict == lenient, "\(format)")
            #expect(!strict.contains("max-janky-frames") && !strict.contains("max-hitch-ratio"), "\(format)")
        }
    }

    @Test("Markdown: verdict line first, figures, hot paths, findings and non-zero counters folded")
    func markdownCaseStudy() throws {
        let failing = markdown([.success(Self.caseStudy)], JankThresholds())
        golden.expect(failing, matches: "markdown-case-study.md")
        let lines = failing.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "## `Traces/prepare-for-reuse.xml`")
        #expect(lines[2] == "**❌ FAIL** · 15 of 150 frames janky (10.0 %), hitch time ratio 100.0 ms/s: critical")
        #expect(failing.contains("- 15 janky frames per repeat, more than the 0 allowed (--max-janky-frames)\n"))
        #expect(failing.contains("| Janky frames | 15 per repeat (10.0 % of frames) |"))
        #expect(failing.contains("| Hitch time ratio | 100.0 ms/s (critical) |"))
        #expect(failing.contains("<details><summary>Counters (per repeat, not zero: 10 of 12)</summary>"))
        #expect(!failing.contains("decoration_created"))
        let passing = markdown([.success(Self.caseStudy)], Self.lenient)
        #expect(passing.split(separator: "\n")[1] == "**✅ PASS** · 15 of 150 frames janky (10.0 %), hitch time ratio 100.0 ms/s: critical")
        #expect(!passing.contains("(--max-"))
        try MarkdownTables.check(failing)
    }

    @Test("Markdown of several traces: one document, a verdict line per trace first, a section each, failures included")
    func markdownSeveral() throws {
        let text = markdown([.success(Self.caseStudy), .failure(Self.failed), .success(Self.incomplete)], Self.lenient)
        golden.expect(text, matches: "markdown-several.md")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "# reel replay: ❌ FAIL (2 of 3 traces failed)")
        #expect(lines[2].hasPrefix("- `Traces/prepare-for-reuse.xml`: **✅ PASS** · "))
        #expect(lines[3] == "- `Traces/missing <&>.xml`: **❌ ERROR** · Traces/missing &lt;&amp;&gt;.xml: no such file")
        #expect(lines[4].hasPrefix("- `Traces/test.xml`: **❌ INCOMPLETE** · "))
        #expect(text.components(separatedBy: "\n## ").count == 4)
        #expect(text.contains("The replay stopped early: Traces/test.xml:42:7: attempt to delete item 9"))
        #expect(text.contains("> warning: 2 events after the last frame were ignored"))
        try MarkdownTables.check(text)
    }

    @Test("Markdown escapes pipes, backticks and HTML in names")
    func markdownEscaping() throws {
        var report = Self.caseStudy
        report.trace = "Traces/a|b`c<script>.xml"
        report.layout = "fl|ow"
        report.hotPaths[0].path = "frame/x|y`z"
        report.findings = [Finding(rule: report.findings[0].rule, message: "a <b>|c</b> `d`")]
        let text = markdown([.success(report)], JankThresholds())
        #expect(text.hasPrefix("## `Traces/a\\|b'c<script>.xml`\n"))
        #expect(text.contains("layout `fl\\|ow`"))
        #expect(text.contains("| `frame/x\\|y'z` |"))
        #expect(text.contains("- a &lt;b&gt;\\|c&lt;/b&gt; \\`d\\`"))
        #expect(!text.contains("<b>") && !text.contains("<script>.xml:"))
        try MarkdownTables.check(text)
    }
}
