/// Inset distances for the four edges of a rectangle, in points, as `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    @inlinable
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Insets that are zero on every edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// The same inset on every edge.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// `left + right`.
    @inlinable public var horizontal: Double { left + right }

    /// `top + bottom`.
    @inlinable public var vertical: Double { top + bottom }

    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}
