/// One operation of a batch update, as passed to
/// ``CollectionViewLayout/prepare(forCollectionViewUpdates:)``: the engine's `UICollectionViewUpdateItem`.
///
/// Section operations name the section with an index path whose item is ``IndexPath/notFound``.
public struct CollectionViewUpdateItem: Hashable, Sendable, CustomStringConvertible {
    public enum Action: Hashable, Sendable { case insert, delete, reload, move, none }

    public var updateAction: Action
    /// The element's index path before the update (deletes, reloads, move sources); `nil` for inserts.
    public var indexPathBeforeUpdate: IndexPath?
    /// The element's index path after the update (inserts, reloads, move destinations); `nil` for deletes.
    public var indexPathAfterUpdate: IndexPath?

    public init(action: Action, before: IndexPath?, after: IndexPath?) {
        self.updateAction = action
        self.indexPathBeforeUpdate = before
        self.indexPathAfterUpdate = after
    }

    /// Whether this operation is on a whole section.
    public var isSectionOperation: Bool {
        (indexPathBeforeUpdate ?? indexPathAfterUpdate)?.item == IndexPath.notFound
    }

    public var description: String {
        let before = indexPathBeforeUpdate.map(String.init(describing:)) ?? "-"
        let after = indexPathAfterUpdate.map(String.init(describing:)) ?? "-"
        return "\(updateAction) \(before) → \(after)"
    }
}
