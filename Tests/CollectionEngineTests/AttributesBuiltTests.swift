import Testing
import CollectionEngine
import EngineTestSupport
import TestSupport

/// `layout_attributes_built` counts every attributes object a layout creates while the collection view
/// calls it — through any initializer or `copy()`, in any callback — and none of the engine's own copies.
@Suite("Attributes built by any layout", .tags(.fast))
struct AttributesBuiltTests {
    /// Attributes with a field of their own, made through their own initializer.
    final class TaggedAttributes: LayoutAttributes {
        var tag = 0
        convenience init(item: Int, tag: Int) {
            self.init(forCellWith: IndexPath(item: item, section: 0))
            self.tag = tag
        }
    }

    /// Ten 50-point rows: builds all ten in `prepare()` (one through each public initializer and the rest
    /// as cells), and answers each query with copies of those in the rect; counts what it made itself.
    final class CopyingLayout: CollectionViewLayout {
        var cache: [LayoutAttributes] = []
        var made = 0

        override func prepare() {
            cache = (0..<10).map { item in
                let attributes: LayoutAttributes = switch item {
                case 0: LayoutAttributes(category: .cell, kind: nil, indexPath: IndexPath(item: 0, section: 0))
                case 1: TaggedAttributes(item: 1, tag: 7)
                default: LayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                }
                attributes.frame = Rect(x: 0, y: Double(item) * 50, width: 100, height: 50)
                return attributes
            }
            made += cache.count
        }

        override var collectionViewContentSize: Size { Size(width: 100, height: 500) }

        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            let answer = cache.filter { $0.frame.intersects(rect) }.map { $0.copy() }
            made += answer.count
            return answer
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            made += 1
            return cache[indexPath.item].copy()
        }
    }

    private static func collectionView(_ layout: CollectionViewLayout, height: Double = 500) -> CollectionView {
        let data = FixtureDataSource(counts: [10])
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: height),
                                            collectionViewLayout: layout)
        collectionView.isPrefetchingEnabled = false
        data.register(on: collectionView)
        collectionView.dataSource = data
        collectionView.layoutIfNeeded()
        withExtendedLifetime(data) {}
        return collectionView
    }

    @Test("What a custom layout makes in prepare() and its queries counts once; the engine's copies do not")
    func customLayout() {
        let layout = CopyingLayout()
        let collectionView = Self.collectionView(layout)
        // Ten in prepare, ten copies for the query; the collection view also copied the ten it applied.
        #expect(layout.made == 20)
        #expect(collectionView.counters.layoutAttributesBuilt == layout.made)
        #expect(collectionView.counters.attributesApplied == 10)
        _ = collectionView.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))
        #expect(collectionView.counters.layoutAttributesBuilt == 21)
    }

    @Test("Attributes made outside the layout's calls are not the collection view's")
    func outsideCalls() {
        let layout = CopyingLayout()
        let collectionView = Self.collectionView(layout)
        let before = collectionView.counters.layoutAttributesBuilt
        _ = (0..<5).map { LayoutAttributes(forCellWith: IndexPath(item: $0, section: 0)).copy() }
        _ = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 500))
        #expect(collectionView.counters.layoutAttributesBuilt == before)
        // The next call into the layout counts its own copy alone.
        _ = collectionView.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))
        #expect(collectionView.counters.layoutAttributesBuilt == before + 1)
    }

    @Test("The flow layout counts what it answers, kept or new, as before; its subclasses' copies count too")
    func flow() {
        let harness = Harness(counts: [60], prefetching: false, configure: Harness.grid)
        // Three items a line, lines 110 points apart from 10: lines 0…7 reach 844 (the 8th from 780), and still
        // do 10 points down, where the cache answers the same 24 objects.
        harness.scroll(to: Point(x: 0, y: 10))
        let counters = harness.collectionView.counters
        #expect(counters.elementQueries == 2)
        #expect(counters.layoutAttributesBuilt == 24 * 2)
        #expect(counters.nestedQueries == 0)
    }

    /// Answers each item by asking `super` for its line: one nested line query and one nested item query
    /// per cell.
    final class LineQueryingFlowLayout: FlowLayout {
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            super.layoutAttributesForElements(in: rect).map { layoutAttributesForItem(at: $0.indexPath) ?? $0 }
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            guard let attributes = super.layoutAttributesForItem(at: indexPath)?.copy() else { return nil }
            _ = super.layoutAttributesForElements(in: Rect(x: 0, y: attributes.frame.minY, width: 390, height: 1))
            return attributes
        }
    }

    @Test("Queries a flow subclass makes of super beyond the one that answers are nested queries")
    func nestedQueries() {
        let harness = Harness(counts: [60], prefetching: false, layout: LineQueryingFlowLayout(),
                              configure: Harness.grid)
        let counters = harness.collectionView.counters
        #expect(counters.elementQueries == 1)
        // 24 cells: an item query and a line query each.
        #expect(counters.nestedQueries == 48)
        // super's 24, then per cell the item, its copy and its line of 3.
        #expect(counters.layoutAttributesBuilt == 24 + 24 * (1 + 1 + 3))
    }

    @Test("Collection views on several threads count apart")
    func threads() async {
        let counts = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    (0..<100).map { _ in
                        let layout = CopyingLayout()
                        return Self.collectionView(layout).counters.layoutAttributesBuilt
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(counts == Array(repeating: 20, count: 400))
    }
}
