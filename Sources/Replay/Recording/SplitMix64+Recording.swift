import CollectionEngine

extension SplitMix64 {
    /// A number from `low` to `high`, drawn exactly as `uniform(low...high)` draws it, that also takes a
    /// range a small view has squeezed shut (`high < low`, where `uniform` would trap): it then falls between
    /// `high` and `low`.
    ///
    /// For ranges a simulated user derives from the view's size ("a drag of 60 points up to half the
    /// screen"): on a screen too small for the range the user still moves, and what it records is the same,
    /// byte for byte, wherever the range is valid.
    mutating func uniform(from low: Double, to high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}
