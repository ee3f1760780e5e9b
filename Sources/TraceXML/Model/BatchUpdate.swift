/// A `<batch>` event: the updates of one `performBatchUpdates` call.
///
/// As in UIKit, deletes, reloads and move sources refer to the data before the update; inserts and move
/// destinations to the data after it. The trace module checks the syntax only; the replay runner checks
/// the update against the data.
public struct BatchUpdate: Hashable, Sendable {
    /// One operation, in document order.
    public enum Operation: Hashable, Sendable {
        /// `<delete-items section at>`: items of `section` before the update.
        case deleteItems(section: Int, items: [Int])
        /// `<reload-items section at>`: items of `section` before the update.
        case reloadItems(section: Int, items: [Int])
        /// `<move-item from to>`: `from` before the update, `to` after it.
        case moveItem(from: TraceIndexPath, to: TraceIndexPath)
        /// `<insert-items section at [sizes]>`: items of `section` after the update, with their sizes
        /// when the trace gives them (one per item).
        case insertItems(section: Int, items: [Int], sizes: [Size]?)
        /// `<insert-section at items>`: a new section with `items` items.
        case insertSection(at: Int, items: Int)
        /// `<delete-section at>`.
        case deleteSection(at: Int)
        /// `<reload-section at items>`: the section now has `items` items.
        case reloadSection(at: Int, items: Int)
        /// `<move-section from to>`.
        case moveSection(from: Int, to: Int)

        /// The element name that the format uses for this operation.
        public var elementName: String { xmlName.text }
    }

    /// Whether the update animates; `true` unless the trace says otherwise.
    public var animated: Bool
    /// Length of the animation in seconds; 0.3 unless the trace says otherwise.
    public var duration: Double
    /// The item count of every section after the update, as the app's data source answers, when the
    /// trace records it; UIKit's consistency check is run against it.
    public var countsAfter: [Int]?
    public var operations: [Operation]

    /// UIKit's default duration of a batch update animation, in seconds.
    public static let defaultDuration = 0.3

    public init(animated: Bool = true, duration: Double = BatchUpdate.defaultDuration,
                countsAfter: [Int]? = nil, operations: [Operation]) {
        self.animated = animated
        self.duration = duration
        self.countsAfter = countsAfter
        self.operations = operations
    }
}
