/// `reel compare --format junit`: one `<testsuite name="reel compare">`, one `<testcase>` per trace × layout
/// (`classname` `reel.compare`, `name` `TRACE [layout]`), failing when that layout's report is janky beyond
/// the thresholds, an error for each layout of a trace that could not be compared and for a layout whose
/// replay stopped early.
enum ComparisonJUnit {
    static let suiteName = "reel compare"
    static let classname = "reel.compare"

    static func render(_ outcomes: [Result<Comparison, ComparisonFailure>], thresholds: JankThresholds) -> String {
        var document = JUnitXML(name: suiteName)
        let reports = outcomes.flatMap { (try? $0.get())?.reports ?? [] }
        document.properties = [
            ("max_janky_frames", JSONValue.format(thresholds.maxJankyFrames)),
            ("max_hitch_ratio_ms_per_s", JSONValue.format(thresholds.maxHitchRatio)),
        ] + ReportJUnit.properties(of: reports, key: { "[\(name($0.trace, $0.layout))]" })
        for outcome in outcomes {
            switch outcome {
            case .success(let comparison):
                for report in comparison.reports {
                    document.append(ReportJUnit.testCase(report, name: name(comparison.trace, report.layout),
                                                         classname: classname, thresholds: thresholds))
                }
            case .failure(let failure):
                for layout in failure.layouts.isEmpty ? ["?"] : failure.layouts {
                    document.append(JUnitXML.TestCase(
                        classname: classname, name: name(failure.trace, layout),
                        outcome: .error(type: "failed", message: failure.message, body: failure.message)))
                }
            }
        }
        return document.rendered
    }

    /// `Traces/a.xml [flow]`.
    static func name(_ trace: String, _ layout: String) -> String {
        "\(trace) [\(layout)]"
    }
}
