import Testing
import RealModule
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

@Suite("Stacked layout", .tags(.fast))
struct StackedTests {
    /// A collection view of `size` showing `sections` stacks of 20 items (or stacks of `counts`), laid out;
    /// `labelKind` is the kind of the stacks' labels (``StacksLayout`` has its own).
    final class Fixture {
        let dataSource: FixtureDataSource
        let layout: StackedLayout
        let collectionView: CollectionView
        let labelKind: String

        init(sections: Int = 3, counts: [Int]? = nil, size: Size = Size(width: 768, height: 1024),
             layout: StackedLayout = StackedLayout(), labelKind: String = StackedLayout.labelKind) {
            dataSource = FixtureDataSource(counts: counts ?? Array(repeating: 20, count: sections))
            self.layout = layout
            self.labelKind = labelKind
            collectionView = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
            dataSource.register(on: collectionView)
            collectionView.register(forSupplementaryViewOfKind: labelKind, withReuseIdentifier: labelKind) { RecordingView() }
            collectionView.dataSource = dataSource
            collectionView.animationCurve = .linear
            collectionView.layoutIfNeeded()
        }

        func frame(at time: Double) {
            collectionView.advanceAnimations(to: time)
            collectionView.layoutIfNeeded()
        }

        func cell(_ item: Int, _ section: Int) -> ReusableView? {
            collectionView.cellForItem(at: IndexPath(item: item, section: section))
        }

        func label(_ section: Int) -> ReusableView? {
            collectionView.supplementaryView(forElementKind: labelKind, at: IndexPath(item: 0, section: section))
        }

        func attributes(_ item: Int, _ section: Int) -> StackedLayoutAttributes? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: section)) as? StackedLayoutAttributes
        }

        /// The center of stack `section`, in content coordinates.
        func stackCenter(_ section: Int) -> Point { layout.stackFrames[section].center }
    }

    static func degrees(of t: Transform3D) -> Double { Double.atan2(y: t.m12, x: t.m11) * 180 / .pi }

    static func close(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    static func close(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    // MARK: Geometry (Listing 5.25)

    @Test("768 wide, 3 sections: stacks at x = 20, 294, 568, y = 20; labels centered at y = 220.5")
    func iPadPortrait() throws {
        let f = Fixture()
        #expect(f.layout.stackFrames.map(\.origin) == [Point(x: 20, y: 20), Point(x: 294, y: 20), Point(x: 568, y: 20)])
        #expect(f.layout.stackFrames.allSatisfy { $0.size == Size(width: 180, height: 180) })
        for section in 0..<3 {
            let label = try #require(f.label(section))
            #expect(label.center == Point(x: f.layout.stackFrames[section].midX, y: 220.5))
            #expect(label.frame.size == Size(width: 180, height: 25))
        }
        #expect(f.layout.collectionViewContentSize == Size(width: 768, height: 1024))
    }

    @Test("1024 wide with the iPad's spacing of 50: four across, 88 apart")
    func iPadLandscape() {
        let f = Fixture(sections: 5, size: Size(width: 1024, height: 768), layout: StackedLayout(interStackSpacing: 50))
        #expect(f.layout.stackFrames.map(\.origin.x) == [20, 288, 556, 824, 20])
        #expect(f.layout.stackFrames.map(\.origin.y) == [20, 20, 20, 20, 20 + 213 + 50])
    }

    @Test("320 wide: one across at y = 20, 253, 486; content height 719")
    func phone() {
        let f = Fixture(size: Size(width: 320, height: 480))
        #expect(f.layout.stackFrames.map(\.origin) == [Point(x: 20, y: 20), Point(x: 20, y: 253), Point(x: 20, y: 486)])
        #expect(f.layout.collectionViewContentSize == Size(width: 320, height: 719))
        let tall = Fixture(size: Size(width: 320, height: 900))
        #expect(tall.layout.collectionViewContentSize.height == 900)
        // Narrower than a stack: still one across (E12), not a division by zero.
        let narrow = Fixture(sections: 2, size: Size(width: 150, height: 400))
        #expect(narrow.layout.stackFrames.map(\.origin) == [Point(x: 20, y: 20), Point(x: 20, y: 253)])
    }

    @Test("Item 0 on top, items 1 and 2 turned ±5°, items past the third hidden with no views")
    func stackItems() throws {
        let f = Fixture()
        let center = f.stackCenter(1)
        let expected: [(Int, Double, Int, Double, Bool, Double)] = [
            (0, 0, 3, 1, false, 0.5), (1, 5, 2, 1, false, 0.5), (2, -5, 1, 1, false, 0.5), (3, 0, 0, 0, true, 0),
            (19, 0, 0, 0, true, 0),
        ]
        for (item, degrees, z, alpha, hidden, shadow) in expected {
            let a = try #require(f.attributes(item, 1))
            #expect(a.center == center && a.size == Size(width: 170, height: 170))
            #expect(Self.close(Self.degrees(of: a.transform3D), degrees), "item \(item)")
            #expect(a.zIndex == z && a.alpha == alpha && a.isHidden == hidden && a.shadowOpacity == shadow, "item \(item)")
        }
        #expect(f.collectionView.visibleCells.count == 9)
        #expect(f.cell(3, 0) == nil && f.cell(2, 0) != nil)
    }

    @Test("A query returns every item and the label of each stack it meets, its label's strip included")
    func elementsInRect() {
        let f = Fixture(size: Size(width: 320, height: 480))
        let first = f.layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 100))
        #expect(first.count == 21)
        #expect(first.filter { $0.representedElementCategory == .cell }.count == 20)
        #expect(first.last?.representedElementKind == StackedLayout.labelKind)
        // The strip between the stack and the next one's top holds only the label.
        let strip = f.layout.layoutAttributesForElements(in: Rect(x: 0, y: 205, width: 320, height: 10))
        #expect(strip.count == 21 && strip.allSatisfy { $0.indexPath.section == 0 })
        #expect(f.layout.layoutAttributesForElements(in: Rect(x: 0, y: 800, width: 320, height: 100)).isEmpty)
    }

    @Test("Only a new size invalidates on a bounds change")
    func boundsChange() {
        let f = Fixture()
        #expect(!f.layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 300, width: 768, height: 1024)))
        #expect(f.layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 1024, height: 768)))
    }

    @Test("Parameters have ranges")
    func parameters() throws {
        let layout = try #require(try LayoutDefinition.stacked.makeLayout(
            parameters: [("interstack-spacing", "50"), ("visible-items", "2")]) as? StackedLayout)
        #expect(layout.interStackSpacing == 50 && layout.visibleItems == 2)
        #expect(throws: LayoutParameterError.self) { try LayoutDefinition.stacked.makeLayout(parameters: [("visible-items", "0")]) }
        #expect(throws: LayoutParameterError.self) { try LayoutDefinition.stacked.makeLayout(parameters: [("max-pinch-scale", "1")]) }
        #expect(throws: LayoutParameterError.self) { try LayoutDefinition.stacked.makeLayout(parameters: [("fade-progress", "0")]) }
    }

    // MARK: Pinch (Listing 6.11, [S-MP])

    @Test("Pinching stack 1 to scale 2.5 (progress 0.5) moves its items halfway to the grid and fades the rest to 1/3")
    func pinchHalfway() throws {
        let f = Fixture()
        let cv = f.collectionView
        try cv.handlePinch(.began, at: f.stackCenter(1), scale: 1)
        #expect(f.layout.pinchedStackIndex == 1)
        try cv.handlePinch(.changed, at: Point(x: 390, y: 120), scale: 2.5)
        cv.layoutIfNeeded()
        #expect(f.layout.pinchProgress == 0.5)
        // The grid: 742 available, 3 across 71 apart, rows 213 apart until the screen is full: 5 rows.
        #expect(f.layout.itemFrames.count == 15)
        #expect(f.layout.itemFrames[4] == Rect(x: 284, y: 226, width: 200, height: 200))
        for item in [0, 1, 2, 3, 14] {
            let a = try #require(f.attributes(item, 1))
            #expect(Self.close(a.center, Self.lerp(f.stackCenter(1), f.layout.itemFrames[item].center, 0.5)))
            #expect(a.alpha == 1 && !a.isHidden && a.zIndex == 18 - item)
            let view = try #require(f.cell(item, 1))
            #expect(Self.close(view.center, a.center) && view.alpha == 1)
        }
        #expect(Self.close(Self.degrees(of: try #require(f.attributes(1, 1)).transform3D), 2.5))
        #expect(Self.close(Self.degrees(of: try #require(f.attributes(2, 1)).transform3D), -2.5))
        #expect(try #require(f.attributes(3, 1)).shadowOpacity == 0.25)
        // Items past one screen stay in the stack, hidden.
        #expect(try #require(f.attributes(15, 1)).isHidden)
        for section in [0, 2] {
            #expect(Self.close(try #require(f.cell(0, section)).alpha, 1.0 / 3))
            #expect(try #require(f.attributes(3, section)).isHidden)
        }
        for section in 0..<3 { #expect(Self.close(try #require(f.label(section)).alpha, 1.0 / 3)) }
    }

    @Test("Frame by frame, the other stacks fade as 1 − progress / 0.75 and vanish from there", arguments: [
        (1.3, 0.1), (1.9, 0.3), (2.8, 0.6), (3.25, 0.75), (4.0, 1.0), (5.5, 1.0), (0.6, 0.0),
    ])
    func fades(_ scale: Double, _ progress: Double) throws {
        let f = Fixture()
        try f.collectionView.handlePinch(.began, at: f.stackCenter(0), scale: 1)
        try f.collectionView.handlePinch(.changed, at: f.stackCenter(0), scale: scale)
        f.collectionView.layoutIfNeeded()
        #expect(Self.close(f.layout.pinchProgress, progress, tolerance: 1e-12))
        let alpha = progress >= 0.75 ? 0 : 1 - progress / 0.75
        #expect(Self.close(try #require(f.attributes(1, 2)).alpha, alpha, tolerance: 1e-12))
        #expect(Self.close(try #require(f.layout.layoutAttributesForSupplementaryView(
            ofKind: StackedLayout.labelKind, at: IndexPath(item: 0, section: 0))).alpha, alpha, tolerance: 1e-12))
        #expect(Self.close(try #require(f.attributes(4, 0)).shadowOpacity, 0.5 * progress, tolerance: 1e-12))
    }

    @Test("A pinch that begins outside every stack pinches nothing")
    func pinchOutside() throws {
        let f = Fixture()
        try f.collectionView.handlePinch(.began, at: Point(x: 400, y: 600), scale: 1)
        try f.collectionView.handlePinch(.changed, at: Point(x: 400, y: 600), scale: 3)
        #expect(!f.layout.isPinching)
        try f.collectionView.handlePinch(.ended, at: Point(x: 400, y: 600), scale: 3)
        #expect(f.collectionView.collectionViewLayout === f.layout)
    }

    @Test("Released at progress 0.5 or less, the stack collapses back in an animated empty batch, hidden items kept visible")
    func collapse() throws {
        let f = Fixture()
        try Self.followCollapse(f) { view, fraction in #expect(Self.close(view.alpha, 1 - fraction)) }
        #expect(f.cell(4, 1) == nil && f.collectionView.visibleCells.count == 9)
        #expect(try #require(f.cell(0, 1)).center == f.stackCenter(1))
    }

    /// Pinches stack 1 to a scale of 2.5 and lets go, then follows the collapse frame by frame (0.3 s, linear):
    /// the buried item 4 moves back from the grid into the stack, shown all the way (`check` sees its view and
    /// the fraction), stack 2 fades back in from 1/3; the collapse is over at 1.31 s.
    static func followCollapse(_ f: Fixture, check: (ReusableView, Double) -> Void) throws {
        let cv = f.collectionView
        f.frame(at: 1)
        try cv.handlePinch(.began, at: f.stackCenter(1), scale: 1)
        try cv.handlePinch(.changed, at: f.stackCenter(1), scale: 2.5)
        cv.layoutIfNeeded()
        let grid = try #require(f.cell(4, 1)).center
        let other = try #require(f.cell(0, 2))
        let batches = cv.counters.batchUpdates
        try cv.handlePinch(.ended, at: f.stackCenter(1), scale: 2.5)
        #expect(!f.layout.isPinching && f.layout.collapsing && f.layout.pinchedStackScale == 1)
        #expect(cv.counters.batchUpdates == batches + 1 && cv.collectionViewLayout === f.layout)
        for step in 0...5 {
            let fraction = Double(step) / 6
            f.frame(at: 1 + 0.3 * fraction)
            let view = try #require(f.cell(4, 1), "a hidden item stays on screen while it collapses")
            #expect(Self.close(view.center, Self.lerp(grid, f.stackCenter(1), fraction), tolerance: 1e-6))
            #expect(!view.isHidden)
            check(view, fraction)
            #expect(Self.close(other.alpha, 1.0 / 3 + (2.0 / 3) * fraction))
        }
        f.frame(at: 1.31)
        #expect(!f.layout.collapsing)
    }

    @Test("Released past half, the stack opens as a flow layout through the stacked transition, then scrolls to its first item")
    func openAsFlow() throws {
        let f = Fixture()
        let cv = f.collectionView
        f.frame(at: 1)
        try cv.handlePinch(.began, at: f.stackCenter(2), scale: 1)
        try cv.handlePinch(.changed, at: f.stackCenter(2), scale: 3)
        cv.layoutIfNeeded()
        let gridFive = try #require(f.attributes(5, 2)).center
        try cv.handlePinch(.ended, at: f.stackCenter(2), scale: 3)
        let transition = try #require(cv.collectionViewLayout as? StackedTransitionLayout)
        let flow = try #require(f.layout.openedFlowLayout)
        #expect(transition.nextLayout === flow && flow.itemSize == Size(width: 200, height: 200))
        #expect(flow.sectionInset == EdgeInsets(top: 13, left: 13, bottom: 13, right: 13))
        #expect(flow.minimumLineSpacing == 13 && flow.minimumInteritemSpacing == 13)
        for step in 1...5 {
            let fraction = Double(step) / 6
            f.frame(at: 1 + 0.3 * fraction)
            #expect(Self.close(transition.transitionProgress, fraction))
            let target = try #require(flow.layoutAttributesForItem(at: IndexPath(item: 5, section: 2))).center
            let five = try #require(transition.layoutAttributesForItem(at: IndexPath(item: 5, section: 2)))
            #expect(Self.close(five.center, Self.lerp(gridFive, target, fraction), tolerance: 1e-6) && five.alpha == 1)
            // Item 17 was still in the stack (past one screen): it comes out fading in, never hidden.
            let buried = try #require(transition.layoutAttributesForItem(at: IndexPath(item: 17, section: 2)))
            #expect(!buried.isHidden && Self.close(buried.alpha, fraction))
        }
        f.frame(at: 1.31)
        #expect(cv.collectionViewLayout === flow)
        // Then the content scrolls to the pinched stack's first item.
        f.frame(at: 2)
        let first = try #require(flow.layoutAttributesForItem(at: IndexPath(item: 0, section: 2)))
        let maxY = flow.collectionViewContentSize.height - 1024
        #expect(cv.contentOffset.y == min(first.frame.minY, maxY) && cv.contentOffset.y > 0)
    }

    // MARK: Its own transition layout

    @Test("An animated switch away fades the hidden items in along the way instead of popping them up halfway")
    func ownTransitionAnimated() throws {
        let f = Fixture()
        let cv = f.collectionView
        f.frame(at: 1)
        let list = FlowLayout()
        list.itemSize = Size(width: 768, height: 40)
        list.minimumLineSpacing = 0
        cv.setCollectionViewLayout(list, animated: true, duration: 0.4)
        let transition = try #require(cv.collectionViewLayout as? StackedTransitionLayout)
        #expect(transition.currentLayout === f.layout && transition.nextLayout === list)
        for step in 1...4 {
            let fraction = Double(step) / 5
            f.frame(at: 1 + 0.4 * fraction)
            let target = try #require(list.layoutAttributesForItem(at: IndexPath(item: 4, section: 0)))
            let view = try #require(f.cell(4, 0), "step \(step)")
            #expect(!view.isHidden && Self.close(view.alpha, fraction))
            #expect(Self.close(view.center, Self.lerp(f.stackCenter(0), target.center, fraction), tolerance: 1e-6))
            // The engine's own transition layout would keep it hidden until halfway.
            let plain = TransitionLayout(currentLayout: f.layout, nextLayout: list)
            plain.transitionProgress = fraction
            #expect(plain.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.isHidden == (fraction < 0.5))
            // Labels exist only in the stacks: they fade out.
            #expect(Self.close(try #require(f.label(0)).alpha, 1 - fraction))
        }
        f.frame(at: 1.41)
        #expect(cv.collectionViewLayout === list && f.label(0) == nil)
    }

    @Test("An interactive transition away runs through the stacked transition too, and cancels back to the stacks")
    func ownTransitionInteractive() throws {
        let f = Fixture()
        let cv = f.collectionView
        f.frame(at: 1)
        let transition = cv.startInteractiveTransition(to: f.layout.makeOpenedFlowLayout())
        #expect(transition is StackedTransitionLayout)
        transition.transitionProgress = 0.3
        cv.layoutIfNeeded()
        #expect(Self.close(try #require(f.cell(6, 1)).alpha, 0.3))
        cv.cancelInteractiveTransition()
        f.frame(at: 2)
        #expect(cv.collectionViewLayout === f.layout && f.cell(6, 1) == nil)
    }
}
