internal import Foundation

/// The terminal form of reports, in the terminal's width (``RenderOptions/width``): the verdict first, the header facts, the figures, a
/// frame-time sparkline, the hot paths, the worst frames, the counters that are not zero and the findings in
/// words. Figures that are means per repeat say so.
///
/// Every line fits the width, down to 60 columns: prose (findings, warnings, failures) wraps at word
/// boundaries with a hanging indent, table cells that would widen a table past it are shortened in the
/// middle, the trace's path too. Colour (``RenderOptions/colour``) adds ANSI escapes, never columns.
enum TextReport {
    /// Hot paths listed in text; the JSON report lists them all.
    static let hotPathRows = 10
    /// The columns of the frame-time sparkline at `width`: 60 at 80 columns, more on a wider terminal, fewer
    /// on a narrower one, always leaving its indent.
    static func sparklineColumns(width: Int) -> Int {
        max(1, min(width - 2, max(20, width - 20)))
    }

    /// The fewest columns a hot path keeps beside its figures; below it, each path takes a line of its own
    /// above its figures.
    static let narrowestPathColumn = 20
    /// The sparkline's glyphs, lowest first.
    static let sparkGlyphs: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Reports one after another, separated by a blank line.
    static func render(_ reports: [Report], options: RenderOptions = RenderOptions()) -> String {
        reports.map { lines(of: $0, options: options).joined(separator: "\n") + "\n" }.joined(separator: "\n")
    }

    /// The lines of one report.
    static func lines(of report: Report, options: RenderOptions = RenderOptions()) -> [String] {
        let colour = options.colour
        let width = max(TerminalText.narrowestWidth, options.width)
        func wrapped(_ text: String, first: String = "", hanging: String = "") -> [String] {
            TerminalText.wrapped(text, width: width, first: first, hanging: hanging)
        }
        var lines = verdict(report, thresholds: options.thresholds, colour: colour, width: width)
        lines += header(report, width: width)
        for violation in options.thresholds.violations(of: report) {
            lines += wrapped(violation, first: "  - ", hanging: "    ")
        }
        if let advice = options.thresholds.gateAdvice(for: report) {
            lines += wrapped(advice, first: "  ", hanging: "    ")
        }
        if let failure = report.failure {
            lines += wrapped("the replay stopped early: \(failure)", first: "", hanging: "  ")
        } else if !report.complete {
            lines.append("the replay stopped before the end of the trace")
        }
        for warning in report.warnings + report.noiseWarnings {
            lines += wrapped(warning, first: "warning: ", hanging: "  ")
        }
        lines.append("")
        lines += figures(report, colour: colour, width: width)
        let sparkline = sparkline(report, colour: colour, width: width)
        if !sparkline.isEmpty {
            lines.append("")
            lines += sparkline
        }
        lines.append("")
        lines += hotPaths(report, width: width)
        lines.append("")
        lines += worstFrames(report, width: width)
        lines.append("")
        lines += counters(report, width: width)
        if !report.markers.isEmpty {
            lines.append("")
            lines.append("Markers")
            var table = TextTable(["t (s)", "label"], alignments: [.right, .left])
            for marker in report.markers {
                table.append([fixed(marker.time, 3), marker.label])
            }
            lines += table.lines(indent: "  ", width: width, shrinking: 1).dropFirst()
        }
        lines.append("")
        lines.append("Findings")
        if report.findings.isEmpty {
            lines.append("  none")
        }
        for finding in report.findings {
            lines += wrapped(finding.text, first: "  - ", hanging: "    ")
                .map { TerminalText.coloured($0, .yellow, colour) }
        }
        return lines
    }

    /// The first lines: PASS, FAIL (over ``RenderOptions/thresholds``, which the lines after the header
    /// name), INCOMPLETE or EMPTY, then ``Report/verdict``'s facts, per repeat.
    private static func verdict(_ report: Report, thresholds: JankThresholds, colour: Bool, width: Int) -> [String] {
        let judged = thresholds.verdict(of: report)
        let state = judged.word
        let stateColour: TerminalText.Colour = switch judged {
        case .incomplete: .red
        case .empty: .yellow
        case .fail: report.hitchBand == .critical ? .red : .yellow
        case .pass: report.hitchBand == .good ? .green : .yellow
        }
        let facts: String
        if report.frames > 0 {
            let share = fixed(100 * report.jankyFrames / report.frames, 1)
            facts = "\(number(report.jankyFrames)) of \(number(report.frames)) frames janky per repeat (\(share) %), "
                + "hitch time ratio \(fixed(report.hitchTimeRatio, 1)) ms/s: \(report.hitchBand.rawValue)"
        } else {
            facts = report.verdict
        }
        var lines = TerminalText.wrapped(facts, width: width, first: state + ": ", hanging: "  ")
        lines[0] = TerminalText.coloured(state, stateColour, colour) + lines[0].dropFirst(state.count)
        return lines
    }

    /// The header facts, wrapped at ` · `: the trace (its path shortened in the middle when it would not fit
    /// a line with the layout), layout, mode, clock, workload mode, rate, budget, repeats, frames and session length.
    private static func header(_ report: Report, width: Int) -> [String] {
        let warmup = report.warmup > 0 ? " (+\(report.warmup) warm-up)" : ""
        let layout = "layout \(report.layout)"
        let trace = TerminalText.middleShortened(report.trace, to: width - TerminalText.columns(layout) - 3)
        let facts = [
            trace, layout, report.mode.rawValue, "clock \(report.clock.rawValue)", "workload \(report.workload.rawValue)",
            report.refreshRateText(number),
            report.budgetText { fixed($0, 2) },
            "\(report.repeats) \(report.repeats == 1 ? "repeat" : "repeats")\(warmup)",
            "\(number(report.frames)) \(report.frames == 1 ? "frame" : "frames") per repeat "
                + "(\(number(report.sessionSeconds)) s)",
        ]
        var lines: [String] = []
        var line = ""
        for fact in facts {
            if line.isEmpty {
                line = fact
            } else if TerminalText.columns(line) + 3 + TerminalText.columns(fact) <= width {
                line += " · " + fact
            } else {
                lines.append(line)
                line = fact
            }
        }
        lines.append(line)
        return lines
    }

    /// The frame-time table and the frame-rate figures, each as ``Figure`` declares it; with two repeats or
    /// more, each figure's per-repeat minimum, median and maximum.
    private static func figures(_ report: Report, colour: Bool, width: Int) -> [String] {
        var spreads: [Figure: Spread] = [:]
        for entry in report.spreads {
            spreads[entry.figure] = entry.spread
        }
        let showsSpread = report.perRepeat.count >= 2
        var table = TextTable(["Frame time (ms)"] + Figure.frameTimes.map(\.declaration.key),
                              alignments: [.left] + Figure.frameTimes.map { _ in .right })
        table.append(["all frames"] + Figure.frameTimes.map { text($0, $0.value(in: report) ?? 0) })
        if showsSpread {
            for (name, statistic) in [("repeats min", \Spread.min), ("repeats median", \.median), ("repeats max", \.max)] {
                table.append([name] + Figure.frameTimes.map { figure in
                    spreads[figure].map { text(figure, $0[keyPath: statistic]) } ?? "-"
                })
            }
        }
        var rows: [(cells: [String], colour: TerminalText.Colour?)] = []
        for figure in Figure.frameRates {
            guard let value = figure.value(in: report) else { continue }
            let spread = showsSpread ? spreads[figure].map { spread in
                [spread.min, spread.median, spread.max].map { text(figure, $0) }.joined(separator: " / ")
            } : nil
            rows.append(([label(figure), text(figure, value, in: report, withUnit: true), spread ?? ""],
                         figureColour(figure, value, report)))
        }
        var frameTimes = table.lines()
        // Where the columns do not fit, the table turns: a row per statistic, a column per row above.
        if frameTimes.contains(where: { TerminalText.columns($0) > width }) {
            var turned = TextTable([""] + (showsSpread ? ["all", "min", "median", "max"] : ["all frames"]),
                                   alignments: [.left] + Array(repeating: .right, count: showsSpread ? 4 : 1))
            for (column, figure) in Figure.frameTimes.enumerated() {
                turned.append([figure.declaration.key] + table.column(column + 1).dropFirst())
            }
            let title = showsSpread ? "Frame time (ms): all frames; the repeats' min, median, max" : "Frame time (ms)"
            frameTimes = TerminalText.wrapped(title, width: width, hanging: "  ") + turned.lines(indent: "  ")
        }
        var figures = TextTable(["", "", showsSpread ? "repeats min / median / max" : ""],
                                alignments: [.left, .left, .left])
        for row in rows { figures.append(row.cells) }
        // Where the spreads do not fit beside the values, they follow in a table of their own.
        var spreadLines: [String] = []
        if showsSpread && figures.lines().contains(where: { TerminalText.columns($0) > width }) {
            figures = TextTable(["", ""], alignments: [.left, .left])
            var apart = TextTable(["Repeats", "min / median / max"], alignments: [.left, .left])
            for row in rows {
                figures.append(Array(row.cells.prefix(2)))
                apart.append([row.cells[0], row.cells[2]])
            }
            spreadLines = [""] + apart.lines(width: width, shrinking: 0)
        }
        let hasHeader = figures.lines().first.map { !$0.isEmpty } ?? false
        let figureLines = figures.lines(width: width, shrinking: 1).dropFirst(hasHeader ? 0 : 1)
        // The header line, when there is one, is not coloured.
        let colours = (hasHeader ? [nil] : []) + rows.map(\.colour)
        let coloured = zip(figureLines, colours).map { line, rowColour in
            rowColour.map { TerminalText.coloured(line, $0, colour) } ?? line
        }
        // The initial display's line is long and has no spread: it follows the table rather than widening its
        // value column, in the same label column.
        var initial: [String] = []
        if let display = report.initialDisplay {
            let apart = report.window.includesInitialDisplay ? "" : ", not in the figures above"
            let label = "Initial display"
            let padding = String(repeating: " ", count: max(0, figures.width(of: 0) - label.count))
            initial = TerminalText.wrapped("\(fixed(display.ms, 3)) ms (\(display.topPath ?? "-"))\(apart)", width: width,
                                           first: "\(label)\(padding)  ",
                                           hanging: String(repeating: " ", count: figures.width(of: 0) + 2))
        }
        return TerminalText.wrapped("Measured: \(report.window.summary)", width: width) + frameTimes + [""] + coloured
            + initial + spreadLines
    }

    /// A figure's label; with "per repeat" for the counts and times that are means per repeat.
    private static func label(_ figure: Figure) -> String {
        switch figure {
        case .jankyFrames, .droppedFrames, .hitchTime: "\(figure.declaration.label) per repeat"
        default: figure.declaration.label
        }
    }

    /// Red for janky frames that are not zero and a critical hitch ratio, yellow for a ratio in the warning
    /// band; `nil` for the rest.
    private static func figureColour(_ figure: Figure, _ value: Double, _ report: Report) -> TerminalText.Colour? {
        switch figure {
        case .jankyFrames, .droppedFrames, .hitchTime: value > 0 ? .red : nil
        case .hitchTimeRatio:
            switch report.hitchBand {
            case .good: nil
            case .warning: .yellow
            case .critical: .red
            }
        default: nil
        }
    }

    /// A figure's value as text, with its declared decimals (per-repeat means of frame counts in their shortest
    /// form); with its unit and, for janky frames and the hitch ratio, their share and band.
    private static func text(_ figure: Figure, _ value: Double, in report: Report? = nil,
                             withUnit: Bool = false) -> String {
        let declaration = figure.declaration
        let number = declaration.unit == .frames ? number(value) : fixed(value, declaration.decimals)
        guard withUnit, let report else { return number }
        switch figure {
        case .jankyFrames:
            let share = report.frames > 0 ? 100 * value / report.frames : 0
            return "\(number) (\(fixed(share, 1)) % of frames)"
        case .hitchTimeRatio:
            return "\(number) \(declaration.unit.rawValue) (\(report.hitchBand.rawValue))"
        default:
            switch declaration.unit {
            case .milliseconds, .millisecondsPerSecond: return "\(number) \(declaration.unit.rawValue)"
            case .frames, .framesPerSecond, .count: return number
            }
        }
    }

    /// One line of the measured frames' times, each column the longest frame of its bucket (so that a janky
    /// frame never disappears), every repeat's frame *n* pooled; janky columns marked below (or red), and the
    /// scale.
    private static func sparkline(_ report: Report, colour: Bool, width: Int) -> [String] {
        let series = frameSeries(report)
        guard !series.isEmpty else { return [] }
        let buckets = sparklineBuckets(series, columns: sparklineColumns(width: width))
        let top = buckets.max() ?? 0
        let indent = "  "
        var glyphs = ""
        var marks = ""
        for value in buckets {
            let glyph = String(sparkGlyphs[glyphIndex(value, top: top)])
            let janky = value > report.budgetMs
            glyphs += janky ? TerminalText.coloured(glyph, .red, colour) : glyph
            marks += janky ? "^" : " "
        }
        let perColumn = (Double(series.count) / Double(buckets.count)).rounded(.up)
        let grouping = buckets.count < series.count
            ? "\(series.count) frames, the longest of up to \(Int(perColumn)) a column"
            : "\(series.count) frames, one a column"
        let pooled = report.repeats > 1 ? ", of \(report.repeats) repeats" : ""
        var lines = TerminalText.wrapped("Frame times: \(grouping)\(pooled)", width: width, hanging: indent)
        lines.append(indent + glyphs)
        let hasJank = marks.contains("^")
        if hasJank {
            lines.append(String((indent + marks).reversed().drop { $0 == " " }.reversed()))
        }
        let scale = "▁ up to \(fixed(top / 8, 2)) ms, █ \(fixed(top, 2)) ms; budget \(fixed(report.budgetMs, 2)) ms"
            + (hasJank ? "; ^ janky" : "; none janky")
        lines += TerminalText.wrapped(scale, width: width, first: indent, hanging: indent)
        return lines
    }

    /// The measured frames' times in frame order, ms, the longest over the repeats at each frame index.
    ///
    /// Read from the repeats' frame logs as asked for, when the report has them (a report made from a
    /// replay): a long session's series is never copied.
    static func frameSeries(_ report: Report) -> FrameSeries {
        if let logs = report.frameSamples.logs, logs.allSatisfy(\.isCompact) {
            // Frame n of every repeat is at position n: the window is a range of frames.
            let measured = logs.map { MeasuredFrames($0, window: report.window, frameClock: report.frameClock) }
            var lower = Int.max
            var upper = 0
            for frames in measured {
                guard case .range(let range) = frames.positions, !range.isEmpty else { continue }
                lower = Swift.min(lower, range.lowerBound)
                upper = Swift.max(upper, range.upperBound)
            }
            return FrameSeries(storage: .logs(logs, lower < upper ? lower..<upper : 0..<0))
        }
        var byIndex: [Int: Double] = [:]
        for sample in report.frameSamples
        where report.window.contains(frame: sample.index, frameClock: report.frameClock) {
            byIndex[sample.index] = max(byIndex[sample.index] ?? 0, sample.ms)
        }
        return FrameSeries(storage: .values(byIndex.keys.sorted().compactMap { byIndex[$0] }))
    }

    /// The series ``frameSeries(_:)`` draws: values, or the frames of the repeats' logs in a range of frame
    /// indices, each the longest over the repeats that have it.
    struct FrameSeries: RandomAccessCollection {
        enum Storage {
            case values([Double])
            case logs([FrameLog], Range<Int>)
        }

        let storage: Storage

        var startIndex: Int { 0 }
        var endIndex: Int {
            switch storage {
            case .values(let values): values.count
            case .logs(_, let frames): frames.count
            }
        }

        subscript(position: Int) -> Double {
            switch storage {
            case .values(let values):
                return values[position]
            case .logs(let logs, let frames):
                let frame = frames.lowerBound + position
                var longest = 0.0
                for log in logs where frame < log.count {
                    longest = Swift.max(longest, FrameMath.ms(log.durationNs(at: frame)))
                }
                return longest
            }
        }

        /// The values in order: the logs' frames decoded as they come.
        func makeIterator() -> Iterator { Iterator(self) }

        struct Iterator: IteratorProtocol {
            private var values: IndexingIterator<[Double]>?
            /// Each log's durations from the range's first frame, and the frame each ends before.
            private var logs: [(durations: FrameLog.Durations.Iterator, end: Int)] = []
            private var frame = 0
            private var end = 0

            init(_ series: FrameSeries) {
                switch series.storage {
                case .values(let values):
                    self.values = values.makeIterator()
                case .logs(let logs, let frames):
                    frame = frames.lowerBound
                    end = frames.upperBound
                    self.logs = logs.map { log in
                        let logEnd = Swift.max(frames.lowerBound, Swift.min(frames.upperBound, log.count))
                        return (log.durations(in: frames.lowerBound..<logEnd).makeIterator(), logEnd)
                    }
                }
            }

            mutating func next() -> Double? {
                if values != nil { return values?.next() ?? nil }
                guard frame < end else { return nil }
                var longest = 0.0
                for index in logs.indices where frame < logs[index].end {
                    if let duration = logs[index].durations.next() {
                        longest = Swift.max(longest, FrameMath.ms(duration))
                    }
                }
                frame += 1
                return longest
            }
        }
    }

    /// `series` in at most `columns` buckets of consecutive values, each the largest of its bucket: read once,
    /// in order.
    static func sparklineBuckets<C: RandomAccessCollection<Double>>(_ series: C, columns: Int) -> [Double]
        where C.Index == Int {
        let total = series.count
        let count = min(columns, total)
        guard count > 0 else { return [] }
        // Bucket b holds the values from b × total / count up to (b + 1) × total / count, at least one.
        var buckets: [Double] = []
        buckets.reserveCapacity(count)
        var end = 0
        for (offset, value) in series.enumerated() {
            if offset >= end {
                buckets.append(value)
                end = Swift.max((buckets.count * total) / count, offset + 1)
            } else {
                buckets[buckets.count - 1] = Swift.max(buckets[buckets.count - 1], value)
            }
        }
        return buckets
    }

    /// The glyph for `value` on a scale from 0 to `top`: eighths, the top glyph for the top value.
    static func glyphIndex(_ value: Double, top: Double) -> Int {
        guard top > 0 else { return 0 }
        let eighth = Int((value / top * 8).rounded(.up)) - 1
        return min(sparkGlyphs.count - 1, max(0, eighth))
    }

    /// The hot paths: a table whose path column is shortened in the middle when the terminal is a little too
    /// narrow for whole paths, and, when even ``narrowestPathColumn`` would not fit beside the figures, each
    /// path whole on a line of its own above its figures.
    private static func hotPaths(_ report: Report, width: Int) -> [String] {
        guard !report.hotPaths.isEmpty else { return ["Hot paths: none measured"] }
        let shown = report.hotPaths.prefix(hotPathRows)
        let figureHeader = ["calls", "total ms", "self ms", "janky", "p50 call", "p99 call"]
        func figures(_ path: Report.HotPath) -> [String] {
            [number(path.calls)]
                + [path.totalMs, path.selfMs, path.jankySelfMs, path.callP50Ms, path.callP99Ms].map { fixed($0, 3) }
        }
        var table = TextTable(["Hot paths (per repeat)"] + figureHeader,
                              alignments: [.left] + Array(repeating: .right, count: figureHeader.count))
        for path in shown {
            table.append([path.path] + figures(path))
        }
        let figuresWidth = (1..<(figureHeader.count + 1)).reduce(0) { $0 + 2 + table.width(of: $1) }
        var lines: [String]
        if width - figuresWidth >= min(narrowestPathColumn, table.width(of: 0)) {
            lines = table.lines(width: width, shrinking: 0)
        } else {
            var stacked = TextTable(figureHeader, alignments: Array(repeating: .right, count: figureHeader.count))
            for path in shown {
                stacked.append(figures(path))
            }
            let rows = stacked.lines(indent: "  ")
            lines = ["Hot paths (per repeat)", rows[0]]
            for (path, row) in zip(shown, rows.dropFirst()) {
                lines.append(TerminalText.middleShortened(path.path, to: width))
                lines.append(row)
            }
        }
        let more = report.hotPaths.count - hotPathRows
        if more > 0 {
            lines.append("… \(more) more \(more == 1 ? "path" : "paths") in --format json")
        }
        var note = "janky: self time in janky frames"
        if let display = report.initialDisplay, !report.window.includesInitialDisplay, display.ms > report.budgetMs {
            // Frame 0 is not measured: its time is the initial display's, above, not the janky column's.
            note = "janky: self time in the measured janky frames, not the initial display's"
        }
        lines += TerminalText.wrapped(note + "; p50/p99 call: one call's time, ms", width: width, hanging: "  ")
        return lines
    }

    private static func worstFrames(_ report: Report, width: Int) -> [String] {
        guard !report.worstFrames.isEmpty else { return ["Worst frames: none measured"] }
        var table = TextTable(["frame", "t (s)", "ms", "top path"], alignments: [.right, .right, .right, .left])
        for frame in report.worstFrames {
            table.append([String(frame.index), fixed(frame.t, 3), fixed(frame.ms, 3), frame.topPath ?? "-"])
        }
        return ["Worst frames"] + table.lines(indent: "  ", width: width, shrinking: 3)
    }

    /// The counters that are not zero; how many are zero, said in one line.
    private static func counters(_ report: Report, width: Int) -> [String] {
        let counters = report.counters.named
        guard !counters.isEmpty else { return ["Counters: none"] }
        var table = TextTable(["", ""], alignments: [.left, .right])
        for counter in counters where counter.value != 0 {
            table.append([counter.name, String(counter.value)])
        }
        var lines = ["Counters (per repeat)"] + table.lines(indent: "  ", width: width, shrinking: 0).dropFirst()
        let zeros = counters.count(where: { $0.value == 0 })
        if zeros > 0 {
            lines += TerminalText.wrapped(
                "… \(zeros) zero \(zeros == 1 ? "counter" : "counters") not shown; all in --format json",
                width: width, first: "  ", hanging: "    ")
        }
        return lines
    }

    /// `value` with exactly `decimals` decimals.
    private static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// `value` in its shortest form, as JSON writes it: `60`, `2.4`.
    private static func number(_ value: Double) -> String {
        JSONValue.format(value)
    }
}
