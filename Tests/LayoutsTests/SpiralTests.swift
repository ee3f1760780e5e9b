import Testing
import RealModule
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

/// A paging collection view of `counts` speakers in the demo's spiral, laid out once.
private final class SpiralHarness: LayoutHarness<SpiralLayout> {
    init(counts: [Int] = [22, 20, 19], size: Size = Size(width: 1024, height: 748), scale: Double = 1) {
        super.init(layout: SpiralLayout(scale: scale), counts: counts, size: size)
        collectionView.isPagingEnabled = true
        collectionView.animationCurve = .linear
    }

    func item(_ item: Int, _ section: Int) -> LayoutAttributes? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))
    }

    /// The view displayed for the item; while an item animates out, the leaving one.
    func view(_ item: Int, _ section: Int) -> ReusableView? {
        let key = ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: item, section: section))
        return collectionView.displayedElements.last { $0.key == key }?.view
    }

    /// A finger flicking the content by `distance` points (positive: to later pages) and letting go at `velocity`.
    func flick(by distance: Double, velocity: Double) {
        let y = collectionView.bounds.height / 2
        collectionView.beginDragging(at: Point(x: 600, y: y))
        for step in 1...5 {
            collectionView.dragChanged(to: Point(x: 600 - distance * Double(step) / 5, y: y))
            collectionView.layoutIfNeeded()
        }
        collectionView.endDragging(at: Point(x: 600 - distance, y: y), velocity: Point(x: -velocity, y: 0))
        settle()
    }
}

private func close(_ a: Point, _ b: Point, within tolerance: Double = 1e-6) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// The scale of a transform of the form scale(k, k, 1).
private func scale(of transform: Transform3D) -> Double { transform.m11 }

@Suite("Spiral layout", .tags(.fast))
struct SpiralTests {
    // MARK: Geometry (notes A.5)

    @Test("The radius is min(W − 170s, (H − 170s)·1.2)/2 − 5: iPad 341.8 landscape, 294 portrait; phone values",
          arguments: [(1024.0, 748.0, 1.0, 341.8), (768, 1004, 1, 294), (320, 480, 0.5, 112.5), (568, 320, 0.5, 136),
                      (390, 844, 0.5, 147.5)])
    func radius(width: Double, height: Double, scale: Double, expected: Double) {
        let h = SpiralHarness(size: Size(width: width, height: height), scale: scale)
        #expect(abs(h.layout.radius - expected) < 1e-9)
        #expect(abs(h.layout.radius(forPageSize: Size(width: width, height: height)) - expected) < 1e-9)
    }

    /// Where item `i` of `n` is expected: (fraction of the radius, angle, scale before s).
    private static func expected(_ i: Int, of n: Int) -> (fraction: Double, angle: Double, scale: Double) {
        let den = Double(max(n - 1, 1))
        return (Double(i) / den, 3 * .pi * Double(i) / den, 0.25 + 0.75 * Double(i) / den)
    }

    /// The iPad in landscape and portrait (s = 1) and the phone (s = 0.5).
    static let screens: [(Size, Double)] = [
        (Size(width: 1024, height: 748), 1), (Size(width: 768, height: 1004), 1), (Size(width: 320, height: 480), 0.5),
    ]

    @Test("Item i of n on the 1.5-turn spiral with its scale, on every page: n = 1, 2, 5, 22 on the iPad and the phone",
          arguments: Self.screens)
    func positions(size: Size, s: Double) throws {
        let counts = [1, 2, 5, 22]
        let h = SpiralHarness(counts: counts, size: size, scale: s)
        let r = h.layout.radius
        for (section, n) in counts.enumerated() {
            let center = Point(x: Double(section) * size.width + size.width / 2, y: size.height / 2)
            for i in 0..<n {
                let attributes = try #require(h.item(i, section))
                let e = Self.expected(i, of: n)
                let point = Point(x: center.x + r * e.fraction * Double.cos(e.angle),
                                  y: center.y + r * e.fraction * Double.sin(e.angle))
                #expect(close(attributes.center, point, within: 1e-9), "item \(i) of \(n)")
                #expect(attributes.size == Size(width: 170, height: 170))
                #expect(abs(scale(of: attributes.transform3D) - e.scale * s) < 1e-12)
                #expect(attributes.transform3D.m22 == attributes.transform3D.m11 && attributes.transform3D.m33 == 1)
            }
            #expect(h.item(n, section) == nil)
        }
        // Worked values: the single item at the center at a quarter size; of 2, the second half a turn and a
        // turn out at the left (3π); of 5, item 2 straight above the center at half the radius.
        #expect(try #require(h.item(0, 0)).center == Point(x: size.width / 2, y: size.height / 2))
        #expect(close(try #require(h.item(1, 1)).center, Point(x: 1.5 * size.width - r, y: size.height / 2)))
        #expect(close(try #require(h.item(2, 2)).center, Point(x: 2.5 * size.width, y: size.height / 2 - r / 2)))
        #expect(abs(scale(of: try #require(h.item(2, 2)).transform3D) - 0.625 * s) < 1e-12)
        // Of 22: item 7 is a third of the way out at π, item 14 two thirds at 2π, both at their scales.
        #expect(close(try #require(h.item(7, 3)).center, Point(x: 3.5 * size.width - r / 3, y: size.height / 2)))
        #expect(close(try #require(h.item(14, 3)).center, Point(x: 3.5 * size.width + 2 * r / 3, y: size.height / 2)))
        #expect(abs(scale(of: try #require(h.item(7, 3)).transform3D) - 0.5 * s) < 1e-12)
    }

    @Test("iPad landscape worked values: the last of 22 at (512 − 341.8, 374) full size; item 0 at the center at 0.25")
    func iPadWorkedValues() throws {
        let h = SpiralHarness(counts: [22])
        #expect(close(try #require(h.item(21, 0)).center, Point(x: 512 - 341.8, y: 374)))
        #expect(abs(scale(of: try #require(h.item(21, 0)).transform3D) - 1) < 1e-12)
        #expect(try #require(h.item(0, 0)).center == Point(x: 512, y: 374))
        #expect(scale(of: try #require(h.item(0, 0)).transform3D) == 0.25)
    }

    @Test("One page per section: the content is W·sections × H, and a page's query holds its items and header only")
    func pages() throws {
        let h = SpiralHarness(counts: [22, 20, 19, 22, 19, 20, 19, 18, 16, 14, 14])
        #expect(h.collectionView.contentSize == Size(width: 1024 * 11, height: 748))
        for section in 0..<11 {
            #expect(h.layout.pageRect(forSection: section) == Rect(x: 1024 * Double(section), y: 0, width: 1024, height: 748))
            let page = h.layout.pageRect(forSection: section).insetBy(dx: 1, dy: 1)
            let elements = h.layout.layoutAttributesForElements(in: page)
            #expect(Set(elements.map(\.indexPath.section)) == [section])
            #expect(elements.count { $0.representedElementCategory == .cell } == h.dataSource.counts[section])
            let headers = elements.filter { $0.representedElementCategory == .supplementaryView }
            #expect(headers.count == 1)
            #expect(headers.first?.frame == Rect(x: 1024 * Double(section), y: 10, width: 1024, height: 50))
            #expect(headers.first?.representedElementKind == CollectionView.elementKindSectionHeader)
        }
        // A rect across a page boundary meets both pages; one past the content meets none.
        let across = h.layout.layoutAttributesForElements(in: Rect(x: 1000, y: 0, width: 100, height: 10))
        #expect(Set(across.map(\.indexPath.section)) == [0, 1] && across.count == 22 + 20 + 2)
        #expect(h.layout.layoutAttributesForElements(in: Rect(x: 11 * 1024 + 5, y: 0, width: 100, height: 10)).isEmpty)
        // The displayed elements are the page's.
        #expect(h.collectionView.visibleCells.count == 22)
    }

    @Test("Scrolling does not invalidate; each query builds the attributes anew; a size change re-prepares")
    func invalidation() throws {
        let h = SpiralHarness()
        for x in stride(from: 0.0, through: 2048, by: 64) {
            h.collectionView.contentOffset = Point(x: x, y: 0)
            h.collectionView.layoutIfNeeded()
        }
        #expect(h.collectionView.counters.layoutPrepares == 1)
        let first = try #require(h.item(3, 1)), second = try #require(h.item(3, 1))
        #expect(first !== second && first == second)
        h.collectionView.frame = Rect(x: 0, y: 0, width: 768, height: 1004)
        h.collectionView.layoutIfNeeded()
        #expect(h.collectionView.counters.layoutPrepares == 2)
        #expect(abs(h.layout.radius - 294) < 1e-9 && h.layout.pageSize == Size(width: 768, height: 1004))
        #expect(h.collectionView.contentSize == Size(width: 768 * 3, height: 1004))
        #expect(!h.layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 500, y: 0, width: 768, height: 1004)))
        #expect(h.layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 1024, height: 748)))
    }

    // MARK: Paging

    @Test("A fling moves one page however strong; a slow release past half a page settles on the next")
    func paging() {
        let h = SpiralHarness(counts: [22, 20, 19, 22, 19, 20, 19, 18, 16, 14, 14])
        h.flick(by: 120, velocity: 1500)
        #expect(h.collectionView.contentOffset.x == 1024)
        h.flick(by: 200, velocity: 9000)
        #expect(h.collectionView.contentOffset.x == 2048)
        h.flick(by: -150, velocity: -4000)
        #expect(h.collectionView.contentOffset.x == 1024)
        h.flick(by: 600, velocity: 0)
        #expect(h.collectionView.contentOffset.x == 2048)
        h.flick(by: 300, velocity: 0)
        #expect(h.collectionView.contentOffset.x == 2048)
        #expect(h.collectionView.counters.layoutPrepares == 1)
        // Without paging, the layout's own target rounds to the nearest page.
        #expect(h.layout.targetContentOffset(forProposedContentOffset: Point(x: 1600, y: 0), withScrollingVelocity: .zero)
                == Point(x: 2048, y: 0))
        #expect(h.layout.targetContentOffset(forProposedContentOffset: Point(x: -900, y: 0), withScrollingVelocity: .zero)
                == Point(x: 0, y: 0))
        #expect(h.layout.targetContentOffset(forProposedContentOffset: Point(x: 99_000, y: 0), withScrollingVelocity: .zero)
                == Point(x: 10 * 1024, y: 0))
    }

    // MARK: Updates (the slides' custom insert and delete animations)

    @Test("An inserted speaker appears from the page center at scale 0.25, transparent; the others move to their new places",
          arguments: [1.0, 0.5])
    func insertAnimation(s: Double) throws {
        let size = s == 1 ? Size(width: 1024, height: 748) : Size(width: 320, height: 480)
        let h = SpiralHarness(counts: [5, 4], size: size, scale: s)
        h.collectionView.contentOffset = Point(x: size.width, y: 0)
        h.frame(at: 1)
        let oldTwo = try #require(h.view(2, 1))
        let oldCenter = oldTwo.center, oldScale = scale(of: oldTwo.transform3D)
        h.dataSource.counts[1] = 5
        try h.collectionView.performBatchUpdates([.insertItems([IndexPath(item: 4, section: 1)])], animated: true, duration: 0.3)
        let final = try #require(h.item(4, 1)), newTwo = try #require(h.item(2, 1))
        let pageCenter = Point(x: 1.5 * size.width, y: size.height / 2)
        #expect(close(final.center, Point(x: pageCenter.x - h.layout.radius, y: pageCenter.y)))
        for step in 0...6 {
            let f = Double(step) / 6
            h.frame(at: 1 + 0.3 * f)
            let cell = try #require(h.view(4, 1))
            #expect(close(cell.center, Point(x: pageCenter.x + (final.center.x - pageCenter.x) * f,
                                             y: pageCenter.y + (final.center.y - pageCenter.y) * f)), "step \(step)")
            #expect(abs(cell.alpha - f) < 1e-9)
            #expect(abs(scale(of: cell.transform3D) - (0.25 + (s - 0.25) * f)) < 1e-9, "step \(step)")
            // Item 2 goes from 2 of 4 (den 3) to 2 of 5 (den 4) in a straight line, fully opaque.
            let two = try #require(h.view(2, 1))
            #expect(close(two.center, Point(x: oldCenter.x + (newTwo.center.x - oldCenter.x) * f,
                                            y: oldCenter.y + (newTwo.center.y - oldCenter.y) * f)))
            #expect(abs(scale(of: two.transform3D) - (oldScale + (scale(of: newTwo.transform3D) - oldScale) * f)) < 1e-9)
            #expect(two.alpha == 1)
        }
        h.frame(at: 1.4)
        #expect(!h.collectionView.isAnimating && h.collectionView.visibleCells.count == 5)
        #expect(try #require(h.view(4, 1)).layoutAttributes == final)
    }

    @Test("A deleted speaker flies up off the screen (center y = −170) from its place, fading; the others close up")
    func deleteAnimation() throws {
        let h = SpiralHarness(counts: [22, 6])
        h.collectionView.contentOffset = Point(x: 1024, y: 0)
        h.frame(at: 1)
        let start = try #require(h.view(3, 1))
        let startCenter = start.center, startScale = scale(of: start.transform3D)
        #expect(abs(startScale - 0.7) < 1e-12)
        let oldFour = try #require(h.view(4, 1)).center
        h.dataSource.counts[1] = 5
        try h.collectionView.performBatchUpdates([.deleteItems([IndexPath(item: 3, section: 1)])], animated: true, duration: 0.3)
        // Item 4 before is item 3 after.
        let newThree = try #require(h.item(3, 1)).center
        for step in 0...5 {
            let f = Double(step) / 6
            h.frame(at: 1 + 0.3 * f)
            let leaving = h.collectionView.displayedElements.filter {
                $0.key.category == .cell && $0.key.indexPath == IndexPath(item: 3, section: 1)
            }
            // The leaving view and the view of the item now at 3 (the old 4).
            #expect(leaving.count == 2)
            let flying = try #require(leaving.first { abs($0.view.center.x - startCenter.x) < 1e-6 }?.view)
            #expect(close(flying.center, Point(x: startCenter.x, y: startCenter.y + (-170 - startCenter.y) * f)), "step \(step)")
            #expect(abs(flying.alpha - (1 - f)) < 1e-9)
            #expect(abs(scale(of: flying.transform3D) - startScale) < 1e-12)
            let moving = try #require(leaving.first { $0.view !== flying }?.view)
            #expect(close(moving.center, Point(x: oldFour.x + (newThree.x - oldFour.x) * f, y: oldFour.y + (newThree.y - oldFour.y) * f)))
            #expect(moving.alpha == 1)
        }
        h.frame(at: 1.31)
        #expect(!h.collectionView.isAnimating && h.collectionView.visibleCells.count == 5)
        // The layout forgets the batch: a later query of the item is plain.
        let later = try #require(h.layout.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 3, section: 1)) ?? h.item(3, 1))
        #expect(later.alpha == 1)
        #expect(h.layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 3, section: 1)) == nil)
    }

    @Test("Deleting a section's last speaker is the demo's reloadData: the page stays, with its header and no items")
    func deleteLastWithReload() throws {
        let h = SpiralHarness(counts: [1, 3])
        h.dataSource.counts[0] = 0
        h.collectionView.reloadData()
        h.collectionView.layoutIfNeeded()
        #expect(h.collectionView.visibleCells.isEmpty)
        #expect(h.collectionView.contentSize == Size(width: 2048, height: 748))
        let elements = h.layout.layoutAttributesForElements(in: h.layout.pageRect(forSection: 0))
        #expect(elements.map(\.representedElementCategory) == [.supplementaryView])
        // And restoring one into the empty section, the demo's reloadData again.
        h.dataSource.counts[0] = 1
        h.collectionView.reloadData()
        h.collectionView.layoutIfNeeded()
        #expect(h.collectionView.visibleCells.count == 1)
        #expect(try #require(h.item(0, 0)).center == Point(x: 512, y: 374))
    }

    // MARK: Parameters

    @Test("The definition builds the demo's phone spiral by default and reads the item size and the scale")
    func definition() throws {
        let plain = try #require(try LayoutDefinition.spiral.makeLayout(parameters: []) as? SpiralLayout)
        #expect(plain.itemSize == Size(width: 170, height: 170) && plain.scale == 0.5)
        let iPad = try #require(try LayoutDefinition.spiral.makeLayout(parameters: [("scale", "1"), ("item-size", "100 120")])
                                as? SpiralLayout)
        #expect(iPad.scale == 1 && iPad.itemSize == Size(width: 100, height: 120))
        #expect(Catalogue.definitions.contains { $0.name == "spiral" })
        for (name, value) in [("scale", "0"), ("scale", "-1"), ("item-size", "0 170")] {
            #expect(throws: LayoutParameterError.self) { try LayoutDefinition.spiral.makeLayout(parameters: [(name, value)]) }
        }
    }
}
