/// How much jank a trace may show before its JUnit test case fails (`--max-janky-frames`,
/// `--max-hitch-ratio`): the thresholds a replay is held to outside `reel gate`.
public struct JankThresholds: Sendable, Equatable {
    /// The most janky frames per repeat (the report's mean) a trace may have; 0 by default: a frame over the
    /// budget is a frame the user saw stutter.
    public var maxJankyFrames: Double
    /// The highest hitch time ratio, in ms/s, a trace may have; 5 by default, the top of Apple's "good" band.
    public var maxHitchRatio: Double

    public static let defaultMaxJankyFrames = 0.0
    public static let defaultMaxHitchRatio = 5.0

    public init(maxJankyFrames: Double = Self.defaultMaxJankyFrames, maxHitchRatio: Double = Self.defaultMaxHitchRatio) {
        self.maxJankyFrames = maxJankyFrames
        self.maxHitchRatio = maxHitchRatio
    }

    /// What `report` exceeds, in words, one sentence each; empty when it is within both thresholds. A replay
    /// that stopped early is told by its failure, not here.
    public func violations(of report: Report) -> [String] {
        var violations: [String] = []
        if report.jankyFrames > maxJankyFrames {
            violations.append("\(Self.number(report.jankyFrames)) janky frames per repeat, more than the "
                              + "\(Self.number(maxJankyFrames)) allowed (--max-janky-frames)")
        }
        if report.hitchTimeRatio > maxHitchRatio {
            violations.append("hitch time ratio \(Self.number(report.hitchTimeRatio)) ms/s (\(report.hitchBand.rawValue)), "
                              + "above the \(Self.number(maxHitchRatio)) ms/s allowed (--max-hitch-ratio)")
        }
        return violations
    }

    /// How to fail CI on what `report` exceeds, in a sentence — `reel replay` itself exits 0 whatever it
    /// finds, and says so: `replay exits 0; to fail CI on it: reel gate Traces/a.xml --max-janky-frames 0
    /// --max-hitch-ratio 5`. `nil` when the report is within both thresholds.
    public func gateAdvice(for report: Report) -> String? {
        guard !violations(of: report).isEmpty else { return nil }
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+=:,@%")
        let trace = report.trace.allSatisfy(safe.contains) ? report.trace
            : "'" + report.trace.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        return "replay exits 0; to fail CI on it: reel gate \(trace) --max-janky-frames \(Self.number(maxJankyFrames)) "
            + "--max-hitch-ratio \(Self.number(maxHitchRatio))"
    }

    /// `3`, `2.5`, `0.333`: up to three decimals, without trailing zeros.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// A replayed trace judged against ``JankThresholds``: the word the text, Markdown and HTML verdicts lead with,
/// and what a JUnit test case reports.
public enum JankVerdict: Sendable, Equatable {
    /// Every frame measured, within both thresholds.
    case pass
    /// Over a threshold: the violations, in words.
    case fail([String])
    /// The replay stopped before the end of the trace.
    case incomplete
    /// No frame was measured (an empty window, a session of one frame).
    case empty

    /// `PASS`, `FAIL`, `INCOMPLETE`, `EMPTY`.
    public var word: String {
        switch self {
        case .pass: "PASS"
        case .fail: "FAIL"
        case .incomplete: "INCOMPLETE"
        case .empty: "EMPTY"
        }
    }
}

extension JankThresholds {
    /// `report` judged: incomplete first, then empty, then the thresholds.
    public func verdict(of report: Report) -> JankVerdict {
        if report.failure != nil || !report.complete { return .incomplete }
        if report.frames == 0 { return .empty }
        let violations = violations(of: report)
        return violations.isEmpty ? .pass : .fail(violations)
    }
}
