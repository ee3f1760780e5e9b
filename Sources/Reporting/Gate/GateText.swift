internal import Foundation

/// Number formatting shared by the gate's renderers.
enum GateText {
    /// `value` with `decimals` decimals, `-0` printed as `0`.
    static func number(_ value: Double, decimals: Int) -> String {
        let text = String(format: "%.\(decimals)f", value)
        return Double(text) == 0 ? String(format: "%.\(decimals)f", 0.0) : text
    }

    /// A figure's value with its declared decimals and unit: `1.234 ms`, `3`, `2.0 frames`; `—` for none.
    static func value(_ value: Double?, of figure: Figure) -> String {
        guard let value else { return "—" }
        let declaration = figure.declaration
        let digits = declaration.kind == .counter ? 0 : declaration.decimals
        let unit = declaration.unit == .count ? "" : " " + declaration.unit.rawValue
        return number(value, decimals: digits) + unit
    }

    /// A p-value with three decimals, `p=0.008`.
    static func pValue(_ p: Double) -> String {
        "p=" + String(format: "%.3f", p)
    }
}

/// `reel gate`'s headline: the overall verdict of several judgements, and whatever it did not judge, said there
/// rather than left to the tables below it — `reel gate: PASS (counters only: timing not judged, baseline from
/// 'Intel Xeon' (2 cores, release build); 3 traces, no regression)`.
struct Headline {
    /// The line.
    var text: String
    /// Why timing was judged neither against the baseline nor by a budget, for some trace: the first such
    /// trace's reason; `nil` when every trace's timing was judged.
    var timingReason: String?

    init(_ judgements: [GateJudgement], failures: Int) {
        let regressions = judgements.reduce(0) { $0 + $1.regressions.count }
        let exceeded = judgements.reduce(0) { $0 + $1.exceededBudgets.count }
        let failed = judgements.filter { !$0.passed }.count
        let total = judgements.count + failures
        let traces = "\(total) trace\(total == 1 ? "" : "s")"
        // Timing judged by nothing, or by budgets but not against the baseline.
        let unjudged = judgements.filter { !$0.timingJudged }
        let budgetsOnly = judgements.filter { $0.timingJudged && $0.timing != .judged && $0.timing != .noBaseline }
        timingReason = unjudged.first?.timingReason
        var caveats: [String] = []
        if let reason = timingReason {
            caveats.append(unjudged.count == judgements.count ? "counters only: timing not judged, \(reason)"
                           : "timing not judged on \(unjudged.count) of \(traces): \(reason)")
        }
        if let reason = budgetsOnly.first?.timingReason {
            caveats.append("timing judged by budgets only, not against the baseline: \(reason)")
        }
        if !judgements.isEmpty, judgements.allSatisfy({ $0.timing == .noBaseline }) {
            caveats.append("no baseline: budgets only")
        }
        var outcome: [String] = []
        if regressions > 0 { outcome.append("\(regressions) regression\(regressions == 1 ? "" : "s")") }
        if exceeded > 0 { outcome.append("\(exceeded) budget\(exceeded == 1 ? "" : "s") exceeded") }
        let notJudged = "\(failures) not judged: failed"
        let summary: [String]
        switch (outcome.isEmpty, failures == 0) {
        case (true, true): summary = ["\(traces), no regression"]
        case (true, false): summary = ["\(traces), \(notJudged)"]
        case (false, true): summary = [outcome.joined(separator: " and ") + " in \(failed) of \(traces)"]
        case (false, false): summary = [outcome.joined(separator: " and ") + " in \(failed) of \(traces)", notJudged]
        }
        let passed = outcome.isEmpty && failures == 0
        text = "reel gate: \(passed ? "PASS" : "FAIL") (" + (caveats + summary).joined(separator: "; ") + ")"
    }
}
