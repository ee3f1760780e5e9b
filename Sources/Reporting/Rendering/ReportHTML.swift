/// `--format html`: one self-contained page, readable without JavaScript and with no script at all,
/// no network access and nothing external (inline CSS, inline SVG).
///
/// Per trace, in this order: the verdict (hitch band, complete or not, warnings) with the figures; a chart of
/// every measured frame against the budget (``FrameChart``: one line per measured repeat, janky frames marked,
/// markers labelled, the initial display apart); the hot paths as an icicle chart (``Icicle``) and a table; the
/// worst frames; the findings; the counters (the non-zero ones, and all of them folded); the markers, the
/// environment and the clock. Several traces give one page with a section each and a table of contents; a
/// trace that gave no report has its section with the error.
enum ReportHTML {
    /// - Parameters:
    ///   - thresholds: What the verdict judges each trace against (PASS, FAIL, INCOMPLETE, EMPTY).
    ///   - pointLimit: The points a frame chart draws one by one before it draws envelopes.
    static func render(_ outcomes: [Result<Report, TraceFailure>], thresholds: JankThresholds = JankThresholds(),
                       pointLimit: Int = FrameChart.defaultPointLimit) -> String {
        let traces = outcomes.map(trace)
        let sections = outcomes.enumerated().map { position, outcome in
            switch outcome {
            case .success(let report):
                section(report, id: "trace-\(position + 1)", thresholds: thresholds, pointLimit: pointLimit)
            case .failure(let failure):
                "<section id=\"trace-\(position + 1)\">\n<h2>\(escape(failure.trace))</h2>\n"
                    + "<p class=\"verdict failed\"><strong>Failed:</strong> \(escape(failure.message))</p>\n</section>"
            }
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape("Reel replay: " + traces.joined(separator: ", ")))</title>
            <style>
            \(css)
            \(FrameChart.css)
            \(Icicle.css)
            </style>
            </head>
            <body>
            <h1>Reel replay</h1>
            \(outcomes.count > 1 ? contents(outcomes, thresholds: thresholds) + "\n" : "")\(sections.joined(separator: "\n"))
            </body>
            </html>

            """
    }

    private static let css = """
        body { font: 14px/1.45 system-ui, sans-serif; margin: 2em; color: #222; max-width: 1000px; }
        h2 { border-bottom: 2px solid #ddd; padding-bottom: 4px; margin-top: 2em; }
        table { border-collapse: collapse; margin: 0.5em 0 1em; }
        th, td { padding: 2px 10px; border-bottom: 1px solid #ddd; text-align: right; white-space: nowrap; }
        th:first-child, td:first-child, th.text, td.text { text-align: left; }
        code { font-size: 13px; }
        .context { color: #555; }
        .verdict { font-size: 16px; padding: 8px 12px; border-left: 6px solid #888; background: #f6f6f6; }
        .verdict.good { border-color: #2a7d2a; }
        .verdict.warning { border-color: #d08a00; }
        .verdict.critical, .verdict.failed { border-color: #c00; }
        .incomplete, .warnings li { color: #a40; }
        details { margin: 0.5em 0 1em; }
        """

    private static func trace(_ outcome: Result<Report, TraceFailure>) -> String {
        switch outcome {
        case .success(let report): report.trace
        case .failure(let failure): failure.trace
        }
    }

    /// The table of contents: each trace with its verdict.
    private static func contents(_ outcomes: [Result<Report, TraceFailure>], thresholds: JankThresholds) -> String {
        let items = outcomes.enumerated().map { position, outcome in
            let summary = switch outcome {
            case .success(let report): "\(thresholds.verdict(of: report).word): \(report.verdict)"
            case .failure: "failed"
            }
            return "<li><a href=\"#trace-\(position + 1)\">\(escape(trace(outcome)))</a>: \(escape(summary))</li>"
        }
        return "<nav>\n<h2>Traces</h2>\n<ol>\n" + items.joined(separator: "\n") + "\n</ol>\n</nav>"
    }

    private static func section(_ report: Report, id: String, thresholds: JankThresholds, pointLimit: Int) -> String {
        var html = ["<section id=\"\(id)\">", "<h2>\(escape(report.trace))</h2>"]
        let warmup = report.warmup > 0 ? " (+\(report.warmup) warm-up)" : ""
        html.append("<p class=\"context\">" + escape([
            "layout \(report.layout)", report.mode.rawValue, "clock \(report.clock.rawValue)", "workload \(report.workload.rawValue)",
            report.refreshRateText(HTMLText.number), report.budgetText { HTMLText.fixed($0, 2) },
            "\(report.repeats) \(report.repeats == 1 ? "repeat" : "repeats")\(warmup)",
            "\(HTMLText.number(report.frames)) frames per repeat", "\(HTMLText.number(report.sessionSeconds)) s",
        ].joined(separator: " · ")) + "</p>")
        html += verdict(report, thresholds: thresholds)
        html.append("<h3>Every measured frame</h3>")
        html.append(chart(report, pointLimit: pointLimit))
        html.append("<h3>Hot paths</h3>")
        html.append(Icicle(report.hotPaths).figure())
        html.append(hotPaths(report))
        html.append("<h3>Worst frames</h3>")
        html.append(worstFrames(report))
        html.append("<h3>Findings</h3>")
        html.append(report.findings.isEmpty ? "<p>None.</p>"
            : "<ul class=\"findings\">\n" + report.findings.map {
                "<li>\($0.html) <small>(\(escape($0.rule.rawValue)))</small></li>"
            }.joined(separator: "\n") + "\n</ul>")
        html.append("<h3>Counters (per repeat)</h3>")
        html.append(counters(report))
        html.append("<h3>Markers, environment and clock</h3>")
        html.append(environment(report))
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    /// The verdict against the thresholds in a box coloured by it (a pass by its hitch band), the thresholds
    /// exceeded, whether the replay completed, the warnings, then the figures.
    private static func verdict(_ report: Report, thresholds: JankThresholds) -> [String] {
        let band = report.hitchBand
        let judged = thresholds.verdict(of: report)
        let style = switch judged {
        case .pass: band.rawValue
        case .empty: "warning"
        case .fail, .incomplete: "failed"
        }
        var html = ["<p class=\"verdict \(style)\"><strong>\(judged.word):</strong> \(escape(report.verdict))</p>"]
        if case .fail(let violations) = judged {
            html.append("<ul class=\"violations\">\n" + violations.map { "<li>\(escape($0))</li>" }.joined(separator: "\n")
                + "\n</ul>")
        }
        let bandText = switch band {
        case .good: "under 5 ms/s: hitches are rarely noticeable"
        case .warning: "5 to 10 ms/s: users notice some interruptions"
        case .critical: "10 ms/s or more: hitches are frequent"
        }
        html.append("<p>Hitch band: <strong>\(band.rawValue)</strong> (\(bandText)).</p>")
        if let failure = report.failure {
            html.append("<p class=\"incomplete\"><strong>Incomplete:</strong> the replay stopped early: "
                + "\(escape(failure))</p>")
        } else if !report.complete {
            html.append("<p class=\"incomplete\"><strong>Incomplete:</strong> the replay stopped before the end of the "
                + "trace</p>")
        } else {
            html.append("<p>Complete: every repeat ran to the end of the trace.</p>")
        }
        let warnings = report.warnings + report.noiseWarnings
        if !warnings.isEmpty {
            html.append("<ul class=\"warnings\">\n" + warnings.map { "<li>Warning: \(escape($0))</li>" }
                .joined(separator: "\n") + "\n</ul>")
        }
        html.append("<p>Measured: \(escape(report.window.summary)). Counts of frames are means per repeat; "
            + "percentiles pool every measured frame.</p>")
        var rows = ["<table class=\"figures\">", "<tr><th>Figure</th><th>value</th><th>unit</th></tr>"]
        for figure in Figure.summary {
            guard let value = figure.value(in: report) else { continue }
            let declaration = figure.declaration
            let unit = declaration.unit == .count ? "" : declaration.unit.rawValue
            rows.append("<tr><td>\(escape(declaration.label))</td><td>\(HTMLText.fixed(value, declaration.decimals))</td>"
                + "<td class=\"text\">\(escape(unit))</td></tr>")
        }
        rows.append("</table>")
        return html + [rows.joined(separator: "\n")]
    }

    /// The frame chart: one line per measured repeat.
    private static func chart(_ report: Report, pointLimit: Int) -> String {
        // The samples hold frame 0 even when the window leaves it out: the chart draws the measured frames.
        let measured = report.frameSamples.filter {
            report.window.contains(frame: $0.index, frameClock: report.frameClock)
        }
        guard !measured.isEmpty else { return "<p>No frames measured.</p>" }
        var byRepeat: [Int: [FrameChart.Point]] = [:]
        for row in measured {
            byRepeat[row.repeatIndex, default: []].append(FrameChart.Point(t: row.t, ms: row.ms, frame: row.index))
        }
        let series = byRepeat.keys.sorted().enumerated().map { position, repeatIndex in
            FrameChart.Series(name: "repeat \(repeatIndex + 1)",
                              colour: FrameChart.colours[position % FrameChart.colours.count],
                              points: byRepeat[repeatIndex] ?? [])
        }
        let chart = FrameChart(
            series: series, budgetMs: report.budgetMs, minimumSeconds: report.sessionSeconds, markers: report.markers,
            initialDisplayMs: report.initialDisplay?.ms,
            title: "Every measured frame's time against the \(HTMLText.fixed(report.budgetMs, 2)) ms budget",
            pointLimit: pointLimit)
        let repeats = series.count == 1 ? "one line for the measured repeat"
            : "one line per measured repeat (\(series.count)), overlaid on the same time axis"
        var caption = "Every measured frame (\(report.window.summary)): \(repeats); x is the time the frame begins "
            + "in the session, y its time (µs or ms, as the axis says). The dashed red line is the budget, red marks are janky frames, "
            + "dashed grey lines are the trace's markers."
        if let initial = report.initialDisplay {
            let apart = report.window.includesInitialDisplay ? "; it is also frame 0 of the measured series"
                : ", reported apart from the measured frames"
            caption += " The grey bar left of the plot is the initial display (frame 0, "
                + "\(HTMLText.fixed(initial.ms, 3)) ms, mean over the repeats)\(apart)."
        }
        let distribution = FrameDistributionChart(
            series: series.map { FrameDistributionChart.Series(name: $0.name, colour: $0.colour, values: $0.points.map(\.ms)) },
            budgetMs: report.budgetMs,
            title: "Distribution of the measured frames' times against the \(HTMLText.fixed(report.budgetMs, 2)) ms budget")
        return chart.figure(caption: caption) + "\n" + distribution.figure(
            caption: "The distribution of the measured frames' times, \(repeats): for a time on the log axis, the "
                + "share of frames that take at most that long; where a line crosses the dashed budget line is its "
                + "share of frames within the budget.")
    }

    private static func hotPaths(_ report: Report) -> String {
        guard !report.hotPaths.isEmpty else { return "<p>No span was measured.</p>" }
        var rows = ["<table class=\"hot-paths\">", "<tr><th>Path (ms per repeat)</th><th>calls</th><th>total</th>"
            + "<th>self</th><th>janky self</th><th>call p50</th><th>call p99</th><th>call max</th></tr>"]
        for path in report.hotPaths {
            rows.append("<tr><td><code>\(escape(path.path))</code></td><td>\(HTMLText.number((path.calls * 10).rounded() / 10))</td>"
                + [path.totalMs, path.selfMs, path.jankySelfMs, path.callP50Ms, path.callP99Ms, path.callMaxMs]
                    .map { "<td>\(HTMLText.fixed($0, 3))</td>" }.joined() + "</tr>")
        }
        rows.append("</table>")
        return rows.joined(separator: "\n")
    }

    private static func worstFrames(_ report: Report) -> String {
        guard !report.worstFrames.isEmpty else { return "<p>No frames measured.</p>" }
        var rows = ["<table class=\"worst-frames\">",
                    "<tr><th>frame</th><th>repeat</th><th>t (s)</th><th>ms</th><th class=\"text\">top path</th></tr>"]
        for frame in report.worstFrames {
            rows.append("<tr><td>\(frame.index)</td><td>\(frame.repeatIndex + 1)</td><td>\(HTMLText.fixed(frame.t, 3))</td>"
                + "<td>\(HTMLText.fixed(frame.ms, 3))</td><td class=\"text\"><code>\(escape(frame.topPath ?? "-"))</code>"
                + "</td></tr>")
        }
        rows.append("</table>")
        return rows.joined(separator: "\n")
    }

    /// The non-zero counters, then all of them folded.
    private static func counters(_ report: Report) -> String {
        let counters = report.counters.named
        guard !counters.isEmpty else { return "<p>None reported.</p>" }
        func table(_ counters: [(name: String, value: Int)], _ className: String) -> String {
            "<table class=\"\(className)\">\n" + counters.map {
                "<tr><td><code>\(escape($0.name))</code></td><td>\($0.value)</td></tr>"
            }.joined(separator: "\n") + "\n</table>"
        }
        let nonZero = counters.filter { $0.value != 0 }
        return (nonZero.isEmpty ? "<p>Every counter is zero.</p>" : table(nonZero, "counters"))
            + "\n<details><summary>All \(counters.count) counters, zeros included</summary>\n"
            + table(counters, "all-counters") + "\n</details>"
    }

    private static func environment(_ report: Report) -> String {
        var html: [String] = []
        if !report.markers.isEmpty {
            html.append("<table class=\"markers\">\n<tr><th>marker</th><th>t (s)</th></tr>\n" + report.markers.map {
                "<tr><td>\(escape($0.label))</td><td>\(HTMLText.fixed($0.time, 3))</td></tr>"
            }.joined(separator: "\n") + "\n</table>")
        }
        let environment = report.environment
        let clock = report.clock == .cpu ? "cpu (the main thread's CPU time)" : "\(report.clock.rawValue) (monotonic)"
        let rows: [(String, String)] = [
            ("host", environment.host), ("cores", String(environment.cores)),
            ("processor", environment.cpuModel ?? "unknown"), ("Swift", environment.swift),
            ("build", environment.build), ("clock", clock),
            ("workload", report.workload == .model ? "model (declared costs added to their frames)" : "spend (declared costs spent on the clock)"),
        ]
        html.append("<table class=\"environment\">\n" + rows.map {
            "<tr><td>\(escape($0.0))</td><td class=\"text\">\(escape($0.1))</td></tr>"
        }.joined(separator: "\n") + "\n</table>")
        return html.joined(separator: "\n")
    }

    private static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
