extension JankThresholds {
    /// `{"max_janky_frames": 0, "max_hitch_ratio_ms_per_s": 5}`.
    var json: JSONValue {
        .object([
            .init("max_janky_frames", .number(maxJankyFrames)),
            .init("max_hitch_ratio_ms_per_s", .number(maxHitchRatio)),
        ])
    }

    /// The report's verdict for a program: `status` (`pass`, `fail`, `incomplete` or `empty`, the words the
    /// text leads with), `summary` (the sentence of the report's facts), `thresholds` and `violations`, one
    /// object per threshold exceeded: `figure` (the figure's JSON key), `value`, `limit`, `option` and
    /// `message` (the text's sentence).
    func verdictJSON(of report: Report) -> JSONValue {
        var violations: [JSONValue] = []
        if report.jankyFrames > maxJankyFrames {
            violations.append(violation(Figure.jankyFrames, report.jankyFrames, maxJankyFrames, "--max-janky-frames"))
        }
        if report.hitchTimeRatio > maxHitchRatio {
            violations.append(violation(Figure.hitchTimeRatio, report.hitchTimeRatio, maxHitchRatio, "--max-hitch-ratio"))
        }
        let messages = self.violations(of: report)
        violations = zip(violations, messages).map { violation, message in
            guard case .object(let members) = violation else { return violation }
            return .object(members + [.init("message", .string(message))])
        }
        return .object([
            .init("status", .string(verdict(of: report).word.lowercased())),
            .init("summary", .string(report.verdict)),
            .init("thresholds", json),
            .init("violations", .array(violations)),
        ])
    }

    private func violation(_ figure: Figure, _ value: Double, _ limit: Double, _ option: String) -> JSONValue {
        .object([
            .init("figure", .string(figure.declaration.key)),
            .init("value", .number(value)),
            .init("limit", .number(limit)),
            .init("option", .string(option)),
        ])
    }
}
