public import ReelGeometry

// The trace format's text of a point, a size and insets: numbers as the format writes them, separated by spaces.

extension Point {
    /// The point as the trace format writes it, `"X Y"`.
    public var traceText: String { "\(TraceNumber.format(x)) \(TraceNumber.format(y))" }
}

extension Size {
    /// The size as the trace format writes it, `"W H"`.
    public var traceText: String { "\(TraceNumber.format(width)) \(TraceNumber.format(height))" }
}

extension EdgeInsets {
    /// The insets as the trace format writes them, `"TOP LEFT BOTTOM RIGHT"`.
    public var traceText: String { [top, left, bottom, right].map(TraceNumber.format).joined(separator: " ") }
}

/// A section and an item, `"SECTION ITEM"` in the file (the `from` and `to` of `<move-item>`).
public struct TraceIndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: TraceIndexPath, rhs: TraceIndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "\(section) \(item)" }
}
