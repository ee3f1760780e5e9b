import Testing
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

/// A collection view of `count` covers on the book's portrait phone (320 × 480), laid out once.
private typealias CoverFlowHarness = LayoutHarness<CoverFlowLayout>

private extension LayoutHarness where Layout == CoverFlowLayout {
    convenience init(count: Int = 100, layout: CoverFlowLayout = CoverFlowLayout(), viewport: Size = Size(width: 320, height: 480)) {
        self.init(layout: layout, counts: [count], size: viewport)
    }

    func item(_ item: Int) -> CoverFlowAttributes? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0)) as? CoverFlowAttributes
    }

    /// The applied attributes of every displayed element, in display order.
    var display: [(key: ElementKey, attributes: LayoutAttributes?)] {
        collectionView.displayedElements.map { ($0.key, $0.view.layoutAttributes) }
    }

    /// A point in the viewport's middle row where the collection view's hit test finds `item`.
    func pointHitting(_ item: Int) -> Point? {
        let origin = collectionView.contentOffset, bounds = collectionView.bounds
        for x in stride(from: origin.x + 1, to: origin.x + bounds.width, by: 1) {
            let point = Point(x: x, y: origin.y + bounds.height / 2)
            if collectionView.hitTest(point)?.indexPath.item == item { return point }
        }
        return nil
    }
}

/// The notes' §7 matrices (rows m1x…m4x), as printed to six decimals.
private enum Vectors {
    static let centered: [Double] = [1.2, 0, 0, 0, 0, 1.2, 0, 0, 0, 0, 1, -0.001188, 0, 0, 40000, 1]
    static let left50: [Double] = [1.016267, 0, -0.420952, 0.0005, 0, 1.1, 0, 0,
                                   0.382683, 0, 0.92388, -0.001097, -20, 0, 20200, 1]
    static let right50: [Double] = [1.016267, 0, 0.420952, -0.0005, 0, 1.1, 0, 0,
                                    -0.382683, 0, 0.92388, -0.001097, 20, 0, 20000, 1]
    static let left150: [Double] = [0.707107, 0, -0.707107, 0.00084, 0, 1, 0, 0,
                                    0.707107, 0, 0.707107, -0.00084, -40, 0, 0, 1]
}

private func isClose(_ transform: Transform3D, _ expected: [Double], within tolerance: Double = 1e-6) -> Bool {
    zip(transform.rowMajor, expected).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite("Cover Flow", .tags(.fast))
struct CoverFlowTests {
    // MARK: Transforms (Listing 4.31)

    @Test("The book's transform, z-index and mask at d = 0, ±50 and 150, applied to attributes directly",
          arguments: [(0.0, Vectors.centered, 1, 0.0), (50, Vectors.left50, 1, 0.3), (-50, Vectors.right50, 1, 0.3),
                      (150, Vectors.left150, 0, 0.6)])
    func transformAtDistance(distance: Double, matrix: [Double], zIndex: Int, mask: Double) {
        let layout = CoverFlowLayout()
        let attributes = CoverFlowAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.frame = Rect(x: 0, y: 150, width: 180, height: 180)
        // d = visibleRect.midX − center.x.
        layout.applyCoverFlow(to: attributes, visibleRect: Rect(x: 90 + distance - 160, y: 0, width: 320, height: 480))
        #expect(isClose(attributes.transform3D, matrix), "\(attributes.transform3D)")
        #expect(attributes.zIndex == zIndex)
        #expect(abs(attributes.maskingValue - mask) < 1e-12)
        #expect(attributes.shouldRasterize)
    }

    @Test("Through the engine: at offset o, item i is at d = o − 120·i and gets the book's transform",
          arguments: [(0.0, 0, Vectors.centered), (50, 0, Vectors.left50), (70, 1, Vectors.right50),
                      (150, 0, Vectors.left150), (1200, 10, Vectors.centered)])
    func transformThroughTheEngine(offset: Double, item: Int, matrix: [Double]) throws {
        let h = CoverFlowHarness()
        h.scroll(to: offset)
        let attributes = try #require(h.item(item))
        #expect(isClose(attributes.transform3D, matrix), "\(attributes.transform3D)")
        // The displayed cell shows the same attributes.
        let cell = try #require(h.collectionView.cellForItem(at: IndexPath(item: item, section: 0)))
        #expect(cell.layoutAttributes == attributes)
        #expect(cell.transform3D == attributes.transform3D)
    }

    @Test("At d = 50 the corner (90, 90, 0) projects to (68.387, 94.737); the z translation does not move it")
    func projection() {
        let layout = CoverFlowLayout()
        let attributes = CoverFlowAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.frame = Rect(x: 0, y: 0, width: 180, height: 180)
        layout.applyCoverFlow(to: attributes, visibleRect: Rect(x: 140 - 160, y: 0, width: 320, height: 480))
        let corner = attributes.transform3D.apply(x: 90, y: 90)
        #expect(abs(corner.x - 68.387) < 1e-3 && abs(corner.y - 94.737) < 1e-3)
        var flat = attributes.transform3D
        flat.m43 = 0
        let same = flat.apply(x: 90, y: 90)
        #expect(abs(same.x - corner.x) < 1e-9 && abs(same.y - corner.y) < 1e-9)
    }

    @Test("The perspective is −1 / (4.6777 × item width), and follows the item size")
    func perspective() {
        let layout = CoverFlowLayout()
        #expect(abs(layout.perspective + 1 / 841.986) < 1e-15)
        layout.itemSize = Size(width: 500, height: 500)
        #expect(abs(layout.perspective + 1 / (4.6777 * 500)) < 1e-15)
    }

    @Test("Supplementary views keep their attributes untransformed")
    func supplementaryUntouched() {
        let layout = CoverFlowLayout()
        let header = CoverFlowAttributes(forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                                         with: IndexPath(item: 0, section: 0))
        header.frame = Rect(x: 0, y: 0, width: 40, height: 480)
        layout.applyCoverFlow(to: header, visibleRect: Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(header.transform3D == .identity && header.zIndex == 0 && header.maskingValue == 0)
        #expect(!header.shouldRasterize)
    }

    @Test("Mask and z-index across the active distance: the mask grows as 0.6·|d|/100, z drops to 0 at 100")
    func maskAcrossDistances() throws {
        let h = CoverFlowHarness()
        for offset in stride(from: 0.0, through: 120, by: 2.5) {
            h.scroll(to: offset)
            let attributes = try #require(h.item(0))
            let distance = offset
            #expect(attributes.zIndex == (distance < 100 ? 1 : 0))
            #expect(abs(attributes.maskingValue - (distance < 100 ? 0.6 * distance / 100 : 0.6)) < 1e-12)
        }
    }

    // MARK: Geometry

    @Test("Item i is centered at offset 120·i on a 320-point portrait phone with 70-point insets")
    func centeredOffsets() throws {
        let h = CoverFlowHarness(count: 100)
        #expect(h.collectionView.contentSize == Size(width: 320 + 120 * 99, height: 480))
        for i in [0, 1, 2, 17, 50, 98, 99] {
            h.scroll(to: 120 * Double(i))
            let attributes = try #require(h.item(i))
            #expect(attributes.center == Point(x: 160 + 120 * Double(i), y: 240))
            #expect(h.layout.indexPathIsCentered(IndexPath(item: i, section: 0)))
            #expect(!h.layout.indexPathIsCentered(IndexPath(item: i == 0 ? 1 : i - 1, section: 0)))
            #expect(isClose(attributes.transform3D, Vectors.centered))
        }
        h.scroll(to: 120 * 5 + 0.99)
        #expect(h.layout.indexPathIsCentered(IndexPath(item: 5, section: 0)))
        h.scroll(to: 120 * 5 + 1)
        #expect(!h.layout.indexPathIsCentered(IndexPath(item: 5, section: 0)))
    }

    @Test("A query returns fresh attributes: asking twice transforms each once, and the caller owns them")
    func freshAttributes() throws {
        let h = CoverFlowHarness()
        h.scroll(to: 50)
        let first = try #require(h.item(0))
        let second = try #require(h.item(0))
        #expect(first !== second && first == second)
        first.transform3D = .identity
        first.maskingValue = 1
        let third = try #require(h.item(0))
        #expect(isClose(third.transform3D, Vectors.left50) && third.maskingValue == second.maskingValue)
        let visible = h.collectionView.bounds
        let elements = h.layout.layoutAttributesForElements(in: visible)
        let again = h.layout.layoutAttributesForElements(in: visible)
        #expect(elements == again)
        #expect(zip(elements, again).allSatisfy { $0 !== $1 })
    }

    @Test("Custom attributes copy and compare their rasterize flag and masking value")
    func attributesEquality() {
        let attributes = CoverFlowAttributes(forCellWith: IndexPath(item: 3, section: 0))
        attributes.maskingValue = 0.25
        attributes.shouldRasterize = true
        let copy = attributes.copy()
        #expect(copy == attributes && copy.maskingValue == 0.25 && copy.shouldRasterize)
        copy.maskingValue = 0.3
        #expect(copy != attributes)
        copy.maskingValue = 0.25
        copy.shouldRasterize = false
        #expect(copy != attributes)
        let plain = LayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
        #expect(plain != CoverFlowAttributes(forCellWith: IndexPath(item: 3, section: 0)))
    }

    // MARK: Snapping (Listing 4.32)

    @Test("Snapping centers the item nearest to the proposed center; ties go to the first; velocity is ignored",
          arguments: [(130.0, 120.0), (55, 0), (65, 120), (60, 0), (180, 120), (181, 240), (5_000, 5_040)])
    func snapping(proposed: Double, expected: Double) {
        let h = CoverFlowHarness()
        for velocity in [Point.zero, Point(x: 2.5, y: 0), Point(x: -4, y: 0)] {
            let target = h.layout.targetContentOffset(forProposedContentOffset: Point(x: proposed, y: 0),
                                                      withScrollingVelocity: velocity)
            #expect(target == Point(x: expected, y: 0))
        }
    }

    @Test("Snapping clamps to the content, and keeps the proposal when no cell is in view (E8)")
    func snappingGuards() {
        let h = CoverFlowHarness(count: 10)
        let end = 120.0 * 9
        // Beyond the end: the last item is nearest, at the last offset.
        #expect(h.layout.targetContentOffset(forProposedContentOffset: Point(x: end + 400, y: 0),
                                             withScrollingVelocity: .zero) == Point(x: end, y: 0))
        // Far before the start no cell is in view: no move by MAXFLOAT, clamped to 0.
        #expect(h.layout.targetContentOffset(forProposedContentOffset: Point(x: -5_000, y: 30),
                                             withScrollingVelocity: .zero) == Point(x: 0, y: 0))
        let empty = CoverFlowHarness(count: 0)
        let target = empty.layout.targetContentOffset(forProposedContentOffset: Point(x: 77, y: 0),
                                                      withScrollingVelocity: .zero)
        #expect(target == Point(x: 0, y: 0))
    }

    @Test("A fling comes to rest with an item centered")
    func flingSnaps() {
        let h = CoverFlowHarness()
        for (velocity, distance) in [(-1800.0, 90.0), (-600, 40), (900, -30)] {
            h.fling(by: distance, velocity: velocity)
            let x = h.collectionView.contentOffset.x
            #expect(x.truncatingRemainder(dividingBy: 120) == 0, "rest at \(x)")
            #expect(h.layout.indexPathIsCentered(IndexPath(item: Int(x / 120), section: 0)))
        }
    }

    // MARK: Tap to center (Listing 6.7)

    @Test("A tap on the item left or right of the center scrolls it to the center, animated, frame by frame",
          arguments: [(0, 1), (2, 3), (10, 11), (5, 4), (99, 98)])
    func tapToCenter(centered: Int, tapped: Int) throws {
        let h = CoverFlowHarness()
        let start = Double(centered) * 120, target = Double(tapped) * 120
        h.scroll(to: start)
        let point = try #require(h.pointHitting(tapped))
        let prepares = h.collectionView.counters.layoutPrepares
        h.collectionView.handleTap(at: point)
        #expect(h.collectionView.isAnimating)
        #expect(h.collectionView.contentOffset.x == start)
        var offsets: [Double] = []
        var time = h.collectionView.frameTime
        for _ in 0..<30 {
            time += 1.0 / 60
            h.collectionView.advanceAnimations(to: time)
            h.collectionView.layoutIfNeeded()
            offsets.append(h.collectionView.contentOffset.x)
            // Every frame shows the transforms of its own offset.
            for (key, applied) in h.display where key.category == .cell {
                #expect(applied == h.layout.layoutAttributesForItem(at: key.indexPath))
            }
        }
        let toward = target > start ? offsets : offsets.map { -$0 }
        #expect(toward == toward.sorted())
        #expect(offsets.first.map { $0 != start && abs($0 - start) < abs(target - start) } == true)
        #expect(offsets.last == target)
        #expect(!h.collectionView.isAnimating)
        #expect(h.layout.indexPathIsCentered(IndexPath(item: tapped, section: 0)))
        // cover-flow re-prepares in every frame that moved.
        let moves = zip([start] + offsets, offsets).count { $0 != $1 }
        #expect(moves >= 10)
        #expect(h.collectionView.counters.layoutPrepares - prepares == moves)
    }

    @Test("A tap on the centered item changes nothing in the layout")
    func tapOnCentered() throws {
        let h = CoverFlowHarness()
        h.scroll(to: 360)
        let before = h.display.map { $0.attributes }
        let prepares = h.collectionView.counters.layoutPrepares
        let hit = h.collectionView.handleTap(at: Point(x: 360 + 160, y: 240))
        #expect(hit?.indexPath.item == 3)
        #expect(!h.collectionView.isAnimating)
        h.collectionView.layoutIfNeeded()
        #expect(h.collectionView.contentOffset.x == 360)
        #expect(h.collectionView.counters.layoutPrepares == prepares)
        #expect(h.display.map { $0.attributes } == before)
    }

    @Test("A tap near the end centers the item as far as the content allows (landscape, E9)")
    func tapNearTheEnd() throws {
        // 568 wide with the book's portrait insets: the last items cannot reach the center.
        let h = CoverFlowHarness(count: 12, viewport: Size(width: 568, height: 320))
        let last = h.collectionView.contentSize.width - 568
        #expect(last == 1072)
        h.scroll(to: 840)
        let point = try #require(h.pointHitting(10))
        h.collectionView.handleTap(at: point)
        h.settle()
        #expect(h.collectionView.contentOffset.x == last)
        #expect(!h.layout.indexPathIsCentered(IndexPath(item: 10, section: 0)))
    }

    // MARK: The cached variant

    @Test("cover-flow-cached shows the same attributes as cover-flow at every offset, prepared once")
    func cachedIsIdentical() {
        let plain = CoverFlowHarness(count: 300)
        let cached = CoverFlowHarness(count: 300, layout: CachedCoverFlowLayout())
        var rng = SplitMix64(seed: 9)
        var offsets = Array(stride(from: 0.0, through: 1500, by: 7.25))
        offsets += (0..<200).map { _ in rng.uniform(0...35_880) }
        offsets += [35_880, 0, 120.5, 60, 59.999]
        for offset in offsets {
            plain.scroll(to: offset)
            cached.scroll(to: offset)
            let a = plain.display, b = cached.display
            #expect(a.map(\.key) == b.map(\.key))
            #expect(zip(a, b).allSatisfy { $0.attributes != nil && $0.attributes == $1.attributes })
            let rect = plain.collectionView.bounds.insetBy(dx: -400, dy: 0)
            #expect(plain.layout.layoutAttributesForElements(in: rect) == cached.layout.layoutAttributesForElements(in: rect))
        }
        let moves = zip([0] + offsets, offsets).count { $0 != $1 }
        #expect(plain.collectionView.counters.layoutPrepares == moves + 1)
        #expect(cached.collectionView.counters.layoutPrepares == 1)
    }

    @Test("cover-flow-cached re-prepares when the size changes")
    func cachedResizes() throws {
        let cached = CoverFlowHarness(count: 50, layout: CachedCoverFlowLayout())
        cached.collectionView.frame = Rect(x: 0, y: 0, width: 480, height: 320)
        cached.collectionView.layoutIfNeeded()
        #expect(cached.collectionView.counters.layoutPrepares == 2)
        #expect(cached.collectionView.contentSize.height == 320)
        let attributes = try #require(cached.item(1))
        #expect(attributes.center == Point(x: 280, y: 160))
    }

    // MARK: Parameters

    @Test("The definitions build the book's layout by default and read every constant",
          arguments: [LayoutDefinition.coverFlow, .coverFlowCached])
    func definitions(definition: LayoutDefinition) throws {
        let plain = try #require(try definition.makeLayout(parameters: []) as? CoverFlowLayout)
        #expect(plain.scrollDirection == .horizontal && plain.itemSize == Size(width: 180, height: 180))
        #expect(plain.minimumLineSpacing == -60 && plain.minimumInteritemSpacing == 200)
        #expect(plain.sectionInset == EdgeInsets(top: 0, left: 70, bottom: 0, right: 70))
        #expect(plain.activeDistance == 100 && plain.translateDistance == 100 && plain.zoomFactor == 0.2)
        #expect(plain.flowOffset == 40 && plain.inactiveGreyValue == 0.6)
        #expect((plain is CachedCoverFlowLayout) == (definition.name == "cover-flow-cached"))
        let given = try #require(try definition.makeLayout(parameters: [
            ("item-size", "500 500"), ("active-distance", "300"), ("translate-distance", "200"),
            ("zoom-factor", "0.3"), ("flow-offset", "-17"), ("inactive-grey", "0.5"),
            ("section-inset", "0 130 0 0"),
        ]) as? CoverFlowLayout)
        #expect(given.itemSize == Size(width: 500, height: 500) && given.activeDistance == 300)
        #expect(given.translateDistance == 200 && given.zoomFactor == 0.3 && given.flowOffset == -17)
        #expect(given.inactiveGreyValue == 0.5 && given.sectionInset.left == 130)
        #expect(Catalogue.definitions.contains { $0.name == definition.name })
    }

    @Test("Out-of-range and refused values are reported with the value",
          arguments: [
            ("inactive-grey", "1.5", "value '1.5' for parameter 'inactive-grey' of layout 'cover-flow' is out of range; expected a value from 0 to 1"),
            ("active-distance", "0", "value '0' for parameter 'active-distance' of layout 'cover-flow' is out of range; expected a value from 1 to 10000"),
            ("translate-distance", "-5", "value '-5' for parameter 'translate-distance' of layout 'cover-flow' is out of range; expected a value from 1 to 10000"),
            ("zoom-factor", "-0.1", "value '-0.1' for parameter 'zoom-factor' of layout 'cover-flow' is out of range; expected a value from 0 to 10"),
            ("item-size", "0 180", "value '0 180' for parameter 'item-size' of layout 'cover-flow' is out of range; expected a value from 1 to 10000"),
            ("minimum-interitem-spacing", "-1", "value '-1' for parameter 'minimum-interitem-spacing' of layout 'cover-flow' is out of range; expected a value from 0 to 10000"),
            ("minimum-line-spacing", "-180", "invalid value '-180' for parameter 'minimum-line-spacing' of layout 'cover-flow': covers must advance: the item width plus the line spacing must be positive"),
            ("scroll-direction", "vertical", "unknown parameter 'scroll-direction' for layout 'cover-flow'; expected one of 'item-size', 'minimum-line-spacing', 'minimum-interitem-spacing', 'section-inset', 'header-size', 'footer-size', 'active-distance', 'translate-distance', 'zoom-factor', 'flow-offset', 'inactive-grey'"),
          ])
    func rejected(name: String, value: String, message: String) {
        #expect(throws: LayoutParameterError.self) { try LayoutDefinition.coverFlow.makeLayout(parameters: [(name, value)]) }
        do {
            _ = try LayoutDefinition.coverFlow.makeLayout(parameters: [(name, value)])
        } catch {
            #expect(error.message == message)
        }
    }

    @Test("Every number parameter declares a range narrower than the kind's default")
    func everyNumberHasARange() {
        for parameter in LayoutDefinition.coverFlow.parameters {
            switch parameter.kind {
            case .number, .size, .estimatedSize, .insets, .integer: #expect(parameter.range != parameter.kind.defaultRange, "\(parameter.name)")
            case .boolean, .choice: break
            }
        }
    }
}
