internal import Foundation

/// The Markdown form of comparisons, for CI step summaries and pull-request comments: per trace a heading,
/// the timing figures and hot paths as a GitHub table in the manner of `benchstat`, the counters with their
/// exact differences, and each layout's findings.
enum ComparisonMarkdown {
    /// Comparisons one after another.
    static func render(_ comparisons: [Comparison]) -> String {
        comparisons.map(section).joined(separator: "\n")
    }

    private static func section(_ comparison: Comparison) -> String {
        let layouts = comparison.layouts
        var lines = ["## Compare `\(comparison.trace)`", ""]
        lines.append(comparison.description(escape: { $0 }, layout: { "`\(cell($0))`" }, tilde: "`~`"))
        for report in comparison.reports {
            if let failure = report.failure {
                lines += ["", "**Incomplete** (`\(cell(report.layout))`): \(cell(failure))"]
            }
            for warning in report.warnings {
                lines += ["", "> warning (`\(cell(report.layout))`): \(cell(warning))"]
            }
            if let noisy = ComparisonText.noisyFigures(report) {
                lines += ["", "> warning (`\(cell(report.layout))`): the repeats disagree more than noise allows on "
                    + "\(cell(noisy)); do not trust those values alone"]
            }
        }
        lines.append("")
        var header = ["Figure", "`\(cell(layouts[0]))`"]
        var rule = ["---", "---:"]
        for layout in layouts.dropFirst() {
            header += ["`\(cell(layout))`", "change"]
            rule += ["---:", "---"]
        }
        lines.append(row(header))
        lines.append(row(rule))
        for timing in comparison.timings {
            let label: String
            if case .hotPathSelfTime(let path) = timing.figure {
                label = "self time of `\(cell(path))`"
            } else {
                label = timing.figure.declaration.label
            }
            var cells = [label, BenchstatText.sample(timing.samples[0], of: timing.figure)]
            for (sample, change) in zip(timing.samples.dropFirst(), timing.changes) {
                cells += [BenchstatText.sample(sample, of: timing.figure), BenchstatText.changeAndTest(change)]
            }
            lines.append(row(cells))
        }
        let counters = comparison.counters.filter { !$0.isZero }
        if !counters.isEmpty {
            lines.append("")
            var header = ["Counter (exact)", "`\(cell(layouts[0]))`"]
            var rule = ["---", "---:"]
            for layout in layouts.dropFirst() {
                header += ["`\(cell(layout))`", "difference"]
                rule += ["---:", "---:"]
            }
            lines.append(row(header))
            lines.append(row(rule))
            for counter in counters {
                var cells = [counter.counter.key, counter.values[0].map(String.init) ?? "-"]
                for (value, difference) in zip(counter.values.dropFirst(), counter.differences) {
                    let text = difference.map(BenchstatText.difference) ?? "-"
                    cells += [value.map(String.init) ?? "-", difference == 0 ? text : "**\(text)**"]
                }
                lines.append(row(cells))
            }
        }
        for report in comparison.reports {
            lines += ["", "### Findings: `\(cell(report.layout))`", ""]
            lines += report.findings.isEmpty ? ["None."] : report.findings.map { "- \(cell($0.message))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }

    /// `text` safe inside a table cell or code span: pipes escaped, backticks and line breaks replaced.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
            .replacingOccurrences(of: "\n", with: " ")
    }
}
