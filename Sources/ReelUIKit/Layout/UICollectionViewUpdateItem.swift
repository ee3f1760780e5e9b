public import Foundation
internal import CollectionEngine

/// One operation of a batch update, as ``UICollectionViewLayout/prepare(forCollectionViewUpdates:)`` receives it:
/// UIKit's `UICollectionViewUpdateItem`. A section operation's index path has the section alone... as in
/// UIKit, whose section updates carry an item of `NSNotFound`.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewupdateitem
open class UICollectionViewUpdateItem: NSObject {
    /// What the operation does.
    public enum Action: Int, Sendable {
        case insert, delete, reload, move, none
    }

    /// The element's index path before the update; `nil` for inserts.
    public let indexPathBeforeUpdate: Foundation.IndexPath?
    /// The element's index path after the update; `nil` for deletes.
    public let indexPathAfterUpdate: Foundation.IndexPath?
    /// The operation.
    public let updateAction: Action

    init(_ item: CollectionViewUpdateItem) {
        func convert(_ path: EngineIndexPath?) -> Foundation.IndexPath? {
            guard let path else { return nil }
            return Foundation.IndexPath(item: path.item == EngineIndexPath.notFound ? NSNotFound : path.item, section: path.section)
        }
        indexPathBeforeUpdate = convert(item.indexPathBeforeUpdate)
        indexPathAfterUpdate = convert(item.indexPathAfterUpdate)
        switch item.updateAction {
        case .insert: updateAction = .insert
        case .delete: updateAction = .delete
        case .reload: updateAction = .reload
        case .move: updateAction = .move
        case .none: updateAction = .none
        }
        super.init()
    }
}
