import Testing
import RealModule
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

@Suite("Circle layout", .tags(.fast))
struct CircleTests {
    /// A collection view of `size` showing `count` items on a circle, laid out.
    final class Fixture {
        let dataSource: FixtureDataSource
        let layout: CircleLayout
        let collectionView: CollectionView

        init(count: Int = 12, size: Size = Size(width: 320, height: 416), layout: CircleLayout = CircleLayout()) {
            dataSource = FixtureDataSource(counts: [count])
            self.layout = layout
            collectionView = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
            dataSource.register(on: collectionView)
            collectionView.dataSource = dataSource
            collectionView.animationCurve = .linear
            collectionView.layoutIfNeeded()
        }

        /// Moves the clock to `time` and lays out, as a replay frame does.
        func frame(at time: Double) {
            collectionView.advanceAnimations(to: time)
            collectionView.layoutIfNeeded()
        }

        func cell(_ item: Int) -> ReusableView? { collectionView.cellForItem(at: IndexPath(item: item, section: 0)) }

        /// The view animating out for `item` (a deleted item).
        func leaving(_ item: Int) -> ReusableView? {
            let key = ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: item, section: 0))
            return collectionView.displayedElements.last { $0.key == key }?.view
        }

        var clockHand: ReusableView? { collectionView.visibleDecorationViews.first }
    }

    private static func angle(of t: Transform3D) -> Double { Double.atan2(y: t.m12, x: t.m11) }
    private static func scale(of t: Transform3D) -> Double { (t.m11 * t.m11 + t.m12 * t.m12).squareRoot() }

    /// `a` and `b` name the same angle (modulo a turn) within `tolerance`.
    private static func sameAngle(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
        let d = (a - b).truncatingRemainder(dividingBy: 2 * .pi)
        return min(abs(d), 2 * .pi - abs(d)) <= tolerance
    }

    private static func close(_ a: Point, _ b: Point, tolerance: Double = 1e-4) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    // MARK: Geometry

    @Test("On 320 × 416 with 12 items the circle is centered at (160, 208) with radius 128; items as the notes' vectors")
    func bookVector() throws {
        let f = Fixture()
        #expect(f.layout.center == Point(x: 160, y: 208) && f.layout.radius == 128)
        let expected: [(Int, Point, Double)] = [
            (0, Point(x: 160, y: 80), 0), (1, Point(x: 224, y: 97.1487), .pi / 6),
            (3, Point(x: 288, y: 208), .pi / 2), (6, Point(x: 160, y: 336), .pi),
        ]
        for (item, center, rotation) in expected {
            let attributes = try #require(f.layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0)))
            #expect(Self.close(attributes.center, center), "item \(item) at \(attributes.center)")
            #expect(Self.sameAngle(Self.angle(of: attributes.transform3D), rotation), "item \(item)")
            #expect(attributes.size == Size(width: 70, height: 70))
            // The displayed cell carries the same.
            let cell = try #require(f.cell(item))
            #expect(Self.close(cell.center, center))
        }
        #expect(f.layout.layoutAttributesForItem(at: IndexPath(item: 12, section: 0)) == nil)
    }

    @Test("The content is the bounds: it never scrolls, and a new size invalidates the layout")
    func contentIsBounds() {
        let f = Fixture()
        #expect(f.layout.collectionViewContentSize == Size(width: 320, height: 416))
        #expect(f.layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 416, height: 320)))
        f.collectionView.frame = Rect(x: 0, y: 0, width: 416, height: 320)
        f.collectionView.layoutIfNeeded()
        #expect(f.layout.collectionViewContentSize == Size(width: 416, height: 320))
        // The ch. 6 version: a rotation does not recentre the circle.
        #expect(f.layout.center == Point(x: 160, y: 208) && f.layout.radius == 128)
    }

    @Test("The center and radius are seeded from the first non-zero bounds (E11)")
    func seededFromFirstNonZeroBounds() {
        let f = Fixture(size: .zero)
        #expect(f.layout.center == nil)
        f.collectionView.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        f.collectionView.layoutIfNeeded()
        #expect(f.layout.center == Point(x: 200, y: 150) && f.layout.radius == 120)
    }

    @Test("Every query returns every cell; the clock hand only when the rectangle contains the center")
    func elementsInRect() {
        let f = Fixture()
        let all = f.layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(all.count == 12 && all.allSatisfy { $0.representedElementCategory == .cell })
        let withHand = f.layout.layoutAttributesForElements(in: Rect(x: 150, y: 200, width: 20, height: 20))
        #expect(withHand.count == 13)
        let hand = withHand.last
        #expect(hand?.representedElementKind == CircleLayout.clockHandKind && hand?.zIndex == -1)
        #expect(hand?.center == Point(x: 160, y: 208) && hand?.size == Size(width: 20, height: 200))
        #expect(f.clockHand != nil)
    }

    @Test("A radius ratio and item size from the parameters")
    func parameters() throws {
        let layout = try #require(try LayoutDefinition.circle.makeLayout(
            parameters: [("radius-ratio", "4"), ("item-size", "50 60"), ("start-minute", "15")]) as? CircleLayout)
        let f = Fixture(layout: layout)
        #expect(f.layout.radius == 80 && f.cell(0)?.frame.size == Size(width: 50, height: 60))
        #expect(f.layout.minute == 15)
        #expect(throws: LayoutParameterError.self) { try LayoutDefinition.circle.makeLayout(parameters: [("start-minute", "60")]) }
        #expect(throws: LayoutParameterError.self) { try LayoutDefinition.circle.makeLayout(parameters: [("radius-ratio", "0")]) }
    }

    // MARK: The clock hand

    @Test("The minute hand shows floor(start + t / 60) mod 60",
          arguments: [(0.0, 0.0, 0), (0, 59.9, 0), (0, 60, 1), (0, 125, 2), (0, 3600, 0), (45, 900, 0), (45, 899, 59),
                      (59, 61, 0), (41.6, 23.9, 41), (41.6, 24.1, 42), (59.5, 30.1, 0)])
    func minuteAtTime(_ start: Double, _ time: Double, _ minute: Int) {
        #expect(CircleLayout.minute(at: time, startingAt: start) == minute)
    }

    @Test("The clock hand turns by 2π · minute / 60 as the frame clock runs, invalidating once a minute")
    func clockHandMoves() throws {
        let f = Fixture(layout: CircleLayout(startMinute: 14))
        let hand = try #require(f.clockHand)
        #expect(Self.sameAngle(Self.angle(of: hand.transform3D), 2 * .pi * 14 / 60))
        let prepares = f.collectionView.counters.layoutPrepares
        let invalidations = f.collectionView.counters.layoutInvalidations
        // Ten frames a second for 130 seconds: two minute changes.
        for frame in 1...1300 {
            f.frame(at: Double(frame) / 10)
            #expect(!f.collectionView.isAnimating, "a clock never keeps a session alive")
            if frame == 599 { #expect(Self.sameAngle(Self.angle(of: hand.transform3D), 2 * .pi * 14 / 60)) }
            if frame == 600 { #expect(Self.sameAngle(Self.angle(of: hand.transform3D), 2 * .pi * 15 / 60)) }
        }
        #expect(Self.sameAngle(Self.angle(of: hand.transform3D), 2 * .pi * 16 / 60))
        #expect(f.collectionView.counters.layoutPrepares - prepares == 2)
        #expect(f.collectionView.counters.layoutInvalidations - invalidations == 2)
        #expect(f.layout.advance(to: 130.05) == false)
    }

    // MARK: Updates (Listing 5.13)

    @Test("An inserted item grows out of the center at its final angle, fading in; the others re-space")
    func insertAnimation() throws {
        let f = Fixture()
        f.frame(at: 1)
        let oldOne = try #require(f.cell(1)).center
        f.dataSource.counts[0] = 13
        try f.collectionView.performBatchUpdates([.insertItems([IndexPath(item: 12, section: 0)])], animated: true,
                                                 duration: 0.3)
        let final = try #require(f.layout.layoutAttributesForItem(at: IndexPath(item: 12, section: 0)))
        let newOne = try #require(f.layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))).center
        let c = Point(x: 160, y: 208)
        for step in 0...6 {
            let fraction = Double(step) / 6
            f.frame(at: 1 + 0.3 * fraction)
            let cell = try #require(f.cell(12))
            let expected = Point(x: c.x + (final.center.x - c.x) * fraction, y: c.y + (final.center.y - c.y) * fraction)
            #expect(Self.close(cell.center, expected), "step \(step): \(cell.center) ≠ \(expected)")
            #expect(abs(cell.alpha - fraction) < 1e-9)
            #expect(Self.sameAngle(Self.angle(of: cell.transform3D), 2 * .pi * 12 / 13, tolerance: 1e-6))
            #expect(abs(Self.scale(of: cell.transform3D) - 1) < 1e-9)
            // Item 1 moves from 2π/12 to 2π/13 in a straight line.
            let one = try #require(f.cell(1)).center
            #expect(Self.close(one, Point(x: oldOne.x + (newOne.x - oldOne.x) * fraction,
                                          y: oldOne.y + (newOne.y - oldOne.y) * fraction)))
        }
    }

    @Test("A deleted item shrinks to 10 % into the center at its old angle 2π · item / (count + 1), fading out")
    func deleteAnimation() throws {
        let f = Fixture(count: 13)
        f.frame(at: 1)
        let start = try #require(f.cell(12)).center
        let oldAngle = 2 * Double.pi * 12 / 13
        f.dataSource.counts[0] = 12
        try f.collectionView.performBatchUpdates([.deleteItems([IndexPath(item: 12, section: 0)])], animated: true,
                                                 duration: 0.3)
        let c = Point(x: 160, y: 208)
        for step in 0...5 {
            let fraction = Double(step) / 6
            f.frame(at: 1 + 0.3 * fraction)
            let view = try #require(f.leaving(12))
            #expect(Self.close(view.center, Point(x: start.x + (c.x - start.x) * fraction, y: start.y + (c.y - start.y) * fraction)))
            #expect(abs(view.alpha - (1 - fraction)) < 1e-9)
            #expect(abs(Self.scale(of: view.transform3D) - (1 - 0.9 * fraction)) < 1e-9, "step \(step)")
            // The old angle all the way: 2π·12/13 (not 2π·12/12 = 0 with the new count).
            #expect(Self.sameAngle(Self.angle(of: view.transform3D), oldAngle, tolerance: 1e-6))
        }
        f.frame(at: 1.31)
        #expect(f.leaving(12) == nil && f.collectionView.visibleCells.count == 12)
    }

    @Test("Surviving items re-space the shorter way round: item 6 of 13 moving to 6 of 12 turns 13.8°")
    func survivorsTurnTheShortWay() throws {
        let f = Fixture(count: 13)
        f.frame(at: 1)
        f.dataSource.counts[0] = 12
        try f.collectionView.performBatchUpdates([.deleteItems([IndexPath(item: 12, section: 0)])], animated: true,
                                                 duration: 0.3)
        f.frame(at: 1.15)
        let six = try #require(f.cell(6))
        // From 2π·6/13 (166.15°) to π (180°): halfway is 173.08°.
        let halfway = (2 * Double.pi * 6 / 13 + .pi) / 2
        #expect(Self.sameAngle(Self.angle(of: six.transform3D), halfway, tolerance: 1e-6))
    }

    // MARK: Pinch (Listing 6.10)

    @Test("A pinch moves the center with the fingers and scales the radius; both stay when it ends")
    func pinch() throws {
        let f = Fixture()
        let cv = f.collectionView
        try cv.handlePinch(.began, at: Point(x: 150, y: 200), scale: 1)
        try cv.handlePinch(.changed, at: Point(x: 170, y: 230), scale: 1.5)
        #expect(f.layout.center == Point(x: 180, y: 238) && f.layout.radius == 192)
        cv.layoutIfNeeded()
        #expect(Self.close(try #require(f.cell(0)).center, Point(x: 180, y: 238 - 192)))
        try cv.handlePinch(.changed, at: Point(x: 140, y: 190), scale: 0.5)
        #expect(f.layout.center == Point(x: 150, y: 198) && f.layout.radius == 64)
        try cv.handlePinch(.ended, at: Point(x: 140, y: 190), scale: 0.5)
        #expect(f.layout.center == Point(x: 150, y: 198) && f.layout.radius == 64)
        cv.layoutIfNeeded()
        #expect(f.clockHand?.center == Point(x: 150, y: 198))
        // The next pinch starts from there.
        try cv.handlePinch(.began, at: Point(x: 100, y: 100), scale: 1)
        try cv.handlePinch(.changed, at: Point(x: 110, y: 100), scale: 2)
        #expect(f.layout.center == Point(x: 160, y: 198) && f.layout.radius == 128)
        try cv.handlePinch(.ended, at: Point(x: 110, y: 100), scale: 2)
    }
}
