internal import Foundation

/// The terminal form of comparisons: a header, the timing figures and hot paths in the manner of `benchstat`
/// (one column per layout, each other layout's change and significance against the first), the counters with
/// their exact differences, and each layout's findings. Fits 80 columns for two layouts: labels and paths too
/// long for it are shortened from the left.
enum ComparisonText {
    /// The width text aims to fit.
    static let width = 80
    /// Labels are never shortened below this.
    static let narrowestLabel = 16

    /// Comparisons one after another, separated by a blank line.
    static func render(_ comparisons: [Comparison]) -> String {
        comparisons.map { lines(of: $0).joined(separator: "\n") + "\n" }.joined(separator: "\n")
    }

    /// The lines of one comparison.
    static func lines(of comparison: Comparison) -> [String] {
        var lines = header(comparison)
        lines.append("")
        lines += timings(comparison)
        lines.append("")
        lines += counters(comparison)
        for report in comparison.reports {
            lines.append("")
            lines.append("Findings: \(report.layout)")
            lines += report.findings.isEmpty ? ["  none"]
                : report.findings.flatMap { TerminalText.wrapped($0.message, width: width, first: "  - ", hanging: "    ") }
        }
        return lines
    }

    private static func header(_ comparison: Comparison) -> [String] {
        let base = comparison.reports[0]
        let repeats = comparison.reports.map(\.repeats)
        let repeatText = Set(repeats).count == 1 ? "\(base.repeats) \(base.repeats == 1 ? "repeat" : "repeats")"
            : "repeats " + repeats.map(String.init).joined(separator: "+")
        let warmup = base.warmup > 0 ? " (+\(base.warmup) warm-up)" : ""
        var lines = [
            "Compare " + shortened(comparison.trace, to: width - 8),
            [base.mode, "clock \(base.clock)", "\(JSONValue.format(base.refreshRateHz)) Hz",
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
            if let noisy = noisyFigures(report) {
                lines += prose("warning: \(report.layout): the repeats disagree more than noise allows on \(noisy); "
                    + "do not trust the \(report.layout) values alone (the JSON report names the spreads)")
            }
        }
        let counts = repeats.filter { $0 > 0 }
        if let fewest = counts.min(), MannWhitneyU.smallestPValue(fewest, counts.max() ?? fewest) > comparison.alpha {
            lines += prose("warning: with \(fewest) \(fewest == 1 ? "repeat" : "repeats") no change can be significant "
                + "at α = \(JSONValue.format(comparison.alpha)); use --repeat 4 or more (10 by default)")
        }
        lines.append("Each value: the median over the repeats ± its 95 % confidence interval.")
        lines.append("Changes against \(base.layout); ~: p > \(JSONValue.format(comparison.alpha)), "
            + "two-sided Mann-Whitney U.")
        return lines
    }

    /// A sentence wrapped at ``width`` with a hanging indent of two spaces.
    private static func prose(_ text: String) -> [String] {
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

    /// The timing figures, then the hot paths' self times under a title line, in one table so that the columns
    /// align.
    private static func timings(_ comparison: Comparison) -> [String] {
        guard !comparison.timings.isEmpty else { return ["Timing figures: none measured"] }
        let layouts = comparison.layouts
        var header = ["Timing", layouts[0]]
        var alignments: [TextTable.Alignment] = [.left, .right]
        for layout in layouts.dropFirst() {
            header += [layout, ""]
            alignments += [.right, .left]
        }
        var rows: [[String]] = []
        var firstPath: Int?
        for timing in comparison.timings {
            let label: String
            if case .hotPathSelfTime(let path) = timing.figure {
                firstPath = firstPath ?? rows.count
                label = path.hasPrefix(framePrefix) ? String(path.dropFirst(framePrefix.count)) : path
            } else {
                label = timing.figure.declaration.label
            }
            var row = [label, BenchstatText.sample(timing.samples[0], of: timing.figure)]
            for (sample, change) in zip(timing.samples.dropFirst(), timing.changes) {
                row += [BenchstatText.sample(sample, of: timing.figure), BenchstatText.changeAndTest(change)]
            }
            rows.append(row)
        }
        // Each other layout's values follow an arrow in its own column, the arrows aligned.
        for column in stride(from: 2, to: header.count, by: 2) {
            let widest = rows.map { $0[column].count }.max() ?? 0
            for index in rows.indices {
                let value = rows[index][column]
                rows[index][column] = "→ " + String(repeating: " ", count: widest - value.count) + value
            }
        }
        let pathRows = firstPath.map { $0..<rows.count } ?? rows.count..<rows.count
        var lines = fitted(header: header, alignments: alignments, rows: rows, shortenable: pathRows)
        if let firstPath {
            lines.insert("Hot paths: self time per repeat (\(framePrefix)… shown without \(framePrefix))", at: firstPath + 1)
        }
        return lines
    }

    private static func counters(_ comparison: Comparison) -> [String] {
        let shown = comparison.counters.filter { !$0.isZero }
        guard !shown.isEmpty else { return ["Counters: none"] }
        let layouts = comparison.layouts
        var header = ["Counters (exact)", layouts[0]]
        var alignments: [TextTable.Alignment] = [.left, .right]
        for layout in layouts.dropFirst() {
            header += [layout, "difference"]
            alignments += [.right, .right]
        }
        let rows = shown.map { counter in
            var row = [counter.counter.key, counter.values[0].map(String.init) ?? "-"]
            for (value, difference) in zip(counter.values.dropFirst(), counter.differences) {
                row += [value.map(String.init) ?? "-", difference.map(BenchstatText.difference) ?? "-"]
            }
            return row
        }
        return fitted(header: header, alignments: alignments, rows: rows, shortenable: 0..<0)
    }

    /// The table's lines, the first cells of the `shortenable` rows shortened from the left so that the table
    /// fits ``width`` columns where the other columns leave room.
    private static func fitted(header: [String], alignments: [TextTable.Alignment], rows: [[String]],
                               shortenable: Range<Int>) -> [String] {
        func table(_ header: [String], _ rows: [[String]]) -> [String] {
            var table = TextTable(header, alignments: alignments)
            for row in rows { table.append(row) }
            return table.lines()
        }
        // The width of everything but the first column, its separator included.
        let unlabelled = table([""] + header.dropFirst(), rows.map { [""] + $0.dropFirst() }).map(\.count).max() ?? 0
        let room = max(narrowestLabel, width - unlabelled)
        return table(header, rows.enumerated().map { index, row in
            shortenable.contains(index) ? [shortened(row[0], to: room)] + row.dropFirst() : row
        })
    }

    /// `text` if it fits `width` characters, else as much of its end as fits after `…`
    /// (`…ementary/configure`): the end of a path is its most specific part.
    static func shortened(_ text: String, to width: Int) -> String {
        guard text.count > width, width > 1 else { return text }
        return "…" + text.suffix(width - 1)
    }
}
