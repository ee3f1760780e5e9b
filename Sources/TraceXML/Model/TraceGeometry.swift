/// A point in a trace, `"X Y"` in the file, in points.
///
/// The trace module has its own small geometry types because it knows nothing of the engine; the replay
/// runner converts them to the engine's `Point`, `Size` and `EdgeInsets`.
public struct TracePoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = TracePoint(x: 0, y: 0)

    /// The point as the trace format writes it, `"X Y"`.
    public var description: String { "\(TraceNumber.format(x)) \(TraceNumber.format(y))" }
}

/// A size in a trace, `"W H"` in the file, in points.
public struct TraceSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = TraceSize(width: 0, height: 0)

    /// The size as the trace format writes it, `"W H"`.
    public var description: String { "\(TraceNumber.format(width)) \(TraceNumber.format(height))" }
}

/// Edge insets in a trace, `"TOP LEFT BOTTOM RIGHT"` in the file, in points.
public struct TraceInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = TraceInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// The insets as the trace format writes them, `"TOP LEFT BOTTOM RIGHT"`.
    public var description: String {
        [top, left, bottom, right].map(TraceNumber.format).joined(separator: " ")
    }
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
