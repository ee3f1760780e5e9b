import Testing
@testable import CollectionEngine
import EngineTestSupport
import TestSupport

/// ``CollectionView/visibleElementLimit`` (10,000,000 items of 0.0001 points on one screen built
/// 10,000,000 attributes and views).
@Suite("Visible element limit", .tags(.fast))
struct VisibleElementLimitTests {
    @Test("10,000,000 items on one screen with a limit of 10,000: no views, the count recorded, at most 10,001 attributes built")
    func tenMillion() {
        let h = Harness(counts: [10_000_000], viewport: Size(width: 320, height: 568), useDelegate: false,
                        configure: { layout, _ in
                            layout.itemSize = Size(width: 0.0001, height: 0.0001)
                            layout.minimumLineSpacing = 0
                            layout.minimumInteritemSpacing = 0
                        }, limit: 10_000)
        let cv = h.collectionView
        #expect(cv.visibleElementOverflow == 10_000_000)
        #expect(cv.displayedElements.isEmpty)
        #expect(cv.counters.layoutAttributesBuilt <= 10_001)
        #expect(cv.counters.cellsConfigured == 0)
        // Scrolling keeps it so, and a reload to a screenful lifts it.
        h.scroll(to: Point(x: 0, y: 0.0001))
        #expect(cv.visibleElementOverflow == 10_000_000)
        h.data.counts = [30]
        cv.reloadData()
        h.scroll(to: .zero)
        #expect(cv.visibleElementOverflow == nil)
        #expect(cv.displayedElements.count == 30)
        #expect(cv.checkInvariants())
    }

    @Test("Exactly the limit is displayed; one more is an overflow, and displayed elements end their display",
          arguments: [(100, nil), (99, 100 as Int?)])
    func atTheLimit(_ limit: Int, _ overflow: Int?) {
        // 100 items of 10 points fill the 100-point square.
        let h = Harness(counts: [100], viewport: Size(width: 100, height: 100), useDelegate: false,
                        configure: { layout, _ in
                            layout.itemSize = Size(width: 10, height: 10)
                            layout.minimumLineSpacing = 0
                            layout.minimumInteritemSpacing = 0
                        }, limit: limit)
        #expect(h.collectionView.visibleElementOverflow == overflow)
        #expect(h.collectionView.displayedElements.count == (overflow == nil ? 100 : 0))
    }

    @Test("Lowering the limit below what is displayed ends their display at the next pass")
    func lowered() {
        let h = Harness(counts: [100], viewport: Size(width: 100, height: 100), useDelegate: false) { layout, _ in
            layout.itemSize = Size(width: 10, height: 10)
            layout.minimumLineSpacing = 0
            layout.minimumInteritemSpacing = 0
        }
        let cv = h.collectionView
        #expect(cv.displayedElements.count == 100)
        cv.visibleElementLimit = 50
        cv.layoutIfNeeded()
        #expect(cv.visibleElementOverflow == 100)
        #expect(cv.displayedElements.isEmpty)
        #expect(cv.checkInvariants())
    }

    /// A layout that is not a flow layout: every item at the same 10-point square.
    final class PileLayout: CollectionViewLayout {
        override var collectionViewContentSize: Size { Size(width: 100, height: 100) }
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            let count = collectionView?.numberOfItems(inSection: 0) ?? 0
            return (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            let attributes = LayoutAttributes(forCellWith: indexPath)
            attributes.frame = Rect(x: 0, y: 0, width: 10, height: 10)
            attributes.isHidden = indexPath.item % 2 == 1
            return attributes
        }
    }

    @Test("Another layout answers in full and the collection view counts its displayable elements",
          arguments: [(200, nil), (202, 101 as Int?)])
    func otherLayout(_ count: Int, _ overflow: Int?) {
        let data = FixtureDataSource(counts: [count])
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: PileLayout())
        cv.visibleElementLimit = 100
        data.register(on: cv)
        cv.dataSource = data
        cv.layoutIfNeeded()
        // Half the items are hidden: 100 or 101 displayable.
        #expect(cv.visibleElementOverflow == overflow)
        #expect(cv.displayedElements.count == (overflow == nil ? 100 : 0))
    }

    @Test("During a transition the limit applies to each layout")
    func transition() {
        let h = Harness(counts: [500], viewport: Size(width: 100, height: 100), useDelegate: false,
                        configure: { layout, _ in
                            layout.itemSize = Size(width: 10, height: 10)
                            layout.minimumLineSpacing = 0
                            layout.minimumInteritemSpacing = 0
                        }, limit: 100)
        let cv = h.collectionView
        #expect(cv.visibleElementOverflow == nil)
        let tiny = FlowLayout()
        tiny.itemSize = Size(width: 1, height: 1)
        tiny.minimumLineSpacing = 0
        tiny.minimumInteritemSpacing = 0
        let transition = cv.startInteractiveTransition(to: tiny)
        transition.transitionProgress = 0.5
        cv.layoutIfNeeded()
        #expect(cv.visibleElementOverflow == 500)
        #expect(cv.displayedElements.isEmpty)
        cv.cancelInteractiveTransition()
        cv.advanceAnimations(to: 1)
        cv.layoutIfNeeded()
        #expect(cv.visibleElementOverflow == nil)
        #expect(cv.displayedElements.count == 100)
        #expect(cv.checkInvariants())
    }
}
