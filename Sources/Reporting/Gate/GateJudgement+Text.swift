extension GateJudgement {
    /// The text form: the overall verdict first, then per trace its verdict, notes, its budgets, and the figures
    /// grouped regressions, improvements, unchanged, not judged.
    static func text(_ judgements: [GateJudgement], failures: [TraceFailure] = [],
                     width: Int = TerminalText.reportWidth) -> String {
        let width = max(TerminalText.narrowestWidth, width)
        var lines = TerminalText.wrapped(verdictLine(judgements, failures: failures.count), width: width, hanging: "  ")
        for failure in failures {
            lines.append("")
            lines += TerminalText.wrapped(failure.trace, width: width, hanging: "  ")
            lines += TerminalText.wrapped("FAILED: \(failure.message)", width: width, hanging: "  ")
        }
        for judgement in judgements {
            lines.append("")
            lines += TerminalText.wrapped("\(judgement.trace) (\(judgement.layout))"
                                   + (judgement.baselinePath.map { " against \($0)" } ?? ""), width: width, hanging: "  ")
            lines.append(judgement.summaryLine)
            if judgement.timing != .noBaseline { lines += TerminalText.wrapped(judgement.policyLine, width: width, hanging: "  ") }
            lines += judgement.notes.flatMap { TerminalText.wrapped($0, width: width, hanging: "  ") }
            if !judgement.budgets.isEmpty {
                lines.append("")
                lines.append("budgets")
                var table = TextTable(["figure", "current", "budget", "", "option"],
                                      alignments: [.left, .right, .right, .left, .left])
                for row in judgement.budgets {
                    let figure = row.budget.figure
                    table.append([row.name, GateText.value(row.value, of: figure), GateText.value(row.budget.limit, of: figure),
                                  row.value == nil ? "not measured" : row.exceeded ? "exceeded" : "within",
                                  row.budget.option])
                }
                lines += table.lines(indent: "  ", width: width, shrinking: 0)
            }
            for verdict in FigureJudgement.Verdict.allCases {
                // Zero counters are hidden, as in the replay's text report.
                let group = judgement.figures.filter { row in
                    row.verdict == verdict
                        && !(row.figure.declaration.kind == .counter && row.baseline ?? 0 == 0 && row.current ?? 0 == 0)
                }
                guard !group.isEmpty else { continue }
                lines.append("")
                lines.append(verdict == .notJudged ? "not judged (reported only)" : verdict.rawValue == "unchanged"
                             ? "unchanged" : verdict.rawValue + "s")
                var table = TextTable(["figure", "baseline", "current", "change", ""],
                                      alignments: [.left, .right, .right, .right, .left])
                for row in group {
                    table.append([row.name, GateText.value(row.baseline, of: row.figure),
                                  GateText.value(row.current, of: row.figure), row.changeText,
                                  row.textEvidence])
                }
                // A long figure name (a hot path's) is shortened in the middle so that the row fits the width.
                lines += table.lines(indent: "  ", width: width, shrinking: 0)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension FigureJudgement {
    /// The last column of a text row: `~ p=0.432` (benchstat's `~` when not significant), `p=0.000`, `exact`,
    /// or why the figure was not judged. The repeats are on the policy line.
    fileprivate var textEvidence: String {
        if let pValue { return (significant ? "" : "~ ") + GateText.pValue(pValue) }
        return evidence
    }
}
