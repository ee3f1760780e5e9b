internal import ReelVersion

extension GateJudgement {
    /// The `format` of `reel gate --format json`.
    static let jsonFormat = "reel-gate"
    static let jsonVersion = 1

    /// `{"format": "reel-gate", "version": 1, "reel_version": "7763b4c", "passed": …, "headline": "reel gate: PASS (…)", "regressions": n,
    /// "budgets_exceeded": n, "timing_judged": …, "timing_reason": …, "max_regression_pct": 10, "alpha": 0.01,
    /// "results": [ … ]}`: `timing_judged` is false when some trace's timing was judged neither against its
    /// baseline nor by a budget, and `timing_reason` then says why (the headline's words). One result per trace
    /// with `trace`, `layout`, `baseline` (the file), `passed`, `repeats` (`baseline`, `current`), `timing`
    /// (`judged`, `too few repeats`, `other machine`, `other workload`, `no per-repeat values`, `not asked`,
    /// `no baseline`), `timing_judged`, `timing_reason`, `timing_detail` (what the timing state holds: the
    /// repeats, machines or workload modes of each side, or the side without per-repeat values; `null` when it
    /// holds nothing), `notes`, `budgets` (each with `figure`, `value`, `budget`, `option`, `exceeded`), and
    /// `figures` in output order, each with `figure` (the short name), `name` (the report's),
    /// `kind`, `unit`, `better`, `verdict`, `baseline`, `current` (counts, or medians of the per-repeat
    /// values), `change_pct` (null from a zero baseline), `p_value` (three decimals), `significant` (p ≤ α) and `n` for
    /// tested timing figures, and
    /// `reason`.
    /// A trace that could not be judged is a result with `trace`, `passed` false, `complete` false and `error`.
    /// A sharded run adds `shard` (``ShardRecord``), one position per result, as the last key.
    static func json(_ outcomes: [Result<GateJudgement, TraceFailure>], shard: ShardRecord? = nil) -> JSONValue {
        let judgements = outcomes.compactMap { try? $0.get() }
        let policy = judgements.first?.policy ?? GatePolicy()
        let headline = Headline(judgements, failures: outcomes.count - judgements.count)
        var members: [JSONValue.Member] = [
            .init("format", .string(jsonFormat)),
            .init("version", .int(jsonVersion)),
            .init("reel_version", .string(ReelVersion.reelVersion)),
            .init("passed", .bool(judgements.count == outcomes.count && judgements.allSatisfy(\.passed))),
            .init("headline", .string(headline.text)),
            .init("regressions", .int(judgements.reduce(0) { $0 + $1.regressions.count })),
            .init("budgets_exceeded", .int(judgements.reduce(0) { $0 + $1.exceededBudgets.count })),
            .init("timing_judged", .bool(headline.timingReason == nil)),
            .init("timing_reason", .optional(headline.timingReason)),
            .init("max_regression_pct", .number(policy.maxRegression * 100)),
            .init("alpha", .number(policy.alpha)),
            .init("verdict", verdictJSON(outcomes, policy: policy)),
            .init("results", .array(outcomes.map { outcome in
                switch outcome {
                case .success(let judgement): judgement.json
                case .failure(let failure): .object([
                    .init("trace", .string(failure.trace)),
                    .init("passed", .bool(false)),
                    .init("complete", .bool(false)),
                    .init("error", .string(failure.message)),
                ])
                }
            })),
        ]
        if let shard { members.append(.init("shard", shard.json)) }
        return .object(members)
    }

    /// The judgement's verdict for a program: `status` (`pass` or `fail`), `thresholds` (`max_regression_pct`,
    /// `alpha` and the budgets, each figure's name to its limit) and `violations`, one object per regression,
    /// budget exceeded or trace not judged: `trace`, `kind` (`regression`, `budget` or `error`), `figure`,
    /// `baseline` and `current` or `value` and `limit`, and `message`.
    static func verdictJSON(_ outcomes: [Result<GateJudgement, TraceFailure>], policy: GatePolicy) -> JSONValue {
        var budgets: [JSONValue.Member] = []
        var violations: [JSONValue] = []
        for outcome in outcomes {
            switch outcome {
            case .failure(let failure):
                violations.append(.object([
                    .init("trace", .string(failure.trace)), .init("kind", .string("error")),
                    .init("message", .string(failure.message)),
                ]))
            case .success(let judgement):
                for row in judgement.budgets where !budgets.contains(where: { $0.key == row.name }) {
                    budgets.append(.init(row.name, .number(row.budget.limit)))
                }
                for figure in judgement.regressions {
                    violations.append(.object([
                        .init("trace", .string(judgement.trace)), .init("kind", .string("regression")),
                        .init("figure", .string(figure.name)),
                        .init("baseline", figure.baseline.map(JSONValue.number) ?? .null),
                        .init("current", figure.current.map(JSONValue.number) ?? .null),
                        .init("message", .string(figure.reason)),
                    ]))
                }
                for row in judgement.exceededBudgets {
                    violations.append(.object([
                        .init("trace", .string(judgement.trace)), .init("kind", .string("budget")),
                        .init("figure", .string(row.name)), .init("value", row.value.map(JSONValue.number) ?? .null),
                        .init("limit", .number(row.budget.limit)), .init("message", .string(row.sentence)),
                    ]))
                }
            }
        }
        return .object([
            .init("status", .string(violations.isEmpty ? "pass" : "fail")),
            .init("thresholds", .object([
                .init("max_regression_pct", .number(policy.maxRegression * 100)),
                .init("alpha", .number(policy.alpha)),
                .init("budgets", .object(budgets)),
            ])),
            .init("violations", .array(violations)),
        ])
    }

    private var json: JSONValue {
        let timingName = switch timing {
        case .judged: "judged"
        case .tooFewRepeats: "too few repeats"
        case .otherMachine: "other machine"
        case .otherWorkload: "other workload"
        case .noPerRepeatValues: "no per-repeat values"
        case .notAsked: "not asked"
        case .noBaseline: "no baseline"
        }
        return .object([
            .init("trace", .string(trace)),
            .init("layout", .string(layout)),
            .init("baseline", .optional(baselinePath)),
            .init("passed", .bool(passed)),
            .init("timing", .string(timingName)),
            .init("repeats", .object([.init("baseline", repeats.baseline.map(JSONValue.int) ?? .null),
                                      .init("current", .int(repeats.current))])),
            .init("timing_judged", .bool(timingJudged)),
            .init("timing_reason", .optional(timingJudged ? nil : timingReason)),
            .init("timing_detail", timingDetail),
            .init("notes", .array(notes.map(JSONValue.string))),
            .init("budgets", .array(budgets.map(\.json))),
            .init("figures", .array(figures.map(\.json))),
        ])
    }
}

extension GateJudgement {
    /// What ``timing`` holds besides its name, under keys of their own, so that a judgement reads back exactly:
    /// `{"baseline_repeats", "current_repeats"}`, `{"baseline_machine", "current_machine"}`,
    /// `{"baseline_workload", "current_workload"}`, `{"side"}`; `null` for the states that hold nothing.
    fileprivate var timingDetail: JSONValue {
        switch timing {
        case .judged, .notAsked, .noBaseline:
            .null
        case .tooFewRepeats(let baseline, let current):
            .object([.init("baseline_repeats", .int(baseline)), .init("current_repeats", .int(current))])
        case .otherMachine(let baseline, let current):
            .object([.init("baseline_machine", .string(baseline)), .init("current_machine", .string(current))])
        case .otherWorkload(let baseline, let current):
            .object([.init("baseline_workload", .string(baseline.rawValue)),
                     .init("current_workload", .string(current.rawValue))])
        case .noPerRepeatValues(let side):
            .object([.init("side", .string(side))])
        }
    }
}

extension BudgetJudgement {
    fileprivate var json: JSONValue {
        .object([
            .init("figure", .string(name)),
            .init("value", value.map(JSONValue.number) ?? .null),
            .init("budget", .number(budget.limit)),
            .init("option", .string(budget.option)),
            .init("exceeded", .bool(exceeded)),
        ])
    }
}

extension FigureJudgement {
    fileprivate var json: JSONValue {
        let declaration = figure.declaration
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        var members: [JSONValue.Member] = [
            .init("figure", .string(name)),
            .init("name", .string(declaration.name)),
            .init("kind", .string(declaration.kind.rawValue)),
            .init("unit", .string(declaration.unit.rawValue)),
            .init("better", .string(declaration.better.rawValue)),
            .init("verdict", .string(verdict.rawValue)),
            .init("baseline", number(baseline)),
            .init("current", number(current)),
            .init("change_pct", number(change.map { $0 * 100 })),
        ]
        if let pValue {
            // Numbers print with three decimals, like benchstat's p=0.000; `significant` says on which side of
            // α the exact value fell.
            members.append(.init("p_value", .number(pValue)))
            members.append(.init("significant", .bool(significant)))
            members.append(.init("n", .array([.int(baselineRepeats), .int(currentRepeats)])))
        }
        members.append(.init("reason", .string(reason)))
        return .object(members)
    }
}
