import Testing
import CollectionEngine
import EngineTestSupport
import TestSupport

@Suite("Invalidation", .tags(.fast))
struct InvalidationTests {
    @Test("Scrolling does not invalidate a flow layout")
    func scrollingKeepsTheLayout() {
        let h = Harness(counts: [500], configure: Harness.grid)
        for step in 1...50 { h.scroll(to: Point(x: 0, y: Double(step) * 13)) }
        #expect(h.collectionView.counters.layoutPrepares == 1)
        #expect(h.collectionView.counters.elementQueries >= 50)
    }

    @Test("A change of size invalidates, asks the delegate again and reflows")
    func resizing() {
        let h = Harness(counts: [30], configure: Harness.grid)
        let invalidations = h.collectionView.counters.layoutInvalidations
        let queries = h.data.sizeQueries
        h.collectionView.frame = Rect(x: 0, y: 0, width: 844, height: 390)
        h.collectionView.layoutIfNeeded()
        #expect(h.collectionView.counters.layoutInvalidations == invalidations + 1)
        #expect(h.collectionView.counters.layoutPrepares == 2)
        #expect(h.data.sizeQueries == queries + 30)
        // 824 available: seven per line.
        #expect(h.frame(7)?.rounded == [10, 120, 100, 100])
        #expect(h.collectionView.contentSize.width == 844)
    }

    @Test("shouldInvalidateLayout(forBoundsChange:) sees the old bounds; returning true prepares every frame")
    func invalidatingEveryFrame() {
        final class EveryFrameLayout: FlowLayout {
            var boundsSeen: [Rect] = []
            var prepares = 0
            override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
                boundsSeen.append(collectionView?.bounds ?? .null)
                return true
            }
            override func prepare() {
                super.prepare()
                prepares += 1
            }
        }
        let layout = EveryFrameLayout()
        let data = FixtureDataSource(counts: [300])
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        data.register(on: cv)
        cv.dataSource = data
        cv.layoutIfNeeded()
        for step in 1...10 {
            cv.contentOffset = Point(x: 0, y: Double(step) * 10)
            cv.layoutIfNeeded()
        }
        #expect(layout.boundsSeen.first?.origin == .zero)
        #expect(layout.boundsSeen.last?.origin == Point(x: 0, y: 90))
        #expect(layout.prepares == 11)
        #expect(cv.counters.layoutPrepares == 11)
    }

    @Test("Invalidating one item's metrics asks for that size only and moves the sections after it")
    func invalidatingItems() {
        let h = Harness(counts: [30, 30, 30]) { layout, data in
            Harness.grid(layout, data)
            data.sizes = [[Size]](repeating: [Size](repeating: Size(width: 100, height: 100), count: 30), count: 3)
        }
        let queries = h.data.sizeQueries
        let before = h.frame(0, section: 2)
        h.data.sizes?[1][4] = Size(width: 100, height: 300)
        let context = FlowLayoutInvalidationContext()
        context.invalidateFlowLayoutDelegateMetrics = true
        context.invalidateItems(at: [IndexPath(item: 4, section: 1)])
        h.layout.invalidateLayout(with: context)
        h.collectionView.layoutIfNeeded()
        #expect(h.data.sizeQueries == queries + 1)
        #expect(h.frame(4, section: 1)?.size == Size(width: 100, height: 300))
        // Item 3 is centered in the now 300-point line; section 2 moved down by 200.
        #expect(h.frame(3, section: 1)?.origin.y == h.frame(4, section: 1).map { $0.origin.y + 100 })
        #expect(h.frame(0, section: 2)?.origin.y == before.map { $0.origin.y + 200 })

        // The same result as a layout that computed everything afresh.
        let fresh = Harness(counts: [30, 30, 30]) { layout, data in
            Harness.grid(layout, data)
            data.sizes = h.data.sizes
        }
        let everything = Rect(x: 0, y: 0, width: 390, height: 20_000)
        #expect(h.layout.layoutAttributesForElements(in: everything).map(\.frame)
            == fresh.layout.layoutAttributesForElements(in: everything).map(\.frame))
    }

    @Test("A context without delegate metrics reflows with the sizes the layout already has")
    func reflowWithoutRequery() {
        let h = Harness(counts: [10], configure: Harness.grid)
        let queries = h.data.sizeQueries
        h.data.sizes = [[Size](repeating: Size(width: 20, height: 20), count: 10)]
        h.layout.invalidateLayout(with: FlowLayoutInvalidationContext())
        h.collectionView.layoutIfNeeded()
        #expect(h.data.sizeQueries == queries)
        #expect(h.frame(0)?.size == Size(width: 100, height: 100))
        h.layout.invalidateLayout()
        h.collectionView.layoutIfNeeded()
        #expect(h.frame(0)?.size == Size(width: 20, height: 20))
    }

    @Test("Changing a property invalidates and takes effect at the next layout pass")
    func propertyChanges() {
        let h = Harness(counts: [10], configure: Harness.grid)
        h.layout.minimumLineSpacing = 50
        #expect(h.frame(3)?.origin.y == 120)
        h.collectionView.layoutIfNeeded()
        #expect(h.frame(3)?.origin.y == 160)
        #expect(h.collectionView.counters.layoutPrepares == 2)
    }
}
