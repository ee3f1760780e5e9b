import Testing
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

/// A collection view of `counts` speakers in the demo's line on a 320 × 480 phone, laid out once.
private typealias LineHarness = LayoutHarness<LineLayout>

private extension LayoutHarness where Layout == LineLayout {
    convenience init(counts: [Int] = [40], viewport: Size = Size(width: 320, height: 480)) {
        self.init(layout: LineLayout(), counts: counts, size: viewport)
    }

    func item(_ item: Int, section: Int = 0) -> LayoutAttributes? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))
    }
}

/// The scale a transform of the form scale(z, z, 1) applies.
private func zoom(of transform: Transform3D) -> Double { transform.m11 }

@Suite("Line layout", .tags(.fast))
struct LineTests {
    // MARK: Geometry (notes A.2)

    @Test("Item i's center is at x = 35 + 85 + 200·i, y = 240: one speaker a column, columns 30 apart")
    func geometry() throws {
        let h = LineHarness()
        let width: Double = 35 + 170 * 40 + 30 * 39 + 35
        #expect(h.collectionView.contentSize == Size(width: width, height: 480))
        for i in [0, 1, 2, 17, 39] {
            let attributes = try #require(h.item(i))
            #expect(attributes.center == Point(x: 120 + 200 * Double(i), y: 240))
            #expect(attributes.size == Size(width: 170, height: 200))
        }
    }

    @Test("Sections follow one another, each with its own insets: the demo's 11 conferences in one line")
    func sections() throws {
        let h = LineHarness(counts: [22, 20, 19])
        // Section 1 starts after section 0's 22 columns and both insets.
        let first = try #require(h.item(0, section: 1))
        let sectionZero: Double = 35 + 170 * 22 + 30 * 21 + 35
        #expect(first.center.x == sectionZero + 35 + 85)
    }

    // MARK: Zoom

    /// (offset, item, zoom, z-index): item i's center is 120 + 200·i, the viewport's center offset + 160.
    static let zoomVectors: [(Double, Int, Double, Int)] = [
        (160, 1, 1.3, 1), (260, 1, 1.15, 1), (60, 1, 1.15, 1), (210, 1, 1.225, 1), (359.5, 1, 1.00075, 1),
        (0, 0, 1.24, 1), (560, 1, 1, 0), (3560, 18, 1.3, 1),
    ]

    @Test("The zoom at distance d from the viewport's center is 1 + 0.3·(1 − |d|/200), z-index 1; identity beyond 200",
          arguments: [(160.0, 1, 1.3, 1), (260, 1, 1.15, 1), (60, 1, 1.15, 1), (210, 1, 1.225, 1), (359.5, 1, 1.00075, 1),
                      (360, 1, 1, 0), (0, 0, 1.24, 1), (560, 1, 1, 0), (3560, 18, 1.3, 1)])
    func zoomThroughTheEngine(offset: Double, item: Int, expected: Double, zIndex: Int) throws {
        let h = LineHarness()
        h.collectionView.contentOffset = Point(x: offset, y: 0)
        h.collectionView.layoutIfNeeded()
        let attributes = try #require(h.item(item))
        #expect(abs(zoom(of: attributes.transform3D) - expected) < 1e-12, "\(attributes.transform3D)")
        #expect(attributes.transform3D.m22 == attributes.transform3D.m11 && attributes.transform3D.m33 == 1)
        #expect(attributes.zIndex == zIndex)
        // The displayed cell shows the same attributes, and the elements query agrees.
        if let cell = h.collectionView.cellForItem(at: IndexPath(item: item, section: 0)) {
            #expect(cell.layoutAttributes == attributes)
        }
        let queried = h.layout.layoutAttributesForElements(in: h.collectionView.bounds).first {
            $0.representedElementCategory == .cell && $0.indexPath.item == item
        }
        if let queried { #expect(queried == attributes) }
    }

    @Test("Applied directly: at the center 1.3×, at 100 points 1.15×, at 200 and beyond identity with z-index 0")
    func zoomDirectly() {
        let layout = LineLayout()
        for (distance, expected, z) in [(0.0, 1.3, 1), (100, 1.15, 1), (-100, 1.15, 1), (199.99, 1.000015, 1),
                                        (200, 1, 0), (-250, 1, 0)] {
            let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
            attributes.frame = Rect(x: 0, y: 0, width: 170, height: 200)
            attributes.transform3D = .scale(x: 3, y: 3)
            attributes.zIndex = 7
            layout.applyZoom(to: attributes, visibleRect: Rect(x: 85 + distance - 160, y: 0, width: 320, height: 480))
            #expect(abs(zoom(of: attributes.transform3D) - expected) < 1e-9, "d = \(distance)")
            #expect(attributes.zIndex == z)
            #expect(attributes.center == Point(x: 85, y: 100))
        }
        layout.zoomFactor = 0.5
        layout.activeDistance = 100
        let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.frame = Rect(x: 0, y: 0, width: 170, height: 200)
        layout.applyZoom(to: attributes, visibleRect: Rect(x: 85 + 50 - 160, y: 0, width: 320, height: 480))
        #expect(abs(zoom(of: attributes.transform3D) - 1.25) < 1e-12)
    }

    // MARK: Invalidation (notes P15)

    @Test("Every scroll step re-prepares the layout; a step that does not move does not")
    func invalidatesEveryScrollStep() {
        let h = LineHarness()
        #expect(h.collectionView.counters.layoutPrepares == 1)
        let offsets = Array(stride(from: 0.0, through: 900, by: 7.5)) + [900, 900, 450.25, 0]
        for offset in offsets { h.scroll(to: offset) }
        let moves = zip([0] + offsets, offsets).count { $0 != $1 }
        #expect(moves == offsets.count - 3)
        #expect(h.collectionView.counters.layoutPrepares == moves + 1)
        #expect(h.layout.shouldInvalidateLayout(forBoundsChange: h.collectionView.bounds))
    }

    // MARK: Snapping (notes A.2)

    @Test("Snapping centers the speaker nearest to the proposed center, whatever the velocity; ties go to the first",
          arguments: [(130.0, 160.0), (255, 160), (265, 360), (260, 160), (1000, 960), (0, 0), (-300, 0),
                      (7_640, 7_560), (9_000, 7_720)])
    func snapping(proposed: Double, expected: Double) {
        let h = LineHarness()
        // The last offset: content 35 + 170·40 + 30·39 + 35 − 320 = 7720; item 39 (center 7920) would be centered
        // at 7760, beyond it. Far before the start and past the end no cell is in view: the proposal, clamped.
        for velocity in [Point.zero, Point(x: 3, y: 0), Point(x: -2.5, y: 0)] {
            let target = h.layout.targetContentOffset(forProposedContentOffset: Point(x: proposed, y: 0),
                                                      withScrollingVelocity: velocity)
            #expect(target == Point(x: expected, y: 0), "proposed \(proposed)")
        }
    }

    @Test("A fling or a slow release comes to rest with a speaker centered at 1.3×")
    func flingSnaps() throws {
        let h = LineHarness()
        h.scroll(to: 1960)
        for (velocity, distance) in [(-1800.0, 120.0), (-500, 40), (900, -60), (0, 130), (-3000, 150)] {
            h.fling(by: distance, velocity: velocity)
            let x = h.collectionView.contentOffset.x
            #expect((x + 40).truncatingRemainder(dividingBy: 200) == 0, "rest at \(x)")
            let centered = try #require(h.item(Int((x + 40) / 200)))
            #expect(abs(zoom(of: centered.transform3D) - 1.3) < 1e-12 && centered.zIndex == 1)
        }
    }

    // MARK: Parameters

    @Test("The definition builds the demo's phone line by default and reads every constant")
    func definition() throws {
        let plain = try #require(try LayoutDefinition.line.makeLayout(parameters: []) as? LineLayout)
        #expect(plain.scrollDirection == .horizontal && plain.itemSize == Size(width: 170, height: 200))
        #expect(plain.minimumLineSpacing == 30 && plain.minimumInteritemSpacing == 200)
        #expect(plain.sectionInset == EdgeInsets(top: 0, left: 35, bottom: 0, right: 35))
        #expect(plain.activeDistance == 200 && plain.zoomFactor == 0.3)
        let given = try #require(try LayoutDefinition.line.makeLayout(parameters: [
            ("section-inset", "225 35 225 35"), ("active-distance", "150"), ("zoom-factor", "0.5"),
        ]) as? LineLayout)
        #expect(given.sectionInset.top == 225 && given.activeDistance == 150 && given.zoomFactor == 0.5)
        #expect(Catalogue.definitions.contains { $0.name == "line" })
        for parameter in LayoutDefinition.line.parameters {
            switch parameter.kind {
            case .number, .size, .estimatedSize, .insets, .integer: #expect(parameter.range != parameter.kind.defaultRange, "\(parameter.name)")
            case .boolean, .choice: break
            }
        }
    }

    @Test("Out-of-range values are refused with the value",
          arguments: [("active-distance", "0"), ("zoom-factor", "-1"), ("minimum-line-spacing", "-10"),
                      ("item-size", "0 200"), ("scroll-direction", "vertical")])
    func rejected(name: String, value: String) {
        #expect(throws: LayoutParameterError.self) { try LayoutDefinition.line.makeLayout(parameters: [(name, value)]) }
    }
}
