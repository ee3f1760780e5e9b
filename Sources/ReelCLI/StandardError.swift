#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
private typealias Glibc = Darwin
#endif

/// Diagnostics and progress go to standard error; results to standard output.
enum StandardError {
    static func write(_ text: String) {
        var remaining = Array(text.utf8)[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            remaining = remaining.dropFirst(written)
        }
    }

    static func line(_ text: String) { write(text + "\n") }

    /// Whether standard error is a terminal (so a progress bar makes sense).
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
