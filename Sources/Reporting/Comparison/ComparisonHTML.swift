internal import Foundation

/// The HTML form of comparisons: one self-contained page (no network, no script, no external style or font),
/// readable without JavaScript. Per trace: an SVG chart of every measured frame's time for each layout overlaid
/// on one axis with the budget line, the table of timing figures in the manner of `benchstat`, the counters
/// with their exact differences, and each layout's findings.
enum ComparisonHTML {
    /// The layouts' line colours, in order (a colour-blind-safe palette), reused beyond six layouts.
    static let colours = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"]

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
            svg text { font: 11px system-ui, sans-serif; fill: #444; }
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
                : "<ul>" + report.findings.map { "<li>\(escape($0.message))</li>" }.joined() + "</ul>")
        }
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    /// Each frame's time per layout: the median over the measured repeats of the frame of that index, at the
    /// time the frame begins.
    static func frameLine(_ report: Report) -> [(t: Double, ms: Double)] {
        var byIndex: [Int: (t: Double, times: [Double])] = [:]
        for row in report.frameSamples {
            byIndex[row.index, default: (row.t, [])].times.append(row.ms)
        }
        return byIndex.keys.sorted().compactMap { index in
            guard let entry = byIndex[index], let summary = MedianSummary(entry.times) else { return nil }
            return (entry.t, summary.median)
        }
    }

    /// The SVG chart: one polyline per layout, the budget line, the trace's markers, axes and a legend.
    private static func chart(_ comparison: Comparison) -> String {
        let width = 800.0, height = 300.0
        let left = 56.0, right = 16.0, top = 32.0, bottom = 36.0
        let lines = comparison.reports.map(frameLine)
        let budget = comparison.reports[0].budgetMs
        let maxTime = max(lines.flatMap { $0.map(\.t) }.max() ?? 0, 1 / comparison.reports[0].refreshRateHz)
        let maxMs = max(budget * 1.25, (lines.flatMap { $0.map(\.ms) }.max() ?? 0) * 1.05)
        func xValue(_ t: Double) -> Double { left + t / maxTime * (width - left - right) }
        func x(_ t: Double) -> String { number(xValue(t)) }
        func yValue(_ ms: Double) -> Double { height - bottom - ms / maxMs * (height - top - bottom) }
        func y(_ ms: Double) -> String { number(yValue(ms)) }
        var svg = ["<svg role=\"img\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" "
            + "height=\"\(Int(height))\"><title>Frame time per layout (median over the repeats) against the "
            + "\(String(format: "%.2f", budget)) ms budget</title>"]
        // Axes and ticks.
        svg.append("<line x1=\"\(x(0))\" y1=\"\(y(0))\" x2=\"\(x(maxTime))\" y2=\"\(y(0))\" stroke=\"#888\"/>")
        svg.append("<line x1=\"\(x(0))\" y1=\"\(y(0))\" x2=\"\(x(0))\" y2=\"\(y(maxMs))\" stroke=\"#888\"/>")
        for tick in ticks(upTo: maxMs) {
            svg.append("<text x=\"\(number(left - 6))\" y=\"\(y(tick))\" text-anchor=\"end\" dominant-baseline=\"middle\">"
                + "\(JSONValue.format(tick))</text>")
        }
        for tick in ticks(upTo: maxTime) {
            svg.append("<text x=\"\(x(tick))\" y=\"\(number(height - bottom + 16))\" text-anchor=\"middle\">"
                + "\(JSONValue.format(tick)) s</text>")
        }
        svg.append("<text x=\"\(number(left - 6))\" y=\"\(number(top - 9))\" text-anchor=\"end\">ms</text>")
        for marker in comparison.reports[0].markers where marker.time <= maxTime {
            svg.append("<line class=\"marker\" x1=\"\(x(marker.time))\" y1=\"\(y(0))\" x2=\"\(x(marker.time))\" "
                + "y2=\"\(y(maxMs))\" stroke=\"#bbb\" stroke-dasharray=\"2 3\"/>")
            svg.append("<text x=\"\(number(xValue(marker.time) + 3))\" y=\"\(number(top + 10))\">"
                + "\(escape(marker.label))</text>")
        }
        svg.append("<line class=\"budget\" x1=\"\(x(0))\" y1=\"\(y(budget))\" x2=\"\(x(maxTime))\" y2=\"\(y(budget))\" "
            + "stroke=\"#c00\" stroke-dasharray=\"6 4\"><title>budget \(String(format: "%.2f", budget)) ms</title></line>")
        svg.append("<text x=\"\(x(maxTime))\" y=\"\(number(yValue(budget) - 4))\" text-anchor=\"end\" "
            + "fill=\"#c00\">budget \(String(format: "%.2f", budget)) ms</text>")
        // The legend runs along the top, above the plot; each name takes about 7 px a character.
        var legendX = left + 24
        for (position, (report, line)) in zip(comparison.reports, lines).enumerated() {
            let colour = colours[position % colours.count]
            let points = line.map { "\(x($0.t)),\(y($0.ms))" }.joined(separator: " ")
            svg.append("<polyline class=\"layout\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.2\" "
                + "stroke-opacity=\"0.8\" points=\"\(points)\"><title>\(escape(report.layout))</title></polyline>")
            svg.append("<rect x=\"\(number(legendX))\" y=\"\(number(top - 18))\" width=\"10\" height=\"10\" "
                + "fill=\"\(colour)\"/>")
            svg.append("<text x=\"\(number(legendX + 14))\" y=\"\(number(top - 9))\">\(escape(report.layout))</text>")
            legendX += 14 + 7 * Double(report.layout.count) + 18
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n")
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

    /// About five round ticks from 0 to `maximum` (steps of 1, 2 or 5 times a power of ten).
    static func ticks(upTo maximum: Double) -> [Double] {
        guard maximum > 0, maximum.isFinite else { return [0] }
        let rough = maximum / 5
        let power = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? rough
        return stride(from: 0, through: maximum, by: step).map { $0 }
    }

    /// A coordinate with at most two decimals.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// `text` safe in HTML text and attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
