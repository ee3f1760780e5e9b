internal import Foundation

/// The HTML form of comparisons: one self-contained page (no network, no script, no external style or font),
/// readable without JavaScript. Per trace: an SVG chart of every measured frame's time for each layout overlaid
/// on one axis with the budget line, the table of timing figures in the manner of `benchstat`, the counters
/// with their exact differences, and each layout's findings.
enum ComparisonHTML {
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
            body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
            table { border-collapse: collapse; margin: 1em 0; }
            th, td { padding: 2px 10px; border-bottom: 1px solid #ddd; text-align: right; white-space: nowrap; }
            th:first-child, td:first-child { text-align: left; }
            td.change { text-align: left; }
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
        html.append(chart(comparison))
        html.append(timingTable(comparison))
        html.append(counterTable(comparison))
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

    private static func timingTable(_ comparison: Comparison) -> String {
        let layouts = comparison.layouts
        var html = ["<table>", "<tr><th>Figure</th><th>\(escape(layouts[0]))</th>"
            + layouts.dropFirst().map { "<th>\(escape($0))</th><th>change</th>" }.joined() + "</tr>"]
        for timing in comparison.timings {
            let label: String
            if case .hotPathSelfTime(let path) = timing.figure {
                label = "self time of <code>\(escape(path))</code>"
            } else {
                label = escape(timing.figure.declaration.label)
            }
            var cells = "<td>\(label)</td><td>\(escape(BenchstatText.sample(timing.samples[0], of: timing.figure)))</td>"
            for (sample, change) in zip(timing.samples.dropFirst(), timing.changes) {
                let significant = change.isSignificant ? " significant" : ""
                cells += "<td>\(escape(BenchstatText.sample(sample, of: timing.figure)))</td>"
                    + "<td class=\"change\(significant)\">\(escape(BenchstatText.changeAndTest(change)))</td>"
            }
            html.append("<tr>\(cells)</tr>")
        }
        html.append("</table>")
        return html.joined(separator: "\n")
    }

    private static func counterTable(_ comparison: Comparison) -> String {
        let counters = comparison.counters.filter { !$0.isZero }
        guard !counters.isEmpty else { return "<p>Counters: none.</p>" }
        let layouts = comparison.layouts
        var html = ["<table>", "<tr><th>Counter (exact)</th><th>\(escape(layouts[0]))</th>"
            + layouts.dropFirst().map { "<th>\(escape($0))</th><th>difference</th>" }.joined() + "</tr>"]
        for counter in counters {
            var cells = "<td>\(escape(counter.counter.key))</td><td>\(counter.values[0].map(String.init) ?? "-")</td>"
            for (value, difference) in zip(counter.values.dropFirst(), counter.differences) {
                let significant = difference.map { $0 != 0 } ?? false ? " class=\"significant\"" : ""
                cells += "<td>\(value.map(String.init) ?? "-")</td>"
                    + "<td\(significant)>\(escape(difference.map(BenchstatText.difference) ?? "-"))</td>"
            }
            html.append("<tr>\(cells)</tr>")
        }
        html.append("</table>")
        return html.joined(separator: "\n")
    }

    private static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
