import ArgumentParser
import Reporting

/// Prints `text`, or writes it atomically to `path`.
func emit(_ text: String, to path: String?) throws {
    guard let path else {
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
