import Testing
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

/// A 390 × 844 store screen: a carousel of 10 cards 300 × 200 (section 0, inset 0 20 0 20, 10 apart), then 30
/// rows 390 × 88 (section 1), each section under a 44-point header.
private func storeScreen(pinning: Bool = false) -> LayoutHarness<StoreFlowLayout> {
    let layout = StoreFlowLayout()
    layout.sectionHeadersPinToVisibleBounds = pinning
    layout.minimumLineSpacing = 0
    let h = LayoutHarness(layout: layout, counts: [10, 30], size: Size(width: 390, height: 844))
    h.dataSource.sizes = [Array(repeating: Size(width: 300, height: 200), count: 10),
                          Array(repeating: Size(width: 390, height: 88), count: 30)]
    h.dataSource.sectionInsets = [EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), .zero]
    h.dataSource.interitemSpacings = [10, 10]
    h.dataSource.headerSizes = [Size(width: 390, height: 44), Size(width: 390, height: 44)]
    h.collectionView.delegate = h.dataSource
    layout.invalidateLayout()
    h.collectionView.layoutIfNeeded()
    return h
}

@Suite("Store flow layout", .tags(.fast))
struct StoreFlowTests {
    @Test("Narrow items make one carousel line; full-width items stack as rows under their header")
    func geometry() throws {
        let h = storeScreen()
        let card = try #require(h.layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)))
        // 20 + 3 · (300 + 10) = 950, under the 44-point header.
        #expect(card.frame == Rect(x: 950, y: 44, width: 300, height: 200))
        let row = try #require(h.layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 1)))
        // Section 1 starts at 244 (header 44 + band 200), its header is 44 tall: row 2 at 288 + 2 · 88.
        #expect(row.frame == Rect(x: 0, y: 464, width: 390, height: 88))
        #expect(h.collectionView.contentSize == Size(width: 390, height: 244 + 44 + 30 * 88))
    }

    @Test("The carousel is a nested scroller: its offset moves its cards, and a fling rests on a card's edge")
    func carousel() throws {
        let h = storeScreen()
        let scroller = try #require(h.layout.nestedScroller(containing: Point(x: 100, y: 100)))
        #expect(scroller.id == 0 && scroller.axis == .horizontal && scroller.decelerationRate == .fast)
        // Cards span 20 + 10 · 300 + 9 · 10 + 20 = 3130 points; the view shows 390.
        #expect(scroller.maximumOffset == 3130 - 390)
        #expect(h.layout.nestedScroller(containing: Point(x: 100, y: 300)) == nil)
        h.collectionView.setNestedScrollOffset(455, of: 0)
        h.collectionView.layoutIfNeeded()
        let card = try #require(h.layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)))
        #expect(card.frame.origin.x == 950 - 455)
        // At 455 the leading inset is at 475: card 1's edge (330) is 145 away, card 2's (640) 165; it rests on
        // card 1, its edge at the inset: 330 − 20.
        #expect(h.layout.targetOffset(forNestedScroller: scroller, proposedOffset: 455, velocity: 0) == 310)
        #expect(h.layout.targetOffset(forNestedScroller: scroller, proposedOffset: -80, velocity: -900) == 0)
    }

    @Test("Pinned headers hold the top of the visible bounds until their section's end pushes them out")
    func pinnedHeaders() throws {
        let h = storeScreen(pinning: true)
        h.scroll(to: Point(x: 0, y: 100))
        let first = try #require(h.layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
        #expect(first.frame.origin.y == 100)
        h.scroll(to: Point(x: 0, y: 220))
        // Section 0 ends at 244: its header is pushed to 244 − 44 = 200.
        let pushed = try #require(h.layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
        #expect(pushed.frame.origin.y == 200)
        #expect(pushed.zIndex == FlowLayout.pinnedZIndex)
    }
}
