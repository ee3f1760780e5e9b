#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

/// What Reel asks of the terminal it runs in: its width, whether output goes to one, whether colour is
/// welcome, and a monotonic clock for the progress bar.
enum Terminal {
    /// `--color`: whether the text report is coloured.
    enum ColourChoice: String, CaseIterable, ExpressibleByArgument {
        /// When standard output is a terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
        case auto
        case always
        case never
    }

    /// The columns of the terminal on `descriptor` (`TIOCGWINSZ`); else `COLUMNS`; else 80.
    static func width(of descriptor: Int32 = STDERR_FILENO,
                      environment: [String: String] = environment) -> Int {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            return columns
        }
        return 80
    }

    /// Whether the text report is coloured: never in a file (`-o FILE`); on standard output always or never
    /// when asked, and by default when standard output is a terminal, `NO_COLOR` is unset or empty
    /// (https://no-color.org) and `TERM` is not `dumb`.
    static func colours(_ choice: ColourChoice, output: String?, isTerminal: Bool = isatty(STDOUT_FILENO) == 1,
                        environment: [String: String] = environment) -> Bool {
        guard output == nil || output == "-" else { return false }
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            let noColour = !(environment["NO_COLOR"] ?? "").isEmpty
            return isTerminal && !noColour && environment["TERM"] != "dumb"
        }
    }

    /// The columns a text output fits: `asked` (`--width`) when given; on standard output the terminal's
    /// (`TIOCGWINSZ`), else `COLUMNS`, else 80; in a file 80, whatever terminal wrote it.
    static func reportWidth(asked: Int?, output: String?, environment: [String: String] = environment) -> Int {
        if let asked { return asked }
        guard output == nil || output == "-" else { return 80 }
        return width(of: STDOUT_FILENO, environment: environment)
    }

    /// Seconds on the monotonic clock.
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The process's environment.
    static var environment: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
