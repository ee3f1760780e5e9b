/// The trace rules' verdicts on the events a pass reads, when whoever hands the pass its events checked
/// them against the rules already (``TraceChecker``'s one pass): the pass stops at the first event that
/// breaks one, with the error its own rules would give there, without checking every event a second time.
///
/// The pass applies the events in the order they are read, from the first, until it stops: the event it
/// applies n-th is the one read n-th, and rules that saw the same events in the same order give it the same
/// verdict.
final class RuleVerdicts {
    // Written once for every event read and read once for every event applied, on the pass's thread, by
    // methods that call nothing while an access is under way: `@exclusivity(unchecked)` spares each access
    // a dynamic exclusivity check, and no two accesses can overlap.

    /// How many events were read and checked so far.
    @exclusivity(unchecked) private var checkedEvents = 0
    /// The place among the events read (from 0) of the first event that breaks a rule; `Int.max` while none
    /// does.
    @exclusivity(unchecked) private var firstBrokenIndex = Int.max
    /// The error the replay stops with at that event.
    @exclusivity(unchecked) private var firstBrokenError: ReplayError?

    /// Takes the problems the rules found in the next event read, of the trace at `path`.
    func record(_ problems: [TraceRules.Problem], path: String) {
        if firstBrokenIndex == .max, let broken = problems.first(where: { $0.severity == .error }) {
            firstBrokenIndex = checkedEvents
            firstBrokenError = broken.replayError(path: path)
        }
        checkedEvents += 1
    }

    /// The error that the event read `index`-th (from 0) stops the replay with, or nil when it breaks no rule.
    func error(ofEvent index: Int) -> ReplayError? {
        index == firstBrokenIndex ? firstBrokenError : nil
    }
}
