internal import Foundation

extension GateJudgement {
    /// The Markdown form: the overall verdict in bold, then per trace a heading, its verdict and notes, and
    /// one table of every figure, regressions first.
    static func markdown(_ judgements: [GateJudgement], failures: [TraceFailure] = []) -> String {
        var lines = ["**\(verdictLine(judgements, failures: failures.count))**"]
        for failure in failures {
            lines.append("")
            lines.append("### `\(markdownEscape(failure.trace))`")
            lines.append("")
            lines.append("**Failed**: \(markdownEscape(failure.message))")
        }
        for judgement in judgements {
            lines.append("")
            lines.append("### `\(markdownEscape(judgement.trace))` (\(markdownEscape(judgement.layout)))")
            lines.append("")
            lines.append("**\(judgement.summaryLine)**"
                         + (judgement.timing == .noBaseline ? "" : " · \(judgement.policyLine)")
                         + (judgement.baselinePath.map { " · baseline `\(markdownEscape($0))`" } ?? ""))
            for note in judgement.notes {
                lines.append("")
                lines.append("> \(markdownEscape(note))")
            }
            if !judgement.budgets.isEmpty {
                lines.append("")
                lines.append("| | budget | current | limit | option |")
                lines.append("|---|---|--:|--:|---|")
                for row in judgement.budgets {
                    let figure = row.budget.figure
                    lines.append("| \(row.exceeded ? "❌" : "") | `\(markdownEscape(row.name))` | "
                                 + "\(GateText.value(row.value, of: figure)) | \(GateText.value(row.budget.limit, of: figure)) | "
                                 + "`\(markdownEscape(row.budget.option))` |")
                }
            }
            guard !judgement.figures.isEmpty else { continue }
            lines.append("")
            lines.append("| | figure | baseline | current | change | |")
            lines.append("|---|---|--:|--:|--:|---|")
            for row in judgement.figures {
                let mark = switch row.verdict {
                case .regression: "❌"
                case .improvement: "✅"
                case .unchanged: ""
                case .notJudged: "·"
                }
                lines.append("| \(mark) | `\(markdownEscape(row.name))` | \(GateText.value(row.baseline, of: row.figure)) | "
                             + "\(GateText.value(row.current, of: row.figure)) | \(row.changeText) | "
                             + "\(markdownEscape(row.verdict == .unchanged && row.pValue != nil ? row.reason : row.evidence)) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with the characters that would break a table cell escaped.
    private static func markdownEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
    }
}
