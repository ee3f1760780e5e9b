internal import Foundation

extension GateJudgement {
    /// Reads the `results` of a `reel-gate` object back: a judgement per result, or a trace that could not be
    /// judged (`"error"`), each with the policy of the object (`max_regression_pct`, `alpha`).
    ///
    /// Every figure comes back by its name (``Figure/init(name:)``), with its verdict, values, p-value and
    /// reason as written, and every budget with its value, limit and option; the timing state comes back with
    /// what its notes say (the repeats on each side, the machines, the workload modes), and is checked against
    /// them and against `timing_reason` and `passed`, so that the judgement prints again as it printed. Values
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
        timing = .judged

        let name = try fields.string("timing")
        let notes: [String] = try fields.array("notes")
        let reason = try fields.optionalString("timing_reason")
        let candidates = try Self.timings(named: name, notes: notes, in: fields)
        guard let match = candidates.first(where: { candidate in
            var judgement = self
            judgement.timing = candidate
            return judgement.notes == notes && (judgement.timingJudged ? nil : judgement.timingReason) == reason
        }) else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("notes"), in: fields,
                                                   debugDescription: "the notes and timing_reason do not say why "
                                                       + "timing is '\(name)' as this reel says it")
        }
        timing = match
        let passed = try fields.bool("passed")
        guard passed == self.passed else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("passed"), in: fields,
                                                   debugDescription: "\(passed), but the figures and budgets say \(self.passed)")
        }
    }

    /// The timing states `name` may stand for, with what the notes say of their values: one unless the notes
    /// leave a choice that ``init(_:policy:)`` settles by printing each.
    private static func timings(named name: String, notes: [String],
                                in fields: KeyedDecodingContainer<JSONKey>) throws -> [Timing] {
        let note = notes.first ?? ""
        switch name {
        case "judged": return [.judged]
        case "not asked": return [.notAsked]
        case "no baseline": return [.noBaseline]
        case "too few repeats":
            // "the baseline has 3 repeats and the current run 1; …": the first two numbers.
            let numbers = note.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            return numbers.count >= 2 ? [.tooFewRepeats(baseline: numbers[0], current: numbers[1])] : []
        case "other machine":
            // "timing not judged: <why>; timing measured on another kind of machine …", where <why> is "the
            // baseline was measured on <kind>, the current run on <kind>".
            let prefix = "timing not judged: ", end = "; timing measured on another kind of machine"
            guard note.hasPrefix(prefix), let stop = note.range(of: end, options: .backwards) else { return [] }
            let why = String(note[note.index(note.startIndex, offsetBy: prefix.count)..<stop.lowerBound])
            let measured = "the baseline was measured on ", current = ", the current run on "
            guard why.hasPrefix(measured), let split = why.range(of: current) else { return [] }
            return [.otherMachine(baseline: String(why[why.index(why.startIndex, offsetBy: measured.count)..<split.lowerBound]),
                                  why: why)]
        case "other workload":
            return WorkloadMode.allCases.flatMap { baseline in
                WorkloadMode.allCases.map { Timing.otherWorkload(baseline: baseline, current: $0) }
            }
        case "no per-repeat values":
            return [.noPerRepeatValues("baseline"), .noPerRepeatValues("current run")]
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
        let name = try fields.string("name")
        guard let figure = Figure(name: name) else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("name"), in: fields,
                                                   debugDescription: "no figure is named '\(name)'")
        }
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
                                                   debugDescription: "'\(shortName)', but the name '\(name)' says '\(self.name)'")
        }
    }
}

extension BudgetJudgement {
    /// Reads an element of a result's `budgets`.
    fileprivate init(_ fields: KeyedDecodingContainer<JSONKey>) throws {
        let name = try fields.string("figure")
        guard let figure = Figure(name: name) else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("figure"), in: fields,
                                                   debugDescription: "no figure is named '\(name)'")
        }
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
