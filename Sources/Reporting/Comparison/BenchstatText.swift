internal import Foundation

/// How a comparison's timing figures read, in the manner of Go's `benchstat`:
/// `1.200 ms ± 3 %  →  0.410 ms ± 2 %  −66 % (p=0.000 n=10+10)`.
///
/// - A layout's value is the median of its per-repeat values with the figure's declared decimals — one fewer for
///   each digit past two before the point (`138.28 ms`, `1234.6 ms`), so that a value keeps at most five
///   significant digits, as `benchstat`'s few, and two columns of 100 ms and more still fit 80 columns — and after `±`
///   the larger half-width of the median's 95 % confidence interval as a whole percentage of the median
///   (``MedianSummary/spreadPercent``): `± ∞` when too few repeats bound the interval, `± ?` when no percentage
///   describes it.
/// - The change is the medians' difference relative to the base's: a whole percentage from 10 % up, one decimal
///   below, always signed (`+`, `−`) unless exactly 0; `?` when the base's median is 0 and the other is not;
///   `~` when the two-sided Mann-Whitney U test does not reject "no change" at α (p > α).
/// - `(p=0.000 n=10+10)`: the test's p-value with three decimals, and the base's and the layout's repeats.
public enum BenchstatText {
    /// The minus sign of changes and differences (U+2212), as typeset numbers use it.
    public static let minus = "\u{2212}"

    /// A value of `figure` with its declared decimals, one fewer for each digit past two before the point;
    /// frame counts in their shortest form (`2`, `2.5`).
    public static func value(_ value: Double, of figure: Figure) -> String {
        let declaration = figure.declaration
        if declaration.unit == .frames { return JSONValue.format(value) }
        var decimals = declaration.decimals
        var tens = 100.0
        while decimals > 0, abs(value) >= tens - 0.5 * pow(10, -Double(decimals)) {
            decimals -= 1
            tens *= 10
        }
        return String(format: "%.\(decimals)f", value)
    }

    /// `± 3 %`, `± ∞` or `± ?`.
    public static func spread(_ summary: MedianSummary) -> String {
        if !summary.isBounded { return "± ∞" }
        guard let percent = summary.spreadPercent else { return "± ?" }
        return "± \(String(format: "%.0f", percent)) %"
    }

    /// A layout's sample with the figure's unit: `1.200 ms ± 3 %`, `2.5 ± 10 %` (frames, whose label names
    /// them), or `-` without values.
    public static func sample(_ sample: TimingComparison.Sample, of figure: Figure) -> String {
        guard let summary = sample.summary else { return "-" }
        let unit = figure.declaration.unit
        let unitText = unit == .frames || unit == .count ? "" : " \(unit.rawValue)"
        return "\(value(summary.median, of: figure))\(unitText) \(spread(summary))"
    }

    /// A change in percent: `−66 %`, `+2.5 %`, `0 %`.
    public static func percent(_ percent: Double) -> String {
        if percent == 0 { return "0 %" }
        let magnitude = abs(percent)
        let digits = String(format: magnitude >= 9.95 ? "%.0f" : "%.1f", magnitude)
        return (percent < 0 ? minus : "+") + digits + " %"
    }

    /// `−66 %`, `?` or `~`.
    public static func change(_ change: TimingComparison.Change) -> String {
        guard change.isSignificant else { return "~" }
        return change.percent.map(percent) ?? "?"
    }

    /// `(p=0.000 n=10+10)`; `(n=10+0)` when there was nothing to test.
    public static func test(_ change: TimingComparison.Change) -> String {
        let n = "n=\(change.baseCount)+\(change.count)"
        guard let test = change.test else { return "(\(n))" }
        return "(p=\(String(format: "%.3f", test.pValue)) \(n))"
    }

    /// The change and its test: `−66 % (p=0.000 n=10+10)`, `~ (p=0.342 n=10+10)`.
    public static func changeAndTest(_ change: TimingComparison.Change) -> String {
        "\(self.change(change)) \(test(change))"
    }

    /// A difference of counters: `+1198`, `−2`, `0`.
    public static func difference(_ difference: Int) -> String {
        difference == 0 ? "0" : (difference < 0 ? minus : "+") + String(difference.magnitude)
    }
}
