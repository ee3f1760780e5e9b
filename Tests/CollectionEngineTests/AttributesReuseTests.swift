import Testing
import CollectionEngine
import EngineTestSupport
import TestSupport

/// The steady-scroll work: the flow layout hands out the attributes objects it built until it is
/// invalidated, the collection view skips comparing attributes applied from the very same unchanged object,
/// and neither changes what is displayed or counted.
@Suite("Attributes reuse", .tags(.fast))
struct AttributesReuseTests {
    private let rect = Rect(x: 0, y: 100, width: 390, height: 844)

    @Test("the flow layout answers a second query with the same objects, and with new ones after an invalidation")
    func sameObjectsUntilInvalidated() {
        let harness = Harness(counts: [500])
        let first = harness.layout.layoutAttributesForElements(in: rect)
        let second = harness.layout.layoutAttributesForElements(in: rect)
        #expect(!first.isEmpty)
        #expect(first.count == second.count)
        #expect(zip(first, second).allSatisfy { $0 === $1 })
        harness.layout.invalidateLayout()
        harness.collectionView.layoutIfNeeded()
        let third = harness.layout.layoutAttributesForElements(in: rect)
        #expect(third.count == first.count)
        #expect(zip(first, third).allSatisfy { $0 !== $1 && $0 == $1 })
    }

    @Test("an object someone changed is not handed out again")
    func changedObjectReplaced() {
        let harness = Harness(counts: [500])
        let first = harness.layout.layoutAttributesForElements(in: rect)
        let original = first[0].frame
        first[0].alpha = 0.5
        let second = harness.layout.layoutAttributesForElements(in: rect)
        #expect(second[0] !== first[0])
        #expect(second[0].alpha == 1 && second[0].frame == original)
        #expect(zip(first.dropFirst(), second.dropFirst()).allSatisfy { $0 === $1 })
    }

    @Test("a flow layout subclass keeps building new objects unless it opts in")
    func subclassesOptIn() {
        final class Plain: FlowLayout {}
        final class Keeping: FlowLayout { override var keepsLayoutAttributes: Bool { true } }
        for (layout, keeps) in [(Plain() as FlowLayout, false), (Keeping(), true)] {
            let harness = Harness(counts: [500], layout: layout)
            let first = harness.layout.layoutAttributesForElements(in: rect)
            let second = harness.layout.layoutAttributesForElements(in: rect)
            #expect(!first.isEmpty)
            #expect(zip(first, second).allSatisfy { ($0 === $1) == keeps })
        }
    }

    @Test("the cache keeps about a screenful while scrolling through a million items")
    func cacheStaysSmall() {
        let cache = LayoutAttributesCache()
        for query in 0..<2_000 {
            cache.beginQuery()
            for item in query * 500..<query * 500 + 90 {
                let key = ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: item, section: 0))
                _ = cache.attributes(for: key) { LayoutAttributes(forCellWith: key.indexPath) }
            }
        }
        #expect(cache.count <= 1_024 + 90)
        // Only plain attributes are kept.
        final class Custom: LayoutAttributes {}
        let key = ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: 0, section: 7))
        cache.beginQuery()
        let a = cache.attributes(for: key) { Custom(forCellWith: key.indexPath) }
        let b = cache.attributes(for: key) { Custom(forCellWith: key.indexPath) }
        #expect(a !== b)
    }

    @Test("the cache answers each element with its own object as its table grows, and forgets all on removeAll")
    func cacheKeysStayDistinct() {
        let cache = LayoutAttributesCache()
        // Cells and the headers and footers of the same index paths, in many sections: the table grows
        // several times within one query and probes past neighbours whose hashes collide.
        var keys: [ElementKey] = []
        for section in 0..<40 {
            for item in 0..<60 {
                let indexPath = IndexPath(item: item, section: section)
                keys.append(ElementKey(category: .cell, kind: nil, indexPath: indexPath))
                keys.append(ElementKey(category: .supplementaryView, kind: "header", indexPath: indexPath))
                keys.append(ElementKey(category: .supplementaryView, kind: "footer", indexPath: indexPath))
            }
        }
        func make(_ key: ElementKey) -> LayoutAttributes {
            key.category == .cell ? LayoutAttributes(forCellWith: key.indexPath)
                : LayoutAttributes(forSupplementaryViewOfKind: key.kind!, with: key.indexPath)
        }
        cache.beginQuery()
        let first = keys.map { key in cache.attributes(for: key) { make(key) } }
        #expect(cache.count == keys.count)
        #expect(Set(first.map(ObjectIdentifier.init)).count == keys.count)
        cache.beginQuery()
        var made = 0
        let second = keys.map { key in cache.attributes(for: key) { made += 1; return make(key) } }
        #expect(made == 0)
        #expect(zip(first, second).allSatisfy { $0 === $1 })
        #expect(zip(keys, second).allSatisfy { $0.indexPath == $1.indexPath && $0.kind == $1.representedElementKind })
        // A changed object is replaced by a new one, which is kept in its place.
        first[7].frame = Rect(x: 1, y: 2, width: 3, height: 4)
        cache.beginQuery()
        let replaced = cache.attributes(for: keys[7]) { make(keys[7]) }
        #expect(replaced !== first[7])
        #expect(cache.attributes(for: keys[7]) { make(keys[7]) } === replaced)
        #expect(cache.count == keys.count)
        cache.removeAll()
        #expect(cache.count == 0)
        cache.beginQuery()
        #expect(cache.attributes(for: keys[0]) { make(keys[0]) } !== first[0])
        #expect(cache.count == 1)
    }

    @Test("the cache recycles the cell attributes it let go that nobody holds, and never one somebody holds")
    func cacheRecyclesUnheldObjects() {
        let cache = LayoutAttributesCache()
        let frame = Rect(x: 0, y: 0, width: 50, height: 50)
        /// Every object seen, weakly: one seen before is the very object only while it lives.
        final class Seen { weak var object: LayoutAttributes?; init(_ object: LayoutAttributes) { self.object = object } }
        var seen: [ObjectIdentifier: Seen] = [:]
        func answer(_ query: Int) -> [LayoutAttributes] {
            cache.beginQuery()
            return (query * 500..<query * 500 + 90).map { item in
                let indexPath = IndexPath(item: item, section: 0)
                return cache.attributes(for: ElementKey(category: .cell, kind: nil, indexPath: indexPath)) {
                    let attributes = cache.recycledCellAttributes(at: indexPath)
                    #expect(attributes.indexPath == indexPath && attributes.alpha == 1 && attributes.zIndex == 0)
                    attributes.frame = frame
                    return attributes
                }
            }
        }
        let held = answer(0)[0]
        let heldFrame = held.frame
        var recycled = 0, made = 0
        for query in 1..<2_000 {
            for attributes in answer(query) {
                #expect(attributes !== held)
                let known = seen[ObjectIdentifier(attributes)]?.object === attributes
                if query >= 1_000 {
                    made += 1
                    if known { recycled += 1 }
                }
                if !known { seen[ObjectIdentifier(attributes)] = Seen(attributes) }
            }
        }
        #expect(held.frame == heldFrame && held.indexPath == IndexPath(item: 0, section: 0))
        #expect(made == 1_000 * 90)
        #expect(recycled == made)
    }

    /// A layout that returns the same objects every time and changes one of them in place between frames.
    final class MutatingLayout: CollectionViewLayout {
        let items = (0..<5).map { item -> LayoutAttributes in
            let attributes = LayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            attributes.frame = Rect(x: 0, y: Double(item) * 60, width: 50, height: 50)
            return attributes
        }
        override var collectionViewContentSize: Size { Size(width: 390, height: 2000) }
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            items.filter { $0.frame.intersects(rect) }
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { items[indexPath.item] }
    }

    @Test("a layout that changes an attributes object it returned gets the change applied")
    func mutationInPlaceIsApplied() {
        let layout = MutatingLayout()
        let data = FixtureDataSource(counts: [5])
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        data.register(on: collectionView)
        collectionView.dataSource = data
        collectionView.layoutIfNeeded()
        #expect(collectionView.counters.attributesApplied == 5)
        collectionView.setNeedsLayout()
        collectionView.layoutIfNeeded()
        #expect(collectionView.counters.attributesApplied == 5)
        #expect(collectionView.counters.attributesUnchanged == 5)
        layout.items[2].alpha = 0.25
        collectionView.setNeedsLayout()
        collectionView.layoutIfNeeded()
        #expect(collectionView.counters.attributesApplied == 6)
        #expect(collectionView.counters.attributesUnchanged == 9)
        #expect(collectionView.cellForItem(at: IndexPath(item: 2, section: 0))?.alpha == 0.25)
        // The view's own copy changed by someone: compared again, and re-applied.
        collectionView.cellForItem(at: IndexPath(item: 3, section: 0))?.layoutAttributes?.alpha = 0.5
        collectionView.setNeedsLayout()
        collectionView.layoutIfNeeded()
        #expect(collectionView.counters.attributesApplied == 7)
        #expect(collectionView.cellForItem(at: IndexPath(item: 3, section: 0))?.layoutAttributes?.alpha == 1)
    }

    @Test("steady scrolling displays what a layout building new objects displays, with the same counters")
    func steadyScrollMatchesFreshObjects() {
        final class Fresh: FlowLayout {}
        let kept = Harness(counts: [3_000])
        let fresh = Harness(counts: [3_000], layout: Fresh())
        for step in 1...400 {
            let offset = Point(x: 0, y: Double(step % 200) * 37)
            kept.scroll(to: offset)
            fresh.scroll(to: offset)
            #expect(kept.collectionView.displayedElements.map(\.key) == fresh.collectionView.displayedElements.map(\.key))
            #expect(kept.collectionView.displayedElements.map { $0.view.layoutAttributes }
                        == fresh.collectionView.displayedElements.map { $0.view.layoutAttributes })
        }
        #expect(kept.collectionView.counters == fresh.collectionView.counters)
    }
}
