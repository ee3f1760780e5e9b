internal import Foundation

/// A frame-time axis whose unit suits the data: microseconds when everything it shows is under a millisecond,
/// milliseconds otherwise, so that frames of a few µs are not drawn flat at "0 ms".
struct TimeAxis: Equatable {
    /// The unit of the tick labels.
    enum Unit: String, Equatable {
        case microseconds = "µs"
        case milliseconds = "ms"

        /// How many of the unit a millisecond holds.
        var perMillisecond: Double { self == .microseconds ? 1000 : 1 }
    }

    /// One labelled tick.
    struct Tick: Equatable {
        /// Where it is, ms.
        var ms: Double
        /// Its label, with its unit ("250 µs", "10 ms").
        var label: String
    }

    var unit: Unit
    var ticks: [Tick]

    /// About five round ticks from 0 to `maximumMs` in the unit that suits it: µs below 1 ms, ms from there on.
    static func linear(upToMs maximumMs: Double) -> TimeAxis {
        let unit: Unit = maximumMs < 1 ? .microseconds : .milliseconds
        let ticks = FrameChart.ticks(upTo: maximumMs * unit.perMillisecond).map { value in
            Tick(ms: value / unit.perMillisecond, label: "\(HTMLText.number((value * 1e6).rounded() / 1e6)) \(unit.rawValue)")
        }
        return TimeAxis(unit: unit, ticks: ticks)
    }

    /// The powers of ten from the one at or below `lowMs` to the one at or above `highMs` (both at least 1 ns),
    /// labelled "1 µs", "10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s", "10 s".
    static func decades(fromMs lowMs: Double, toMs highMs: Double) -> [Tick] {
        let low = Int(log10(max(lowMs, 1e-6)).rounded(.down))
        let high = max(low + 1, Int(log10(max(highMs, 1e-6)).rounded(.up)))
        return (low...high).map { exponent in
            let ms = pow(10, Double(exponent))
            return Tick(ms: ms, label: label(ms: ms))
        }
    }

    /// A frame time as the charts write it: whole µs below 1 ms ("850 µs"), ms with one decimal up to 1 s
    /// ("21.3 ms"), s beyond ("1.5 s").
    static func label(ms: Double) -> String {
        if ms < 1 { return "\(HTMLText.number((ms * 1000).rounded())) µs" }
        if ms < 1000 { return "\(HTMLText.number((ms * 10).rounded() / 10)) ms" }
        return "\(HTMLText.number((ms / 100).rounded() / 10)) s"
    }
}
