/// A rectangle: an origin and a size, in points.
///
/// Like `CGRect`, a rectangle may have a negative width or height; the `min`/`max` accessors and the
/// set operations work on its standardized form.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The rectangle that has no position, returned by ``intersection(_:)`` for disjoint rectangles.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    /// Whether this is ``null``.
    @inlinable public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }

    /// Whether the width or the height is zero, or the rectangle is ``null``.
    @inlinable public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    @inlinable public var width: Double { abs(size.width) }
    @inlinable public var height: Double { abs(size.height) }
    @inlinable public var minX: Double { size.width < 0 ? origin.x + size.width : origin.x }
    @inlinable public var minY: Double { size.height < 0 ? origin.y + size.height : origin.y }
    @inlinable public var maxX: Double { size.width < 0 ? origin.x : origin.x + size.width }
    @inlinable public var maxY: Double { size.height < 0 ? origin.y : origin.y + size.height }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }

    /// The center point.
    @inlinable public var center: Point { Point(x: midX, y: midY) }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: width, height: height)
    }

    /// Whether the two rectangles share interior area.
    ///
    /// Rectangles that only touch along an edge do not intersect, as with `CGRect`.
    /// - Complexity: O(1).
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        if isNull || other.isNull { return false }
        return minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The shared area, or ``null`` when the rectangles do not intersect.
    public func intersection(_ other: Rect) -> Rect {
        guard intersects(other) else { return .null }
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle that contains both.
    public func union(_ other: Rect) -> Rect {
        if isNull { return other }
        if other.isNull { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `point` lies inside; the minimum edges are inside, the maximum edges outside.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        !isNull && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside.
    public func contains(_ other: Rect) -> Bool {
        !isNull && !other.isNull && other.minX >= minX && other.maxX <= maxX && other.minY >= minY
            && other.maxY <= maxY
    }

    /// The rectangle moved by `dx`, `dy`.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let r = standardized
        return Rect(x: r.origin.x + dx, y: r.origin.y + dy, width: r.width - 2 * dx, height: r.height - 2 * dy)
    }

    /// The rectangle shrunk by `insets`.
    public func inset(by insets: EdgeInsets) -> Rect {
        let r = standardized
        return Rect(
            x: r.origin.x + insets.left, y: r.origin.y + insets.top,
            width: r.width - insets.horizontal, height: r.height - insets.vertical)
    }

    /// The smallest rectangle with integral coordinates that contains this one (`CGRectIntegral`).
    public var integral: Rect {
        if isNull { return self }
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
