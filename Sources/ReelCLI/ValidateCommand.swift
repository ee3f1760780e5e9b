import ArgumentParser
import Replay
import TraceXML

/// `reel validate`: schema, reader and engine-level checks.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check traces against the schema and the engine's rules, printing path:line:column: message per problem.",
        discussion: "At most 20 errors are printed per trace; the rest are counted (\"… and N more errors\"), as are the errors an unknown element causes in the elements after it.")

    @Argument(help: "The traces to check.")
    var traces: [String]

    /// Errors printed per trace; the rest are counted.
    static let errorsShown = 20

    @Flag(name: .shortAndLong, help: "Print only the problems, not the summary line.")
    var quiet = false

    /// `diagnostics` without the errors an unknown element causes: after it, RELAX NG validation finds every
    /// later element of its parent out of place, thousands for one misspelling. Those are counted, not told.
    static func withoutCascade(_ diagnostics: [TraceDiagnostic]) -> (diagnostics: [TraceDiagnostic], leftOut: Int) {
        guard let unknown = diagnostics.first(where: { $0.code == .unknownElement })?.location else {
            return (diagnostics, 0)
        }
        var kept: [TraceDiagnostic] = []
        var leftOut = 0
        for diagnostic in diagnostics {
            if diagnostic.code == .schema, diagnostic.message.contains(" is not allowed here"),
               let line = diagnostic.location?.line, line > unknown.line {
                leftOut += 1
            } else {
                kept.append(diagnostic)
            }
        }
        return (kept, leftOut)
    }

    func run() throws {
        try withTraceInputs(traces) { unreadable in
            var errors = 0, warnings = 0
            for trace in traces {
                // Its copy failed, and standard error says why: the path itself may be endless.
                if unreadable[trace] != nil {
                    errors += 1
                    continue
                }
                var shownErrors = 0, moreErrors = 0, moreWarnings = 0
                let (diagnostics, following) = Self.withoutCascade(TraceChecker.validate(path: trace, registry: Reel.layouts))
                for diagnostic in diagnostics {
                    let isError = diagnostic.severity == .error
                    if isError { errors += 1 } else { warnings += 1 }
                    // One misspelled element can make every later element wrong: the rest are counted, not told.
                    guard shownErrors < Self.errorsShown else {
                        if isError { moreErrors += 1 } else { moreWarnings += 1 }
                        continue
                    }
                    try emit(diagnostic.description + "\n", to: nil)
                    if isError { shownErrors += 1 }
                }
                if following > 0 {
                    let errors = following == 1 ? "1 error" : "\(following) errors"
                    try emit("\(trace): … and \(errors) left out that follow from the unknown element: the schema finds "
                             + "every later element beside it out of place; fix it and validate again\n", to: nil)
                }
                if moreErrors > 0 || moreWarnings > 0 {
                    let more = [(moreErrors, "error"), (moreWarnings, "warning")].filter { $0.0 > 0 }
                        .map { "\($0.0) more \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: " and ")
                    try emit("\(trace): … and \(more) (the first \(Self.errorsShown) errors are shown; fix them and validate again)\n",
                             to: nil)
                }
            }
            if !quiet {
                let count = traces.count == 1 ? "1 trace" : "\(traces.count) traces"
                StandardError.line("\(count) checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
            }
            if errors > 0 { throw ExitCode(1) }
        }
    }
}
