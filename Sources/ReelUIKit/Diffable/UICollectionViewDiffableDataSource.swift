public import Foundation
internal import CollectionEngine

/// A collection view's data source driven by snapshots — UIKit's `UICollectionViewDiffableDataSource` — over
/// the engine, so that an app's snapshot code runs in a replay.
///
/// Applying a snapshot diffs it against the current one (``CollectionView/diffSnapshot(from:to:reloading:work:)``,
/// counted in `snapshot_applies` and `snapshot_items_diffed`, timed as the `snapshot-diff` phase) and runs the
/// resulting batch through the engine's batch updates, with UIKit's rules; then the snapshot's reconfigured items
/// are configured again in place (`items_reconfigured`). A non-animated apply diffs too, as from iOS 15 on;
/// ``applySnapshotUsingReloadData(_:completion:)`` reloads the data without a diff.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: NSObject {
    public typealias CellProvider = (UICollectionView, Foundation.IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private let collectionView: UICollectionView
    private let cellProvider: CellProvider
    private var current = Snapshot()
    /// The engine's data source: the engine holds it weakly, this data source strongly.
    private var bridge: Bridge?
    /// A number per identifier, given on first sight: the engine diffs these as runs.
    private var itemTokens: [ItemIdentifierType: Int] = [:]
    private var sectionTokens: [SectionIdentifierType: Int] = [:]

    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        let bridge = Bridge(owner: self)
        self.bridge = bridge
        collectionView.view.dataSource = bridge
    }

    /// A copy of the current snapshot.
    public func snapshot() -> Snapshot { current }

    /// Applies `snapshot`: diffs it against the current one and updates the collection view, animated or not.
    ///
    /// - Complexity: O(n) for n items of the snapshot (Apple: "an O(n) operation"), plus the batch's updates.
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let view = collectionView.view
        let reloaded = snapshot.reloadedItemIdentifiers.map { token(of: $0) }
        let diff: SnapshotDiff
        do throws(DiffableError) {
            diff = try view.diffSnapshot(from: engineSnapshot(current), to: engineSnapshot(snapshot), reloading: reloaded)
        } catch {
            preconditionFailure(error.message)
        }
        var next = snapshot
        let reconfigured = next.reconfiguredItemIdentifiers
        next.clearMarks()
        // The counts before the batch must be the current snapshot's: a view that never read its counts would
        // read them after the data changed (UIKit's count caching), so they are read now.
        _ = view.itemCountsBySection
        current = next
        if !diff.operations.isEmpty {
            do throws(BatchUpdateError) {
                try view.performBatchUpdates(diff.operations, animated: animatingDifferences) { _ in completion?() }
            } catch {
                preconditionFailure(error.message)
            }
        } else {
            completion?()
        }
        view.reconfigureItems(at: reconfigured.compactMap { diff.newIndexPath(of: token(of: $0)) })
    }

    /// Replaces the data with `snapshot` without a diff, as `reloadData` does: every prepared cell goes back to
    /// the pool (Apple doc page "applySnapshotUsingReloadData(_:completion:)").
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        var next = snapshot
        next.clearMarks()
        current = next
        collectionView.view.countSnapshotAppliedByReload()
        collectionView.view.reloadData()
        completion?()
    }

    public func itemIdentifier(for indexPath: Foundation.IndexPath) -> ItemIdentifierType? {
        guard current.sectionIdentifiers.indices.contains(indexPath.section) else { return nil }
        let items = current.itemIdentifiers(inSection: current.sectionIdentifiers[indexPath.section])
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    public func indexPath(for itemIdentifier: ItemIdentifierType) -> Foundation.IndexPath? {
        guard let section = current.sectionIdentifier(containingItem: itemIdentifier),
              let index = current.indexOfSection(section),
              let item = current.itemIdentifiers(inSection: section).firstIndex(of: itemIdentifier) else { return nil }
        return Foundation.IndexPath(item: item, section: index)
    }

    // MARK: The engine's side

    private func token(of item: ItemIdentifierType) -> String {
        if let token = itemTokens[item] { return String(token) }
        let token = itemTokens.count
        itemTokens[item] = token
        return String(token)
    }

    /// The snapshot in the engine's terms: each identifier's number as a run of one, which consecutive numbers
    /// (items first seen together, as appended) merge into longer runs.
    private func engineSnapshot(_ snapshot: Snapshot) -> [SnapshotSection] {
        snapshot.sectionIdentifiers.map { section in
            let sectionToken: Int
            if let known = sectionTokens[section] {
                sectionToken = known
            } else {
                sectionToken = sectionTokens.count
                sectionTokens[section] = sectionToken
            }
            var runs = IdentifierRuns()
            for item in snapshot.itemIdentifiers(inSection: section) {
                _ = token(of: item)
                runs.append(IdentifierRuns.Run(prefix: "", start: itemTokens[item] ?? 0, count: 1))
            }
            return SnapshotSection(identifier: String(sectionToken), items: runs)
        }
    }

    fileprivate func numberOfSections() -> Int { current.numberOfSections }

    fileprivate func numberOfItems(inSection section: Int) -> Int {
        current.numberOfItems(inSection: current.sectionIdentifiers[section])
    }

    fileprivate func cell(at indexPath: EngineIndexPath) -> CollectionViewCell {
        let path = Foundation.IndexPath(item: indexPath.item, section: indexPath.section)
        guard let item = itemIdentifier(for: path), let facade = cellProvider(collectionView, path, item),
              let cell = facade.dequeuedEngineCell else {
            preconditionFailure("the cell provider returned no cell dequeued from the collection view for \(path)")
        }
        facade.dequeuedEngineCell = nil
        return cell
    }

    /// The engine's data source, answering from the current snapshot and the cell provider.
    private final class Bridge: CollectionViewDataSource {
        unowned let owner: UICollectionViewDiffableDataSource

        init(owner: UICollectionViewDiffableDataSource) { self.owner = owner }

        func numberOfSections(in collectionView: CollectionView) -> Int { owner.numberOfSections() }

        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            owner.numberOfItems(inSection: section)
        }

        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: EngineIndexPath) -> CollectionViewCell {
            owner.cell(at: indexPath)
        }
    }
}
