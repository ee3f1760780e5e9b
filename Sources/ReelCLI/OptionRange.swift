import ArgumentParser
import TraceXML

/// The valid range of a numeric option, checked with a message that names the option, quotes the value,
/// states the range and says why (the ranges come from ``TraceLimits``; the Limits article of the TraceXML documentation lists them).
struct OptionRange {
    var option: String
    var range: ClosedRange<Double>
    /// The unit after a number, with its space: `" Hz"`, `" ms"`, `""`.
    var unit: String
    /// Why the range is what it is.
    var reason: String

    /// Throws a usage error (exit 64) when `value` is outside the range (NaN included).
    func check(_ value: Double) throws {
        guard range.contains(value) else {
            if value < 0, range.lowerBound >= 0 {
                throw ValidationError("\(option) must not be negative, not '\(TraceNumber.format(value))'")
            }
            throw ValidationError("\(option) must be from \(Self.format(range.lowerBound)) to "
                                  + "\(Self.format(range.upperBound))\(unit) (\(reason)), not '\(TraceNumber.format(value))'")
        }
    }

    /// ``check(_:)`` for a count.
    func check(_ value: Int) throws {
        guard Double(value) >= range.lowerBound, Double(value) <= range.upperBound else {
            if value < 0, range.lowerBound >= 0 {
                throw ValidationError("\(option) must not be negative, not '\(value)'")
            }
            throw ValidationError("\(option) must be from \(Self.format(range.lowerBound)) to "
                                  + "\(Self.format(range.upperBound))\(unit) (\(reason)), not '\(value)'")
        }
    }

    /// A bound for reading: whole numbers with thousands separators (`86,400`), others as they are.
    static func format(_ value: Double) -> String {
        guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else { return String(value) }
        return TraceLimits.grouped(Int(value))
    }
}

extension OptionRange {
    static func refreshRate(_ option: String = "--refresh-rate") -> OptionRange {
        OptionRange(option: option, range: TraceLimits.refreshRate, unit: " Hz",
                    reason: "from a 1 Hz display up to the fastest gaming displays")
    }

    /// The frame budget: from a tenth of a millisecond (1/40 of a 240 Hz frame) to 10 seconds (a frame 600
    /// times as long as a 60 Hz one is not a budget); outside it the frame figures mean nothing, and at the
    /// extremes their arithmetic overflows.
    static let budget = OptionRange(option: "--budget", range: 0.1...10_000, unit: " ms",
                                    reason: "a tenth of a 240 Hz frame's share up to 10 seconds")

    static let repeats = OptionRange(option: "--repeat", range: 1...Double(TraceLimits.passes), unit: "",
                                     reason: "a measured pass at least, and at most the passes one command runs")

    static let warmup = OptionRange(option: "--warmup", range: 0...Double(TraceLimits.passes), unit: "",
                                    reason: "at most the passes one command runs")

    /// A time in the session, in seconds.
    static func time(_ option: String) -> OptionRange {
        OptionRange(option: option, range: TraceLimits.time, unit: " s", reason: "a session lasts at most 24 hours")
    }

    static func viewLength(_ option: String) -> OptionRange {
        OptionRange(option: option, range: TraceLimits.viewLength, unit: " points",
                    reason: "the collection view's size, up to 25 times the widest display")
    }

    static let maxRegression = OptionRange(option: "--max-regression", range: 0...10_000, unit: " %",
                                           reason: "no worsening allowed, up to a figure 101 times as bad")
}
