/// The forms `reel gate` prints its judgement in (`--format`).
public enum GateFormat: String, CaseIterable, Sendable {
    /// Verdict first, then regressions, improvements, unchanged and not-judged figures, for an 80-column
    /// terminal.
    case text
    /// A `reel-gate` object: the verdict and, per trace, every figure with its values, change and p-value.
    case json
    /// For CI step summaries and pull-request comments: the verdict line and a table per trace.
    case markdown
    /// JUnit XML: one test suite, one test case per figure (per trace), a failure per regression.
    case junit

    /// `judgements` (one per trace, in order) in this format, ending with a newline.
    public func render(_ judgements: [GateJudgement]) -> String {
        render(judgements.map { .success($0) })
    }

    /// The outcome of every trace named, in order — its judgement, or why there is none (an unreadable
    /// report or trace, a replay that failed) — in this format, ending with a newline. A failure makes the
    /// verdict FAIL; JSON gives it its place among the results (`"complete": false`, `"error"`).
    /// - Parameters:
    ///   - shard: The shard of a sharded run, which JSON adds as its last key, `"shard"` (``ShardRecord``);
    ///     other formats ignore it.
    ///   - width: The columns text fits; other formats ignore it.
    public func render(_ outcomes: [Result<GateJudgement, TraceFailure>], shard: ShardRecord? = nil,
                       width: Int = TerminalText.reportWidth) -> String {
        let judgements = outcomes.compactMap { try? $0.get() }
        let failures = outcomes.compactMap { outcome -> TraceFailure? in
            if case .failure(let failure) = outcome { failure } else { nil }
        }
        return switch self {
        case .text: GateJudgement.text(judgements, failures: failures, width: width)
        case .json: GateJudgement.json(outcomes, shard: shard).serialized() + "\n"
        case .markdown: GateJudgement.markdown(judgements, failures: failures)
        case .junit: GateJudgement.junit(judgements, failures: failures)
        }
    }
}

extension FigureJudgement {
    /// The figure's short name, one `--metric` accepts: `frame_time_ms.p50`, `janky_frames`, a counter's key,
    /// a hot path's span path.
    public var name: String {
        switch figure {
        case .counter(let counter): counter.key
        case .hotPathSelfTime(let path): path
        default: figure.declaration.name
        }
    }

    /// `p=0.000 n=10+10` for a tested timing figure, `exact` for a judged counter, else the reason.
    var evidence: String {
        if let pValue { return "\(GateText.pValue(pValue)) n=\(baselineRepeats)+\(currentRepeats)" }
        if figure.declaration.kind == .counter && verdict != .notJudged { return "exact" }
        return reason
    }
}

extension GateJudgement {
    /// `FAIL: 1 budget exceeded, 2 regressions, 1 improvement, 20 unchanged, 9 not judged` or `PASS: …`; budgets
    /// are counted when there are some, figures when there is a baseline.
    public var summaryLine: String {
        func count(_ n: Int, _ word: String, _ plural: String) -> String { "\(n) \(n == 1 ? word : plural)" }
        var counts: [String] = []
        if !budgets.isEmpty {
            counts.append(exceededBudgets.isEmpty ? "within \(count(budgets.count, "budget", "budgets"))"
                          : "\(count(exceededBudgets.count, "budget", "budgets")) exceeded")
        }
        if timing != .noBaseline {
            counts += [count(regressions.count, "regression", "regressions"),
                       count(improvements.count, "improvement", "improvements"),
                       "\(unchanged.count) unchanged", "\(notJudged.count) not judged"]
        }
        return (passed ? "PASS" : "FAIL") + ": " + counts.joined(separator: ", ")
    }

    /// The overall verdict of several judgements, and of the traces that could not be judged, in one line
    /// (``Headline``).
    static func verdictLine(_ judgements: [GateJudgement], failures: Int = 0) -> String {
        Headline(judgements, failures: failures).text
    }

    /// `timing: 10 + 10 repeats, max regression 10 %, α = 0.01`.
    var policyLine: String {
        let repeats = figures.first { $0.pValue != nil }.map { "\($0.baselineRepeats) + \($0.currentRepeats) repeats, " } ?? ""
        return "timing: \(repeats)max regression \(GateText.number(policy.maxRegression * 100, decimals: 0)) %, "
            + "α = \(Self.alphaText(policy.alpha)), two-sided Mann-Whitney U; counters exact"
    }
}
