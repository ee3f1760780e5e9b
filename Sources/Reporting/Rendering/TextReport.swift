internal import Foundation

/// The terminal form of reports: a header line, the figures, the hot paths, the worst frames, the counters
/// and the findings in words.
enum TextReport {
    /// Hot paths listed in text; the JSON report lists them all.
    static let hotPathRows = 10

    /// Reports one after another, separated by a blank line.
    static func render(_ reports: [Report], options: RenderOptions = RenderOptions()) -> String {
        reports.map { lines(of: $0).joined(separator: "\n") + "\n" }.joined(separator: "\n")
    }

    /// The lines of one report.
    static func lines(of report: Report) -> [String] {
        var lines = [header(report)]
        if let failure = report.failure {
            lines.append("INCOMPLETE: the replay stopped early: \(failure)")
        } else if !report.complete {
            lines.append("INCOMPLETE: the replay stopped before the end of the trace")
        }
        lines += (report.warnings + report.noiseWarnings).map { "warning: \($0)" }
        lines.append("")
        lines += figures(report)
        lines.append("")
        lines += hotPaths(report)
        lines.append("")
        lines += worstFrames(report)
        lines.append("")
        lines += counters(report)
        if !report.markers.isEmpty {
            lines.append("")
            lines.append("Markers")
            var table = TextTable(["t (s)", "label"], alignments: [.right, .left])
            for marker in report.markers {
                table.append([fixed(marker.time, 3), marker.label])
            }
            lines += table.lines(indent: "  ").dropFirst()
        }
        lines.append("")
        lines.append("Findings")
        lines += report.findings.isEmpty ? ["  none"] : report.findings.map { "  - \($0.message)" }
        lines.append("")
        lines.append("Verdict: \(report.verdict)")
        return lines
    }

    private static func header(_ report: Report) -> String {
        let warmup = report.warmup > 0 ? " (+\(report.warmup) warm-up)" : ""
        return [
            report.trace, "layout \(report.layout)", report.mode, "clock \(report.clock)",
            "\(number(report.refreshRateHz)) Hz",
            "budget \(fixed(report.budgetMs, 2)) ms", "\(report.repeats) \(report.repeats == 1 ? "repeat" : "repeats")\(warmup)",
            "\(number(report.frames)) frames", "\(number(report.sessionSeconds)) s",
        ].joined(separator: " · ")
    }

    /// The frame-time table and the frame-rate figures, each as ``Figure`` declares it; with two repeats or
    /// more, each figure's per-repeat minimum, median and maximum.
    private static func figures(_ report: Report) -> [String] {
        var spreads: [Figure: Spread] = [:]
        for entry in report.spreads {
            spreads[entry.figure] = entry.spread
        }
        let showsSpread = report.perRepeat.count >= 2
        var table = TextTable(["Frame time (ms)"] + Figure.frameTimes.map(\.declaration.key),
                              alignments: [.left] + Figure.frameTimes.map { _ in .right })
        table.append([""] + Figure.frameTimes.map { text($0, $0.value(in: report) ?? 0) })
        if showsSpread {
            for (name, statistic) in [("repeats min", \Spread.min), ("repeats median", \.median), ("repeats max", \.max)] {
                table.append([name] + Figure.frameTimes.map { figure in
                    spreads[figure].map { text(figure, $0[keyPath: statistic]) } ?? "-"
                })
            }
        }
        var figures = TextTable(["", "", showsSpread ? "repeats min / median / max" : ""],
                                alignments: [.left, .left, .left])
        for figure in Figure.frameRates {
            guard let value = figure.value(in: report) else { continue }
            let spread = showsSpread ? spreads[figure].map { spread in
                [spread.min, spread.median, spread.max].map { text(figure, $0) }.joined(separator: " / ")
            } : nil
            figures.append([figure.declaration.label, text(figure, value, in: report, withUnit: true), spread ?? ""])
        }
        // The initial display's line is long and has no spread: it follows the table rather than widening its
        // value column, in the same label column.
        let initial = report.initialDisplay.map { initial in
            let apart = report.window.includesInitialDisplay ? "" : ", not in the figures above"
            let label = "Initial display"
            let padding = String(repeating: " ", count: max(0, figures.width(of: 0) - label.count))
            return "\(label)\(padding)  \(fixed(initial.ms, 3)) ms (\(initial.topPath ?? "-"))\(apart)"
        }
        return ["Measured: \(report.window.summary)"] + table.lines() + [""]
            + figures.lines().dropFirst(showsSpread ? 0 : 1) + (initial.map { [$0] } ?? [])
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

    private static func hotPaths(_ report: Report) -> [String] {
        guard !report.hotPaths.isEmpty else { return ["Hot paths: none measured"] }
        var table = TextTable(
            ["Hot paths (ms per repeat)", "calls", "total", "self", "janky self", "call p50", "call p99"],
            alignments: [.left] + Array(repeating: .right, count: 6))
        for path in report.hotPaths.prefix(hotPathRows) {
            table.append([path.path, number(path.calls)]
                + [path.totalMs, path.selfMs, path.jankySelfMs, path.callP50Ms, path.callP99Ms].map { fixed($0, 3) })
        }
        var lines = table.lines()
        let more = report.hotPaths.count - hotPathRows
        if more > 0 {
            lines.append("… \(more) more \(more == 1 ? "path" : "paths") in the JSON report")
        }
        return lines
    }

    private static func worstFrames(_ report: Report) -> [String] {
        guard !report.worstFrames.isEmpty else { return ["Worst frames: none measured"] }
        var table = TextTable(["frame", "t (s)", "ms", "top path"], alignments: [.right, .right, .right, .left])
        for frame in report.worstFrames {
            table.append([String(frame.index), fixed(frame.t, 3), fixed(frame.ms, 3), frame.topPath ?? "-"])
        }
        return ["Worst frames"] + table.lines(indent: "  ")
    }

    private static func counters(_ report: Report) -> [String] {
        guard !report.counters.isEmpty else { return ["Counters: none"] }
        var table = TextTable(["", ""], alignments: [.left, .right])
        for counter in report.counters {
            table.append([counter.name, String(counter.value)])
        }
        return ["Counters (per repeat)"] + table.lines(indent: "  ").dropFirst()
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
