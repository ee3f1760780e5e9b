extension Double {
    /// The value rounded down, as an `Int` within `range`: NaN gives the range's lower bound, and values
    /// beyond the range (infinities included) its nearer end.
    ///
    /// Every conversion of geometry to a count or an index goes through it: `Int(_:)` traps on a NaN, an
    /// infinity or a value beyond `Int`'s range, which a huge collection view, a zero-width item or a user's
    /// layout can produce.
    /// - Complexity: O(1).
    public func flooredInt(in range: ClosedRange<Int>) -> Int {
        guard !isNaN else { return range.lowerBound }
        let floored = rounded(.down)
        // `Double(Int.max)` is 2^63, beyond `Int`: compare as doubles, convert only inside.
        if floored <= Double(range.lowerBound) { return range.lowerBound }
        if floored >= Double(range.upperBound) { return range.upperBound }
        return Int(floored)
    }
}

extension Int {
    /// The most items, lines or columns a layout computes from a quotient of lengths: a view 10^308
    /// points wide still holds a count that sums and multiplies without overflow.
    public static let geometricCountLimit = Int(Int32.max)
}
