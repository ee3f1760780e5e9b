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
/// Then the engine's checks: the trace is replayed once, on a clock that spends no time, in the mode `reel
/// replay` would choose. Where the engine refuses an event the rules cannot judge alone (a menu action on an
/// item whose menu a long press did not open; a layout change while the layout's own switch animates), the
/// refusal is reported at the event with the engine's words, as `reel replay` reports it; for a trace
/// without errors, what the engine logs (``EngineWarning``: an item too large for a flow layout's line, a
/// paging target moved by the delegate) is reported as warnings, once per message with a count.
public enum TraceChecker {
    /// Every problem of the trace at `path`, sorted by position.
    ///
    /// - Complexity: three streaming passes over the trace in constant memory, then one replay of it (the
    ///   layouts' work for every frame, without the workload's costs).
    public static func validate(path: String, registry: LayoutRegistry = .standard) -> [TraceDiagnostic] {
        // A cut the reader tolerated is a warning from TraceValidator: the checks below still run on the
        // complete events, and the cut is reported as an error.
        let formal = TraceValidator.validate(path: path)
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
        return (formal.map(truncationAsError) + diagnostics).sorted { lhs, rhs in
            (lhs.location?.line ?? 0, lhs.location?.column ?? 0) < (rhs.location?.line ?? 0, rhs.location?.column ?? 0)
        }
    }

    /// A cut-off trace is an error for `validate` (SPEC §2), at the position where the document stops.
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
