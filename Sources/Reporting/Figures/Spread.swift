/// The minimum, median and maximum of a figure's per-repeat values.
///
/// The median is the nearest-rank median, like the report's percentiles: the value of rank ⌈n / 2⌉, the lower
/// of the two middle values for an even count, so that each of the three is a value a repeat measured. One
/// repeat gives min = median = max.
public struct Spread: Sendable, Equatable {
    public var min: Double
    public var median: Double
    public var max: Double

    public init(min: Double, median: Double, max: Double) {
        self.min = min
        self.median = median
        self.max = max
    }

    /// The spread of `values`; `nil` for none.
    /// - Complexity: O(*n* log *n*).
    public init?(_ values: [Double]) {
        let sorted = values.sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        self.init(min: first, median: sorted[(sorted.count + 1) / 2 - 1], max: last)
    }

    /// max − min.
    public var range: Double { max - min }
}
