#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
private typealias Glibc = Darwin
#endif
import Synchronization

/// Diagnostics and progress go to standard error; results to standard output.
///
/// Lines may come from several threads at once (`--jobs`): each is written whole, and above the status line
/// when one is shown.
enum StandardError {
    /// The status line shown at the bottom of the terminal, if any.
    private static let shownStatus = Mutex<String?>(nil)

    static func write(_ text: String) {
        var remaining = Array(text.utf8)[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            remaining = remaining.dropFirst(written)
        }
    }

    static func line(_ text: String) {
        shownStatus.withLock { status in
            guard let status else { return write(text + "\n") }
            write("\r\u{1B}[K" + text + "\n" + status)
        }
    }

    /// Shows `text` as a line that stays at the bottom, below the lines written after it, until replaced, or
    /// cleared with `nil`. Only for a terminal.
    static func status(_ text: String?) {
        shownStatus.withLock { status in
            write("\r\u{1B}[K" + (text ?? ""))
            status = text
        }
    }

    /// Whether standard error is a terminal (so a progress bar makes sense).
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
