import Testing
@testable import CollectionEngine
import EngineTestSupport
import TestSupport

@Suite("Batch updates in the collection view", .tags(.fast))
struct BatchUpdateTests {
    /// A flow layout that records its update hooks.
    final class RecordingFlow: FlowLayout {
        var hooks: [String] = []
        override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
            hooks.append("prepare(for: \(updateItems.map(\.description).joined(separator: "; ")))")
        }
        override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
            hooks.append("initial \(itemIndexPath)")
            return nil
        }
        override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
            hooks.append("final \(itemIndexPath)")
            return nil
        }
        override func finalizeCollectionViewUpdates() { hooks.append("finalize") }
    }

    private func harness(_ counts: [Int]) -> (Harness, RecordingFlow) {
        let layout = RecordingFlow()
        layout.itemSize = Size(width: 100, height: 100)
        layout.sectionInset = EdgeInsets(all: 10)
        let h = Harness(counts: counts, layout: layout)
        return (h, layout)
    }

    @Test("Views follow their items; deleted ones fade out in place; the layout's hooks run in UIKit's order")
    func deleteAnimates() throws {
        let (h, layout) = harness([30])
        let cv = h.collectionView
        let second = try #require(cv.cellForItem(at: IndexPath(item: 1, section: 0)))
        let first = try #require(cv.cellForItem(at: IndexPath(item: 0, section: 0)))
        layout.hooks.removeAll()
        h.data.counts = [29]
        try cv.performBatchUpdates([.deleteItems([IndexPath(item: 0, section: 0)])])
        #expect(layout.hooks.first == "prepare(for: delete [0, 0] → -)")
        #expect(layout.hooks.contains("final [0, 0]") && layout.hooks.contains("initial [0, 23]"))
        #expect(layout.hooks.last == "finalize")
        // Item 1 is now item 0: the same view, starting where it was.
        #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0)) === second)
        #expect(second.frame == Rect(x: 145, y: 10, width: 100, height: 100))
        cv.advanceAnimations(to: 0.15)
        #expect(second.frame == Rect(x: 77.5, y: 10, width: 100, height: 100))
        #expect(first.alpha == 0.5 && cv.displayedElements.contains { $0.view === first })
        cv.advanceAnimations(to: 0.3)
        #expect(second.frame == Rect(x: 10, y: 10, width: 100, height: 100))
        #expect(!cv.displayedElements.contains { $0.view === first })
        #expect(h.data.log.entries.contains("didEndDisplaying [0, 0]"))
        #expect(cv.counters.batchUpdates == 1 && cv.counters.itemsDeleted == 1)
        #expect(cv.checkInvariants())
    }

    @Test("An inserted item fades in at its place; a reloaded item crossfades a new view with the old")
    func insertAndReload() throws {
        let (h, _) = harness([5])
        let cv = h.collectionView
        let old = try #require(cv.cellForItem(at: IndexPath(item: 2, section: 0)))
        h.data.counts = [6]
        try cv.performBatchUpdates([.insertItems([IndexPath(item: 0, section: 0)]), .reloadItems([IndexPath(item: 2, section: 0)])])
        let inserted = try #require(cv.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(inserted.alpha == 0 && inserted.frame == Rect(x: 10, y: 10, width: 100, height: 100))
        // Item 2 moved to 3 and was reloaded: a new view at [0, 3], the old one fading out.
        let reloaded = try #require(cv.cellForItem(at: IndexPath(item: 3, section: 0)))
        #expect(reloaded !== old && reloaded.alpha == 0)
        #expect(cv.displayedElements.filter { $0.view === old }.map(\.key.indexPath) == [IndexPath(item: 2, section: 0)])
        cv.advanceAnimations(to: 0.3)
        #expect(inserted.alpha == 1 && reloaded.alpha == 1)
        #expect(!cv.displayedElements.contains { $0.view === old })
        #expect(cv.counters.itemsInserted == 1 && cv.counters.itemsReloaded == 1)
    }

    @Test("Selection follows its items; a deleted or reloaded item's selection goes")
    func selectionFollows() throws {
        let (h, _) = harness([10])
        let cv = h.collectionView
        cv.allowsMultipleSelection = true
        for item in [2, 5, 7] { cv.selectItem(at: IndexPath(item: item, section: 0)) }
        h.data.counts = [10]
        try cv.performBatchUpdates([
            .deleteItems([IndexPath(item: 5, section: 0)]), .insertItems([IndexPath(item: 0, section: 0)]),
            .reloadItems([IndexPath(item: 7, section: 0)]),
        ], animated: false)
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
        #expect(cv.cellForItem(at: IndexPath(item: 3, section: 0))?.isSelected == true)
    }

    @Test("An invalid batch is rejected whole with UIKit's message, and nothing changes")
    func rejected() throws {
        let (h, layout) = harness([5])
        let cv = h.collectionView
        let before = cv.counters
        let displayed = cv.displayedElements.map { "\($0.key)" }
        h.data.counts = [5]
        #expect(throws: BatchUpdateError.self) {
            try cv.performBatchUpdates([.insertItems([IndexPath(item: 0, section: 0)])])
        }
        do {
            try cv.performBatchUpdates([.insertItems([IndexPath(item: 0, section: 0)])])
        } catch {
            #expect(error.message == "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (5), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [5] } Data source after updates = { 1 section with item counts: [5] } Updates = [ Insert item (0 - 0) ]")
        }
        #expect(cv.displayedElements.map { "\($0.key)" } == displayed)
        #expect(cv.counters.batchUpdates == before.batchUpdates && cv.numberOfItems(inSection: 0) == 5)
        // The layout never heard of it.
        #expect(!cv.isAnimating && layout.hooks.isEmpty)
    }

    @Test("A batch arriving mid-animation starts from where the views are")
    func midAnimation() throws {
        let (h, _) = harness([30])
        let cv = h.collectionView
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 1, section: 0)))
        h.data.counts = [29]
        try cv.performBatchUpdates([.deleteItems([IndexPath(item: 0, section: 0)])])
        cv.advanceAnimations(to: 0.15)
        let halfway = cell.frame
        #expect(halfway.minX == 77.5)
        h.data.counts = [30]
        try cv.performBatchUpdates([.insertItems([IndexPath(item: 0, section: 0)])])
        // The second animation starts from the presentation state, not from either layout.
        #expect(cell.frame == halfway)
        cv.advanceAnimations(to: 0.45)
        #expect(cell.frame == Rect(x: 145, y: 10, width: 100, height: 100))
    }

    @Test("Completion runs when the animation ends; without animation at once")
    func completion() throws {
        let (h, _) = harness([5])
        let cv = h.collectionView
        var done: [Bool] = []
        h.data.counts = [6]
        try cv.performBatchUpdates([.insertItems([IndexPath(item: 5, section: 0)])], duration: 0.5) { done.append($0) }
        cv.advanceAnimations(to: 0.49)
        #expect(done.isEmpty)
        cv.advanceAnimations(to: 0.5)
        #expect(done == [true])
        h.data.counts = [5]
        try cv.performBatchUpdates([.deleteItems([IndexPath(item: 5, section: 0)])], animated: false) { done.append($0) }
        #expect(done == [true, true] && !cv.isAnimating)
    }

    @Test("After random batches, the flow layout equals one computed afresh on the new data",
          arguments: Seed.first(40))
    func incrementalMatchesFresh(_ seed: Seed) throws {
        var rng = SplitMix64(seed: seed.value)
        let uniform = rng.chance(0.5)
        func size() -> Size { uniform ? Size(width: 60, height: 60) : Size(width: rng.uniform(20...150), height: rng.uniform(20...90)) }
        var sizes = (0..<Int(1 + rng.next() % 4)).map { _ in (0..<Int(rng.next() % 40)).map { _ in size() } }
        let h = Harness(counts: sizes.map(\.count)) { layout, data in
            layout.headerReferenceSize = Size(width: 0, height: 20)
            data.sizes = sizes
        }
        for _ in 0..<5 {
            let counts = sizes.map(\.count)
            var operations: [BatchOperation] = []
            for _ in 0..<Int(1 + rng.next() % 6) {
                guard let section = counts.indices.randomElement(using: &rng) else { break }
                switch rng.next() % 5 {
                case 0 where counts[section] > 0:
                    operations.append(.deleteItems([IndexPath(item: Int(rng.next() % UInt64(counts[section])), section: section)]))
                case 1: operations.append(.insertItems([IndexPath(item: Int(rng.next() % UInt64(counts[section] + 1)), section: section)]))
                case 2 where counts[section] > 0:
                    operations.append(.reloadItems([IndexPath(item: Int(rng.next() % UInt64(counts[section])), section: section)]))
                case 3 where counts[section] > 1:
                    operations.append(.moveItem(from: IndexPath(item: 0, section: section),
                                                to: IndexPath(item: counts[section] - 1, section: section)))
                default: operations.append(.insertSections([Int(rng.next() % UInt64(counts.count + 1))]))
                }
            }
            guard let plan = try? UpdatePlan(oldCounts: counts, operations: operations, newCounts: nil) else { continue }
            sizes = plan.newCounts.indices.map { section in
                (0..<plan.newCounts[section]).map { item in
                    if let old = plan.oldIndexPath(forNew: IndexPath(item: item, section: section)), !plan.isReloaded(old) {
                        return sizes[old.section][old.item]
                    }
                    return size()
                }
            }
            h.data.counts = plan.newCounts
            h.data.sizes = sizes
            try h.collectionView.performBatchUpdates(operations, animated: rng.chance(0.5))
            h.collectionView.advanceAnimations(to: h.collectionView.animationTime + 1)
        }
        let fresh = Harness(counts: sizes.map(\.count)) { layout, data in
            layout.headerReferenceSize = Size(width: 0, height: 20)
            data.sizes = sizes
        }
        let everything = Rect(x: 0, y: 0, width: 390, height: 100_000)
        #expect(h.layout.layoutAttributesForElements(in: everything).map { "\($0)" }
            == fresh.layout.layoutAttributesForElements(in: everything).map { "\($0)" }, "seed \(seed.value)")
        #expect(h.collectionView.displayedElements.map { "\($0.key) \($0.view.frame)" }
            == fresh.collectionView.displayedElements.map { "\($0.key) \($0.view.frame)" }, "seed \(seed.value)")
        #expect(h.collectionView.checkInvariants())
    }
}
