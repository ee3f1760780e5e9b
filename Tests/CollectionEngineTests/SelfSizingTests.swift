import Testing
@testable import CollectionEngine
import EngineTestSupport
import TestSupport

/// A cell that answers the size its item's `actual` gives, as an Auto Layout cell's
/// `preferredLayoutAttributesFitting(_:)` does; `actual` gets the number of times the item was asked before.
final class SizingCell: CollectionViewCell {
    nonisolated(unsafe) static var actual: (IndexPath, Int) -> Size = { _, _ in Size(width: 390, height: 80) }
    nonisolated(unsafe) static var asked: [IndexPath: Int] = [:]

    required init() {}

    override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
        let indexPath = layoutAttributes.indexPath
        let times = Self.asked[indexPath, default: 0]
        Self.asked[indexPath] = times + 1
        let preferred = layoutAttributes.copy()
        preferred.size = Self.actual(indexPath, times)
        return preferred
    }
}

/// Self-sizing cells with the flow layout's estimated item size.
@Suite("Self-sizing cells", .tags(.fast), .serialized)
struct SelfSizingTests {
    /// A vertical list of full-width rows, 390 × 844, estimated 390 × 50, no spacing.
    static func list(count: Int, estimate: Size = Size(width: 390, height: 50), prefetching: Bool = false,
                     actual: @escaping (IndexPath, Int) -> Size) -> (CollectionView, FlowLayout, FixtureDataSource) {
        SizingCell.actual = actual
        SizingCell.asked = [:]
        let layout = FlowLayout()
        layout.itemSize = Size(width: 390, height: 50)
        layout.estimatedItemSize = estimate
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        let data = FixtureDataSource(counts: [count])
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        collectionView.register(SizingCell.self, forCellWithReuseIdentifier: "cell")
        collectionView.isPrefetchingEnabled = prefetching
        collectionView.dataSource = data
        collectionView.delegate = data
        collectionView.layoutIfNeeded()
        return (collectionView, layout, data)
    }

    // Apple's documentation of `estimatedItemSize`: "Cells that aren't onscreen are assumed to be the estimated
    // height".
    @Test("Off-screen items are the estimate; measured items have their cells' sizes")
    func offscreenItemsAreTheEstimate() throws {
        let (collectionView, layout, _) = Self.list(count: 1000) { _, _ in Size(width: 390, height: 80) }
        // The 17 rows the estimate puts on screen (844 / 50) are prepared, measured and grow to 80 in one pass.
        let measured = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)))
        #expect(measured.frame == Rect(x: 0, y: 240, width: 390, height: 80))
        let offscreen = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 500, section: 0)))
        #expect(offscreen.size == Size(width: 390, height: 50))
        #expect(collectionView.contentSize.height == 17 * 80 + 983 * 50)
        #expect(collectionView.counters.contentSizeChanges >= 2)
        #expect(collectionView.counters.estimateErrorPt == 17 * 30)
    }

    // A size change re-lays out the items after it in the same frame (the visible cells are updated again in
    // the same layout pass, which measures the cells it brings in): a shrinking cell exposes more.
    @Test("A size change re-lays out the items after it in the same frame and measures the cells it exposes")
    func cascadeInOneFrame() {
        let (collectionView, _, _) = Self.list(count: 1000) { _, _ in Size(width: 390, height: 20) }
        // Estimated at 50, 17 rows fit; measured at 20, 43 do: all in the first layout pass.
        let displayed = collectionView.visibleCells.count
        #expect(displayed == 43)
        #expect(collectionView.counters.selfSizingInvalidations == 43)
        #expect(collectionView.selfSizingRecursion == nil)
        for cell in collectionView.visibleCells { #expect(cell.frame.height == 20) }
    }

    // cashapp/redwood#1388: with estimates the flow layout sized about the viewport's rows on load; with
    // `sizeForItemAt` and no estimates, all 1,877 rows.
    @Test("With estimates only about the visible items are measured on load; without, every item is sized")
    func estimatesSizeOnlyTheViewport() {
        let (collectionView, _, data) = Self.list(count: 1877) { _, _ in Size(width: 390, height: 50) }
        #expect(data.sizeQueries == 0)
        #expect(collectionView.counters.preferredAttributesQueries == 17)
        #expect(collectionView.counters.selfSizingInvalidations == 0)

        let sized = FixtureDataSource(counts: [1877])
        sized.sizes = [Array(repeating: Size(width: 390, height: 50), count: 1877)]
        let layout = FlowLayout()
        let other = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        sized.register(on: other)
        other.dataSource = sized
        other.delegate = sized
        other.layoutIfNeeded()
        #expect(sized.sizeQueries >= 1877)
    }

    // meshtastic/Meshtastic-Apple#1931 and xmtplabs/convos-ios#1349: a cell whose size never settles makes
    // iOS 18 stop the app after UIKit's `[UICollectionViewRecursion]` line.
    @Test("An item whose size alternates stops the layout pass at 100 nested passes with UIKit's line")
    func oscillationHitsTheGuard() throws {
        let (collectionView, _, _) = Self.list(count: 100) { indexPath, times in
            indexPath.item == 4 ? Size(width: 390, height: times % 2 == 0 ? 170 : 164) : Size(width: 390, height: 50)
        }
        let recursion = try #require(collectionView.selfSizingRecursion)
        #expect(recursion.passes == CollectionView.selfSizingPassLimit)
        #expect(recursion.oscillatingItems == [IndexPath(item: 4, section: 0)])
        #expect(collectionView.warnings.map(\.message)
            == ["[UICollectionViewRecursion] cv == 0x0 Disabling recursion trigger logging"])
    }

    // rdar://26887172: `preferredLayoutAttributesFitting(_:)` is called even with `estimatedItemSize == .zero`.
    @Test("With no estimate every prepared cell is still asked, and nothing is invalidated")
    func zeroEstimateStillAsks() {
        let (collectionView, layout, _) = Self.list(count: 100, estimate: .zero) { _, _ in Size(width: 390, height: 80) }
        #expect(collectionView.counters.preferredAttributesQueries == collectionView.counters.cellsConfigured)
        #expect(collectionView.counters.preferredAttributesQueries == 17)
        #expect(collectionView.counters.selfSizingInvalidations == 0)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.size == Size(width: 390, height: 50))
    }

    /// A flow layout that keeps what the user sees still when a size above the visible top changes.
    final class AnchoredFlowLayout: FlowLayout {
        override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
                                          withOriginalAttributes originalAttributes: LayoutAttributes) -> InvalidationContext {
            let context = super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes,
                                                    withOriginalAttributes: originalAttributes)
            if let collectionView, originalAttributes.frame.maxY <= collectionView.bounds.minY {
                context.contentOffsetAdjustment = Point(x: 0, y: preferredAttributes.size.height - originalAttributes.size.height)
            }
            return context
        }
    }

    /// Scrolls up by 20 points a frame from the 600th row of 1,000 whose cells are 80 high, estimated 50;
    /// returns the visible content shifts.
    static func scrollUp(_ layout: FlowLayout) -> (shifts: Int, measured: Int) {
        SizingCell.actual = { _, _ in Size(width: 390, height: 80) }
        SizingCell.asked = [:]
        layout.itemSize = Size(width: 390, height: 50)
        layout.estimatedItemSize = Size(width: 390, height: 50)
        layout.minimumLineSpacing = 0
        let data = FixtureDataSource(counts: [1000])
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        collectionView.register(SizingCell.self, forCellWithReuseIdentifier: "cell")
        collectionView.dataSource = data
        collectionView.contentOffset = Point(x: 0, y: 30_000)
        collectionView.layoutIfNeeded()
        for _ in 0..<100 {
            collectionView.contentOffset.y -= 20
            collectionView.layoutIfNeeded()
        }
        return withExtendedLifetime(data) {
            (collectionView.counters.visibleContentShifts, collectionView.counters.preferredAttributesQueries)
        }
    }

    // Apple's documentation of `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`: the
    // context "identifies the portions of the layout that should change", its `contentOffsetAdjustment` among
    // them. UIKit's flow layout does not adjust the offset, so cells prefetched above the top that grow move
    // what the user sees (airbnb/MagazineLayout#9 reproduces the jumps with UIKit's flow layout).
    @Test("Size changes above the visible top shift the view unless the context adjusts the content offset")
    func shiftsAboveTheTop() {
        let plain = Self.scrollUp(FlowLayout())
        #expect(plain.shifts > 0)
        let anchored = Self.scrollUp(AnchoredFlowLayout())
        #expect(anchored.shifts == 0)
        #expect(anchored.measured > 0)
    }

    @Test("Measured sizes move with their items through a batch update; a reloaded item is measured afresh")
    func measuredSizesSurviveBatches() throws {
        let (collectionView, layout, data) = Self.list(count: 100) { _, _ in Size(width: 390, height: 80) }
        // From now on cells answer 90: only the cells prepared again answer it.
        SizingCell.actual = { _, _ in Size(width: 390, height: 90) }
        data.counts = [101]
        try collectionView.performBatchUpdates([.moveItem(from: IndexPath(item: 3, section: 0), to: IndexPath(item: 60, section: 0)),
                                                .insertItems([IndexPath(item: 70, section: 0)]),
                                                .reloadItems([IndexPath(item: 5, section: 0)])], animated: false)
        collectionView.layoutIfNeeded()
        func height(_ item: Int) -> Double? { layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.size.height }
        #expect(height(60) == 80)
        #expect(height(70) == 50)
        #expect(height(4) == 90)  // the reloaded item, old 5, moved up by one
        #expect(height(2) == 80)
    }

    /// Every change of one item's size in small sections, against the same sizes laid out from scratch.
    @Test("Resizing in place equals laying out from scratch", arguments: 1...9)
    func resizeMatchesScratch(count: Int) {
        let widths: [Double] = [40, 90, 130, 200]
        let heights: [Double] = [20, 35]
        let metrics = SectionMetrics(inset: .zero, lineSpacing: 4, interitemSpacing: 6, header: .zero, footer: .zero)
        var base: [Size] = (0..<count).map { Size(width: widths[$0 % 4], height: heights[$0 % 2]) }
        var lines = SizedLines(sizes: base, itemsStart: 10, crossLeading: 3, available: 300, metrics: metrics,
                               vertical: true)
        var seed: UInt64 = 0x5E1F
        for _ in 0..<60 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let item = Int(seed >> 33) % count
            let size = Size(width: widths[Int(seed >> 20) % 4], height: heights[Int(seed >> 12) % 2] + Double(item))
            base[item] = size
            lines.resize(item, to: size)
            let scratch = SizedLines(sizes: base, itemsStart: 10, crossLeading: 3, available: 300, metrics: metrics,
                                     vertical: true)
            for index in 0..<count { #expect(lines.frame(index) == scratch.frame(index)) }
            #expect(lines.itemsEnd() == scratch.itemsEnd())
            #expect(lines.lineCount == scratch.lineCount)
        }
    }
}
