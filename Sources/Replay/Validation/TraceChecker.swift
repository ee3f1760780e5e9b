public import TraceXML
import Reporting

/// Checks a trace the way `reel validate` does: TraceXML's schema and reader checks, then the trace rules
/// (``TraceRules``, the same rules the replay applies), then what only the engine can decide.
///
/// The trace rules: the layouts the trace names exist and their parameters are well-formed (the header's,
/// `<set-layout>`'s and `<transition>`'s); the workload names only reuse identifiers the data uses; batches
/// follow UIKit's rules (with UIKit's messages) against the counts before them; items named by
/// `<scroll-to-item>`, `<select>`, `<deselect>` and `<menu>` exist, following the item counts through
/// `<reload-data>` and batches; gestures and transitions go through their phases in order (began,
/// changed…, ended or cancelled); sizes of `<resize>` are positive.
///
/// Then the engine's checks: the trace is replayed once, on a clock that spends no time, in the mode `reel
/// replay` would choose. Where the engine refuses an event the rules cannot judge alone (a menu action on an
/// item whose menu a long press did not open; a layout change while the layout's own switch animates), the
/// refusal is reported at the event with the engine's words, as `reel replay` reports it; for a trace
/// without errors, what the engine logs (``EngineWarning``: an item too large for a flow layout's line, a
/// paging target moved by the delegate) is reported as warnings, once per message with a count.
///
/// A valid trace is read once: the schema and reader checks, the rules and the replay see each event from
/// the same pass (``TraceValidator/validate(path:limits:alongside:)``), and the replay leaves out the display
/// passes that can neither refuse nor log anything (``DeferredDisplay``) when the workload costs nothing. A
/// trace with a schema or reader problem, or cut off, or at a refresh rate where a session could pass
/// ``TraceLimits/frames`` frames, is checked in separate passes as before
/// (``validateInSeparatePasses(path:registry:)``), which `TraceCheckerAgreementTests` also runs on every
/// trace to prove that both give the same findings.
public enum TraceChecker {
    /// Every problem of the trace at `path`, sorted by position.
    ///
    /// - Complexity: one pass over a valid trace, its events kept in a few bytes each (``PackedEvents``), with the layout's work for the events and for a display pass
    ///   whenever the bounds leave a rectangle counted a few screens around them; any other trace as
    ///   ``validateInSeparatePasses(path:registry:)``.
    public static func validate(path: String, registry: LayoutRegistry = .standard) -> [TraceDiagnostic] {
        var diagnostics: [TraceDiagnostic] = []
        var checkedInOnePass = false
        let (formal, sawEveryEvent) = TraceValidator.validate(path: path) { header, next in
            checkedInOnePass = checkInOnePass(path: path, registry: registry, header: header, next: next,
                                              into: &diagnostics)
        }
        guard sawEveryEvent && checkedInOnePass else {
            return validateInSeparatePasses(path: path, registry: registry, formal: formal)
        }
        return sorted(diagnostics)
    }

    /// What ``validate(path:registry:)`` returns, in separate passes: TraceXML's checks, a pass of the rules,
    /// then a full replay of every frame with its display. The reference the one pass is tested against, and
    /// the way any trace the one pass cannot check is checked.
    ///
    /// - Complexity: three streaming passes over the trace in constant memory, then one replay of it (the
    ///   layouts' work for every frame, without the workload's costs).
    package static func validateInSeparatePasses(path: String, registry: LayoutRegistry = .standard) -> [TraceDiagnostic] {
        validateInSeparatePasses(path: path, registry: registry, formal: TraceValidator.validate(path: path))
    }

    private static func validateInSeparatePasses(path: String, registry: LayoutRegistry,
                                                 formal: [TraceDiagnostic]) -> [TraceDiagnostic] {
        // A cut the reader tolerated is a warning from TraceValidator: the checks below still run on the
        // complete events, and the cut is reported as an error.
        guard !formal.contains(where: { $0.severity == .error }) else { return formal }
        var diagnostics: [TraceDiagnostic] = []
        do {
            let reader = try TraceReader(path: path, options: TraceReader.Options(allowsTruncation: true))
            var rules = TraceRules(header: reader.header, path: path, registry: registry)
            diagnostics += rules.check(reader.header).map { $0.diagnostic(path: path) }
            while let event = try reader.next() {
                diagnostics += rules.check(event).map { $0.diagnostic(path: path) }
            }
            diagnostics += rules.finish().map { $0.diagnostic(path: path) }
        } catch {
            diagnostics.append(TraceDiagnostic(error))
        }
        diagnostics += engineChecks(path: path, registry: registry, known: diagnostics)
        return sorted(formal.map(truncationAsError) + diagnostics)
    }

    /// The rules and the engine's checks on the events `next` reads, the trace's header being `header`, into
    /// `diagnostics`: what ``validateInSeparatePasses(path:registry:)`` finds after TraceXML's checks, when
    /// they find nothing. Returns `false`, checking nothing, when the trace needs the separate passes: at a
    /// refresh rate where a session may pass ``TraceLimits/frames`` frames, the replay would refuse it
    /// before its first frame, which only a whole read of the events can tell.
    private static func checkInOnePass(path: String, registry: LayoutRegistry, header: TraceHeader,
                                       next: () throws(TraceError) -> TraceEvent?,
                                       into diagnostics: inout [TraceDiagnostic]) -> Bool {
        let frameClock = FrameClock(header: header)
        guard !SessionLength.mayExceedLimit(at: frameClock.refreshRate) else { return false }
        let held = HeldRules(TraceRules(header: header, path: path, registry: registry))
        diagnostics += held.rules.check(header).map { $0.diagnostic(path: path) }
        // Every event goes through the rules as it is read, and is kept for the replay, which takes their
        // verdicts rather than checking the events again, in the mode the events give.
        let verdicts = RuleVerdicts()
        var kept: PackedEvents? = PackedEvents(path: path)
        var hasScroll = false
        do throws(TraceError) {
            while let event = try next() {
                let problems = held.rules.check(event)
                verdicts.record(problems, path: path)
                if !problems.isEmpty { diagnostics += problems.map { $0.diagnostic(path: path) } }
                if case .scroll = event.kind { hasScroll = true }
                if let events = kept, !events.append(event) { kept = nil }
            }
            kept?.finish(failure: nil)
        } catch {
            // The trace is not valid: the caller drops what was found and checks it in separate passes.
            kept?.finish(failure: error)
            hasScroll = true
        }
        // Events too many to keep are checked in separate passes, which read the trace again.
        guard let kept else { return false }
        var outcome: (failure: ReplayError?, warnings: [TracedWarning])
        do throws(ReplayError) {
            let layout = try registry.makeLayout(for: header.layout, path: path)
            let pass = ReplayPass(quiet: header, path: path, layout: layout, registry: registry,
                                  mode: hasScroll ? .offsets : .gestures, frameClock: frameClock, spans: .never,
                                  observers: [RuleVerdictsCheck(verdicts)],
                                  defersDisplay: WorkloadCosts(header.workload).isFree)
            let result = pass.run(kept.cursor())
            outcome = (result.failure, result.warnings)
        } catch {
            outcome = (error, [])
        }
        diagnostics += held.rules.finish().map { $0.diagnostic(path: path) }
        diagnostics += engineDiagnostics(failure: outcome.failure, warnings: outcome.warnings, path: path,
                                         known: diagnostics)
        return true
    }

    /// Sorted by position, the diagnostics without one first.
    private static func sorted(_ diagnostics: [TraceDiagnostic]) -> [TraceDiagnostic] {
        diagnostics.sorted { lhs, rhs in
            (lhs.location?.line ?? 0, lhs.location?.column ?? 0) < (rhs.location?.line ?? 0, rhs.location?.column ?? 0)
        }
    }

    /// A cut-off trace is an error for `validate`, at the position where the document stops.
    private static func truncationAsError(_ diagnostic: TraceDiagnostic) -> TraceDiagnostic {
        guard diagnostic.code == .truncated, diagnostic.severity == .warning else { return diagnostic }
        var error = diagnostic
        error.severity = .error
        error.message += "; the document stops before </trace> (replay, compare, gate and snapshot accept "
            + "its complete events with --allow-truncated)"
        return error
    }

    /// One replay of the trace on a clock that spends no time: the error that stops it, unless `known`
    /// already has it (the rules' first error stops the replay too), and, when nothing stopped it and
    /// `known` has no error, what the engine logged, once per message with a count.
    private static func engineChecks(path: String, registry: LayoutRegistry,
                                     known: [TraceDiagnostic]) -> [TraceDiagnostic] {
        let options = ReplayOptions(repeats: 1, warmup: 0, allowsTruncation: true)
        var warnings: [TracedWarning] = []
        let failure: ReplayError?
        do {
            let (pass, reader) = try ReplayRunner(registry: registry).makeQuietPass(path, options: options)
            let result = pass.run(reader)
            warnings = result.warnings
            failure = result.failure
        } catch {
            failure = error
        }
        return engineDiagnostics(failure: failure, warnings: warnings, path: path, known: known)
    }

    /// The replay's outcome as diagnostics: the error that stopped it, unless `known` already has it, and,
    /// when nothing stopped it and `known` has no error, its warnings.
    private static func engineDiagnostics(failure: ReplayError?, warnings: [TracedWarning], path: String,
                                          known: [TraceDiagnostic]) -> [TraceDiagnostic] {
        if let failure {
            let refusal = TraceDiagnostic(severity: .error, code: .invalidValue, message: failure.message, path: path,
                                          location: failure.location)
            let isKnown = known.contains { $0.location == refusal.location && $0.message == refusal.message }
            return isKnown ? [] : [refusal]
        }
        guard !known.contains(where: { $0.severity == .error }) else { return [] }
        return TracedWarning.diagnostics(warnings, path: path)
    }
}

/// The rules `checkInOnePass` applies to every event from the function the replay pulls events through. A
/// `var` captured by that function would make every event's check a dynamic exclusivity check;
/// the unchecked property is a plain access, and safe: `check` and `finish` run no code that could reach the
/// rules again, and the pass is on one thread.
private final class HeldRules {
    @exclusivity(unchecked) var rules: TraceRules

    init(_ rules: TraceRules) { self.rules = rules }
}
