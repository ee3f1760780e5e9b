internal import Foundation
internal import ReelVersion

extension ComparisonFormat {
    /// The scale checks of every trace named, in order, in this format, ending with a newline.
    ///
    /// Text and Markdown give each layout's verdict first — the growing phases with their time per steady
    /// frame at each count — then the table of every phase; HTML the same on one page; JSON every phase's
    /// per-repeat values, medians, ratio and test (`reel-scale-check`, `Schemas/scale-check.schema.json`);
    /// JUnit a test case per trace × layout that fails when the layout grows.
    /// - Parameters:
    ///   - outcomes: One per trace named: its check, or why there is none.
    ///   - asArray: Whether JSON writes an array or the one element alone.
    ///   - shard: The shard of a sharded run, as for comparisons.
    ///   - width: The columns text fits; other formats ignore it.
    public func render(scaleChecks outcomes: [Result<ScaleCheck, ComparisonFailure>], asArray: Bool,
                       shard: ShardRecord? = nil, width: Int = TerminalText.reportWidth) -> String {
        switch self {
        case .text:
            if outcomes.isEmpty, let shard { return shard.emptyText }
            return outcomes.map { outcome in
                switch outcome {
                case .success(let check): check.textLines(width: width).joined(separator: "\n") + "\n"
                case .failure(let failure): "Scale check \(failure.trace)\nFAILED: \(failure.message)\n"
                }
            }.joined(separator: "\n")
        case .json:
            let values = outcomes.map { outcome in
                switch outcome {
                case .success(let check): check.json
                case .failure(let failure): ScaleCheck.json(failure)
                }
            }
            if let shard { return shard.envelope(kind: ScaleCheck.jsonFormat, results: values).serialized() + "\n" }
            return (!asArray && values.count == 1 ? values[0] : .array(values)).serialized() + "\n"
        case .markdown:
            return outcomes.map { outcome in
                switch outcome {
                case .success(let check): check.markdown
                case .failure(let failure): "## Scale check `\(failure.trace)`\n\n**Failed**: \(failure.message)\n"
                }
            }.joined(separator: "\n")
        case .html:
            return ScaleCheck.html(outcomes)
        case .junit:
            return ScaleCheck.junit(outcomes)
        }
    }
}

extension ScaleCheck {
    static let jsonFormat = "reel-scale-check"
    static let jsonVersion = 1

    /// `1.4 µs`, `33.2 µs`, `1.25 ms`: a time per frame, given in ms.
    static func time(_ ms: Double) -> String {
        let us = ms * 1000
        if us >= 1000 { return String(format: "%.2f ms", ms) }
        return String(format: us >= 10 ? "%.1f µs" : "%.2f µs", us)
    }

    /// `×23.7`, or `new` when the smallest count's median is 0.
    static func ratioText(_ phase: Phase) -> String {
        guard let ratio = phase.ratio else { return phase.medians.last == 0 ? "×1.0" : "new" }
        return String(format: "×%.1f", ratio)
    }

    /// `(×23.7, p=0.000 n=10+10)`.
    static func evidence(_ phase: Phase) -> String {
        let test = phase.test.map { String(format: ", p=%.3f n=%d+%d", $0.pValue, $0.firstCount, $0.secondCount) } ?? ""
        return "(\(ratioText(phase))\(test))"
    }

    /// What was run and the rule, in words.
    var description: String {
        let warm = warmup > 0 ? " (+\(warmup) warm-up)" : ""
        return "\(mode.rawValue) · clock \(clock.rawValue) · workload \(workload.rawValue) · \(repeats) repeats per count "
            + "and layout\(warm), interleaved. Self time per steady frame (frame 0 apart), median over the repeats; "
            + "a phase grows when at \(Self.grouped(counts.last ?? 0)) items it is \(JSONValue.format(Self.growthRatio))× "
            + "or more its time at \(Self.grouped(counts.first ?? 0)), has risen by \(Self.time(Self.minimumGrowthMs)) a frame "
            + "and \(JSONValue.format(Self.minimumShare * 100)) % of the layout's frame or more, and a two-sided Mann-Whitney U test gives p ≤ \(JSONValue.format(alpha))."
    }

    /// `grid grows in frame/layout/query: 1.40 µs → 33.2 µs per frame (×23.7, p=0.000 n=10+10)`, or `flow is flat`.
    func verdict(_ layout: Layout) -> String {
        if let failure = layout.failure, layout.phases.isEmpty { return "\(layout.name) failed: \(failure)" }
        guard layout.grows else { return "\(layout.name) is flat: no phase grows with the item count" }
        return "\(layout.name) grows in " + layout.growing.map { phase in
            "\(phase.path): " + phase.medians.map(Self.time).joined(separator: " → ") + " per frame \(Self.evidence(phase))"
        }.joined(separator: "; ")
    }

    /// `1,000`.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }

    /// The phases a table shows: every one with time at some count.
    func shown(_ layout: Layout) -> [Phase] {
        layout.phases.filter { phase in phase.medians.contains { $0 > 0 } }
    }

    // MARK: Text

    func textLines(width: Int) -> [String] {
        var lines = ["Scale check \(trace)"]
        lines += TerminalText.wrapped(description, width: width)
        for layout in layouts {
            lines.append("")
            lines += TerminalText.wrapped(verdict(layout), width: width, hanging: "  ")
            // Every count's column when they fit, else the smallest and the largest.
            let pathWidth = max(5, shown(layout).map(\.path.count).max() ?? 5)
            var columns = Array(counts.indices)
            if pathWidth + 2 + 11 * columns.count + 20 > width { columns = [0, counts.count - 1] }
            let header = "  " + "phase".padding(toLength: pathWidth, withPad: " ", startingAt: 0)
                + columns.map { Self.leftPad(Self.grouped(counts[$0]), 11) }.joined() + "  change"
            lines.append(header)
            for phase in shown(layout) {
                lines.append("  " + phase.path.padding(toLength: pathWidth, withPad: " ", startingAt: 0)
                             + columns.map { Self.leftPad(Self.time(phase.medians[$0]), 11) }.joined()
                             + "  " + Self.ratioText(phase) + (phase.grows ? "  grows" : phase.isJudged ? "" : "  (not judged)"))
            }
        }
        return lines
    }

    static func leftPad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    // MARK: JSON

    /// The check as a JSON object with stable keys: `counts`, the rule (`growth_ratio`, `minimum_growth_ms`,
    /// `minimum_share`, `alpha`), `grows`, and per layout `grows`, `growing` (the paths that grow) and every phase's
    /// `per_count` values (`count`, `median_ms`, `per_repeat_ms`), `ratio`, `p_value`, `test_method`, `grows`.
    var json: JSONValue {
        .object([
            .init("format", .string(Self.jsonFormat)),
            .init("version", .int(Self.jsonVersion)),
            .init("reel_version", .string(ReelVersion.reelVersion)),
            .init("complete", .bool(complete)),
            .init("trace", .string(trace)),
            .init("mode", .string(mode.rawValue)),
            .init("clock", .string(clock.rawValue)),
            .init("workload", .string(workload.rawValue)),
            .init("repeats", .int(repeats)),
            .init("warmup", .int(warmup)),
            .init("counts", .array(counts.map(JSONValue.int))),
            .init("figure", .string("self time per steady frame, ms (frame 0 apart)")),
            .init("test", .string("two-sided Mann-Whitney U, smallest count against largest")),
            .init("alpha", .number(alpha)),
            .init("growth_ratio", .number(Self.growthRatio)),
            .init("minimum_growth_ms", .precise(Self.minimumGrowthMs)),
            .init("minimum_share", .precise(Self.minimumShare)),
            .init("grows", .bool(grows)),
            .init("layouts", .array(layouts.map { layout in
                .object([
                    .init("layout", .string(layout.name)),
                    .init("grows", .bool(layout.grows)),
                    .init("growing", .array(layout.growing.map { .string($0.path) })),
                    .init("error", layout.failure.map(JSONValue.string) ?? .null),
                    .init("phases", .array(layout.phases.map(phaseJSON))),
                ])
            })),
        ])
    }

    private func phaseJSON(_ phase: Phase) -> JSONValue {
        .object([
            .init("path", .string(phase.path)),
            .init("grows", .bool(phase.grows)),
            .init("judged", .bool(phase.isJudged)),
            .init("ratio", phase.ratio.map(JSONValue.precise) ?? .null),
            .init("p_value", phase.test.map { .precise($0.pValue) } ?? .null),
            .init("test_method", phase.test.map { .string($0.method.rawValue) } ?? .null),
            .init("per_count", .array(counts.indices.map { index in
                .object([
                    .init("count", .int(counts[index])),
                    .init("median_ms", .precise(phase.medians[index])),
                    .init("per_repeat_ms", .array(phase.values[index].map(JSONValue.precise))),
                ])
            })),
        ])
    }

    static func json(_ failure: ComparisonFailure) -> JSONValue {
        .object([
            .init("format", .string(jsonFormat)),
            .init("version", .int(jsonVersion)),
            .init("reel_version", .string(ReelVersion.reelVersion)),
            .init("complete", .bool(false)),
            .init("trace", .string(failure.trace)),
            .init("layouts", .array(failure.layouts.map(JSONValue.string))),
            .init("error", .string(failure.message)),
        ])
    }

    // MARK: Markdown

    var markdown: String {
        var text = "## Scale check `\(trace)`\n\n\(description)\n"
        for layout in layouts {
            text += "\n**\(layout.name)** " + verdict(layout).dropFirst(layout.name.count + 1) + "\n\n"
            text += "| phase | " + counts.map(Self.grouped).joined(separator: " | ") + " | change |\n"
            text += "|---|" + String(repeating: "---:|", count: counts.count) + "---|\n"
            for phase in shown(layout) {
                text += "| `\(phase.path)` | " + phase.medians.map(Self.time).joined(separator: " | ")
                    + " | \(Self.ratioText(phase))\(phase.grows ? " **grows**" : "") |\n"
            }
        }
        return text
    }

    // MARK: HTML

    static func html(_ outcomes: [Result<ScaleCheck, ComparisonFailure>]) -> String {
        let sections = outcomes.map { outcome in
            switch outcome {
            case .success(let check): check.htmlSection
            case .failure(let failure):
                "<section>\n<h2>\(HTMLText.escape(failure.trace))</h2>\n<p class=\"warning\">Failed: \(HTMLText.escape(failure.message))</p>\n</section>"
            }
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Reel scale check</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; max-width: 1200px; }
            h1, h2, h3, p { overflow-wrap: anywhere; }
            table { border-collapse: collapse; margin: 1em 0; }
            th, td { padding: 2px 10px; border-bottom: 1px solid #ddd; text-align: right; }
            th:first-child, td:first-child { text-align: left; }
            .grows { font-weight: bold; color: #a40; }
            .warning { color: #a40; }
            </style>
            </head>
            <body>
            <h1>Reel scale check</h1>
            \(sections.joined(separator: "\n"))
            </body>
            </html>

            """
    }

    private var htmlSection: String {
        var html = ["<section>", "<h2>\(HTMLText.escape(trace))</h2>", "<p>\(HTMLText.escape(description))</p>"]
        for layout in layouts {
            html.append("<h3>\(HTMLText.escape(layout.name))</h3>")
            html.append("<p\(layout.grows ? " class=\"grows\"" : "")>\(HTMLText.escape(verdict(layout)))</p>")
            html.append("<table>\n<tr><th>phase</th>" + counts.map { "<th>\(Self.grouped($0))</th>" }.joined()
                        + "<th>change</th></tr>")
            for phase in shown(layout) {
                html.append("<tr\(phase.grows ? " class=\"grows\"" : "")><td>\(HTMLText.escape(phase.path))</td>"
                            + phase.medians.map { "<td>\(HTMLText.escape(Self.time($0)))</td>" }.joined()
                            + "<td>\(HTMLText.escape(Self.ratioText(phase)))\(phase.grows ? " grows" : "")</td></tr>")
            }
            html.append("</table>")
        }
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    // MARK: JUnit

    static let junitSuiteName = "reel compare --scale"
    static let junitClassname = "reel.compare.scale"

    static func junit(_ outcomes: [Result<ScaleCheck, ComparisonFailure>]) -> String {
        var document = JUnitXML(name: junitSuiteName)
        document.properties = [
            ("growth_ratio", JSONValue.format(growthRatio)),
            ("minimum_growth_ms", JSONValue.format(minimumGrowthMs)),
            ("minimum_share", JSONValue.format(minimumShare)),
        ]
        for outcome in outcomes {
            switch outcome {
            case .success(let check):
                for layout in check.layouts {
                    let name = ComparisonJUnit.name(check.trace, layout.name)
                    let verdict = check.verdict(layout)
                    let outcome: JUnitXML.Outcome = if let failure = layout.failure {
                        .error(type: "failed", message: failure, body: failure)
                    } else if layout.grows {
                        .failure(type: "growth", message: verdict, body: check.description + "\n" + verdict)
                    } else {
                        .passed
                    }
                    document.append(JUnitXML.TestCase(classname: junitClassname, name: name, outcome: outcome,
                                                      systemOut: verdict))
                }
            case .failure(let failure):
                for layout in failure.layouts.isEmpty ? ["?"] : failure.layouts {
                    document.append(JUnitXML.TestCase(
                        classname: junitClassname, name: ComparisonJUnit.name(failure.trace, layout),
                        outcome: .error(type: "failed", message: failure.message, body: failure.message)))
                }
            }
        }
        return document.rendered
    }
}
