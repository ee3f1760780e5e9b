import Testing
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

/// `grid`, the slides' demo grid (notes Appendix A.1): flow's cells with a shelf under every row, on the
/// demo's conference data (11 sections of 22, 20, 19, 22, 19, 20, 19, 18, 16, 14, 14 speakers).
@Suite("Grid layout", .tags(.fast))
struct GridTests {
    static let conferences = [22, 20, 19, 22, 19, 20, 19, 18, 16, 14, 14]

    final class Fixture {
        let dataSource: FixtureDataSource
        let layout: GridLayout
        let collectionView: CollectionView

        init(width: Double = 768, height: Double = 1004, counts: [Int] = GridTests.conferences,
             layout: GridLayout = GridLayout()) {
            dataSource = FixtureDataSource(counts: counts)
            self.layout = layout
            collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: height),
                                            collectionViewLayout: layout)
            dataSource.register(on: collectionView)
            collectionView.dataSource = dataSource
            collectionView.layoutIfNeeded()
        }

        func item(_ item: Int, _ section: Int) -> LayoutAttributes? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))
        }

        func shelf(_ row: Int, _ section: Int) -> LayoutAttributes? {
            layout.layoutAttributesForDecorationView(ofKind: GridLayout.shelfKind, at: IndexPath(item: row, section: section))
        }
    }

    /// A.1's shelf arithmetic, written out: `y` accumulates header + inset.top, rows of `rowHeight` with
    /// `lineSpacing` between, then inset.bottom + footer; a shelf at y − 32 after each row.
    static func shelfYs(counts: [Int], across: Int, header: Double = 43) -> [[Double]] {
        var y = 0.0, result: [[Double]] = []
        for count in counts {
            y += header + 4
            let rows = (count + across - 1) / across
            var section: [Double] = []
            for row in 0..<rows {
                y += 197
                section.append(y - 32)
                if row < rows - 1 { y += 10 }
            }
            result.append(section)
            y += 14 + 44
        }
        return result
    }

    @Test("iPad portrait 768: four across at x = 10, 202.67, 395.33, 588; rows 207 apart from y = 47")
    func iPadPortrait() throws {
        let f = Fixture()
        let xs = try (0..<4).map { try #require(f.item($0, 0)).frame.minX }
        let step: Double = 180 + 38.0 / 3
        let expected: [Double] = [10, 10 + step, 10 + 2 * step, 588]
        for (x, e) in zip(xs, expected) { #expect(abs(x - e) < 1e-9) }
        #expect(try #require(f.item(4, 0)).frame == Rect(x: 10, y: 47 + 207, width: 170, height: 197))
        #expect(try #require(f.item(0, 1)).frame.minY == 1337 + 47)
    }

    @Test("Items across by width: 320 → 1 (centred at x = 75), 375 → 2, 1024 → 5", arguments: [
        (320.0, 1, [75.0]), (375.0, 2, [10.0, 195.0]), (1024.0, 5, [10.0, 218.5, 427.0, 635.5, 844.0]),
    ])
    func across(_ width: Double, _ across: Int, _ xs: [Double]) throws {
        let f = Fixture(width: width)
        for (item, x) in xs.enumerated() {
            let frame = try #require(f.item(item, 0)).frame
            #expect(abs(frame.minX - x) < 1e-9 && frame.minY == 47)
        }
        // The next item starts the second row.
        #expect(try #require(f.item(across, 0)).frame.minY == 47 + 207)
        #expect(f.layout.shelfFrames.count == Self.conferences.reduce(0) { $0 + ($1 + across - 1) / across })
    }

    @Test("Shelves of the demo's data follow A.1's arithmetic and lie under every row of flow's cells", arguments: [
        (768.0, 4), (1024.0, 5), (375.0, 2), (320.0, 1),
    ])
    func shelves(_ width: Double, _ across: Int) throws {
        let f = Fixture(width: width)
        let ys = Self.shelfYs(counts: Self.conferences, across: across)
        #expect(f.layout.shelfFrames.count == ys.reduce(0) { $0 + $1.count })
        for (section, rows) in ys.enumerated() {
            for (row, y) in rows.enumerated() {
                let shelf = try #require(f.shelf(row, section))
                #expect(shelf.frame == Rect(x: 0, y: y, width: width, height: 37))
                #expect(shelf.zIndex == 0 && shelf.representedElementCategory == .decorationView)
                // The shelf's top is 32 points above the bottom of its row's cells, as flow places them.
                let first = try #require(f.item(row * across, section))
                #expect(first.frame.maxY == shelf.frame.minY + 32)
            }
            #expect(f.shelf(rows.count, section) == nil)
        }
    }

    @Test("iPad portrait worked values: section 0's shelves at 212, 419, …, 1247; section 1's first at 1549")
    func workedShelves() throws {
        let f = Fixture()
        #expect(try (0..<6).map { try #require(f.shelf($0, 0)).frame.minY } == [212, 419, 626, 833, 1040, 1247])
        #expect(try #require(f.shelf(0, 1)).frame.minY == 1549)
        #expect(f.shelf(6, 0) == nil && f.shelf(0, 11) == nil && f.shelf(-1, 0) == nil)
        #expect(f.layout.layoutAttributesForDecorationView(ofKind: "binder", at: IndexPath(item: 0, section: 0)) == nil)
    }

    @Test("Queries: cells, headers and footers at z-index 1, the shelves meeting the rectangle at 0")
    func zIndexes() throws {
        let f = Fixture()
        let rect = Rect(x: 0, y: 0, width: 768, height: 500)
        let elements = f.layout.layoutAttributesForElements(in: rect)
        let shelves = elements.filter { $0.representedElementCategory == .decorationView }
        #expect(shelves.map(\.indexPath) == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        #expect(shelves.allSatisfy { $0.zIndex == 0 && $0.representedElementKind == GridLayout.shelfKind })
        let others = elements.filter { $0.representedElementCategory != .decorationView }
        #expect(!others.isEmpty && others.allSatisfy { $0.zIndex == 1 })
        #expect(others.contains { $0.representedElementKind == CollectionView.elementKindSectionHeader })
        #expect(try #require(f.layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))).zIndex == 1)
        #expect(try #require(f.item(0, 0)).zIndex == 1)
        // A rectangle between sections' shelves (the footer and header band of section 0/1) holds none.
        let gap = f.layout.layoutAttributesForElements(in: Rect(x: 0, y: 1285, width: 768, height: 80))
        #expect(!gap.contains { $0.representedElementCategory == .decorationView })
    }

    @Test("Through the engine: shelves shown behind the cells; a tap on a speaker selects it, not the shelf")
    func engine() throws {
        let f = Fixture()
        let cv = f.collectionView
        let shelves = cv.visibleDecorationViews
        // Rows end at 244, 451, 658, 865: four shelves meet the 1004-point screen (the fifth starts at 1040).
        #expect(shelves.count == 4 && shelves.allSatisfy { $0 is ShelfView && $0.zIndex == 0 })
        #expect(cv.visibleCells.allSatisfy { $0.zIndex == 1 })
        // A point on the lower part of item 0, where the shelf (y 212…249) lies under the cell (to 244).
        let hit = cv.handleTap(at: Point(x: 50, y: 230))
        #expect(hit == ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: 0, section: 0)))
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
        // Below the cells, only the shelf is there.
        #expect(cv.handleTap(at: Point(x: 50, y: 246))?.category == .decorationView)
        // Scrolling to the last section shows its shelves.
        cv.contentOffset = Point(x: 0, y: cv.collectionViewLayout.collectionViewContentSize.height - 1004)
        cv.layoutIfNeeded()
        #expect(cv.visibleDecorationViews.count >= 4)
        #expect(try #require(f.shelf(3, 10)).frame.maxY <= f.layout.collectionViewContentSize.height)
    }

    @Test("The catalogue's grid has the demo's defaults and no scroll direction")
    func definition() throws {
        let layout = try #require(try LayoutDefinition.grid.makeLayout(parameters: []) as? GridLayout)
        #expect(layout.itemSize == Size(width: 170, height: 197))
        #expect(layout.sectionInset == EdgeInsets(top: 4, left: 10, bottom: 14, right: 10))
        #expect(layout.headerReferenceSize == Size(width: 43, height: 43))
        #expect(layout.footerReferenceSize == Size(width: 44, height: 44))
        #expect(layout.minimumLineSpacing == 10 && layout.minimumInteritemSpacing == 10)
        #expect(!LayoutDefinition.grid.parameters.contains { $0.name == "scroll-direction" })
        #expect(throws: LayoutParameterError.self) {
            try LayoutDefinition.grid.makeLayout(parameters: [("minimum-line-spacing", "-51")])
        }
        #expect(throws: LayoutParameterError.self) { try LayoutDefinition.grid.makeLayout(parameters: [("item-size", "0 197")]) }
        let iPad = try #require(try LayoutDefinition.grid.makeLayout(parameters: [("header-size", "50 50")]) as? GridLayout)
        let f = Fixture(layout: iPad)
        #expect(try #require(f.shelf(0, 0)).frame.minY == 50 + 4 + 197 - 32)
    }
}
