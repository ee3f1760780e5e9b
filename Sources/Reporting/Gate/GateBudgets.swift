/// Absolute budgets a run's own figures must stay within, with or without a baseline: `reel gate
/// --max-janky-frames N --max-hitch-ratio MS_PER_S --max-frame-ms p99=8`.
///
/// A budget judges the figure as the report prints it — janky frames and the hitch time ratio per repeat (the
/// mean over the measured repeats), a frame-time statistic over the pooled frames of every repeat — so that
/// what `reel replay` shows is what the gate holds it to. A figure above its budget is a regression: the gate
/// fails (exit 2) and names the figure, its value and the budget.
public struct GateBudgets: Sendable, Equatable {
    /// One budget: the figure and the most it may be.
    public struct Budget: Sendable, Equatable {
        public var figure: Figure
        /// The largest value that passes, in the figure's unit.
        public var limit: Double
        /// The option that set it, as the user wrote it: `--max-janky-frames`, `--max-frame-ms p99=8`.
        public var option: String

        public init(figure: Figure, limit: Double, option: String) {
            self.figure = figure
            self.limit = limit
            self.option = option
        }
    }

    /// The budgets, in the order they are judged and printed.
    public var budgets: [Budget]

    public init(_ budgets: [Budget] = []) {
        self.budgets = budgets
    }

    /// Budgets from the gate's options: at most janky and frozen frames per repeat, at most a hitch time ratio,
    /// and each frame-time statistic at most some milliseconds.
    public init(maxJankyFrames: Double? = nil, maxFrozenFrames: Double? = nil, maxHitchRatio: Double? = nil,
                maxFrameMs: [(Figure.FrameTimeStatistic, Double)] = []) {
        var budgets: [Budget] = []
        if let maxJankyFrames {
            budgets.append(Budget(figure: .jankyFrames, limit: maxJankyFrames, option: "--max-janky-frames"))
        }
        if let maxFrozenFrames {
            budgets.append(Budget(figure: .frozenFrames, limit: maxFrozenFrames, option: "--max-frozen-frames"))
        }
        if let maxHitchRatio {
            budgets.append(Budget(figure: .hitchTimeRatio, limit: maxHitchRatio, option: "--max-hitch-ratio"))
        }
        for (statistic, ms) in maxFrameMs {
            budgets.append(Budget(figure: .frameTime(statistic), limit: ms,
                                  option: "--max-frame-ms \(statistic.rawValue)=\(JSONValue.format(ms))"))
        }
        self.budgets = budgets
    }

    public var isEmpty: Bool { budgets.isEmpty }

    /// Reads one `--max-frame-ms` value, `p99=8`: a statistic of `frame_time_ms` and milliseconds.
    /// - Throws: ``GateBudgets/ParseError`` quoting `text` and saying what was expected.
    public static func frameTimeBudget(_ text: String) throws(ParseError) -> (Figure.FrameTimeStatistic, Double) {
        let names = Figure.FrameTimeStatistic.allCases.map(\.rawValue).joined(separator: ", ")
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw ParseError("'\(text)' is not STATISTIC=MS; expected one of \(names), '=' and milliseconds, e.g. p99=8")
        }
        guard let statistic = Figure.FrameTimeStatistic(rawValue: String(parts[0])) else {
            throw ParseError("'\(parts[0])' in '\(text)' is not a frame-time statistic; expected one of \(names)")
        }
        guard let ms = Double(parts[1]) else {
            throw ParseError("'\(parts[1])' in '\(text)' is not a number of milliseconds")
        }
        return (statistic, ms)
    }

    /// Why a budget option could not be read.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// Every budget judged against `report`'s own figures, in order.
    public func judge(_ report: Report) -> [BudgetJudgement] {
        budgets.map { budget in
            BudgetJudgement(budget: budget, value: budget.figure.value(in: report))
        }
    }
}

/// One budget held against a run's figure.
public struct BudgetJudgement: Sendable, Equatable {
    public var budget: GateBudgets.Budget
    /// The run's figure, as its report prints it; `nil` when the report does not have it (no frame measured).
    public var value: Double?

    public init(budget: GateBudgets.Budget, value: Double?) {
        self.budget = budget
        self.value = value
    }

    /// Whether the figure is above its budget. A figure the run did not measure exceeds nothing.
    public var exceeded: Bool { value.map { $0 > budget.limit } ?? false }

    /// The figure's short name: `janky_frames`, `frame_time_ms.p99`.
    public var name: String { budget.figure.declaration.name }

    /// `janky_frames 9 > budget 0 (--max-janky-frames)` or `frame_time_ms.p99 1.234 ms ≤ budget 8 ms (--max-frame-ms
    /// p99=8)`.
    public var sentence: String {
        let figure = budget.figure
        let limit = "budget \(GateText.value(budget.limit, of: figure)) (\(budget.option))"
        guard let value else { return "\(name) not measured; \(limit)" }
        return "\(name) \(GateText.value(value, of: figure)) \(exceeded ? ">" : "≤") \(limit)"
    }
}
