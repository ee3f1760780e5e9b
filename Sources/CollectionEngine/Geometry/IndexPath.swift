/// The position of an element: a section and an item within it.
///
/// Index paths order by section, then by item.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    @inlinable
    public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    /// The item value of an index path that names a whole section, as UIKit's `NSNotFound`.
    public static let notFound = Int.max

    /// An index path that names a whole section (its item is ``notFound``), as in section update items.
    public static func section(_ section: Int) -> IndexPath {
        IndexPath(item: notFound, section: section)
    }

    /// Both numbers in one word: one combine instead of the two a synthesized hash makes, for the sets and
    /// dictionaries keyed by index path (the selection, update plans, the flow layout's pending work).
    /// Index paths that differ only beyond 32 bits collide, which costs a comparison, never a wrong answer.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(truncatingIfNeeded: section) << 32 ^ UInt64(truncatingIfNeeded: item))
    }

    @inlinable
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    public var description: String {
        item == Self.notFound ? "[\(section)]" : "[\(section), \(item)]"
    }
}
