import Testing
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

/// Every catalogue layout in a collection view of huge dimensions (`grid`, `stacked` and `stacks`
/// trapped converting `across` to an `Int` in a view 10^308 points wide).
@Suite("Catalogue layouts in huge views", .tags(.fast))
struct HugeViewTests {
    static let sizes = [Size(width: 1e9, height: 568), Size(width: 1e308, height: 568),
                        Size(width: 320, height: 1e308), Size(width: 1e308, height: 1e308)]

    /// The supplementary kinds of the catalogue's layouts (decoration views need no registration here).
    static let kinds = ["album-title", "emblem", "small-conference-header", "stack-label"]

    @Test("Each layout prepares, scrolls, updates, resizes and pinches without trapping",
          arguments: Catalogue.definitions.map(\.name), sizes)
    func huge(_ name: String, _ size: Size) throws {
        let definition = try #require(Catalogue.definitions.first { $0.name == name })
        let layout = try definition.makeLayout(parameters: [])
        let harness = LayoutHarness(layout: layout, counts: [50, 7], size: size, supplementaryKinds: Self.kinds)
        let cv = harness.collectionView
        harness.dataSource.counts = [49, 8]
        try cv.performBatchUpdates([.deleteItems([IndexPath(item: 1, section: 0)]),
                                    .insertItems([IndexPath(item: 0, section: 1)])])
        cv.advanceAnimations(to: 0.5)
        cv.layoutIfNeeded()
        harness.scroll(to: Point(x: 1e300, y: 1e300))
        _ = try? cv.handlePinch(.began, at: Point(x: 100, y: 100), scale: 1)
        _ = try? cv.handlePinch(.changed, at: Point(x: 100, y: 100), scale: 2)
        _ = try? cv.handlePinch(.ended, at: Point(x: 100, y: 100), scale: 3)
        cv.advanceAnimations(to: 1.5)
        cv.layoutIfNeeded()
        harness.resize(to: Size(width: size.height, height: size.width))
        cv.advanceAnimations(to: 3)
        cv.layoutIfNeeded()
        #expect(cv.contentSize.width.isFinite && cv.contentSize.height.isFinite)
        #expect(cv.contentOffset.x.isFinite && cv.contentOffset.y.isFinite)
    }
}
