import ArgumentParser
import Reporting

/// Writes `text` to standard output (no path, or `-`) or to `path`, by the rules for output files
/// (``OutputFile``): every write, the flush and the close are checked, and one that fails — a full disk, a
/// closed pipe, a closed standard output — is told on standard error, naming the output, and exits 1.
func emit(_ text: String, to path: String?) throws {
    do {
        try ReportFile.write(text, to: path ?? "-")
    } catch {
        StandardError.line(error.description)
        throw ExitCode(1)
    }
}

/// Writes every output of one run, each rendered by `render`; an output that cannot be written is told on
/// standard error and the others are still written, then the command exits 1.
func emit<Format>(_ outputs: [ReportOutput<Format>], render: (ReportOutput<Format>) -> String) throws {
    var failed = false
    for output in outputs {
        do {
            try emit(render(output), to: output.path)
        } catch {
            failed = true
        }
    }
    if failed { throw ExitCode(1) }
}

/// Writes every output of one run as `write` produces it into a ``ReportStream`` (``ReportFile/write(to:_:)``),
/// so that a long output — a Chrome trace — goes out in pieces, never held whole; as ``emit(_:render:)``, an
/// output that cannot be written is told on standard error, the others are still written, then the command
/// exits 1.
func emit<Format>(_ outputs: [ReportOutput<Format>],
                  writing write: (ReportOutput<Format>, inout ReportStream) throws(OutputFileError) -> Void) throws {
    var failed = false
    for output in outputs {
        do throws(OutputFileError) {
            try ReportFile.write(to: output.path ?? "-") { stream throws(OutputFileError) in try write(output, &stream) }
        } catch {
            StandardError.line(error.description)
            failed = true
        }
    }
    if failed { throw ExitCode(1) }
}

/// Checks every output path before the first pass (``OutputFile/check(_:inputs:writing:)``), so that a path
/// that cannot take its output fails the command at once, not after the replay; a bad one is told on
/// standard error in one line and the command exits 1. `nil` is standard output, which must be open.
func checkOutputs(_ paths: [String?], inputs: [String] = [], writing what: String) throws {
    do {
        try OutputFile.check(paths.map { $0 ?? "-" }, inputs: inputs, writing: what)
    } catch {
        StandardError.line(error.description)
        throw ExitCode(1)
    }
}

/// `--export FORMAT=PATH`, repeatable: the one run also written in another format to another place, next to
/// the `-f/-o` output.
struct ExportSelection<Format: OutputFormat>: ParsableArguments {
    @Option(name: .customLong("export"),
            help: ArgumentHelp("Also write the same run in FORMAT to PATH (repeatable; FORMAT one of "
                               + Format.allCases.map(\.rawValue).joined(separator: ", ")
                               + "; PATH as for -o, - for standard output if -o names a file).",
                               valueName: "format=path"))
    var values: [String] = []

    func validate() throws {
        for value in values {
            do {
                _ = try ReportOutput<Format>(export: value)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    /// Every output of the run: `format` to `path` (`-f/-o`) first, then the exports in the order given.
    ///
    /// - Throws: `ValidationError` (a usage error, exit 64) when more than one of them is standard output.
    func outputs(format: Format, path: String?) throws -> [ReportOutput<Format>] {
        do {
            let outputs = [ReportOutput(format: format, path: path)] + (try values.map(ReportOutput<Format>.init(export:)))
            try ReportOutput.checkOneStandardOutput(outputs)
            return outputs
        } catch {
            throw ValidationError(error.description)
        }
    }
}
