internal import ReelVersion

extension GateJudgement {
    /// The `format` of `reel gate --format json`.
    static let jsonFormat = "reel-gate"
    static let jsonVersion = 1

    /// `{"format": "reel-gate", "version": 1, "reel_version": "7763b4c", "passed": …, "regressions": n, "max_regression_pct": 10,
    /// "alpha": 0.01, "results": [ … ]}`: one result per trace with `trace`, `layout`, `baseline` (the file),
    /// `passed`, `timing` (`judged`, `too few repeats`, `other machine`, `no per-repeat values`, `not asked`),
    /// `notes`, and `figures` in output order, each with `figure` (the short name), `name` (the report's),
    /// `kind`, `unit`, `better`, `verdict`, `baseline`, `current` (counts, or medians of the per-repeat
    /// values), `change_pct` (null from a zero baseline), `p_value` (three decimals), `significant` (p ≤ α) and `n` for
    /// tested timing figures, and
    /// `reason`.
    /// A trace that could not be judged is a result with `trace`, `passed` false, `complete` false and `error`.
    static func json(_ outcomes: [Result<GateJudgement, TraceFailure>]) -> JSONValue {
        let judgements = outcomes.compactMap { try? $0.get() }
        let policy = judgements.first?.policy ?? GatePolicy()
        return .object([
            .init("format", .string(jsonFormat)),
            .init("version", .int(jsonVersion)),
            .init("reel_version", .string(ReelVersion.reelVersion)),
            .init("passed", .bool(judgements.count == outcomes.count && judgements.allSatisfy(\.passed))),
            .init("regressions", .int(judgements.reduce(0) { $0 + $1.regressions.count })),
            .init("max_regression_pct", .number(policy.maxRegression * 100)),
            .init("alpha", .number(policy.alpha)),
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
        ])
    }

    private var json: JSONValue {
        let timingName = switch timing {
        case .judged: "judged"
        case .tooFewRepeats: "too few repeats"
        case .otherMachine: "other machine"
        case .noPerRepeatValues: "no per-repeat values"
        case .notAsked: "not asked"
        }
        return .object([
            .init("trace", .string(trace)),
            .init("layout", .string(layout)),
            .init("baseline", .optional(baselinePath)),
            .init("passed", .bool(passed)),
            .init("timing", .string(timingName)),
            .init("notes", .array(notes.map(JSONValue.string))),
            .init("figures", .array(figures.map(\.json))),
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
