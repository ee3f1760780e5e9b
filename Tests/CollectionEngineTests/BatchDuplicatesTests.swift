import Testing
import CollectionEngine
import TestSupport

private func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

/// What UIKit accepts that looks like a fault: an index path inserted twice, and reloads that
/// neither leave the range nor collide with a move once placed as UIKit places them.
@Suite("Batches UIKit accepts although they name an index twice", .tags(.fast))
struct BatchDuplicatesTests {
    @Test("An index path inserted twice is inserted once (UIKit accepts it: IGListKit #651)")
    func insertTwice() throws {
        let plan = try UpdatePlan(oldCounts: [5], operations: [.insertItems([ip(0, 1), ip(0, 1)]), .insertItems([ip(0, 1)])],
                                  newCounts: [6])
        #expect(plan.itemsInserted == 1)
        #expect(plan.duplicateInsertions == [ip(0, 1)])
        #expect(plan.oldIndexPath(forNew: ip(0, 1)) == nil)
        #expect(plan.newIndexPath(forOld: ip(0, 1)) == ip(0, 2))
    }

    @Test("Counting the duplicate twice breaks UIKit's count invariant, as it would in UIKit")
    func insertTwiceCountsOnce() {
        #expect(throws: BatchUpdateError.self) {
            try UpdatePlan(oldCounts: [5], operations: [.insertItems([ip(0, 1), ip(0, 1)])], newCounts: [7])
        }
    }

    @Test("The collection view inserts it once and records a duplicate-insertion warning")
    func insertTwiceWarns() throws {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let h = Harness(counts: [5], layout: layout)
        let cv = h.collectionView
        h.data.counts = [6]
        try cv.performBatchUpdates([.insertItems([ip(0, 0), ip(0, 0)])], animated: false)
        #expect(cv.numberOfItems(inSection: 0) == 6)
        #expect(cv.warnings.map(\.kind) == [.duplicateInsertion])
        #expect(cv.warnings.first?.message == "index path (<NSIndexPath> {length = 2, path = 0 - 0}) inserted more than once in one batch update; UIKit accepts this and inserts it once")
    }

    @Test("A reload whose implied insert misses every move destination is accepted, and maps among the items that stay")
    func reloadBesideMove() throws {
        // Reload 4 implies an insert at 4 (no delete or insert before it); the move lands on 1.
        let plan = try UpdatePlan(oldCounts: [5], operations: [.moveItem(from: ip(0, 0), to: ip(0, 1)), .reloadItems([ip(0, 4)])],
                                  newCounts: [5])
        #expect(plan.isReloaded(ip(0, 4)))
        #expect(plan.newIndexPath(forOld: ip(0, 4)) == ip(0, 4))
    }

    @Test("A section reload whose implied insert misses every section move is accepted")
    func sectionReloadBesideMove() throws {
        let plan = try UpdatePlan(oldCounts: [1, 1, 1, 1], operations: [.moveSection(from: 0, to: 1), .reloadSections([3])],
                                  newCounts: [1, 1, 1, 1])
        #expect(plan.isSectionReloaded(old: 3))
        #expect(plan.newSection(forOld: 3) == 3)
    }
}
