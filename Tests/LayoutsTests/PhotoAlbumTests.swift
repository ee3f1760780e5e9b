import Testing
import RealModule
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

@Suite("Photo album layout", .tags(.fast))
struct PhotoAlbumTests {
    /// The tutorial's app on an iPhone 5 (320 × 548) showing `counts` albums, laid out.
    final class Fixture: LayoutHarness<PhotoAlbumLayout> {
        init(counts: [Int] = Array(repeating: 4, count: 12), size: Size = Size(width: 320, height: 548),
             layout: PhotoAlbumLayout = PhotoAlbumLayout()) {
            super.init(layout: layout, counts: counts, size: size, supplementaryKinds: [PhotoAlbumLayout.titleKind])
        }

        func photo(_ item: Int, _ section: Int) -> LayoutAttributes? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))
        }

        func title(_ section: Int) -> LayoutAttributes? {
            layout.layoutAttributesForSupplementaryView(ofKind: PhotoAlbumLayout.titleKind,
                                                        at: IndexPath(item: 0, section: section))
        }

        var emblem: LayoutAttributes? {
            layout.layoutAttributesForDecorationView(ofKind: PhotoAlbumLayout.emblemKind,
                                                     at: IndexPath(item: 0, section: 0))
        }

        func resize(_ width: Double, _ height: Double) {
            resize(to: Size(width: width, height: height))
        }
    }

    private static let stack = Size(width: 125, height: 125)

    private static func frame(_ x: Double, _ y: Double) -> Rect { Rect(origin: Point(x: x, y: y), size: stack) }

    // MARK: Worked values (notes §1.9)

    @Test("Portrait on 320 with 12 albums: columns at 22 and 173, rows at 22 + 163·row, titles at y + 125, the emblem, 320 × 1001")
    func portrait() throws {
        let album = Fixture()
        for section in 0..<12 {
            let x = [22.0, 173][section % 2], y = 22 + 163 * Double(section / 2)
            for item in 0..<4 {
                #expect(album.photo(item, section)?.frame == Self.frame(x, y), "photo \(item) of album \(section)")
            }
            #expect(album.title(section)?.frame == Rect(x: x, y: y + 125, width: 125, height: 26))
        }
        #expect([0, 2, 4, 6, 8, 10].map { album.photo(0, $0)?.frame.minY } == [22, 185, 348, 511, 674, 837])
        #expect(album.emblem?.frame == Rect(x: 110, y: -130, width: 100, height: 100))
        #expect(album.layout.collectionViewContentSize == Size(width: 320, height: 1001))
        #expect(album.collectionView.contentSize == Size(width: 320, height: 1001))
    }

    @Test("Landscape iPhone 5 (568): columns at 45, 221 (floor 221.5) and 398, the emblem at 234, content 568 × 675")
    func landscapeIPhone5() {
        let album = Fixture()
        album.resize(568, 300)
        #expect(album.layout.numberOfColumns == 3)
        #expect(album.layout.itemInsets == EdgeInsets(top: 22, left: 45, bottom: 13, right: 45))
        #expect((0..<3).map { album.photo(0, $0)?.frame.minX } == [45, 221, 398])
        #expect((0..<4).map { album.photo(0, 3 * $0)?.frame.minY } == [22, 185, 348, 511])
        #expect(album.title(4)?.frame == Rect(x: 221, y: 185 + 125, width: 125, height: 26))
        #expect(album.emblem?.frame == Rect(x: 234, y: -130, width: 100, height: 100))
        #expect(album.collectionView.contentSize == Size(width: 568, height: 675))
    }

    @Test("Landscape iPhone 4 (480): side insets of 25, columns at 25, 177 (floor 177.5) and 330, the emblem at 190")
    func landscapeIPhone4() {
        let album = Fixture(size: Size(width: 320, height: 460))
        album.resize(480, 300)
        #expect(album.layout.itemInsets == EdgeInsets(top: 22, left: 25, bottom: 13, right: 25))
        #expect((0..<3).map { album.photo(0, $0)?.frame.minX } == [25, 177, 330])
        #expect(album.emblem?.frame == Rect(x: 190, y: -130, width: 100, height: 100))
        #expect(album.collectionView.contentSize == Size(width: 480, height: 675))
    }

    @Test("Back to portrait: the layout's own columns and insets again, and the portrait geometry")
    func backToPortrait() {
        let album = Fixture(layout: PhotoAlbumLayout(itemInsets: EdgeInsets(top: 10, left: 30, bottom: 5, right: 30),
                                                     numberOfColumns: 1))
        album.resize(568, 300)
        #expect(album.layout.numberOfColumns == 3)
        #expect(album.layout.itemInsets == EdgeInsets(top: 10, left: 45, bottom: 5, right: 45))
        album.resize(320, 548)
        #expect(album.layout.numberOfColumns == 1)
        #expect(album.layout.itemInsets == EdgeInsets(top: 10, left: 30, bottom: 5, right: 30))
        // One column: spacingX is not divided, x = floor(30 + (125 + 140) · 0) = 30.
        #expect(album.photo(0, 1)?.frame == Self.frame(30, 10 + 163))
    }

    @Test("Z-indexes: item 0 on top, 100 + count − item (104…101 for 4 photos; 102, 101 for 2)")
    func zIndexes() {
        let album = Fixture(counts: [4, 2])
        #expect((0..<4).map { album.photo($0, 0)?.zIndex } == [104, 103, 102, 101])
        #expect((0..<2).map { album.photo($0, 1)?.zIndex } == [102, 101])
        #expect(album.title(0)?.zIndex == 0 && album.emblem?.zIndex == 0)
    }

    @Test("An empty album keeps its slot but has no photos and no title")
    func emptyAlbum() {
        let album = Fixture(counts: [3, 0, 2])
        #expect(album.title(1) == nil && album.photo(0, 1) == nil)
        #expect(album.photo(0, 2)?.frame == Self.frame(22, 185))
        let all = album.layout.layoutAttributesForElements(in: Rect(x: -1000, y: -1000, width: 3000, height: 3000))
        #expect(all.count == 1 + 5 + 2)
    }

    @Test("No albums: a content height of top − spacing + bottom = 23, and only the emblem")
    func noAlbums() {
        let album = Fixture(counts: [])
        #expect(album.collectionView.contentSize == Size(width: 320, height: 23))
        #expect(album.layout.layoutAttributesForElements(in: Rect(x: -1000, y: -1000, width: 3000, height: 3000))
            .map(\.representedElementCategory) == [.decorationView])
    }

    // MARK: Rotations (notes §1.4)

    @Test("Photo (section·3 + item) mod 32 takes its rotation: (11, 4) → 5, and the photo carries that transform")
    func rotationIndex() {
        let album = Fixture(counts: Array(repeating: 5, count: 12))
        #expect(album.layout.rotationIndex(for: IndexPath(item: 4, section: 11)) == 5)
        #expect(album.layout.rotationIndex(for: IndexPath(item: 3, section: 0))
                == album.layout.rotationIndex(for: IndexPath(item: 0, section: 1)))
        #expect(album.photo(4, 11)?.transform3D == album.layout.rotations[5])
        #expect(album.photo(2, 10)?.transform3D == album.layout.rotations[0])
        let strided = PhotoAlbumLayout(rotationCount: 7, rotationStride: 2)
        #expect(strided.rotationIndex(for: IndexPath(item: 4, section: 11)) == 5)
    }

    @Test("The table's rules over 1,000 seeds: raws in 0..<220, |Δp| ≥ 0.006, first |p| ≥ 0.006, angles within ±4°")
    func rotationTableRules() {
        var tables = Set<[Int]>()
        for seed in 0..<UInt64(1000) {
            let layout = PhotoAlbumLayout(random: SplitMix64(seed: seed))
            let raws = layout.rotationRaws
            #expect(raws.count == 32 && layout.rotations.count == 32)
            #expect(raws.allSatisfy { (0..<220).contains($0) }, "seed \(seed)")
            #expect(abs(PhotoAlbumLayout.percentage(raw: raws[0])) >= 0.006 - 1e-12, "seed \(seed)")
            for i in raws.indices.dropFirst() {
                let step = abs(PhotoAlbumLayout.percentage(raw: raws[i]) - PhotoAlbumLayout.percentage(raw: raws[i - 1]))
                #expect(step >= 0.006 - 1e-12, "seed \(seed), entry \(i)")
            }
            for (raw, transform) in zip(raws, layout.rotations) {
                let p = PhotoAlbumLayout.percentage(raw: raw)
                let effective = 2 * Double.pi * p
                #expect(effective >= -0.069116 && effective <= 0.068488)
                #expect(abs(transform.m11 - Double.cos(effective)) < 1e-6 && abs(transform.m12 - Double.sin(effective)) < 1e-6)
                #expect(abs(transform.m21 + Double.sin(effective)) < 1e-6 && transform.m33 == 1 && transform.m44 == 1)
            }
            #expect(PhotoAlbumLayout(random: SplitMix64(seed: seed)).rotationRaws == raws, "deterministic")
            tables.insert(raws)
        }
        #expect(tables.count == 1000)
    }

    @Test("The table is drawn once: prepares, resizes and reloads keep it; the seed parameter chooses it")
    func rotationsDrawnOnce() throws {
        let album = Fixture()
        let table = album.layout.rotations
        let transform = album.photo(1, 3)?.transform3D
        album.resize(568, 300)
        album.collectionView.reloadData()
        album.collectionView.layoutIfNeeded()
        #expect(album.layout.rotations == table)
        #expect(album.photo(1, 3)?.transform3D == transform)
        let seeded = try #require(try LayoutDefinition.photoAlbum.makeLayout(parameters: [("seed", "7")]) as? PhotoAlbumLayout)
        #expect(seeded.rotationRaws == PhotoAlbumLayout(random: SplitMix64(seed: 7)).rotationRaws)
        #expect(seeded.rotationRaws != album.layout.rotationRaws)
    }

    // MARK: Queries (notes §1.8)

    @Test("A query scans every cached attribute, reports it, and returns kind by kind in index-path order")
    func queryScansEverything() {
        let counts = [2, 5, 3, 4, 2, 3, 5, 4, 2, 3, 4, 5]
        let album = Fixture(counts: counts)
        let cached = 1 + counts.reduce(0, +) + 12
        let view = album.collectionView
        let before = view.counters.attributesExamined, queries = view.counters.elementQueries
        let answer = album.layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 200))
        #expect(view.counters.attributesExamined - before == cached)
        #expect(view.counters.elementQueries == queries, "a direct call is not the collection view's query")
        // Rows 0 and 1 (y 22 and 185) meet the rect, and row 0's titles (y 147; row 1's are at 310): the
        // photos first, then the titles.
        #expect(answer.map(\.representedElementCategory) == Array(repeating: .cell, count: 14) + Array(repeating: .supplementaryView, count: 2))
        #expect(answer.map(\.indexPath) == (0..<4).flatMap { s in (0..<counts[s]).map { IndexPath(item: $0, section: s) } }
            + (0..<2).map { IndexPath(item: 0, section: $0) })
        // Through the collection view: every query it makes scans the whole cache again.
        album.scroll(to: Point(x: 0, y: 300))
        let made = view.counters.elementQueries - queries
        #expect(made >= 1)
        #expect(view.counters.attributesExamined - before == cached * (made + 1))
        #expect(view.counters.layoutPrepares == 1, "scrolling never prepares again")
    }

    @Test("Lookups by kind ignore the kind asked for, as the tutorial's do")
    func lookupsIgnoreKind() {
        let album = Fixture()
        let ip = IndexPath(item: 0, section: 2)
        #expect(album.layout.layoutAttributesForSupplementaryView(ofKind: "header", at: ip)?.frame
                == album.title(2)?.frame)
        #expect(album.layout.layoutAttributesForDecorationView(ofKind: "anything", at: IndexPath(item: 0, section: 0))?
            .representedElementKind == PhotoAlbumLayout.emblemKind)
        #expect(album.layout.layoutAttributesForSupplementaryView(ofKind: PhotoAlbumLayout.titleKind,
                                                                  at: IndexPath(item: 1, section: 2)) == nil)
    }

    // MARK: Through a collection view

    @Test("The display: stacks, titles and their reuse; no emblem at offset 0, the emblem at a pulled offset of −150")
    func display() {
        let album = Fixture()
        let view = album.collectionView
        // 548 high: the stacks of rows 0–3 (y up to 511) meet the screen, the titles of rows 0–2 (y up to 473).
        #expect(view.indexPathsForVisibleItems.count == 8 * 4)
        #expect(view.indexPathsForVisibleSupplementaryElements(ofKind: PhotoAlbumLayout.titleKind).count == 6)
        #expect(view.visibleDecorationViews.isEmpty)
        let top = view.cellForItem(at: IndexPath(item: 0, section: 0))
        #expect(top?.layoutAttributes?.zIndex == 104)
        // Offsets mode applies a recorded pull past the top as recorded: the emblem shows.
        album.scroll(to: Point(x: 0, y: -150))
        #expect(view.visibleDecorationViews.count == 1)
        #expect(view.visibleDecorationViews.first is EmblemView)
        #expect(view.visibleDecorationViews.first?.layoutAttributes?.frame == Rect(x: 110, y: -130, width: 100, height: 100))
        #expect(view.counters.decorationCreated == 1)
        // Just past −30 it still shows; at −30 its bottom edge only touches the screen.
        album.scroll(to: Point(x: 0, y: -31))
        #expect(view.visibleDecorationViews.count == 1)
        album.scroll(to: Point(x: 0, y: -30))
        #expect(view.visibleDecorationViews.isEmpty)
        // Scrolling down and back reuses photos and titles.
        for y in Array(stride(from: 0.0, through: 453, by: 40)) + Array(stride(from: 453.0, through: 0, by: -40)) {
            album.scroll(to: Point(x: 0, y: y))
        }
        #expect(view.counters.cellsReused > 0 && view.counters.supplementaryReused > 0)
    }

    @Test("A rotation: two setters, two invalidations, one prepare; a rotation to the same columns and insets is free")
    func resizeCoalesces() {
        let album = Fixture()
        let view = album.collectionView
        let invalidations = view.counters.layoutInvalidations, prepares = view.counters.layoutPrepares
        album.resize(568, 300)
        #expect(view.counters.layoutInvalidations - invalidations == 2)
        #expect(view.counters.layoutPrepares - prepares == 1)
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 2))?.layoutAttributes?.frame == Self.frame(398, 22))
        // Landscape to another landscape size of an iPhone 5: the setters see equal values and return early.
        album.resize(568, 320)
        #expect(view.counters.layoutInvalidations - invalidations == 2)
        #expect(view.counters.layoutPrepares - prepares == 1)
        album.resize(320, 548)
        #expect(view.counters.layoutInvalidations - invalidations == 4)
        #expect(view.counters.layoutPrepares - prepares == 2)
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 1))?.layoutAttributes?.frame == Self.frame(173, 22))
    }

    @Test("Setters return early on an equal value and invalidate on a new one")
    func setters() {
        let album = Fixture()
        let view = album.collectionView
        let invalidations = view.counters.layoutInvalidations
        album.layout.itemSize = Size(width: 125, height: 125)
        album.layout.itemInsets = EdgeInsets(top: 22, left: 22, bottom: 13, right: 22)
        album.layout.interItemSpacingY = 12
        album.layout.numberOfColumns = 2
        album.layout.titleHeight = 26
        album.layout.emblemSize = Size(width: 100, height: 100)
        #expect(view.counters.layoutInvalidations == invalidations)
        album.layout.itemSize = Size(width: 100, height: 100)
        album.layout.interItemSpacingY = 10
        album.layout.titleHeight = 20
        album.layout.emblemSize = Size(width: 50, height: 40)
        #expect(view.counters.layoutInvalidations == invalidations + 4)
        view.layoutIfNeeded()
        // spacingX = 320 − 44 − 200 = 76: x = 22, 198; y = 22 + (100 + 20 + 10)·row.
        #expect(album.photo(0, 3)?.frame == Rect(x: 198, y: 152, width: 100, height: 100))
        #expect(album.emblem?.frame == Rect(x: 135, y: -70, width: 50, height: 40))
    }

    @Test("The definition's defaults are the tutorial's, and out-of-range values are refused")
    func definition() throws {
        let layout = try #require(try LayoutDefinition.photoAlbum.makeLayout(parameters: []) as? PhotoAlbumLayout)
        #expect(layout.itemSize == Size(width: 125, height: 125))
        #expect(layout.itemInsets == EdgeInsets(top: 22, left: 22, bottom: 13, right: 22))
        #expect(layout.interItemSpacingY == 12 && layout.numberOfColumns == 2 && layout.titleHeight == 26)
        #expect(layout.rotations.count == 32 && layout.rotationStride == 3)
        #expect(layout.emblemSize == Size(width: 100, height: 100))
        #expect(layout.rotationRaws == PhotoAlbumLayout().rotationRaws, "seed 1")
        #expect(Catalogue.definitions.contains { $0.name == "photo-album" })
        for (name, value) in [("columns", "0"), ("rotation-count", "0"), ("item-size", "0 125"),
                              ("rotation-stride", "-1"), ("item-insets", "-1 0 0 0"), ("seed", "-1")] {
            #expect(throws: LayoutParameterError.self) { try LayoutDefinition.photoAlbum.makeLayout(parameters: [(name, value)]) }
        }
    }
}
