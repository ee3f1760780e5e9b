import Testing
import RealModule
@testable import CollectionEngine
import TestSupport

@Suite("Hit testing", .tags(.fast))
struct HitTestingTests {
    private let square = Rect(x: 150, y: 150, width: 100, height: 100)  // center (200, 200)

    private func hit(_ elements: [LayoutAttributes], _ point: Point) -> ElementKey? {
        let (view, _, _) = gestureView(FixedLayout(elements))
        return view.hitTest(point)
    }

    private func cell(_ item: Int) -> ElementKey { ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: item, section: 0)) }

    @Test("The highest z-index wins, wherever the element is in display order", arguments: [(1, 0, 0), (0, 1, 1)])
    func zIndexWins(first: Int, second: Int, expected: Int) {
        let elements = [element(0, square, zIndex: first), element(1, square.offsetBy(dx: 50, dy: 0), zIndex: second)]
        #expect(hit(elements, Point(x: 225, y: 200)) == cell(expected))
        // Where only one covers the point, it is hit whatever its z-index.
        #expect(hit(elements, Point(x: 160, y: 200)) == cell(0))
        #expect(hit(elements, Point(x: 290, y: 200)) == cell(1))
    }

    @Test("At equal z-index the larger transform z translation (m43) wins, then the later element")
    func depthThenOrder() {
        let near = Transform3D.translation(x: 0, y: 0, z: 10)
        #expect(hit([element(0, square, transform: near), element(1, square)], Point(x: 200, y: 200)) == cell(0))
        #expect(hit([element(0, square), element(1, square, transform: near)], Point(x: 200, y: 200)) == cell(1))
        #expect(hit([element(0, square), element(1, square)], Point(x: 200, y: 200)) == cell(1))
        // z-index beats depth.
        #expect(hit([element(0, square, zIndex: 1), element(1, square, transform: near)], Point(x: 200, y: 200)) == cell(0))
    }

    @Test("A header over a cell takes the touch; a decoration behind the cells does not")
    func supplementaryAndDecoration() {
        let header = element(.supplementaryView, 0, square, kind: CollectionView.elementKindSectionHeader)
        let badge = element(.decorationView, 0, square, kind: "badge", zIndex: -1)
        let key = hit([element(0, square), header, badge], Point(x: 200, y: 200))
        #expect(key?.category == .supplementaryView && key?.kind == CollectionView.elementKindSectionHeader)
        #expect(hit([element(0, square), badge], Point(x: 200, y: 200)) == cell(0))
    }

    @Test("A rotated element covers its turned shape, not its untransformed frame")
    func rotated() {
        // A 100 × 20 bar centred at (200, 200), turned a quarter: it now stands 20 wide and 100 tall.
        let bar = Rect(x: 150, y: 190, width: 100, height: 20)
        let turned = [element(0, bar, transform: .rotation(angle: .pi / 2, x: 0, y: 0, z: 1))]
        #expect(hit(turned, Point(x: 200, y: 245)) == cell(0))
        #expect(hit(turned, Point(x: 245, y: 200)) == nil)
        #expect(hit([element(0, bar)], Point(x: 245, y: 200)) == cell(0))
    }

    @Test("A scaled element covers its scaled frame around its center", arguments: [(2.0, true), (0.5, false)])
    func scaled(scale: Double, coversNearEdge: Bool) {
        let elements = [element(0, square, transform: .scale(x: scale, y: scale))]
        #expect((hit(elements, Point(x: 245, y: 200)) != nil) == (scale > 0.9))
        #expect((hit(elements, Point(x: 290, y: 200)) != nil) == coversNearEdge)
        #expect((hit(elements, Point(x: 220, y: 220)) != nil))
    }

    @Test("A translation in the transform moves what the element covers")
    func translated() {
        let elements = [element(0, square, transform: .translation(x: 150, y: 0))]
        #expect(hit(elements, Point(x: 200, y: 200)) == nil)
        #expect(hit(elements, Point(x: 350, y: 200)) == cell(0))
    }

    @Test("With perspective, the projected edge bounds what is hit (Cover Flow's turned items)")
    func perspective() throws {
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 500
        let transform = Transform3D.rotation(angle: .pi / 3, x: 0, y: 1, z: 0).concatenating(perspective)
        let elements = [element(0, square, transform: transform)]
        for corner in [(50.0, 0.0), (-50.0, 0.0)] {
            let edge = transform.apply(x: corner.0, y: corner.1)
            let inward = edge.x > 0 ? -0.5 : 0.5
            #expect(hit(elements, Point(x: 200 + edge.x + inward, y: 200)) == cell(0))
            #expect(hit(elements, Point(x: 200 + edge.x - inward, y: 200)) == nil)
        }
        // Seen edge-on, the element covers nothing.
        #expect(hit([element(0, square, transform: .rotation(angle: .pi / 2, x: 0, y: 1, z: 0))], Point(x: 200, y: 200)) == nil)
    }

    @Test("planePoint inverts apply for affine and perspective transforms")
    func planePointRoundTrip() throws {
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 400
        let transforms = [
            Transform3D.rotation(angle: 0.7, x: 0, y: 0, z: 1).scaledBy(x: 1.5, y: 0.8).translatedBy(x: 12, y: -5),
            Transform3D.rotation(angle: -0.9, x: 0, y: 1, z: 0).concatenating(perspective),
            Transform3D.rotation(angle: 0.5, x: 1, y: 0.3, z: 0).translatedBy(x: 0, y: 0, z: 40).concatenating(perspective),
        ]
        for transform in transforms {
            for (x, y) in [(0.0, 0.0), (40, -30), (-45, 45), (10, 20)] {
                let projected = transform.apply(x: x, y: y)
                let back = try #require(transform.planePoint(projectingTo: projected.x, projected.y))
                #expect(abs(back.x - x) < 1e-9 && abs(back.y - y) < 1e-9, "\(transform) at (\(x), \(y)): \(back)")
            }
        }
        #expect(Transform3D.scale(x: 0, y: 1).planePoint(projectingTo: 0, 0) == nil)
    }

    @Test("Hidden and transparent elements are not hit; what is under them is")
    func hiddenAndTransparent() {
        let below = element(0, square)
        #expect(hit([below, element(1, square, zIndex: 1, hidden: true)], Point(x: 200, y: 200)) == cell(0))
        #expect(hit([below, element(1, square, zIndex: 1, alpha: 0)], Point(x: 200, y: 200)) == cell(0))
        #expect(hit([below, element(1, square, zIndex: 1, alpha: 0.005)], Point(x: 200, y: 200)) == cell(0))
        #expect(hit([below, element(1, square, zIndex: 1, alpha: 0.02)], Point(x: 200, y: 200)) == cell(1))
    }

    @Test("Points are in content coordinates; outside the visible bounds nothing is hit")
    func contentCoordinates() {
        let low = Rect(x: 0, y: 1000, width: 100, height: 100)
        let (view, _, _) = gestureView(FixedLayout([element(0, square), element(1, low)]))
        #expect(view.hitTest(Point(x: 50, y: 1050)) == nil)
        view.contentOffset = Point(x: 0, y: 900)
        #expect(view.hitTest(Point(x: 50, y: 1050)) == cell(1))
        #expect(view.hitTest(Point(x: 200, y: 200)) == nil)
        // The frame's edges are half-open, as Rect.contains.
        #expect(view.hitTest(Point(x: 0, y: 1000)) == cell(1))
        #expect(view.hitTest(Point(x: 100, y: 1050)) == nil)
    }
}
