extension CollectionView {
    /// The selected items, in index-path order.
    /// - Complexity: O(s log s) for s selected items.
    public var indexPathsForSelectedItems: [IndexPath] { selectedItems.sorted() }

    /// Selects the item at `indexPath` without calling the delegate, as UIKit's programmatic selection.
    ///
    /// Has no effect when ``allowsSelection`` is off; with single selection, deselects the others. A
    /// displayed cell shows it at once; other cells when they are displayed.
    /// - Precondition: the item exists.
    public func selectItem(at indexPath: IndexPath) {
        guard allowsSelection else { return }
        precondition(itemExists(indexPath), "attempt to select item \(indexPath), which does not exist")
        if !allowsMultipleSelection {
            for other in selectedItems where other != indexPath { deselectItem(at: other) }
        }
        selectedItems.insert(indexPath)
        cellForItem(at: indexPath)?.isSelected = true
    }

    /// Deselects the item at `indexPath` without calling the delegate.
    public func deselectItem(at indexPath: IndexPath) {
        guard selectedItems.remove(indexPath) != nil else { return }
        cellForItem(at: indexPath)?.isSelected = false
    }

    /// Whether the data has an item at `indexPath`.
    public func itemExists(_ indexPath: IndexPath) -> Bool {
        let counts = loadedItemCounts
        return counts.indices.contains(indexPath.section) && indexPath.item >= 0 && indexPath.item < counts[indexPath.section]
    }
}
