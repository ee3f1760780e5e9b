import Testing
import CollectionEngine
import EngineTestSupport
import TestSupport

@Suite("Reuse and display", .tags(.fast))
struct ReuseTests {
    /// 390 × 844 viewport, 100-point items with 10-point spacing and insets: three items per line, lines
    @Test("Scrolling through 10,000 items creates at most the visible cells, one line and the cells of the prefetch region",
          arguments: [true, false])
    func boundedCreation(prefetching: Bool) {
        let h = Harness(counts: [10_000], prefetching: prefetching) { layout, data in
            Harness.grid(layout, data)
            data.log.isEnabled = false
        }
        let end = h.collectionView.contentSize.height - 844
        var y = 0.0
        while y < end {
            y = min(end, y + 37)
            h.scroll(to: Point(x: 0, y: y))
        }
        let c = h.collectionView.counters
        let perLine = 3
        // The region extends the bounds by 422 points each way: at most 5 lines of 110 points on each side.
        let region = prefetching ? 2 * 5 * perLine : 0
        #expect(h.collectionView.indexPathsForVisibleItems.last == IndexPath(item: 9_999, section: 0))
        #expect(c.cellsCreated <= c.maxVisibleElements + perLine + region)
        #expect(c.cellsCreated >= c.maxVisibleElements)
        // Scrolling one way, no cell is configured twice: prefetched cells are all displayed.
        #expect(c.cellsConfigured == 10_000)
        #expect(c.cellsReused == c.cellsConfigured - c.cellsCreated)
        #expect(c.cellsRedisplayed == 0)
        // Only the first screen (8 lines) is configured for display at first; at one per pass, 37 points a
        // pass, prefetching keeps up with the 3 cells of every 110 points save for cells that entered the
        // region ahead between two rebuilds of its queue (the queue is rebuilt when the display changes).
        if prefetching {
            #expect(c.cellsPrefetched >= (c.cellsConfigured - 24) * 98 / 100)
        } else {
            #expect(c.cellsPrefetched == 0)
        }
        #expect(c.layoutPrepares == 1)
    }

    @Test("A new line arrives in UIKit's order: did scroll, old cells end display, then configure, dequeue, apply, display")
    func callbackOrder() {
        let h = Harness(counts: [100], prefetching: false, configure: Harness.grid)
        #expect(h.collectionView.indexPathsForVisibleItems.count == 24)
        h.data.log.removeAll()
        // 120 points down: line 0 ([10, 110)) leaves, line 8 ([890, 990)) arrives.
        h.scroll(to: Point(x: 0, y: 120))
        #expect(h.data.log.entries == [
            "didScroll", "didEndDisplaying [0, 0]", "didEndDisplaying [0, 1]", "didEndDisplaying [0, 2]",
            "cellForItem [0, 24]", "prepareForReuse", "apply [0, 24]", "willDisplay [0, 24]",
            "cellForItem [0, 25]", "prepareForReuse", "apply [0, 25]", "willDisplay [0, 25]",
            "cellForItem [0, 26]", "prepareForReuse", "apply [0, 26]", "willDisplay [0, 26]",
        ])
        #expect((h.collectionView.cellForItem(at: IndexPath(item: 24, section: 0)) as? RecordingCell)?.configuredFor
            == IndexPath(item: 24, section: 0))
    }

    @Test("The first screen is not prefetched: no cell beyond the bounds is configured before the first scroll")
    func firstScreenNotPrefetched() {
        let h = Harness(counts: [100], configure: Harness.grid)
        #expect(h.collectionView.counters.cellsCreated == 24)
        #expect(h.collectionView.counters.cellsPrefetched == 0)
        #expect(!h.data.log.entries.contains("cellForItem [0, 24]"))
        // Another pass without movement prefetches nothing either.
        h.layout.invalidateLayout()
        h.collectionView.layoutIfNeeded()
        #expect(h.collectionView.counters.cellsPrefetched == 0)
        #expect(h.collectionView.counters.cellsConfigured == 24)
    }

    @Test("Prefetching configures one cell per pass, in the order the cells will appear, spread over the passes")
    func prefetchesOnePerPass() {
        let h = Harness(counts: [100], configure: Harness.grid)
        h.data.log.removeAll()
        // 1 point per pass: the bounds [y, y + 844) and the region ahead [y + 844, y + 1266) hold lines 8–11
        // (items 24–35, from y = 890, 1000, 1110, 1220) and nothing enters the bounds until y = 47.
        var prefetched: [Int] = []
        for y in 1...13 {
            let before = h.collectionView.counters.cellsPrefetched
            h.scroll(to: Point(x: 0, y: Double(y)))
            let after = h.collectionView.counters.cellsPrefetched
            #expect(after - before == (y <= 12 ? 1 : 0), "pass \(y) prefetched \(after - before)")
            prefetched.append(after)
        }
        #expect(prefetched == Array(1...12) + [12])
        let configured = h.data.log.entries.filter { $0.hasPrefix("cellForItem") }
        #expect(configured == (24...35).map { "cellForItem [0, \($0)]" })
        #expect(!h.data.log.entries.contains { $0.hasPrefix("willDisplay") })

        // Scrolling the prefetched line in displays it without configuring it again.
        h.data.log.removeAll()
        h.scroll(to: Point(x: 0, y: 60))
        #expect(h.data.log.entries.prefix(4) == ["didScroll", "willDisplay [0, 24]", "willDisplay [0, 25]", "willDisplay [0, 26]"])
        #expect(!h.data.log.entries.contains("cellForItem [0, 24]"))
        #expect(h.collectionView.counters.cellsRedisplayed == 0)
    }

    @Test("A cell needed before it was prefetched is configured in the pass that shows it")
    func neededBeforePrefetched() {
        let h = Harness(counts: [100], configure: Harness.grid)
        h.data.log.removeAll()
        // One jump of 120 points: line 8 enters at once; the pass prefetches one cell of line 9 after it.
        h.scroll(to: Point(x: 0, y: 120))
        let configured = h.data.log.entries.filter { $0.hasPrefix("cellForItem") }
        #expect(configured == ["cellForItem [0, 24]", "cellForItem [0, 25]", "cellForItem [0, 26]", "cellForItem [0, 27]"])
        #expect(h.collectionView.counters.cellsPrefetched == 1)
        #expect(h.collectionView.indexPathsForVisibleItems.map(\.item) == Array(3...26))
    }

    @Test("A cell scrolled out and back within the prefetch region shows again with willDisplay and no cellForItemAt")
    func keptWithinRegion() throws {
        let h = Harness(counts: [100], configure: Harness.grid)
        let cell = try #require(h.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        // 120 points down: line 0 ([10, 110)) leaves the bounds but stays within the region [−302, 1386).
        h.scroll(to: Point(x: 0, y: 120))
        #expect(h.data.log.entries.contains("didEndDisplaying [0, 0]"))
        #expect(h.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) == nil)
        let reused = h.collectionView.counters.cellsReused
        h.data.log.removeAll()
        h.scroll(to: .zero)
        #expect(h.data.log.entries.contains("willDisplay [0, 0]"))
        #expect(!h.data.log.entries.contains("cellForItem [0, 0]"))
        #expect(!h.data.log.entries.contains("prepareForReuse"))
        #expect(h.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) === cell)
        #expect(h.collectionView.counters.cellsRedisplayed == 3)
        #expect(h.collectionView.counters.cellsReused == reused)
    }

    @Test("A cell scrolled out of the prefetch region returns to the pool and is configured again when it comes back")
    func leavesRegion() {
        let h = Harness(counts: [100], configure: Harness.grid)
        // At y = 600 the region is [178, 1866): line 0 ([10, 110)) is out of it, line 1 ([120, 220)) in it.
        h.scroll(to: Point(x: 0, y: 600))
        h.data.log.removeAll()
        h.scroll(to: .zero)
        let entries = h.data.log.entries
        #expect(entries.contains("cellForItem [0, 0]"))
        #expect(entries.contains("prepareForReuse"))
        #expect(!entries.contains("cellForItem [0, 3]"))
        #expect(entries.contains("willDisplay [0, 3]"))
        #expect(h.collectionView.counters.cellsRedisplayed == 12)  // lines 1–4 were kept
    }

    @Test("Reversing direction keeps the cells prefetched ahead while they are within the region and prefetches the other way")
    func prefetchReversal() {
        let h = Harness(counts: [300], configure: Harness.grid)
        // One jump to y = 3000 (lines 27–34 visible, [2980, 3844)): nothing of the first screen is within the
        // region [2578, 4266); the pass prefetches item 105, the first of line 35 ([3860, 3960)).
        h.scroll(to: Point(x: 0, y: 3000))
        #expect(h.collectionView.counters.cellsPrefetched == 1)
        // Up 1 point per pass: the direction reversed; line 26 (items 78–80, [2870, 2970)) is prefetched,
        // one cell per pass, and item 105 stays held within the region below.
        h.data.log.removeAll()
        for y in [2999.0, 2998, 2997] { h.scroll(to: Point(x: 0, y: y)) }
        #expect(h.collectionView.counters.cellsPrefetched == 4)
        #expect(h.data.log.entries.filter { $0.hasPrefix("cellForItem") }
            == ["cellForItem [0, 78]", "cellForItem [0, 79]", "cellForItem [0, 80]"])
        h.data.log.removeAll()
        h.scroll(to: Point(x: 0, y: 2900))
        #expect(h.data.log.entries.contains("willDisplay [0, 78]"))
        #expect(!h.data.log.entries.contains("cellForItem [0, 78]"))
        h.scroll(to: Point(x: 0, y: 3020))
        #expect(h.data.log.entries.contains("willDisplay [0, 105]"))
        #expect(!h.data.log.entries.contains("cellForItem [0, 105]"))
    }

    @Test("A batch update or reloadData returns held cells to their pools: the item is configured again when it scrolls back",
          arguments: [true, false])
    func dataChangeDropsHeldCells(batch: Bool) throws {
        let h = Harness(counts: [100], configure: Harness.grid)
        h.scroll(to: Point(x: 0, y: 120))
        h.data.counts = [101]
        if batch {
            try h.collectionView.performBatchUpdates([.insertItems([IndexPath(item: 100, section: 0)])], animated: false)
        } else {
            h.collectionView.reloadData()
        }
        h.collectionView.layoutIfNeeded()
        h.data.log.removeAll()
        h.scroll(to: .zero)
        #expect(h.data.log.entries.contains("cellForItem [0, 0]"))
        #expect(h.collectionView.counters.cellsRedisplayed == 0)
    }

    @Test("Without prefetching a cell that scrolls out goes straight back to the pool")
    func noKeepingWithoutPrefetching() {
        let h = Harness(counts: [100], prefetching: false, configure: Harness.grid)
        h.scroll(to: Point(x: 0, y: 120))
        h.data.log.removeAll()
        h.scroll(to: .zero)
        #expect(h.data.log.entries.contains("cellForItem [0, 0]"))
        #expect(h.collectionView.counters.cellsRedisplayed == 0)
        #expect(h.collectionView.counters.cellsPrefetched == 0)
    }

    @Test("Equal attributes are not applied again; changed ones are")
    func skipsEqualAttributes() throws {
        let h = Harness(counts: [30], configure: Harness.grid)
        let cell = try #require(h.collectionView.cellForItem(at: IndexPath(item: 4, section: 0)) as? RecordingCell)
        let applied = cell.appliedCount
        let unchanged = h.collectionView.counters.attributesUnchanged
        h.scroll(to: Point(x: 0, y: 5))
        #expect(cell.appliedCount == applied)
        #expect(h.collectionView.counters.attributesUnchanged > unchanged)

        h.layout.itemSize = Size(width: 90, height: 100)
        h.collectionView.layoutIfNeeded()
        #expect(cell.appliedCount == applied + 1)
        #expect(cell.frame.size == Size(width: 90, height: 100))
    }

    @Test("Headers and footers are dequeued from their own pools and displayed with their callbacks")
    func supplementaryViews() {
        let h = Harness(counts: [3, 3, 3]) { layout, data in
            Harness.grid(layout, data)
            layout.headerReferenceSize = Size(width: 0, height: 40)
            layout.footerReferenceSize = Size(width: 0, height: 20)
        }
        #expect(h.collectionView.indexPathsForVisibleSupplementaryElements(ofKind: "header").map(\.section) == [0, 1, 2])
        #expect(h.collectionView.visibleSupplementaryViews(ofKind: "footer").count == 3)
        #expect(h.collectionView.counters.supplementaryCreated == 6)
        #expect(h.data.log.entries.contains("willDisplaySupplementary header [0, 0]"))
        // Scrolling section 0's header away and back recycles it.
        h.scroll(to: Point(x: 0, y: 100))
        #expect(h.data.log.entries.contains("didEndDisplayingSupplementary header [0, 0]"))
        h.scroll(to: .zero)
        #expect(h.collectionView.counters.supplementaryReused == 1)
        #expect(h.collectionView.supplementaryView(forElementKind: "header", at: IndexPath(item: 0, section: 0)) != nil)
    }

    @Test("Hidden elements are not displayed and get no view")
    func hiddenElements() {
        final class HidingLayout: FlowLayout {
            override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
                super.layoutAttributesForElements(in: rect).map {
                    if $0.indexPath.item.isMultiple(of: 2) { $0.isHidden = true }
                    return $0
                }
            }
        }
        let layout = HidingLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let data = FixtureDataSource(counts: [6])
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        data.register(on: cv)
        cv.dataSource = data
        cv.layoutIfNeeded()
        #expect(cv.indexPathsForVisibleItems.map(\.item) == [1, 3, 5])
        #expect(cv.counters.cellsCreated == 3)
    }

    @Test("Decoration views come from the layout's registration and are reused per kind")
    func decorationViews() {
        final class Binder: ReusableView {}
        final class DecoratedLayout: FlowLayout {
            override init() {
                super.init()
                register(Binder.self, forDecorationViewOfKind: "binder")
            }
            override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
                var result = super.layoutAttributesForElements(in: rect)
                for section in 0..<(collectionView?.numberOfSections ?? 0) {
                    let binder = LayoutAttributes(forDecorationViewOfKind: "binder", with: IndexPath(item: 0, section: section))
                    binder.frame = Rect(x: 0, y: Double(section) * 120, width: 8, height: 110)
                    binder.zIndex = -1
                    if binder.frame.intersects(rect) { result.append(binder) }
                }
                return result
            }
        }
        let layout = DecoratedLayout()
        layout.itemSize = Size(width: 100, height: 100)
        layout.sectionInset = EdgeInsets(all: 10)
        let data = FixtureDataSource(counts: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3])
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 300), collectionViewLayout: layout)
        data.register(on: cv)
        cv.dataSource = data
        cv.layoutIfNeeded()
        #expect(cv.visibleDecorationViews.count == 3)
        #expect(cv.visibleDecorationViews.allSatisfy { $0 is Binder && $0.zIndex == -1 })
        cv.contentOffset = Point(x: 0, y: 600)
        cv.layoutIfNeeded()
        #expect(cv.counters.decorationCreated == 3)
        #expect(cv.counters.decorationReused == 3)
    }

    @Test("Looking up items: by point, displayed cell, index path of a cell")
    func lookups() throws {
        let h = Harness(counts: [30], configure: Harness.grid)
        #expect(h.collectionView.indexPathForItem(at: Point(x: 150, y: 130)) == IndexPath(item: 4, section: 0))
        #expect(h.collectionView.indexPathForItem(at: Point(x: 130, y: 130)) == nil)
        // Off screen: still answered from the layout.
        #expect(h.collectionView.indexPathForItem(at: Point(x: 15, y: 1000)) == IndexPath(item: 27, section: 0))
        #expect(h.collectionView.cellForItem(at: IndexPath(item: 27, section: 0)) == nil)
        let cell = try #require(h.collectionView.cellForItem(at: IndexPath(item: 4, section: 0)))
        #expect(h.collectionView.indexPath(for: cell) == IndexPath(item: 4, section: 0))
    }

    @Test("Reloading ends every display, reads the counts again and redisplays from the pools")
    func reloadData() {
        let h = Harness(counts: [30], configure: Harness.grid)
        h.data.counts = [4]
        h.data.log.removeAll()
        h.collectionView.reloadData()
        h.collectionView.layoutIfNeeded()
        #expect(h.collectionView.numberOfItems(inSection: 0) == 4)
        #expect(h.collectionView.indexPathsForVisibleItems.map(\.item) == [0, 1, 2, 3])
        #expect(h.data.log.entries.filter { $0.hasPrefix("didEndDisplaying") }.count == 24)
        #expect(h.collectionView.counters.cellsCreated == 24)
        #expect(h.collectionView.counters.layoutPrepares == 2)
    }

    @Test("Replacing the layout re-lays the same views out with the new layout's attributes")
    func replacingTheLayout() throws {
        let h = Harness(counts: [10], configure: Harness.grid)
        let cell = try #require(h.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        let list = FlowLayout()
        list.itemSize = Size(width: 390, height: 44)
        list.minimumLineSpacing = 0
        h.collectionView.collectionViewLayout = list
        h.collectionView.layoutIfNeeded()
        #expect(h.layout.collectionView == nil)
        #expect(h.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) === cell)
        #expect(cell.frame.rounded == [0, 44, 390, 44])
        #expect(h.collectionView.contentSize == Size(width: 390, height: 440))
    }

    @Test("A cell's prepareForReuse() may dequeue from its own pool: the pool gives the cell up before preparing it")
    func prepareForReuseMayDequeue() {
        let source = CompanionSource()
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        layout.sectionInset = EdgeInsets(all: 10)
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844),
                                            collectionViewLayout: layout)
        collectionView.register(forCellWithReuseIdentifier: CompanionCell.identifier) { [weak collectionView] in
            let cell = CompanionCell()
            cell.owner = collectionView
            return cell
        }
        collectionView.dataSource = source
        collectionView.layoutIfNeeded()
        var y = 0.0
        while y < 2_000 {
            y += 37
            collectionView.contentOffset = Point(x: 0, y: y)
            collectionView.layoutIfNeeded()
        }
        let visible = collectionView.visibleCells.compactMap { $0 as? CompanionCell }
        #expect(!visible.isEmpty && visible.count == collectionView.visibleCells.count)
        for cell in visible {
            #expect(cell.item.flatMap { collectionView.cellForItem(at: $0) } === cell)
        }
        // Every reuse took a companion from the same pool, which was given up, not shared: no view is both
        // displayed and a companion, and no companion belongs to two cells.
        var companions: [ObjectIdentifier] = []
        var pending: [CompanionCell] = visible
        while let cell = pending.popLast() {
            guard let companion = cell.companion else { continue }
            companions.append(ObjectIdentifier(companion))
            if let nested = companion as? CompanionCell { pending.append(nested) }
        }
        #expect(!companions.isEmpty)
        #expect(Set(companions).count == companions.count)
        #expect(Set(companions).isDisjoint(with: visible.map(ObjectIdentifier.init)))
        #expect(collectionView.counters.cellsReused > 0)
    }
}

/// A cell that, when it is reused, takes a companion cell from its own pool.
private final class CompanionCell: CollectionViewCell {
    static let identifier = "companion"
    weak var owner: CollectionView?
    /// The item the data source configured the cell for.
    var item: IndexPath?
    var companion: CollectionViewCell?

    required init() {}

    override func prepareForReuse() {
        super.prepareForReuse()
        guard let owner, let item else { return }
        companion = owner.dequeueReusableCell(withReuseIdentifier: Self.identifier, for: item)
        self.item = nil
    }
}

/// One section of 100 items, each a ``CompanionCell``.
private final class CompanionSource: CollectionViewDataSource {
    func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 100 }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: CompanionCell.identifier, for: indexPath)
        (cell as? CompanionCell)?.item = indexPath
        return cell
    }
}
