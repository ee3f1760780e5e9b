public import Foundation
internal import CollectionEngine

/// A cell, as a diffable data source's cell provider dequeues and returns it: the parts of UIKit's
/// `UICollectionViewCell` such code uses.
///
/// Each of the engine's cells carries one, so a dequeue returns the same object for the same recycled cell, as
/// UIKit's does. Like decoration views, a registered subclass is not instantiated: every cell is of this class.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewcell
open class UICollectionViewCell: UICollectionReusableView {
    /// Whether the cell shows as selected.
    open var isSelected = false
    /// Whether the cell shows as highlighted.
    open var isHighlighted = false
    /// The engine's cell this one is the face of, from its dequeue until the data source hands it to the
    /// engine (held only meanwhile: the engine's cell holds this one).
    var dequeuedEngineCell: CollectionViewCell?
}

/// The engine's cell for a cell class registered through ``UICollectionView/register(_:forCellWithReuseIdentifier:)``.
final class BridgedCell: CollectionViewCell {
    var facade: UICollectionViewCell?

    override func prepareForReuse() {
        super.prepareForReuse()
        facade?.prepareForReuse()
    }
}

extension UICollectionView {
    /// Registers `cellClass` for cells dequeued with `identifier`.
    public func register(_ cellClass: UICollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        view.register(forCellWithReuseIdentifier: identifier) {
            let cell = BridgedCell()
            // Not the registered class: UIKit's `init(frame:)` is not a required initializer, so a subclass cannot
            // be made from its metatype (see UICollectionReusableView); a cell provider gets the base class.
            let facade = UICollectionViewCell(frame: .zero)
            facade.reuseIdentifier = identifier
            cell.facade = facade
            return cell
        }
    }

    /// A cell for `indexPath`: recycled from `identifier`'s pool, or new — or, while the item is reconfigured,
    /// the item's existing cell (UIKit's `reconfigureItems`).
    ///
    /// - Precondition: `identifier` was registered with ``register(_:forCellWithReuseIdentifier:)``.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: Foundation.IndexPath) -> UICollectionViewCell {
        let cell = view.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath.engine)
        guard let facade = (cell as? BridgedCell)?.facade else {
            preconditionFailure("cells dequeued through UICollectionView must be registered with register(_:forCellWithReuseIdentifier:)")
        }
        facade.dequeuedEngineCell = cell
        return facade
    }

    /// Configures the prepared cells of `indexPaths` again in place (``CollectionView/reconfigureItems(at:)``).
    public func reconfigureItems(at indexPaths: [Foundation.IndexPath]) {
        view.reconfigureItems(at: indexPaths.map(\.engine))
    }
}
