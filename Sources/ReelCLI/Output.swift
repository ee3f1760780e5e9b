import ArgumentParser
import Reporting

/// Prints `text` (no path, or `-`), or writes it to `path` by SPEC §2's rules for output files.
func emit(_ text: String, to path: String?) throws {
    guard let path, path != "-" else {
        print(text, terminator: "")
        return
    }
    do {
        try ReportFile.write(text, to: path)
    } catch {
        StandardError.line(error.description)
        throw ExitCode(1)
    }
}
