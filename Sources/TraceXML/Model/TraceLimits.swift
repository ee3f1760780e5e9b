/// The valid range of every number a trace or a command-line option can carry, and the limits that protect
/// the machine (the Limits article of the TraceXML documentation states each with its reason).
///
/// A value outside its range is an error where it is read — `file:line:column:` for a trace, the option's
/// name for a command — that quotes the value, states the range and says why. The machine limits are
/// checked before the work they bound starts, so a trace that asks for too much gets an error, never a
/// hang or an allocation failure.
public enum TraceLimits {
    // MARK: Values

    /// Display refresh rates, in hertz: from 1 Hz up to the 240 Hz of the fastest gaming displays.
    public static let refreshRate: ClosedRange<Double> = 1...240
    /// One frame's interval (`<frame-intervals>`), in milliseconds: from 1 ms (a display faster than any made)
    /// to 10 s (a recording whose display stood still that long, an app suspended mid-session).
    public static let frameInterval: ClosedRange<Double> = 1...10_000
    /// Event times and session lengths, in seconds: 24 hours.
    public static let time: ClosedRange<Double> = 0...86_400
    /// Animation durations (`<batch>`, `<set-layout>`, `<scroll-to-item>`), in seconds.
    public static let animationDuration: ClosedRange<Double> = 0...60
    /// The collection view's width and height, in points: 100,000 is 25 times the widest display.
    public static let viewLength: ClosedRange<Double> = 1...100_000
    /// An item's, header's or footer's width or height, in points.
    public static let elementLength: ClosedRange<Double> = 0...100_000
    /// Content offsets and touch locations, in points: far beyond the content of the largest trace
    /// (10,000,000 items of 100 points) while keeping sub-point precision in a `Double`.
    public static let coordinate: ClosedRange<Double> = -1e10...1e10
    /// Finger velocities, in points per second.
    public static let velocity: ClosedRange<Double> = -1e6...1e6
    /// Insets and spacings, in points.
    public static let inset: ClosedRange<Double> = -100_000...100_000
    /// A section's own insets, in points: never negative.
    public static let sectionInset: ClosedRange<Double> = 0...100_000
    /// A section's own line and interitem spacings, in points: never negative.
    public static let spacing: ClosedRange<Double> = 0...100_000
    /// Pinch scales.
    public static let pinchScale: ClosedRange<Double> = 0.001...1_000
    /// The progress of an interactive transition (`<transition phase="changed">`): 0 is the old layout, 1
    /// the new one; a rubber-band gesture may overshoot either by up to one layout's distance.
    public static let transitionProgress: ClosedRange<Double> = -1...2
    /// A custom deceleration rate, the factor the velocity keeps per millisecond. UIKit's are 0.99 (`fast`)
    /// and 0.998 (`normal`); at 0.999 a fling at the fastest velocity settles within 15 s, while closer to 1
    /// it would coast for hours.
    public static let decelerationRate: ClosedRange<Double> = 0.001...0.999
    /// One workload cost (`create`, `configure`, `prepare-for-reuse`, `measure`), in milliseconds.
    public static let cost: ClosedRange<Double> = 0...1_000
    /// How much an unstable item's measured size alternates (`<section unstable-delta>`), in points: an
    /// element's length either way.
    public static let sizeDelta: ClosedRange<Double> = -100_000...100_000

    // MARK: Machine limits

    /// Items one section may name in `unstable-items`.
    public static let unstableItems = 10_000

    /// Items in the whole collection view at any moment (after every batch and reload).
    public static let items = 10_000_000
    /// Sections in the collection view at any moment.
    public static let sections = 100_000
    /// Frames in one session (24 hours at 120 Hz): a longer session is refused before it starts.
    public static let frames = 10_368_000
    /// Elements (cells, supplementary and decoration views) displayed in one frame.
    public static let visibleElements = 10_000
    /// Workload time spent in one pass, in seconds: a pass that would spend more stops with an error.
    public static let workloadSecondsPerPass = 600.0
    /// Attributes on one element, `<meta>` entries included.
    public static let attributesPerElement = 256
    /// Measured and warm-up passes of one command.
    public static let passes = 10_000
    /// The largest trace, in bytes: 4 GiB. A session of the longest length at 120 Hz recorded with a fling
    /// storm's input (90 bytes a frame) is 0.93 GB, and 10,000,000 distinct item sizes in its header add about
    /// 140 MB: this is four times as much. A larger file is refused before a byte of it is parsed, and a trace
    /// read from a pipe or standard input is copied (``TraceInput``) up to this size and refused past it, so an
    /// endless stream (`/dev/zero`, a stuck producer) cannot fill the temporary folder.
    public static let traceBytes = 4 << 30

    /// `value` as messages give limits and counts, with thousands separators: `10,368,000`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }
}
