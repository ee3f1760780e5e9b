public import TraceXML

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
/// The engine's checks, for a trace with events only the engine can judge (`<menu>`, `<set-layout>`,
/// `<transition>`): the trace is replayed once, on a manual clock (nothing is spent or measured), in the
/// mode `reel replay` would choose; where the engine refuses an event (a menu action on an item whose menu
/// a long press did not open; a layout change while the layout's own switch animates) the refusal is
/// reported at the event with the engine's words, as `reel replay` reports it. Other traces are not
/// replayed: the rules decide all of their events.
public enum TraceChecker {
    /// Every problem of the trace at `path`, sorted by position.
    ///
    /// - Complexity: three streaming passes over the trace in constant memory, then, for a trace with menu
    ///   actions or layout changes, one replay pass (the layouts' work for every frame).
    public static func validate(path: String, registry: LayoutRegistry = .standard) -> [TraceDiagnostic] {
        let formal = TraceValidator.validate(path: path)
        guard !formal.contains(where: { $0.severity == .error }) else { return formal }
        var diagnostics: [TraceDiagnostic] = []
        var needsEngine = false
        do {
            let reader = try TraceReader(path: path, options: TraceReader.Options(allowsTruncation: true))
            var rules = TraceRules(header: reader.header, path: path, registry: registry)
            diagnostics += rules.check(reader.header).map { $0.diagnostic(path: path) }
            while let event = try reader.next() {
                diagnostics += rules.check(event).map { $0.diagnostic(path: path) }
                switch event.kind {
                case .menu, .setLayout, .transition: needsEngine = true
                default: break
                }
            }
            diagnostics += rules.finish().map { $0.diagnostic(path: path) }
        } catch {
            diagnostics.append(TraceDiagnostic(error))
        }
        if needsEngine, let refusal = engineRefusal(path: path, registry: registry),
           !diagnostics.contains(where: { $0.location == refusal.location && $0.message == refusal.message }) {
            diagnostics.append(refusal)
        }
        return (formal + diagnostics).sorted { lhs, rhs in
            (lhs.location?.line ?? 0, lhs.location?.column ?? 0) < (rhs.location?.line ?? 0, rhs.location?.column ?? 0)
        }
    }

    /// The error that stops a replay of the trace, if any: the engine's refusals, and the trace rules' first
    /// error (which the caller has already).
    private static func engineRefusal(path: String, registry: LayoutRegistry) -> TraceDiagnostic? {
        let failure: ReplayError?
        do {
            let session = try ReplaySession(trace: path, options: ReplayOptions(repeats: 1, warmup: 0,
                                                                                allowsTruncation: true),
                                            registry: registry, clock: ManualClock())
            failure = try session.runPass().failure
        } catch {
            failure = error
        }
        return failure.map {
            TraceDiagnostic(severity: .error, code: .invalidValue, message: $0.message, path: path, location: $0.location)
        }
    }
}
