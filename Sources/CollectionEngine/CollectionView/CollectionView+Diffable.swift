extension CollectionView {
    /// Diffs two diffable snapshots inside a `snapshot-diff` phase, counting the apply and the new snapshot's
    /// items.
    ///
    /// `work` runs inside the phase with the diff: the place for the app's modelled diff cost.
    /// - Throws: ``DiffableError`` for a snapshot UIKit refuses.
    /// - Complexity: that of ``SnapshotDiff/init(from:to:reloading:)``.
    public func diffSnapshot(from old: [SnapshotSection], to new: [SnapshotSection], reloading: [String] = [],
                             work: (SnapshotDiff) -> Void = { _ in }) throws(DiffableError) -> SnapshotDiff {
        try measure(.snapshotDiff, nil) { () throws(DiffableError) -> SnapshotDiff in
            let diff = try SnapshotDiff(from: old, to: new, reloading: reloading)
            counters.snapshotApplies += 1
            counters.snapshotItemsDiffed += diff.itemsDiffed
            work(diff)
            return diff
        }
    }

    /// Counts a snapshot applied without a diff (`applySnapshotUsingReloadData`, or a non-animated apply before
    /// iOS 15); the caller reloads the data.
    public func countSnapshotAppliedByReload() {
        counters.snapshotApplies += 1
        counters.snapshotReloads += 1
    }

    /// Configures the prepared cells of `indexPaths` again, in place, as `UICollectionView.reconfigureItems(at:)`
    /// does.
    ///
    /// For each item with a prepared cell — displayed, prefetched, or kept after it scrolled out — the data
    /// source's `cellForItemAt` runs again and its dequeue returns that same cell: nothing is dequeued from a
    /// pool, created or recycled, and a prefetched cell stays prefetched. An item without a prepared cell is
    /// skipped: UIKit documents reconfigure as "a no-op" then. A reload, by contrast, discards the prepared cell
    /// and dequeues a new one (Tyler Fox, UIKit, quoted in the WWDC 2021 notes on "Make blazing fast lists and
    /// collection views": reconfigure "will preserve existing prepared cells … Reload will discard those
    /// cells"; Apple doc page "reconfigureItems(at:)").
    ///
    /// - Returns: how many items had a prepared cell and were configured again.
    /// - Complexity: O(k) for k index paths, plus the displayed cells once when any is given, plus the data
    ///   source's configuration.
    @discardableResult
    public func reconfigureItems(at indexPaths: [IndexPath]) -> Int {
        guard let dataSource, !indexPaths.isEmpty else { return 0 }
        var displayedCells: [IndexPath: CollectionViewCell] = [:]
        for element in displayed where element.key.category == .cell {
            if let cell = element.view as? CollectionViewCell { displayedCells[element.key.indexPath] = cell }
        }
        var reconfigured = 0
        for indexPath in indexPaths {
            guard let cell = displayedCells[indexPath] ?? offscreenCells[indexPath]?.cell else { continue }
            let key = ElementKey(category: .cell, kind: nil, indexPath: indexPath)
            reconfiguringCell = (key, cell)
            counters.cellsConfigured += 1
            let returned = measure(.configure, .cell) { dataSource.collectionView(self, cellForItemAt: indexPath) }
            reconfiguringCell = nil
            precondition(returned === cell,
                         "reconfiguring \(indexPath): collectionView(_:cellForItemAt:) must return the cell its dequeue "
                            + "returned")
            counters.itemsReconfigured += 1
            reconfigured += 1
            // "After cells are reconfigured, they're always self-sized again" (Tyler Fox, UIKit, in the same notes).
            selfSizeCell(at: indexPath)
        }
        return reconfigured
    }
}
