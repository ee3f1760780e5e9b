import Foundation
import Testing
import CollectionEngine
import ReelUIKit
import TestSupport

/// An app's snapshot code, written against UIKit's diffable data source, run on the engine.
@Suite("UICollectionViewDiffableDataSource on the engine", .tags(.fast))
struct DiffableDataSourceTests {
    enum Section: Hashable, Sendable { case recent, older }

    /// A flow layout of 100-point items in a 390 × 844 view, its collection view, and a diffable data source
    /// whose cell provider dequeues a registered cell.
    final class App {
        let layout = UICollectionViewFlowLayout()
        let view: CollectionView
        let dataSource: UICollectionViewDiffableDataSource<Section, String>

        init() {
            layout.itemSize = CGSize(width: 100, height: 100)
            view = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout.engineLayout)
            let collectionView = layout.collectionView!
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "message")
            dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, _ in
                collectionView.dequeueReusableCell(withReuseIdentifier: "message", for: indexPath)
            }
        }

        func apply(_ recent: [String], _ older: [String] = [], reconfigure: [String] = [], reload: [String] = []) {
            var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
            snapshot.appendSections([.recent, .older])
            snapshot.appendItems(recent, toSection: .recent)
            snapshot.appendItems(older, toSection: .older)
            snapshot.reconfigureItems(reconfigure)
            snapshot.reloadItems(reload)
            dataSource.apply(snapshot, animatingDifferences: false)
            view.layoutIfNeeded()
        }
    }

    static func messages(_ range: Range<Int>) -> [String] { range.map { "message-\($0)" } }

    // Apple doc pages "UICollectionViewDiffableDataSource" and "apply(_:animatingDifferences:completion:)".
    @Test("Snapshots built with the usual methods apply as diffs, and the data source answers by identifier")
    func appliesSnapshots() throws {
        let app = App()
        app.apply(Self.messages(0..<40))
        #expect(app.view.numberOfItems(inSection: 0) == 40)
        #expect(app.view.counters.snapshotApplies == 1 && app.view.counters.snapshotItemsDiffed == 40)
        var snapshot = app.dataSource.snapshot()
        snapshot.insertItems(["new"], beforeItem: "message-0")
        snapshot.deleteItems(["message-5"])
        snapshot.moveItem("message-9", afterItem: "message-20")
        snapshot.appendItems(["old-0"], toSection: .older)
        #expect(snapshot.numberOfItems == 41 && snapshot.numberOfSections == 2)
        #expect(snapshot.indexOfItem("message-9") == 20 && snapshot.sectionIdentifier(containingItem: "old-0") == .older)
        app.dataSource.apply(snapshot)
        app.view.layoutIfNeeded()
        #expect(app.view.counters.batchUpdates == 2)
        #expect(app.view.counters.itemsInserted == 2 && app.view.counters.itemsDeleted == 1 && app.view.counters.itemsMoved == 1)
        #expect(app.dataSource.itemIdentifier(for: IndexPath(item: 0, section: 0)) == "new")
        #expect(app.dataSource.indexPath(for: "old-0") == IndexPath(item: 0, section: 1))
        #expect(app.dataSource.snapshot().itemIdentifiers(inSection: .recent) == snapshot.itemIdentifiers(inSection: .recent))
    }

    // Tyler Fox (UIKit), quoted in the WWDC 2021 notes on "Make blazing fast lists and collection views":
    // reconfigure keeps the existing cell, reload "replaces the existing cell with a new cell".
    @Test("Reconfiguring displayed items dequeues and creates nothing; reloading them dequeues new cells")
    func reconfigureAndReload() {
        let app = App()
        app.apply(Self.messages(0..<40))
        let before = app.view.counters
        app.apply(Self.messages(0..<40), reconfigure: ["message-1", "message-2"])
        let reconfigured = app.view.counters
        #expect(reconfigured.itemsReconfigured == 2)
        #expect(reconfigured.cellsCreated + reconfigured.cellsReused == before.cellsCreated + before.cellsReused)
        app.apply(Self.messages(0..<40), reload: ["message-1", "message-2"])
        let reloaded = app.view.counters
        #expect(reloaded.itemsReloaded == 2)
        #expect(reloaded.cellsCreated + reloaded.cellsReused == before.cellsCreated + before.cellsReused + 2)
    }

    // Apple doc page "applySnapshotUsingReloadData(_:completion:)": no diff; every prepared cell back to the pool.
    @Test("applySnapshotUsingReloadData reloads without a diff")
    func reloadData() {
        let app = App()
        app.apply(Self.messages(0..<40))
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections([.recent])
        snapshot.appendItems(Self.messages(0..<10))
        app.dataSource.applySnapshotUsingReloadData(snapshot)
        app.view.layoutIfNeeded()
        #expect(app.view.counters.snapshotApplies == 2 && app.view.counters.snapshotItemsDiffed == 40)
        // The first apply's batch only (it inserted the two sections); the reload adds none.
        #expect(app.view.counters.batchUpdates == 1)
        #expect(app.view.numberOfItems(inSection: 0) == 10)
    }
}
