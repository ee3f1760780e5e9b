import Testing
@testable import CollectionEngine
import EngineTestSupport
import TestSupport

/// Huge and non-finite geometry: a collection view 10^308 points wide, or a layout answering
/// NaN frames and an infinite content size, must not reach a conversion that traps.
@Suite("Huge and non-finite geometry", .tags(.fast))
struct NonFiniteGeometryTests {
    @Test("flooredInt rounds down inside its range; NaN gives the lower bound, beyond the range its ends",
          arguments: [(3.7, 3), (-3.2, -1), (.nan, -1), (.infinity, 100), (-.infinity, -1), (1e308, 100),
                      (-1e308, -1), (99.999, 99), (100, 100), (0, 0)] as [(Double, Int)])
    func flooredInt(_ value: Double, _ expected: Int) {
        #expect(value.flooredInt(in: -1...100) == expected)
    }

    @Test("flooredInt at Int's own ends: 2^63 does not fit in an Int and is not converted")
    func flooredIntExtremes() {
        #expect(9.3e18.flooredInt(in: 0...Int.max) == Int.max)
        #expect((-9.3e18).flooredInt(in: Int.min...0) == Int.min)
        #expect(Double.infinity.flooredInt(in: Int.min...Int.max) == Int.max)
        #expect(Double.nan.flooredInt(in: Int.min...Int.max) == Int.min)
        #expect(4.5e18.flooredInt(in: 0...Int.max) == 4_500_000_000_000_000_000)
    }

    @Test("A flow layout in a view 10^308 points wide puts every item on one line, and batches and scrolls apply",
          arguments: [1e9, 1e308])
    func hugeWidth(_ width: Double) throws {
        let h = Harness(counts: [50], viewport: Size(width: width, height: 568)) { layout, _ in
            layout.itemSize = Size(width: 100, height: 100)
        }
        let cv = h.collectionView
        #expect(h.frame(49)?.minY == 0)
        h.data.counts = [49]
        try cv.deleteItems(at: [IndexPath(item: 1, section: 0)])
        cv.advanceAnimations(to: 1)
        cv.layoutIfNeeded()
        h.scroll(to: Point(x: width / 2, y: 0))
        cv.frame = Rect(x: 0, y: 0, width: 568, height: width)
        cv.layoutIfNeeded()
        #expect(cv.contentSize.width.isFinite && cv.contentSize.height.isFinite)
        #expect(cv.checkInvariants())
    }

    /// A user's layout that answers what no layout should: NaN and infinite frames, and an infinite or
    /// NaN content size.
    final class BrokenLayout: CollectionViewLayout {
        var size = Size(width: .infinity, height: .nan)
        override var collectionViewContentSize: Size { size }
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            (0..<4).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            let attributes = LayoutAttributes(forCellWith: indexPath)
            attributes.frame = switch indexPath.item {
            case 0: Rect(x: .nan, y: 0, width: 100, height: 100)
            case 1: Rect(x: 0, y: 0, width: .nan, height: 100)
            case 2: Rect(x: 0, y: 0, width: .infinity, height: 100)
            default: Rect(x: 0, y: 100, width: 100, height: 100)
            }
            return attributes
        }
    }

    @Test("Frames that are not finite are not displayed; the content size is made usable")
    func brokenLayout() {
        let data = FixtureDataSource(counts: [4])
        let layout = BrokenLayout()
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        data.register(on: cv)
        cv.dataSource = data
        cv.layoutIfNeeded()
        // A frame is kept as a center and a size: an infinite width makes its origin NaN.
        #expect(cv.indexPathsForVisibleItems.map(\.item).sorted() == [3])
        // Infinite: the largest finite double; NaN: 0.
        #expect(cv.contentSize == Size(width: .greatestFiniteMagnitude, height: 0))
        cv.contentOffset = cv.clampedOffset(Point(x: .infinity, y: .infinity))
        #expect(cv.contentOffset.x.isFinite && cv.contentOffset.y == 0)
        layout.size = Size(width: -5, height: .infinity)
        layout.invalidateLayout()
        cv.layoutIfNeeded()
        #expect(cv.contentSize == Size(width: 0, height: .greatestFiniteMagnitude))
        #expect(cv.checkInvariants())
    }
}

@Suite("The layout pass's visibility test", .tags(.fast))
struct VisibilityTestTests {
    /// Sides and origins that reach every branch of `Rect.intersects`: negative lengths, zero, infinities, NaN.
    static let values: [Double] = [-1e308, -300, -10, -0.5, 0, 0.5, 10, 300, 1e308, .infinity, -.infinity, .nan]

    @Test("Shown exactly when not hidden and the frame intersects the visible rectangle, as Rect.intersects says")
    func sameAsIntersects() {
        var random = SplitMix64(seed: 5)
        let visibles = [Rect(x: 0, y: 0, width: 390, height: 844), Rect(x: -20, y: 100, width: -50, height: 30),
                        Rect.null, Rect(x: 0, y: 0, width: 0, height: 0)]
        for visible in visibles {
            let minimum = SIMD2(visible.minX, visible.minY), maximum = SIMD2(visible.maxX, visible.maxY)
            for index in 0..<20_000 {
                let attributes = LayoutAttributes(forCellWith: IndexPath(item: index, section: 0))
                let pick = { Self.values[Int.random(in: 0..<Self.values.count, using: &random)] }
                attributes.frame = index % 50 == 0 ? .null : Rect(x: pick(), y: pick(), width: pick(), height: pick())
                attributes.isHidden = index % 7 == 0
                let expected = !attributes.isHidden && attributes.frame.intersects(visible)
                #expect(CollectionView.shows(attributes, minimum, maximum, visible.isNull) == expected,
                        "\(attributes.frame) in \(visible)")
            }
        }
    }
}
