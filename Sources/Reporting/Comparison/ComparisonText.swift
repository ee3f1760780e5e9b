internal import Foundation

/// The terminal form of comparisons: a header, the timing figures and hot paths in the manner of `benchstat`
/// (one column per layout, each other layout's change and significance against the first), the counters with
/// their exact differences, and each layout's findings.
///
/// Fits the width it is given with any number of layouts: a column per layout when they fit side by side (labels
/// and paths shortened from the left down to ``narrowestLabel``), else one block per other layout against the
/// first, else, on a narrow terminal, each figure's label on a line of its own above its values.
struct ComparisonText {
    /// Labels are never shortened below this.
    static let narrowestLabel = 16

    /// The columns the text fits.
    let width: Int

    init(width: Int = TerminalText.reportWidth) {
        self.width = max(TerminalText.narrowestWidth, width)
    }

    /// Comparisons one after another, separated by a blank line.
    static func render(_ comparisons: [Comparison], width: Int = TerminalText.reportWidth) -> String {
        let text = ComparisonText(width: width)
        return comparisons.map { text.lines(of: $0).joined(separator: "\n") + "\n" }.joined(separator: "\n")
    }

    /// The lines of one comparison.
    func lines(of comparison: Comparison) -> [String] {
        var lines = header(comparison)
        lines.append("")
        lines += timings(comparison)
        lines.append("")
        lines += counters(comparison)
        for report in comparison.reports {
            lines.append("")
            lines.append("Findings: \(report.layout)")
            lines += report.findings.isEmpty ? ["  none"]
                : report.findings.flatMap { TerminalText.wrapped($0.text, width: width, first: "  - ", hanging: "    ") }
        }
        return lines
    }

    private func header(_ comparison: Comparison) -> [String] {
        let base = comparison.reports[0]
        let repeats = comparison.reports.map(\.repeats)
        let repeatText = Set(repeats).count == 1 ? "\(base.repeats) \(base.repeats == 1 ? "repeat" : "repeats")"
            : "repeats " + repeats.map(String.init).joined(separator: "+")
        let warmup = base.warmup > 0 ? " (+\(base.warmup) warm-up)" : ""
        var lines = [
            "Compare " + Self.shortened(comparison.trace, to: width - 8),
            [base.mode.rawValue, "clock \(base.clock.rawValue)", "\(JSONValue.format(base.refreshRateHz)) Hz",
             "budget \(String(format: "%.2f", base.budgetMs)) ms"].joined(separator: " · "),
        ]
        let repeatsLine = "\(repeatText) per layout\(warmup), interleaved"
        let window = "measured: \(base.window.summary)"
        lines += repeatsLine.count + 3 + window.count <= width ? [repeatsLine + " · " + window] : [repeatsLine, window]
        for report in comparison.reports {
            if let failure = report.failure {
                lines += prose("INCOMPLETE: \(report.layout): the replay stopped early: \(failure)")
            } else if !report.complete {
                lines += prose("INCOMPLETE: \(report.layout): the replay stopped before the end of the trace")
            }
            lines += report.warnings.flatMap { prose("warning: \(report.layout): \($0)") }
            if let noisy = Self.noisyFigures(report) {
                lines += prose("warning: \(report.layout): the repeats disagree more than noise allows on \(noisy); "
                    + "do not trust the \(report.layout) values alone (the JSON report names the spreads)")
            }
        }
        let counts = repeats.filter { $0 > 0 }
        if let fewest = counts.min(), MannWhitneyU.smallestPValue(fewest, counts.max() ?? fewest) > comparison.alpha {
            lines += prose("warning: with \(fewest) \(fewest == 1 ? "repeat" : "repeats") no change can be significant "
                + "at α = \(JSONValue.format(comparison.alpha)); use --repeat 4 or more (10 by default)")
        }
        lines += prose("Each value: the median over the repeats ± its 95 % confidence interval.")
        lines += prose("Changes against \(base.layout); ~: p > \(JSONValue.format(comparison.alpha)), "
            + "two-sided Mann-Whitney U.")
        return lines
    }

    /// A sentence wrapped at ``width`` with a hanging indent of two spaces.
    private func prose(_ text: String) -> [String] {
        TerminalText.wrapped(text, width: width, hanging: "  ")
    }

    /// The figures the report's noise warnings name, in one phrase (`p50 frame time, janky frames and the self
    /// time of frame/layout/query`); `nil` when none.
    static func noisyFigures(_ report: Report) -> String? {
        let noisy = report.spreads.filter(\.isNoisy)
        let measured = report.hotPaths.reduce(0) { $0 + $1.selfMs }
        let checked = Set(report.hotPaths.filter { $0.selfMs >= Report.noiseCheckedHotPathShare * measured }.map(\.path))
        var figures: [String] = []
        var paths: [String] = []
        for entry in noisy {
            if case .hotPathSelfTime(let path) = entry.figure {
                if checked.contains(path) { paths.append(path) }
            } else {
                figures.append(entry.figure.declaration.label.lowercased())
            }
        }
        if !paths.isEmpty { figures.append("the self time of " + paths.joined(separator: ", ")) }
        guard let last = figures.popLast() else { return nil }
        return figures.isEmpty ? last : figures.joined(separator: ", ") + " and " + last
    }

    /// The prefix text strips from hot paths (every span path starts with the frame's), naming it in the title.
    static let framePrefix = "frame/"

    /// A table of figures against the base layout: each row a label and cells per layout.
    private struct Table {
        /// The title of the label column.
        var title: String
        /// The layouts' names, the base first.
        var layouts: [String]
        /// Each row's label, its value cell per layout and its change cell per other layout.
        var rows: [(label: String, values: [String], changes: [String])]
        /// The rows whose label is a path, shortened from the left where room is short.
        var shortenable: Range<Int>
        /// The alignment of change cells.
        var changeAlignment: TextTable.Alignment
        /// The header of change cells.
        var changeHeader: String
        /// Each other layout's values follow an arrow, the arrows aligned.
        var arrows: Bool
    }

    /// The timing figures, then the hot paths' self times under a title line, in one table so that the columns
    /// align.
    private func timings(_ comparison: Comparison) -> [String] {
        guard !comparison.timings.isEmpty else { return ["Timing figures: none measured"] }
        var rows: [(label: String, values: [String], changes: [String])] = []
        var firstPath: Int?
        for timing in comparison.timings {
            let label: String
            if case .hotPathSelfTime(let path) = timing.figure {
                firstPath = firstPath ?? rows.count
                label = path.hasPrefix(Self.framePrefix) ? String(path.dropFirst(Self.framePrefix.count)) : path
            } else {
                label = timing.figure.declaration.label
            }
            rows.append((label, timing.samples.map { BenchstatText.sample($0, of: timing.figure) },
                         timing.changes.map(BenchstatText.changeAndTest)))
        }
        let pathRows = firstPath.map { $0..<rows.count } ?? rows.count..<rows.count
        let table = Table(title: "Timing", layouts: comparison.layouts, rows: rows, shortenable: pathRows,
                          changeAlignment: .left, changeHeader: "", arrows: true)
        let title = "Hot paths: self time per repeat (without \(Self.framePrefix))"
        return fitted(table) { lines, rowLine in
            if let firstPath, let line = rowLine(firstPath) { lines.insert(title, at: line) }
        }
    }

    private func counters(_ comparison: Comparison) -> [String] {
        let shown = comparison.counters.filter { !$0.isZero }
        guard !shown.isEmpty else { return ["Counters: none"] }
        let rows = shown.map { counter in
            (label: counter.counter.key, values: counter.values.map { $0.map(String.init) ?? "-" },
             changes: counter.differences.map { $0.map(BenchstatText.difference) ?? "-" })
        }
        let table = Table(title: "Counters (exact)", layouts: comparison.layouts, rows: rows, shortenable: 0..<0,
                          changeAlignment: .right, changeHeader: "difference", arrows: false)
        return fitted(table) { _, _ in }
    }

    /// `table`'s lines in ``width``: a column per layout when they fit, else one block per other layout
    /// against the base, else each row's label on a line of its own. `insert` adds lines before a row, given a
    /// function from a row's index to the index of its line in a block (`nil` when the block does not show it).
    private func fitted(_ table: Table,
                        insert: (inout [String], (Int) -> Int?) -> Void) -> [String] {
        let others = Array(table.layouts.indices.dropFirst())
        if let lines = sideBySide(table, others: others, insert: insert) { return lines }
        var blocks: [String] = []
        for other in others {
            if !blocks.isEmpty { blocks.append("") }
            blocks.append("\(table.layouts[other]) against \(table.layouts[0])")
            blocks += sideBySide(table, others: [other], insert: insert) ?? stacked(table, other: other, insert: insert)
        }
        return blocks
    }

    /// The columns of `table` for the base and `others`, its labels shortened from the left as far as
    /// ``narrowestLabel``; `nil` when they do not fit ``width``.
    private func sideBySide(_ table: Table, others: [Int],
                            insert: (inout [String], (Int) -> Int?) -> Void) -> [String]? {
        var header = [table.title, table.layouts[0]]
        var alignments: [TextTable.Alignment] = [.left, .right]
        for other in others {
            header += [table.layouts[other], table.changeHeader]
            alignments += [.right, table.changeAlignment]
        }
        var rows = table.rows.map { row in
            [row.label, row.values[0]] + others.flatMap { [row.values[$0], row.changes[$0 - 1]] }
        }
        if table.arrows {
            for column in stride(from: 2, to: header.count, by: 2) {
                let widest = rows.map { TerminalText.columns($0[column]) }.max() ?? 0
                for index in rows.indices {
                    let value = rows[index][column]
                    rows[index][column] = "→ " + String(repeating: " ", count: widest - TerminalText.columns(value)) + value
                }
            }
        }
        func lines(_ header: [String], _ rows: [[String]]) -> [String] {
            var text = TextTable(header, alignments: alignments)
            for row in rows { text.append(row) }
            return text.lines()
        }
        // The width of everything but the first column, its separator included.
        let unlabelled = lines([""] + header.dropFirst(), rows.map { [""] + $0.dropFirst() })
            .map { TerminalText.columns($0) }.max() ?? 0
        let room = width - unlabelled
        let widestLabel = max(TerminalText.columns(table.title),
                              table.rows.map { TerminalText.columns($0.label) }.max() ?? 0)
        guard room >= min(Self.narrowestLabel, widestLabel) else { return nil }
        var result = lines(header, rows.enumerated().map { index, row in
            table.shortenable.contains(index) ? [Self.shortened(row[0], to: room)] + row.dropFirst() : row
        })
        insert(&result) { $0 + 1 }
        return result
    }

    /// `table` for the base and `other` on a narrow terminal: each row's label, with the change's test when
    /// there is one, on a line of its own above its values.
    private func stacked(_ table: Table, other: Int, insert: (inout [String], (Int) -> Int?) -> Void) -> [String] {
        var values = TextTable([table.layouts[0], table.layouts[other], table.changeHeader],
                               alignments: [.right, .right, .right])
        var labels: [String] = []
        for row in table.rows {
            let change = row.changes[other - 1]
            // `−66 % (p=0.000 n=10+10)`: the change stays with the values, its test goes with the label.
            let parts = change.split(separator: " (", maxSplits: 1)
            let test = parts.count == 2 ? " (" + parts[1] : ""
            values.append([row.values[0], (table.arrows ? "→ " : "") + row.values[other], String(parts.first ?? "")])
            labels.append(Self.shortened(row.label + test, to: width))
        }
        let rows = values.lines(indent: "  ")
        var lines = [table.title, rows[0]]
        for (label, row) in zip(labels, rows.dropFirst()) {
            lines += [label, row]
        }
        insert(&lines) { 2 + 2 * $0 }
        return lines
    }

    /// `text` if it fits `width` characters, else as much of its end as fits after `…`
    /// (`…ementary/configure`): the end of a path is its most specific part.
    static func shortened(_ text: String, to width: Int) -> String {
        guard text.count > width, width > 1 else { return text }
        return "…" + text.suffix(width - 1)
    }
}
