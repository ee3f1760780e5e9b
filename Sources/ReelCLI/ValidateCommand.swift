import ArgumentParser
import Replay
import TraceXML

/// `reel validate`: schema, reader and engine-level checks.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check traces against the schema and the engine's rules, printing path:line:column: message per problem.",
        discussion: "At most 20 errors are printed per trace; the rest are counted (\"… and N more errors\").")

    @Argument(help: "The traces to check.")
    var traces: [String]

    /// Errors printed per trace; the rest are counted.
    static let errorsShown = 20

    @Flag(name: .shortAndLong, help: "Print only the problems, not the summary line.")
    var quiet = false

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
                for diagnostic in TraceChecker.validate(path: trace, registry: Reel.layouts) {
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
