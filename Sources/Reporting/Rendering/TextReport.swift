internal import Foundation

/// The terminal form of reports: a header line, the figures, the hot paths, the worst frames, the counters
/// and the findings in words.
enum TextReport {
    /// Hot paths listed in text; the JSON report lists them all.
    static let hotPathRows = 10

    /// Reports one after another, separated by a blank line.
    static func render(_ reports: [Report]) -> String {
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
        lines += report.warnings.map { "warning: \($0)" }
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
            report.trace, "layout \(report.layout)", report.mode, "\(number(report.refreshRateHz)) Hz",
            "budget \(fixed(report.budgetMs, 2)) ms", "\(report.repeats) \(report.repeats == 1 ? "repeat" : "repeats")\(warmup)",
            "\(number(report.frames)) frames", "\(number(report.sessionSeconds)) s",
        ].joined(separator: " · ")
    }

    private static func figures(_ report: Report) -> [String] {
        let times = report.frameTimeMs
        var table = TextTable(["Frame time (ms)", "mean", "p50", "p90", "p95", "p99", "max"],
                              alignments: [.left] + Array(repeating: .right, count: 6))
        table.append([""] + [times.mean, times.p50, times.p90, times.p95, times.p99, times.max].map { fixed($0, 3) })
        let share = report.frames > 0 ? 100 * report.jankyFrames / report.frames : 0
        var figures = TextTable(["", ""], alignments: [.left, .left])
        figures.append(["Janky frames", "\(number(report.jankyFrames)) (\(fixed(share, 1)) % of frames)"])
        figures.append(["Dropped frames", number(report.droppedFrames)])
        figures.append(["Hitch time", "\(fixed(report.hitchTimeMs, 1)) ms"])
        figures.append(["Hitch time ratio",
                        "\(fixed(report.hitchTimeRatio, 1)) ms/s (\(report.hitchBand.rawValue))"])
        figures.append(["Effective fps", fixed(report.effectiveFPS, 1)])
        figures.append(["Peak fps", fixed(report.peakFPS, 1)])
        return table.lines() + [""] + figures.lines().dropFirst()
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
