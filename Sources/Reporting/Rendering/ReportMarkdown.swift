/// `--format markdown`: GitHub-flavoured Markdown short enough for a CI step summary or a pull
/// request comment. Per trace, a section: the verdict line first (✅ PASS or ❌ FAIL against the thresholds,
/// ⚠️ EMPTY when no frame was measured, ❌ INCOMPLETE or ❌ ERROR for a replay that stopped early or failed,
/// then ``Report/verdict``), the
/// thresholds exceeded, the key figures as a table, the top hot paths (per repeat), the findings as a list,
/// the warnings, and the counters that are not zero folded in a `<details>` block. Several traces: one
/// document, a verdict line per trace first, then a section each, failures included.
enum ReportMarkdown {
    /// The hot paths the table shows; the JSON report has them all.
    static let hotPathRows = 10

    static func render(_ outcomes: [Result<Report, TraceFailure>], thresholds: JankThresholds) -> String {
        var blocks: [String] = []
        if outcomes.count > 1 {
            let failed = outcomes.count { !passed($0, thresholds) }
            let verdict = failed == 0 ? "✅ PASS" : "❌ FAIL"
            var lines = ["# reel replay: \(verdict) (\(failed) of \(outcomes.count) traces failed)", ""]
            lines += outcomes.map { "- " + verdictLine($0, thresholds, named: true) }
            blocks.append(lines.joined(separator: "\n"))
        }
        blocks += outcomes.map { section($0, thresholds) }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func passed(_ outcome: Result<Report, TraceFailure>, _ thresholds: JankThresholds) -> Bool {
        guard case .success(let report) = outcome else { return false }
        return switch thresholds.verdict(of: report) {
        case .pass, .empty: true
        case .fail, .incomplete: false
        }
    }

    /// `**✅ PASS** · 0 of 150 frames janky (0.0 %), …`; with the trace's name first when `named`.
    private static func verdictLine(_ outcome: Result<Report, TraceFailure>, _ thresholds: JankThresholds,
                                    named: Bool) -> String {
        switch outcome {
        case .failure(let failure):
            return (named ? "\(code(failure.trace)): " : "") + "**❌ ERROR** · \(plain(failure.message))"
        case .success(let report):
            let judged = thresholds.verdict(of: report)
            let status = switch judged {
            case .pass: "✅ PASS"
            case .empty: "⚠️ EMPTY"
            case .fail, .incomplete: "❌ " + judged.word
            }
            return (named ? "\(code(report.trace)): " : "") + "**\(status)** · \(plain(report.verdict))"
        }
    }

    private static func section(_ outcome: Result<Report, TraceFailure>, _ thresholds: JankThresholds) -> String {
        let report: Report
        switch outcome {
        case .failure(let failure):
            return "## \(code(failure.trace))\n\n" + verdictLine(outcome, thresholds, named: false)
        case .success(let success):
            report = success
        }
        var lines = ["## \(code(report.trace))", "", verdictLine(outcome, thresholds, named: false), ""]
        if let failure = report.failure {
            lines += ["The replay stopped early: \(plain(failure))", ""]
        }
        let violations = thresholds.violations(of: report)
        if !violations.isEmpty {
            lines += violations.map { "- \(plain($0))" } + [""]
        }
        if let advice = thresholds.gateAdvice(for: report) {
            lines += [plain(advice), ""]
        }
        let warmup = report.warmup > 0 ? " (+\(report.warmup) warm-up)" : ""
        lines += [[
            "layout \(code(report.layout))", plain(report.mode.rawValue), "clock \(plain(report.clock.rawValue))",
            "workload \(report.workload.rawValue)",
            report.refreshRateText(JSONValue.format), report.budgetText { GateText.number($0, decimals: 2) },
            "\(report.repeats) \(report.repeats == 1 ? "repeat" : "repeats")\(warmup)",
            "\(JSONValue.format(report.frames)) frames per repeat",
        ].joined(separator: " · "), ""]

        lines += table(["Figure", "Value"], [.left, .right], Report.keyFigures.compactMap { figure in
            report.keyFigureText(figure).map { [figure.declaration.label, plain($0)] }
        })

        lines += ["", "### Hot paths (ms per repeat)", ""]
        if report.hotPaths.isEmpty {
            lines.append("None measured.")
        } else {
            lines += table(["Path", "calls", "total", "self", "janky self"], [.left] + Array(repeating: .right, count: 4),
                           report.hotPaths.prefix(hotPathRows).map { path in
                [code(path.path), JSONValue.format(path.calls)]
                    + [path.totalMs, path.selfMs, path.jankySelfMs].map { GateText.number($0, decimals: 3) }
            })
            let more = report.hotPaths.count - hotPathRows
            if more > 0 { lines += ["", "… \(more) more \(more == 1 ? "path" : "paths") in the JSON report"] }
        }

        lines += ["", "### Findings", ""]
        lines += report.findings.isEmpty ? ["None."] : report.findings.map { "- \(plain($0.message))" }
        if !report.warnings.isEmpty {
            lines += [""] + report.warnings.map { "> warning: \(plain($0))" }
        }
        let all = report.counters.named
        let counters = all.filter { $0.value != 0 }
        if !counters.isEmpty {
            lines += ["", "<details><summary>Counters (per repeat, not zero: \(counters.count) of "
                      + "\(all.count))</summary>", ""]
            lines += table(["Counter", "Value"], [.left, .right], counters.map { [plain($0.name), String($0.value)] })
            lines += ["", "</details>"]
        }
        return lines.joined(separator: "\n")
    }

    private enum Alignment { case left, right }

    /// A GitHub table: the header, the alignment row, a row per entry.
    private static func table(_ header: [String], _ alignments: [Alignment], _ rows: [[String]]) -> [String] {
        func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }
        return [row(header), row(alignments.map { $0 == .left ? "---" : "---:" })] + rows.map(row)
    }

    /// `text` as a code span safe in a table cell: backticks replaced (a code span cannot hold its own
    /// delimiter), pipes escaped (GitHub splits cells on them even in code), line breaks as spaces.
    static func code(_ text: String) -> String {
        "`" + text.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ") + "`"
    }

    /// `text` as literal text in a paragraph, a list item or a table cell: HTML, backticks and pipes escaped,
    /// line breaks as spaces.
    static func plain(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "|": output += "\\|"
            case "`": output += "\\`"
            case "\\": output += "\\\\"
            case "\n", "\r", "\r\n": output += " "
            default: output.append(character)
            }
        }
        return output
    }
}
