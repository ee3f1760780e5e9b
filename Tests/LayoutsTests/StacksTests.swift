import Testing
import RealModule
import CollectionEngine
import Layouts
import TestSupport

/// `stacks`, the slides' original of the stacked layout (notes Appendix A.4): the z-translation ordering
/// (repo commit 72c1dc0), the pinch toward the demo grid, the switch to `grid` past a scale of 2.5 and the
/// collapse below it, on the demo's iPad (interstack spacing 50).
@Suite("Stacks layout", .tags(.fast))
struct StacksTests {
    typealias Fixture = StackedTests.Fixture

    /// The demo's iPad: stacks of 20, 24 and 20 speakers, 768 × 1004, interstack spacing 50.
    static func fixture(counts: [Int] = [20, 24, 20], size: Size = Size(width: 768, height: 1004),
                        layout: StacksLayout = StacksLayout(interStackSpacing: 50)) -> Fixture {
        Fixture(counts: counts, size: size, layout: layout, labelKind: StacksLayout.footerKind)
    }

    static func footer(_ f: Fixture, _ section: Int) -> LayoutAttributes? {
        f.layout.layoutAttributesForSupplementaryView(ofKind: StacksLayout.footerKind, at: IndexPath(item: 0, section: section))
    }

    /// Pinches stack `section` from its centre to `scale`, laid out.
    static func pinch(_ f: Fixture, _ section: Int, to scale: Double) throws {
        try f.collectionView.handlePinch(.began, at: f.stackCenter(section), scale: 1)
        try f.collectionView.handlePinch(.changed, at: f.stackCenter(section), scale: scale)
        f.collectionView.layoutIfNeeded()
    }

    // MARK: Geometry

    @Test("iPad 768: three across, 94 apart, at x = 20, 294, 568; footers of the demo's kind below")
    func iPadPortrait() throws {
        let f = Self.fixture()
        #expect(f.layout.stackFrames.map(\.origin) == [Point(x: 20, y: 20), Point(x: 294, y: 20), Point(x: 568, y: 20)])
        let footer = try #require(Self.footer(f, 1))
        #expect(footer.center == Point(x: 384, y: 220.5) && footer.size == Size(width: 180, height: 25))
        #expect(f.layout.layoutAttributesForSupplementaryView(ofKind: StackedLayout.labelKind,
                                                              at: IndexPath(item: 0, section: 0)) == nil)
        #expect(f.collectionView.visibleSupplementaryViews(ofKind: StacksLayout.footerKind).count == 3)
    }

    @Test("iPad 1024: four across, 88 apart; a second row 263 lower")
    func iPadLandscape() {
        let f = Self.fixture(counts: Array(repeating: 5, count: 6), size: Size(width: 1024, height: 748))
        #expect(f.layout.stackFrames.map(\.minX) == [20, 288, 556, 824, 20, 288])
        #expect(f.layout.stackFrames.map(\.minY) == [20, 20, 20, 20, 283, 283])
    }

    // MARK: The z-translation ordering

    @Test("Items 0, 1, 2 turned 0°, +5°, −5° and translated 3, 2, 1 along z at z-index 0; items past 3 hidden but opaque")
    func ordering() throws {
        let f = Self.fixture()
        for (item, angle) in [(0, 0.0), (1, 5.0), (2, -5.0)] {
            let a = try #require(f.attributes(item, 1))
            #expect(StackedTests.close(StackedTests.degrees(of: a.transform3D), angle))
            #expect(StackedTests.close(a.transform3D.m43, Double(3 - item)) && a.zIndex == 0)
            #expect(!a.isHidden && a.alpha == 1 && a.shadowOpacity == 0.5 && a.center == f.stackCenter(1))
        }
        for item in [3, 10, 23] {
            let a = try #require(f.attributes(item, 1))
            #expect(a.isHidden && a.alpha == 1 && a.transform3D.isIdentity && a.shadowOpacity == 0 && a.zIndex == 0)
        }
    }

    @Test("A tap on a stack hits item 0, on top by its z translation, wherever the turned items overlap it")
    func tapHitsTop() throws {
        let f = Self.fixture()
        let cv = f.collectionView
        let top = ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: 0, section: 2))
        let center = f.stackCenter(2)
        #expect(cv.handleTap(at: center) == top)
        #expect(cv.handleTap(at: Point(x: center.x + 80, y: center.y - 80)) == top)
        // Just below item 0's bottom edge (85 + 0.2), items 1 and 2 (turned ±5°, reaching 85 / cos 5° = 85.32
        // straight down) both cover the point: item 1, nearer by its z translation of 2, takes the tap.
        #expect(cv.handleTap(at: Point(x: center.x, y: center.y + 85.2))?.indexPath == IndexPath(item: 1, section: 2))
        // Further out on each side only one of them reaches.
        let sides = [-60.0, 60.0].compactMap { cv.handleTap(at: Point(x: center.x + $0, y: center.y + 86))?.indexPath.item }
        #expect(Set(sides) == [1, 2])
        // The pinch finds its stack with UIKit's frame-based indexPathForItem(at:), which needs only the section.
        #expect(cv.indexPathForItem(at: center)?.section == 2)
    }

    // MARK: The pinch

    @Test("At scale 2.5 the pinched stack is halfway to the demo grid: 4 across, 192 apart, each item z = 23 − item")
    func halfway() throws {
        let f = Self.fixture()
        try Self.pinch(f, 1, to: 2.5)
        #expect(f.layout.pinchProgress == 0.5 && f.layout.pinchedStackIndex == 1)
        // GridLayout's metrics on 768: 748 available, 4 across, gap floor(68 / 3) = 22, rows 207 apart; the
        // rows stop once the next would start below the screen: 5 rows, 20 of the 24 items.
        #expect(f.layout.itemFrames.count == 20)
        #expect(f.layout.itemFrames[0] == Rect(x: 10, y: 4, width: 170, height: 197))
        #expect(f.layout.itemFrames[5] == Rect(x: 202, y: 211, width: 170, height: 197))
        #expect(f.layout.itemFrames[19] == Rect(x: 586, y: 832, width: 170, height: 197))
        for item in [0, 1, 2, 3, 19] {
            let a = try #require(f.attributes(item, 1))
            #expect(StackedTests.close(a.center, StackedTests.lerp(f.stackCenter(1), f.layout.itemFrames[item].center, 0.5)))
            #expect(StackedTests.close(a.transform3D.m43, Double(23 - item)) && a.zIndex == 0 && !a.isHidden)
            #expect(try #require(f.cell(item, 1)).center == a.center)
        }
        #expect(StackedTests.close(StackedTests.degrees(of: try #require(f.attributes(1, 1)).transform3D), 2.5))
        #expect(try #require(f.attributes(3, 1)).shadowOpacity == 0.25)
        #expect(try #require(f.attributes(20, 1)).isHidden)
    }

    @Test("Frame by frame, the other stacks and every footer fade as 1 − progress / 0.75", arguments: [
        (1.0, 0.0), (1.3, 0.1), (1.9, 0.3), (2.5, 0.5), (2.8, 0.6), (3.25, 0.75), (4.0, 1.0), (5.0, 1.0),
    ])
    func fades(_ scale: Double, _ progress: Double) throws {
        let f = Self.fixture()
        try Self.pinch(f, 0, to: scale)
        #expect(StackedTests.close(f.layout.pinchProgress, progress, tolerance: 1e-12))
        let alpha = progress >= 0.75 ? 0 : 1 - progress / 0.75
        for section in [1, 2] {
            #expect(StackedTests.close(try #require(f.attributes(0, section)).alpha, alpha, tolerance: 1e-12))
            // Hidden items of other stacks keep alpha 1: the demo fades only what shows.
            #expect(try #require(f.attributes(5, section)).alpha == 1)
        }
        for section in 0..<3 { #expect(StackedTests.close(try #require(Self.footer(f, section)).alpha, alpha, tolerance: 1e-12)) }
        #expect(StackedTests.close(try #require(f.attributes(4, 0)).shadowOpacity, 0.5 * progress, tolerance: 1e-12))
        if progress < 0.75 {
            #expect(StackedTests.close(try #require(f.cell(0, 2)).alpha, alpha, tolerance: 1e-12))
        }
    }

    @Test("Released past 2.5 the stack switches, animated, to the demo's grid and does not scroll")
    func opensAsGrid() throws {
        // With a pinch range to 6, the book's rule (progress > 0.5, scale > 3.5) would collapse at 2.6.
        let f = Self.fixture(layout: StacksLayout(interStackSpacing: 50, maxPinchScale: 6))
        let cv = f.collectionView
        f.frame(at: 1)
        try Self.pinch(f, 2, to: 2.6)
        let before = try #require(f.attributes(5, 2)).center
        try cv.handlePinch(.ended, at: f.stackCenter(2), scale: 2.6)
        let transition = try #require(cv.collectionViewLayout as? TransitionLayout)
        let grid = try #require(transition.nextLayout as? GridLayout)
        #expect(grid.itemSize == Size(width: 170, height: 197) && f.layout.openedFlowLayout === grid)
        for step in 1...5 {
            let fraction = Double(step) / 6
            f.frame(at: 1 + 0.3 * fraction)
            let target = try #require(grid.layoutAttributesForItem(at: IndexPath(item: 5, section: 2))).center
            let five = try #require(transition.layoutAttributesForItem(at: IndexPath(item: 5, section: 2)))
            #expect(StackedTests.close(five.center, StackedTests.lerp(before, target, fraction), tolerance: 1e-6))
        }
        f.frame(at: 1.31)
        #expect(cv.collectionViewLayout === grid)
        f.frame(at: 2.5)
        #expect(cv.contentOffset == .zero && cv.visibleDecorationViews.allSatisfy { $0 is ShelfView })
        #expect(!cv.visibleDecorationViews.isEmpty)
    }

    @Test("Released at 2.5 or less, the stack collapses back in an animated batch, its hidden items visible and opaque till it ends")
    func collapses() throws {
        let f = Self.fixture()
        // Item 4 of the 24 goes back from z = (20 + 3) − 4 = 19 in the open grid to no translation, opaque.
        try StackedTests.followCollapse(f) { view, fraction in
            #expect(view.alpha == 1 && StackedTests.close(view.transform3D.m43, 19 * (1 - fraction), tolerance: 1e-9))
        }
        #expect(f.cell(4, 1) == nil)
        let top = try #require(f.cell(0, 1))
        #expect(top.center == f.stackCenter(1) && StackedTests.close(top.transform3D.m43, 3))
    }

    @Test("The catalogue's stacks: stacked's parameters, the demo grid's cells as the grid item size")
    func definition() throws {
        let names = LayoutDefinition.stacks.parameters.map(\.name)
        #expect(names == LayoutDefinition.stacked.parameters.map(\.name))
        let layout = try #require(try LayoutDefinition.stacks.makeLayout(parameters: [("interstack-spacing", "50")])
            as? StacksLayout)
        #expect(layout.interStackSpacing == 50 && layout.gridItemSize == Size(width: 170, height: 197))
        #expect(layout.maxPinchScale == 4 && layout.fadeProgress == 0.75 && layout.visibleItems == 3)
        #expect(throws: LayoutParameterError.self) { try LayoutDefinition.stacks.makeLayout(parameters: [("fade-progress", "0")]) }
    }
}
