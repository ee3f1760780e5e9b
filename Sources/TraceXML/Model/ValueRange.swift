/// The valid range of one kind of number in a trace, from ``TraceLimits``, with the words an error uses
/// for it: `a refresh rate from 1 to 240 Hz (…)`.
///
/// The reader checks every number it reads against one of these, and the writer refuses any value the
/// reader would refuse, with the same words. Checking is two comparisons; the words are only built for an
/// error.
struct ValueRange: Sendable {
    let lower: Double
    let upper: Double
    /// What the value is, with its article: `a refresh rate`.
    let noun: StaticString
    /// The unit after the range, with its leading space, or empty: ` Hz`.
    let unit: StaticString
    /// Why the range is what it is, or empty.
    let reason: StaticString

    init(_ bounds: ClosedRange<Double>, _ noun: StaticString, unit: StaticString = "", reason: StaticString = "") {
        lower = bounds.lowerBound
        upper = bounds.upperBound
        self.noun = noun
        self.unit = unit
        self.reason = reason
    }

    @inline(__always)
    func contains(_ value: Double) -> Bool { value >= lower && value <= upper }

    /// `from 1 to 240 Hz`.
    var bounds: String { "from \(Self.text(lower)) to \(Self.text(upper))\(unit)" }

    /// `a refresh rate from 1 to 240 Hz (the fastest displays refresh at 240 Hz)`.
    var expectation: String {
        let why = reason.utf8CodeUnitCount == 0 ? "" : " (\(reason))"
        return "\(noun) \(bounds)\(why)"
    }

    /// A bound as messages write it: `86,400`, `0.001`, `1e10`.
    static func text(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1e7, magnitude == magnitude.rounded() {
            let exponent = Int(magnitude.description.split(separator: "e").last.map(String.init) ?? "") ?? 0
            if exponent > 0, magnitude == pow10(exponent) { return (value < 0 ? "-" : "") + "1e\(exponent)" }
        }
        if magnitude == magnitude.rounded(), magnitude < 1e15 { return TraceLimits.grouped(Int(value)) }
        return TraceNumber.format(value)
    }


    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}

extension ValueRange {
    static let refreshRate = ValueRange(TraceLimits.refreshRate, "a refresh rate", unit: " Hz",
                                        reason: "the fastest displays refresh at 240 Hz")
    static let frameInterval = ValueRange(TraceLimits.frameInterval, "intervals", unit: " ms",
                                          reason: "a frame lasts at most 10 seconds")
    static let time = ValueRange(TraceLimits.time, "a time", unit: " seconds",
                                 reason: "a session lasts at most 24 hours")
    static let duration = ValueRange(TraceLimits.animationDuration, "a duration", unit: " seconds",
                                     reason: "the longest animation a trace may hold")
    static let viewLength = ValueRange(TraceLimits.viewLength, "a length", unit: " points",
                                       reason: "25 times the widest display")
    static let elementLength = ValueRange(TraceLimits.elementLength, "lengths", unit: " points")
    static let coordinate = ValueRange(TraceLimits.coordinate, "a coordinate", unit: " points",
                                       reason: "beyond the content of the largest trace")
    static let velocity = ValueRange(TraceLimits.velocity, "a velocity", unit: " points per second")
    static let inset = ValueRange(TraceLimits.inset, "lengths", unit: " points")
    static let sectionInset = ValueRange(TraceLimits.sectionInset, "lengths", unit: " points")
    static let spacing = ValueRange(TraceLimits.spacing, "a spacing", unit: " points")
    static let pinchScale = ValueRange(TraceLimits.pinchScale, "a scale")
    static let progress = ValueRange(TraceLimits.transitionProgress, "a progress",
                                     reason: "0 is the old layout, 1 the new one")
    static let decelerationRate = ValueRange(TraceLimits.decelerationRate, "a deceleration rate")
    static let sizeDelta = ValueRange(TraceLimits.sizeDelta, "a size change", unit: " points",
                                      reason: "an element's length either way")
    static let cost = ValueRange(TraceLimits.cost, "a cost", unit: " ms",
                                 reason: "one view's work on the main thread")
}

/// The valid range of a count or an index in a trace, from ``TraceLimits``.
struct CountRange: Sendable {
    enum Kind: Sendable { case items, item, section }

    /// The largest valid value.
    let upper: Int
    let kind: Kind

    @inline(__always)
    func contains(_ value: Int) -> Bool { value >= 0 && value <= upper }

    /// `a number of items from 0 to 10,000,000 (the most a collection view holds in a replay)`; with
    /// `plural`, `numbers of items from 0 to …`.
    func expectation(plural: Bool = false) -> String {
        let noun = switch kind {
        case .items: plural ? "numbers of items" : "a number of items"
        case .item: plural ? "item indices" : "an item index"
        case .section: plural ? "section indices" : "a section index"
        }
        let why = switch kind {
        case .items: "the most a collection view holds in a replay"
        case .item: "a collection view holds at most \(TraceLimits.grouped(TraceLimits.items)) items"
        case .section: "a collection view holds at most \(TraceLimits.grouped(TraceLimits.sections)) sections"
        }
        return "\(noun) from 0 to \(TraceLimits.grouped(upper)) (\(why))"
    }

    static let items = CountRange(upper: TraceLimits.items, kind: .items)
    static let item = CountRange(upper: TraceLimits.items - 1, kind: .item)
    static let section = CountRange(upper: TraceLimits.sections - 1, kind: .section)
}
