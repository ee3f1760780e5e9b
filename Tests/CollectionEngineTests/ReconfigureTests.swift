import Testing
@testable import CollectionEngine
import EngineTestSupport
import TestSupport

/// `reconfigureItems(at:)` against `reloadItems(at:)`.
///
/// Tyler Fox (UIKit), quoted in the WWDC 2021 notes on "Make blazing fast lists and collection views":
/// reconfigure re-runs the cell's configuration and dequeue returns "the *existing* cell"; it is "a no-op" when
/// there is no existing cell; it "will preserve existing prepared cells — cached cells which were either
/// prefetched, or already displayed and are waiting to become visible again. Reload will discard those cells."
/// Apple doc page "reconfigureItems(at:)".
@Suite("Reconfigure keeps prepared cells, reload replaces them", .tags(.fast))
struct ReconfigureTests {
    @Test("Reconfiguring a displayed item configures the same cell again: nothing dequeued or created")
    func displayed() {
        let h = Harness(counts: [100], configure: Harness.grid)
        let item = IndexPath(item: 4, section: 0)
        let cell = h.collectionView.cellForItem(at: item)
        let before = h.collectionView.counters
        h.data.log.removeAll()
        #expect(h.collectionView.reconfigureItems(at: [item]) == 1)
        let after = h.collectionView.counters
        #expect(after.cellsCreated == before.cellsCreated)
        #expect(after.cellsReused == before.cellsReused)
        #expect(after.cellsConfigured == before.cellsConfigured + 1)
        #expect(after.itemsReconfigured == 1)
        #expect(h.data.log.entries == ["cellForItem [0, 4]"])
        h.collectionView.layoutIfNeeded()
        #expect(h.collectionView.cellForItem(at: item) === cell)
    }

    @Test("Reconfiguring an item with no prepared cell does nothing")
    func noCell() {
        let h = Harness(counts: [100], configure: Harness.grid)
        let before = h.collectionView.counters
        #expect(h.collectionView.reconfigureItems(at: [IndexPath(item: 90, section: 0)]) == 0)
        #expect(h.collectionView.counters == before)
    }

    @Test("A prefetched cell stays prefetched after a reconfigure and is shown without another configuration")
    func prefetched() {
        let h = Harness(counts: [100], configure: Harness.grid)
        for y in 1...3 { h.scroll(to: Point(x: 0, y: Double(y))) }
        // Items 24, 25, 26 are prefetched (the line below the bounds), one per pass.
        let item = IndexPath(item: 24, section: 0)
        let held = h.collectionView.offscreenCells[item]?.cell
        #expect(held != nil)
        let created = h.collectionView.counters.cellsCreated
        #expect(h.collectionView.reconfigureItems(at: [item]) == 1)
        #expect(h.collectionView.offscreenCells[item]?.cell === held)
        #expect(h.collectionView.counters.cellsCreated == created)
        h.data.log.removeAll()
        h.scroll(to: Point(x: 0, y: 60))
        #expect(!h.data.log.entries.contains("cellForItem [0, 24]"))
        #expect(h.collectionView.cellForItem(at: item) === held)
    }

    @Test("Reloading a displayed item discards its cell and dequeues another")
    func reload() throws {
        let h = Harness(counts: [100], configure: Harness.grid)
        let item = IndexPath(item: 4, section: 0)
        let cell = h.collectionView.cellForItem(at: item)
        let before = h.collectionView.counters
        try h.collectionView.reloadItems(at: [item])
        h.collectionView.layoutIfNeeded()
        let after = h.collectionView.counters
        #expect(after.cellsCreated + after.cellsReused > before.cellsCreated + before.cellsReused)
        #expect(after.itemsReconfigured == 0)
        #expect(h.collectionView.cellForItem(at: item) !== cell)
    }
}
