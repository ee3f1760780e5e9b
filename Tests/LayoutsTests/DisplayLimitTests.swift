import Testing
@testable import CollectionEngine
@testable import Layouts
import EngineTestSupport
import TestSupport

/// The catalogue's layouts whose answers hold every item of what they show — the circle's, a spiral page's, a
/// stack's, an album's — under the collection view's display limit (``CollectionView/visibleElementLimit``, a
/// replay's 10,000): past it they count what they would display instead of building it, and a limited query
/// never holds more than the limit and one.
@Suite("Layouts under the display limit", .tags(.fast))
struct DisplayLimitTests {
    /// A collection view of `size` with `layout`, `counts` items and the display limit `limit`, laid out once
    /// with the limit set (a ``LayoutHarness`` would lay out without it first).
    private final class Limited {
        let data: FixtureDataSource
        let view: CollectionView

        init(_ layout: CollectionViewLayout, counts: [Int], size: Size, limit: Int = 10_000, kinds: [String] = []) {
            data = FixtureDataSource(counts: counts)
            view = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
            data.register(on: view)
            for kind in kinds {
                view.register(forSupplementaryViewOfKind: kind, withReuseIdentifier: kind) { RecordingView() }
            }
            view.dataSource = data
            view.visibleElementLimit = limit
            view.layoutIfNeeded()
        }
    }

    /// `layout`'s answer for `rect` in a query limited to `limit` elements, as the collection view asks it,
    /// and the overflow it recorded.
    private static func limitedQuery(_ layout: CollectionViewLayout, _ rect: Rect,
                                     limit: Int = 10_000) -> (answer: [LayoutAttributes], overflow: Int?) {
        layout.elementQueryLimit = limit
        layout.elementQueryOverflow = nil
        defer { layout.elementQueryLimit = nil }
        return (layout.layoutAttributesForElements(in: rect), layout.elementQueryOverflow)
    }

    @Test("A circle of 10,000,000 items is counted, not built: it answers nothing and records 10,000,001 elements")
    func circleOfTenMillion() {
        let layout = CircleLayout()
        let limited = Limited(layout, counts: [10_000_000], size: Size(width: 320, height: 416))
        let view = limited.view
        // Every item and the clock hand, as the collection view counted them before.
        #expect(view.visibleElementOverflow == 10_000_001)
        #expect(view.displayedElements.isEmpty)
        let (answer, overflow) = Self.limitedQuery(layout, view.bounds)
        #expect(answer.isEmpty)
        #expect(overflow == 10_000_001)
    }

    @Test("One more item than the limit overflows, the limit itself displays: the items and the hand", arguments: [
        (9_999, nil as Int?), (10_000, 10_001),
    ])
    func circleAtTheLimit(_ items: Int, _ overflow: Int?) {
        let view = Limited(CircleLayout(), counts: [items], size: Size(width: 320, height: 416)).view
        #expect(view.visibleElementOverflow == overflow)
        #expect(view.displayedElements.count == (overflow == nil ? items + 1 : 0))
    }

    @Test("A circle pinched far past the bounds with more items than the limit builds only the items in the bounds")
    func circlePinchedOut() {
        let layout = CircleLayout()
        let limited = Limited(layout, counts: [20_000], size: Size(width: 320, height: 416))
        let view = limited.view
        #expect(view.visibleElementOverflow == 20_001)
        // A radius of a million points through the screen's center: item 0 at the top of the circle is there,
        // its neighbours 314 points away are not, and the center (the clock hand) is far below.
        layout.center = Point(x: 160, y: 208 + 1_000_000)
        layout.radius = 1_000_000
        view.layoutIfNeeded()
        #expect(view.visibleElementOverflow == nil)
        #expect(view.displayedElements.map(\.key.indexPath) == [IndexPath(item: 0, section: 0)])
        let (answer, overflow) = Self.limitedQuery(layout, view.bounds)
        #expect(answer.map(\.indexPath) == [IndexPath(item: 0, section: 0)])
        #expect(overflow == nil)
    }

    @Test("A spiral page of 20,000 speakers overflows with the count the full answer would display")
    func spiralPage() {
        let size = Size(width: 1024, height: 748)
        // The full answer, counted as the collection view counts it.
        let full = LayoutHarness(layout: SpiralLayout(scale: 1), counts: [20_000], size: size)
        let bounds = full.collectionView.bounds
        let displayable = full.layout.layoutAttributesForElements(in: bounds).count { !$0.isHidden && $0.frame.intersects(bounds) }
        #expect(displayable > 10_000 && displayable <= 20_001)
        let layout = SpiralLayout(scale: 1)
        let limited = Limited(layout, counts: [20_000], size: size)
        let view = limited.view
        #expect(view.visibleElementOverflow == displayable)
        #expect(view.displayedElements.isEmpty)
        #expect(Self.limitedQuery(layout, view.bounds).answer.isEmpty)
        // A page within the limit answers as it always did.
        let small = Limited(SpiralLayout(scale: 1), counts: [22], size: size)
        #expect(small.view.visibleElementOverflow == nil)
        #expect(small.view.displayedElements.count == 23)
    }

    @Test("A stack of 100,000 photos answers its three visible photos and its label, never the buried ones")
    func deepStack() {
        let layout = StackedLayout()
        let limited = Limited(layout, counts: [100_000], size: Size(width: 768, height: 1024),
                              kinds: [StackedLayout.labelKind])
        let view = limited.view
        #expect(view.visibleElementOverflow == nil)
        #expect(view.displayedElements.count == 4)
        let (answer, overflow) = Self.limitedQuery(layout, view.bounds)
        #expect(answer.count == 4)
        #expect(overflow == nil)
        #expect(answer.filter { $0.representedElementCategory == .cell }.map(\.indexPath.item) == [0, 1, 2])
    }

    @Test("An album of 20,000 photos overflows with its photos and title; the album's cache holds 8 bytes a photo")
    func deepAlbum() {
        let layout = PhotoAlbumLayout()
        let limited = Limited(layout, counts: [20_000, 3], size: Size(width: 320, height: 548),
                              kinds: [PhotoAlbumLayout.titleKind])
        let view = limited.view
        #expect(view.visibleElementOverflow == 20_000 + 3 + 2)
        #expect(Self.limitedQuery(layout, view.bounds).answer.isEmpty)
        #expect(MemoryLayout<PhotoAlbumLayout.Cache.Photo>.stride == 8)
    }
}
