import Testing
import CollectionEngine
import EngineTestSupport
import TestSupport

/// UIKit's flow layout: a bounds change that keeps the size asks the delegate for no sizes again, even
/// when the layout invalidates on it; a size change does.
@Suite("Flow layout bounds invalidation", .tags(.fast))
struct FlowBoundsInvalidationTests {
    /// A flow layout that invalidates on every bounds change, as cover-flow and line layouts do.
    final class EveryBoundsChangeLayout: FlowLayout {
        override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }
    }

    /// Items of three widths and heights, so that sections are not laid out in closed form.
    static func varyingSizes(_ count: Int) -> [[Size]] {
        let widths: [Double] = [60, 80, 100], heights: [Double] = [50, 75, 100, 125]
        return [(0..<count).map { item in Size(width: widths[item % 3], height: heights[item % 4]) }]
    }

    static func make(_ layout: FlowLayout, direction: FlowLayout.ScrollDirection, count: Int,
                     viewport: Size = Size(width: 390, height: 844)) -> (CollectionView, FixtureDataSource) {
        layout.scrollDirection = direction
        layout.minimumLineSpacing = 8
        layout.minimumInteritemSpacing = 6
        layout.sectionInset = EdgeInsets(all: 12)
        let data = FixtureDataSource(counts: [count])
        data.sizes = varyingSizes(count)
        let collectionView = CollectionView(frame: Rect(origin: .zero, size: viewport), collectionViewLayout: layout)
        data.register(on: collectionView)
        collectionView.dataSource = data
        collectionView.delegate = data
        collectionView.layoutIfNeeded()
        return (collectionView, data)
    }

    @Test("Scrolling a layout that invalidates on every bounds change asks for no sizes and keeps the geometry",
          arguments: [FlowLayout.ScrollDirection.vertical, .horizontal])
    func scrollingAsksNoSizes(direction: FlowLayout.ScrollDirection) {
        let count = 3000
        let layout = EveryBoundsChangeLayout()
        let (collectionView, data) = Self.make(layout, direction: direction, count: count)
        #expect(data.sizeQueries == count)
        let frames = 120
        for step in 1...frames {
            let distance = Double(step) * 37
            collectionView.contentOffset = direction == .vertical ? Point(x: 0, y: distance) : Point(x: distance, y: 0)
            collectionView.layoutIfNeeded()
        }
        // Re-prepared on every frame, as the layout asks, without asking the delegate again.
        #expect(collectionView.counters.layoutPrepares == frames + 1)
        #expect(data.sizeQueries == count)

        // The collection view holds its data source weakly: keep the fresh one alive.
        let (freshView, freshData) = Self.make(FlowLayout(), direction: direction, count: count)
        freshView.contentOffset = collectionView.contentOffset
        freshView.layoutIfNeeded()
        #expect(freshData.sizeQueries == count)
        #expect(collectionView.contentSize == freshView.contentSize)
        let everything = Rect(origin: .zero, size: freshView.contentSize)
        let scrolled = layout.layoutAttributesForElements(in: everything)
        let fresh = freshView.collectionViewLayout.layoutAttributesForElements(in: everything)
        #expect(scrolled.count == count)
        #expect(scrolled.map(\.frame) == fresh.map(\.frame))
        #expect(collectionView.displayedElements.map(\.key) == freshView.displayedElements.map(\.key))
    }

    @Test("A change of size asks for every size again and reflows, like a fresh layout at that size")
    func resizingAsksEverySize() {
        let count = 500
        let layout = EveryBoundsChangeLayout()
        let (collectionView, data) = Self.make(layout, direction: .vertical, count: count)
        collectionView.contentOffset = Point(x: 0, y: 400)
        collectionView.layoutIfNeeded()
        #expect(data.sizeQueries == count)

        collectionView.frame = Rect(x: 0, y: 0, width: 844, height: 390)
        collectionView.layoutIfNeeded()
        #expect(data.sizeQueries == 2 * count)

        let (freshView, freshData) = Self.make(FlowLayout(), direction: .vertical, count: count,
                                               viewport: Size(width: 844, height: 390))
        #expect(freshData.sizeQueries == count)
        let everything = Rect(origin: .zero, size: freshView.contentSize)
        #expect(collectionView.contentSize == freshView.contentSize)
        #expect(layout.layoutAttributesForElements(in: everything).map(\.frame)
            == freshView.collectionViewLayout.layoutAttributesForElements(in: everything).map(\.frame))
    }

    @Test("The bounds context asks for delegate metrics and positions only when the size changes")
    func contextFlags() throws {
        let layout = EveryBoundsChangeLayout()
        let (collectionView, _) = Self.make(layout, direction: .horizontal, count: 20)
        let bounds = collectionView.bounds
        let scrolled = try #require(
            layout.invalidationContext(forBoundsChange: Rect(x: 50, y: 0, width: bounds.width, height: bounds.height))
                as? FlowLayoutInvalidationContext)
        #expect(!scrolled.invalidateFlowLayoutDelegateMetrics)
        #expect(!scrolled.invalidateFlowLayoutAttributes)
        let resized = try #require(
            layout.invalidationContext(forBoundsChange: Rect(x: 0, y: 0, width: bounds.width, height: 300))
                as? FlowLayoutInvalidationContext)
        #expect(resized.invalidateFlowLayoutDelegateMetrics)
        #expect(resized.invalidateFlowLayoutAttributes)
    }
}
