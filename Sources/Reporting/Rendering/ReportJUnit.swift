/// `--format junit`: one `<testsuite name="reel replay">` inside `<testsuites>`, one `<testcase>`
/// per trace (`classname` `reel.replay`, `name` the trace's path, `time` the seconds of frames measured),
/// failing when the trace is janky beyond the thresholds (`--max-janky-frames`, `--max-hitch-ratio`), an
/// error when its replay failed or stopped early; the verdict and key figures in each case's `<system-out>`,
/// and each trace's layout, mode, clock and refresh rate among the suite's `<properties>`.
enum ReportJUnit {
    static let suiteName = "reel replay"
    static let classname = "reel.replay"

    static func render(_ outcomes: [Result<Report, TraceFailure>], thresholds: JankThresholds) -> String {
        var document = JUnitXML(name: suiteName)
        let reports = outcomes.compactMap { try? $0.get() }
        document.properties = [
            ("max_janky_frames", JSONValue.format(thresholds.maxJankyFrames)),
            ("max_hitch_ratio_ms_per_s", JSONValue.format(thresholds.maxHitchRatio)),
        ] + properties(of: reports)
        for outcome in outcomes {
            switch outcome {
            case .success(let report):
                document.append(testCase(report, name: report.trace, classname: classname, thresholds: thresholds))
            case .failure(let failure):
                document.append(JUnitXML.TestCase(
                    classname: classname, name: failure.trace,
                    outcome: .error(type: "failed", message: failure.message, body: failure.message)))
            }
        }
        return document.rendered
    }

    /// Each report's layout, mode, clock and refresh rate: plain names when there is one report, named after
    /// the trace (`layout[Traces/a.xml]`) when there are several.
    static func properties(of reports: [Report], key: (Report) -> String = { "[\($0.trace)]" })
        -> [(name: String, value: String)] {
        reports.flatMap { report in
            let suffix = reports.count == 1 ? "" : key(report)
            return [
                ("layout" + suffix, report.layout),
                ("mode" + suffix, report.mode.rawValue),
                ("clock" + suffix, report.clock.rawValue),
                ("refresh_rate_hz" + suffix, JSONValue.format(report.refreshRateHz)),
            ]
        }
    }

    /// The test case of one report: an error when the replay stopped early, a failure when the report
    /// exceeds `thresholds`, else passed; its verdict and key figures as its `<system-out>`.
    static func testCase(_ report: Report, name: String, classname: String, thresholds: JankThresholds)
        -> JUnitXML.TestCase {
        var testCase = JUnitXML.TestCase(classname: classname, name: name, seconds: report.measuredSeconds,
                                         systemOut: systemOut(report))
        let topPath = report.topHotPathText.map { ["Top hot path: " + $0] } ?? []
        if !report.complete {
            let message = "the replay stopped early: " + (report.failure ?? "it did not reach the end of the trace")
            testCase.outcome = .error(type: "incomplete", message: message,
                                      body: ([message, "Verdict (frames measured): " + report.verdict] + topPath)
                                        .joined(separator: "\n"))
            return testCase
        }
        let violations = thresholds.violations(of: report)
        if !violations.isEmpty {
            let message = violations.joined(separator: "; ")
            testCase.outcome = .failure(type: "janky", message: message,
                                        body: (violations + ["Verdict: " + report.verdict] + topPath)
                                            .joined(separator: "\n"))
        }
        return testCase
    }

    /// `Verdict: …` then one line per key figure, `p50 frame time: 1.210 ms`.
    private static func systemOut(_ report: Report) -> String {
        var lines = ["Verdict: " + report.verdict]
        for figure in Report.keyFigures {
            if let text = report.keyFigureText(figure) { lines.append("\(figure.declaration.label): \(text)") }
        }
        if let top = report.topHotPathText { lines.append("Top hot path: " + top) }
        return lines.joined(separator: "\n")
    }
}
