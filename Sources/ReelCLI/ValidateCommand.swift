import ArgumentParser
import Replay
import TraceXML

/// `reel validate`: schema, reader and engine-level checks.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check traces against the schema and the engine's rules, printing path:line:column: message per problem.")

    @Argument(help: "The traces to check.")
    var traces: [String]

    @Flag(name: .shortAndLong, help: "Print only the problems, not the summary line.")
    var quiet = false

    func run() throws {
        try withTraceInputs(traces) {
            var errors = 0, warnings = 0
            for trace in traces {
                for diagnostic in TraceChecker.validate(path: trace, registry: Reel.layouts) {
                    print(diagnostic.description)
                    if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
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
