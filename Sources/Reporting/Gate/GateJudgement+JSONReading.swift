internal import Foundation

extension GateJudgement {
    /// Reads the `results` of a `reel-gate` object back: a judgement per result, or a trace that could not be
    /// judged (`"error"`), each with the policy of the object (`max_regression_pct`, `alpha`).
    ///
    /// Every figure comes back by its name (``Figure/init(name:)``), with its verdict, values, p-value and
    /// reason as written, and every budget with its value, limit and option; the timing state comes back from
    /// `timing` and `timing_detail`, and is checked against the notes, `timing_reason` and `passed`, so that the
    /// judgement prints again as it printed. Values
    /// come back as JSON wrote them, to three decimals, and each change as `change_pct` wrote it.
    /// - Throws: `DecodingError` naming the key that is missing, of the wrong type, or inconsistent.
    static func outcomes(_ fields: KeyedDecodingContainer<JSONKey>) throws -> [Result<GateJudgement, TraceFailure>] {
        let policy = GatePolicy(maxRegression: try fields.double("max_regression_pct") / 100, alpha: try fields.double("alpha"))
        var results = try fields.nestedUnkeyedContainer(forKey: JSONKey("results"))
        var outcomes: [Result<GateJudgement, TraceFailure>] = []
        while !results.isAtEnd {
            let result = try results.nestedContainer(keyedBy: JSONKey.self)
            if result.contains(JSONKey("error")) {
                outcomes.append(.failure(TraceFailure(trace: try result.string("trace"), message: try result.string("error"))))
            } else {
                outcomes.append(.success(try GateJudgement(result, policy: policy)))
            }
        }
        return outcomes
    }

    /// Reads one judgement of `results`.
    private init(_ fields: KeyedDecodingContainer<JSONKey>, policy: GatePolicy) throws {
        trace = try fields.string("trace")
        layout = try fields.string("layout")
        baselinePath = try fields.optionalString("baseline")
        self.policy = policy
        let repeatFields = try fields.object("repeats")
        repeats = (repeatFields.has("baseline") ? try repeatFields.int("baseline") : nil, try repeatFields.int("current"))
        var budgetList = try fields.nestedUnkeyedContainer(forKey: JSONKey("budgets"))
        budgets = []
        while !budgetList.isAtEnd { budgets.append(try BudgetJudgement(budgetList.nestedContainer(keyedBy: JSONKey.self))) }
        var figureList = try fields.nestedUnkeyedContainer(forKey: JSONKey("figures"))
        figures = []
        while !figureList.isAtEnd { figures.append(try FigureJudgement(figureList.nestedContainer(keyedBy: JSONKey.self))) }
        timing = try Self.timing(fields)
        // What this reel would say of the judgement must be what the file says.
        let notes: [String] = try fields.array("notes")
        guard self.notes == notes, (timingJudged ? nil : timingReason) == (try fields.optionalString("timing_reason")) else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("notes"), in: fields,
                                                   debugDescription: "the notes and timing_reason do not say why "
                                                       + "timing is what `timing` says, as this reel says it")
        }
        let passed = try fields.bool("passed")
        guard passed == self.passed else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("passed"), in: fields,
                                                   debugDescription: "\(passed), but the figures and budgets say \(self.passed)")
        }
    }

    /// The timing state a result's `timing` names, with what its `timing_detail` holds.
    private static func timing(_ fields: KeyedDecodingContainer<JSONKey>) throws -> Timing {
        let name = try fields.string("timing")
        func detail() throws -> KeyedDecodingContainer<JSONKey> { try fields.object("timing_detail") }
        func workload(_ key: String) throws -> WorkloadMode {
            let detail = try detail()
            let value = try detail.string(key)
            guard let mode = WorkloadMode(rawValue: value) else {
                throw DecodingError.dataCorruptedError(forKey: JSONKey(key), in: detail,
                                                       debugDescription: "no workload mode is named '\(value)'")
            }
            return mode
        }
        switch name {
        case "judged": return .judged
        case "not asked": return .notAsked
        case "no baseline": return .noBaseline
        case "too few repeats":
            let detail = try detail()
            return .tooFewRepeats(baseline: try detail.int("baseline_repeats"), current: try detail.int("current_repeats"))
        case "other machine":
            let detail = try detail()
            return .otherMachine(baseline: try detail.string("baseline_machine"), current: try detail.string("current_machine"))
        case "other workload":
            return .otherWorkload(baseline: try workload("baseline_workload"), current: try workload("current_workload"))
        case "no per-repeat values":
            return .noPerRepeatValues(try detail().string("side"))
        default:
            let names = ["judged", "too few repeats", "other machine", "other workload", "no per-repeat values",
                         "not asked", "no baseline"]
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("timing"), in: fields,
                debugDescription: "expected " + names.map { "'\($0)'" }.joined(separator: ", ") + ", found '\(name)'")
        }
    }
}

extension FigureJudgement {
    /// Reads an element of a result's `figures`.
    fileprivate init(_ fields: KeyedDecodingContainer<JSONKey>) throws {
        let figure = try fields.figure("name")
        let verdictName = try fields.string("verdict")
        guard let verdict = Verdict(rawValue: verdictName) else {
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("verdict"), in: fields,
                debugDescription: "expected " + Verdict.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    + ", found '\(verdictName)'")
        }
        var repeats = (baseline: 0, current: 0)
        var pValue: Double?
        var significant = false
        if fields.has("p_value") {
            pValue = try fields.double("p_value")
            significant = try fields.bool("significant")
            let n: [Int] = try fields.array("n")
            guard n.count == 2 else {
                throw DecodingError.dataCorruptedError(forKey: JSONKey("n"), in: fields,
                                                       debugDescription: "expected the repeats of each side, [baseline, current]")
            }
            repeats = (n[0], n[1])
        }
        self.init(figure: figure, verdict: verdict, baseline: try fields.optionalDouble("baseline"),
                  current: try fields.optionalDouble("current"), pValue: pValue, significant: significant,
                  baselineRepeats: repeats.baseline, currentRepeats: repeats.current, reason: try fields.string("reason"))
        writtenChange = try fields.optionalDouble("change_pct").map { $0 / 100 }
        let shortName = try fields.string("figure")
        guard shortName == self.name else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("figure"), in: fields,
                                                   debugDescription: "'\(shortName)', but the name '\(figure.declaration.name)' says '\(self.name)'")
        }
    }
}

extension BudgetJudgement {
    /// Reads an element of a result's `budgets`.
    fileprivate init(_ fields: KeyedDecodingContainer<JSONKey>) throws {
        let figure = try fields.figure("figure")
        let limit = try fields.double("budget")
        var value = try fields.optionalDouble("value")
        let exceeded = try fields.bool("exceeded")
        // A value above its budget by less than JSON's three decimals was written equal to it: it comes back
        // the smallest step above, which prints the same and keeps the verdict.
        if exceeded, value == limit { value = limit.nextUp }
        self.init(budget: GateBudgets.Budget(figure: figure, limit: limit, option: try fields.string("option")), value: value)
        guard exceeded == self.exceeded else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("exceeded"), in: fields,
                                                   debugDescription: "\(exceeded), but the value and the budget say \(self.exceeded)")
        }
    }
}

extension KeyedDecodingContainer<JSONKey> {
    /// The figure named under `key` (``Figure/init(name:)``).
    fileprivate func figure(_ key: String) throws -> Figure {
        let name = try string(key)
        guard let figure = Figure(name: name) else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey(key), in: self, debugDescription: "no figure is named '\(name)'")
        }
        return figure
    }
}
