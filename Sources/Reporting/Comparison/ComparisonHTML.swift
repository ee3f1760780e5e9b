internal import Foundation

/// The HTML form of comparisons: one self-contained page (no network, no script, no external style or font),
/// readable without JavaScript, that fits a 1280 px window with any number of layouts. Per trace: the
/// distribution of each layout's frame times (``FrameDistributionChart``, a log time axis with the budget), every
/// measured frame's time for each layout overlaid on one axis with the budget line (``FrameChart``), the table
/// of timing figures in the manner of `benchstat`, the counters with their exact differences, and each layout's
/// findings. The tables hold the base and at most ``layoutsPerTable`` other layouts: with more, they repeat for
/// the next ones, so that a table never outgrows the page; long names and change notes wrap.
enum ComparisonHTML {
    /// The layouts a table compares with the base, at most.
    static let layoutsPerTable = 2

    static func render(_ outcomes: [Result<Comparison, ComparisonFailure>]) -> String {
        let traces = outcomes.map { outcome in
            switch outcome {
            case .success(let comparison): comparison.trace
            case .failure(let failure): failure.trace
            }
        }
        let title = traces.count == 1 ? "Reel compare: \(traces[0])" : "Reel compare"
        let sections = outcomes.map { outcome in
            switch outcome {
            case .success(let comparison): section(comparison)
            case .failure(let failure):
                "<section>\n<h2>\(escape(failure.trace))</h2>\n<p class=\"warning\">Failed: \(escape(failure.message))</p>\n</section>"
            }
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(escape(title))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; max-width: 1200px; }
            h1, h2, h3, p, li, figcaption { overflow-wrap: anywhere; }
            table { border-collapse: collapse; margin: 1em 0; max-width: 100%; }
            th, td { padding: 2px 10px; border-bottom: 1px solid #ddd; text-align: right; vertical-align: top; }
            td { white-space: nowrap; }
            th { overflow-wrap: anywhere; max-width: 16em; }
            th:first-child, td:first-child { text-align: left; white-space: normal; overflow-wrap: anywhere; min-width: 12em; max-width: 30em; }
            td.change { text-align: left; white-space: normal; min-width: 9em; }
            .significant { font-weight: bold; }
            .warning { color: #a40; }
            \(FrameChart.css)
            </style>
            </head>
            <body>
            <h1>Reel compare</h1>
            \(sections.joined(separator: "\n"))
            </body>
            </html>

            """
    }

    private static func section(_ comparison: Comparison) -> String {
        var html = ["<section>", "<h2>\(escape(comparison.trace))</h2>"]
        html.append("<p>" + comparison.description(escape: escape, layout: { "<b>\(escape($0))</b>" }, tilde: "~") + "</p>")
        for report in comparison.reports {
            if let failure = report.failure {
                html.append("<p class=\"warning\">Incomplete (\(escape(report.layout))): \(escape(failure))</p>")
            }
            for warning in report.warnings {
                html.append("<p class=\"warning\">Warning (\(escape(report.layout))): \(escape(warning))</p>")
            }
            if let noisy = ComparisonText.noisyFigures(report) {
                html.append("<p class=\"warning\">Warning (\(escape(report.layout))): the repeats disagree more than "
                    + "noise allows on \(escape(noisy)); do not trust those values alone</p>")
            }
        }
        html.append(distribution(comparison))
        html.append(chart(comparison))
        for others in tableColumns(comparison.layouts.count) {
            html.append(timingTable(comparison, others: others))
        }
        html.append(counterTables(comparison))
        for report in comparison.reports {
            html.append("<h3>Findings: \(escape(report.layout))</h3>")
            html.append(report.findings.isEmpty ? "<p>None.</p>"
                : "<ul>" + report.findings.map { "<li>\($0.html)</li>" }.joined() + "</ul>")
        }
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    /// Each frame's time per layout: the median over the measured repeats of the frame of that index, at the
    /// time the frame begins.
    static func frameLine(_ report: Report) -> [FrameChart.Point] {
        var byIndex: [Int: (t: Double, times: [Double])] = [:]
        for row in report.frameSamples {
            byIndex[row.index, default: (row.t, [])].times.append(row.ms)
        }
        return byIndex.keys.sorted().compactMap { index in
            guard let entry = byIndex[index], let summary = MedianSummary(entry.times) else { return nil }
            return FrameChart.Point(t: entry.t, ms: summary.median, frame: index)
        }
    }

    /// The layouts (by index) each table compares with the base: at most ``layoutsPerTable`` a table.
    static func tableColumns(_ layouts: Int) -> [[Int]] {
        stride(from: 1, to: max(layouts, 2), by: layoutsPerTable).map { Array($0..<min($0 + layoutsPerTable, layouts)) }
    }

    /// The distribution of each layout's measured frame times: one step line per layout on a log time axis.
    private static func distribution(_ comparison: Comparison) -> String {
        let base = comparison.reports[0]
        let series = comparison.reports.enumerated().map { position, report in
            FrameDistributionChart.Series(name: report.layout,
                                          colour: FrameChart.colours[position % FrameChart.colours.count],
                                          values: frameLine(report).map(\.ms))
        }
        let chart = FrameDistributionChart(
            series: series, budgetMs: base.budgetMs,
            title: "Distribution of frame times per layout against the \(HTMLText.fixed(base.budgetMs, 2)) ms budget")
        return chart.figure(caption: "The distribution of each layout's frame times (the median over the measured "
            + "repeats of each frame): for a time on the log axis, the share of frames that take at most that long. "
            + "A line further left is faster; where a line crosses the dashed budget line is its share of frames "
            + "within the budget.")
    }

    /// The shared frame chart: one line per layout, overlaid, with the budget line and the trace's markers.
    private static func chart(_ comparison: Comparison) -> String {
        let base = comparison.reports[0]
        let series = comparison.reports.enumerated().map { position, report in
            FrameChart.Series(name: report.layout, colour: FrameChart.colours[position % FrameChart.colours.count],
                              points: frameLine(report))
        }
        let chart = FrameChart(
            series: series, budgetMs: base.budgetMs, minimumSeconds: 1 / base.refreshRateHz, markers: base.markers,
            title: "Frame time per layout (median over the repeats) against the "
                + "\(String(format: "%.2f", base.budgetMs)) ms budget")
        return chart.figure(caption: "One line per layout: each frame's time, the median over the measured repeats "
            + "of the frame of that index, at the time the frame begins; red marks are frames over the budget.")
    }

    private static func timingTable(_ comparison: Comparison, others: [Int]) -> String {
        let layouts = comparison.layouts
        var html = ["<table class=\"timings\">", "<tr><th>Figure</th><th>\(escape(layouts[0]))</th>"
            + others.map { "<th>\(escape(layouts[$0]))</th><th>change</th>" }.joined() + "</tr>"]
        for timing in comparison.timings {
            let label: String
            if case .hotPathSelfTime(let path) = timing.figure {
                label = "self time of <code>\(escape(path))</code>"
            } else {
                label = escape(timing.figure.declaration.label)
            }
            var cells = "<td>\(label)</td><td>\(escape(BenchstatText.sample(timing.samples[0], of: timing.figure)))</td>"
            for other in others where other < timing.samples.count && other - 1 < timing.changes.count {
                let sample = timing.samples[other], change = timing.changes[other - 1]
                let significant = change.isSignificant ? " significant" : ""
                cells += "<td>\(escape(BenchstatText.sample(sample, of: timing.figure)))</td>"
                    + "<td class=\"change\(significant)\">\(escape(BenchstatText.changeAndTest(change)))</td>"
            }
            html.append("<tr>\(cells)</tr>")
        }
        html.append("</table>")
        return html.joined(separator: "\n")
    }

    private static func counterTables(_ comparison: Comparison) -> String {
        let counters = comparison.counters.filter { !$0.isZero }
        guard !counters.isEmpty else { return "<p>Counters: none.</p>" }
        let layouts = comparison.layouts
        var html: [String] = []
        for others in tableColumns(layouts.count) {
            html += ["<table class=\"counters\">", "<tr><th>Counter (exact)</th><th>\(escape(layouts[0]))</th>"
                + others.map { "<th>\(escape(layouts[$0]))</th><th>difference</th>" }.joined() + "</tr>"]
            for counter in counters {
                var cells = "<td>\(escape(counter.counter.key))</td><td>\(counter.values[0].map(String.init) ?? "-")</td>"
                for other in others where other < counter.values.count && other - 1 < counter.differences.count {
                    let value = counter.values[other], difference = counter.differences[other - 1]
                    let significant = difference.map { $0 != 0 } ?? false ? " class=\"significant\"" : ""
                    cells += "<td>\(value.map(String.init) ?? "-")</td>"
                        + "<td\(significant)>\(escape(difference.map(BenchstatText.difference) ?? "-"))</td>"
                }
                html.append("<tr>\(cells)</tr>")
            }
            html.append("</table>")
        }
        return html.joined(separator: "\n")
    }

    private static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
