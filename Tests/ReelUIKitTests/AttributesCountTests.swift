import Foundation
import Layouts
import ReelUIKit
import Replay
import Reporting
import Testing
import TestSupport

/// A list that builds one attributes object of its own class per item in `prepare()` and answers from that
/// cache: everything it creates is counted there.
private final class CountedAttributes: UICollectionViewLayoutAttributes {
    var shade: CGFloat = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CountedAttributes
        copy.shade = shade
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CountedAttributes else { return false }
        return super.isEqual(other) && shade == other.shade
    }
}

private final class CachedListLayout: UICollectionViewLayout {
    private var cache: [CountedAttributes] = []
    private(set) var prepares = 0

    override func prepare() {
        super.prepare()
        prepares += 1
        cache.removeAll()
        guard let collectionView = collectionView, collectionView.numberOfSections > 0 else { return }
        for item in 0..<collectionView.numberOfItems(inSection: 0) {
            let attributes = CountedAttributes(forCellWith: IndexPath(item: item, section: 0))
            attributes.frame = CGRect(x: 0, y: CGFloat(item) * 50, width: collectionView.bounds.width, height: 50)
            attributes.shade = CGFloat(item % 3)
            cache.append(attributes)
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(cache.count) * 50)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        indexPath.item < cache.count ? cache[indexPath.item] : nil
    }
}

@Suite("Attributes a UIKit layout creates count once each in layout_attributes_built", .tags(.fast))
struct AttributesCountTests {
    @Test("A layout that builds its 200 items' attributes in prepare counts 200 a prepare, not the module's copies of their fields")
    func cachedSubclassCountsItsOwn() throws {
        final class Made: @unchecked Sendable { var layouts: [CachedListLayout] = [] }  // one replay, one thread
        let made = Made()
        var registry = LayoutRegistry.standard
        registry.register(LayoutDefinition(name: "cached-list", summary: "a list built in prepare", parameters: []) { _ in
            let layout = CachedListLayout()
            made.layouts.append(layout)
            return layout
        })
        let events = (1...60).map { #"<scroll t="\#(Double($0) / 60)" x="0" y="\#($0 * 40)"/>"# }.joined(separator: "\n")
        try ScratchDirectory.withFreshFolder { folder in
            let path = folder + "/list.xml"
            try """
                <?xml version="1.0" encoding="UTF-8"?>
                <trace version="1">
                  <collection-view width="390" height="844" refresh-rate="60"/>
                  <layout name="flow"/>
                  <data><section items="200"/></data>
                  <events>
                \(events)
                  </events>
                </trace>

                """.write(toFile: path, atomically: true, encoding: .utf8)
            let runner = ReplayRunner(registry: registry, makeClock: { ManualClock() })
            let measurement = try runner.replay(path, options: ReplayOptions(layout: "cached-list", repeats: 1, warmup: 0))
            #expect(measurement.complete && measurement.failure == nil)
            let prepares = made.layouts.reduce(0) { $0 + $1.prepares }
            try #require(prepares > 0)
            // The engine sees a subclass's own fields through copies the module takes when they change (every
            // item's, the first time it is shown): the engine's copies, as those of what it applied, not the layout's.
            #expect(measurement.counters[.layoutAttributesBuilt] == 200 * prepares)
        }
    }
}
