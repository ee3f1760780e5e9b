import Testing
import RealModule
@testable import CollectionEngine
import TestSupport

@Suite("Scroll physics", .tags(.fast))
struct ScrollingTests {
    private func grid(_ count: Int = 10_000) -> Harness { Harness(counts: [count], configure: Harness.grid) }

    /// Drags from y = 600 up to 500 (the content follows: offset 100), then releases at `velocity`.
    private func fling(_ h: Harness, velocity: Double) {
        h.collectionView.beginDragging(at: Point(x: 200, y: 600))
        h.collectionView.dragChanged(to: Point(x: 200, y: 500))
        h.collectionView.endDragging(at: Point(x: 200, y: 500), velocity: Point(x: 0, y: velocity))
    }

    @Test("A fling comes to rest v·r/(1−r)/1000 points away, following the closed form on the way",
          arguments: [(DecelerationRate.normal, 2000.0), (.normal, 500), (.fast, 3000)])
    func closedForm(rate: DecelerationRate, speed: Double) {
        let h = grid()
        let cv = h.collectionView
        cv.decelerationRate = rate
        fling(h, velocity: -speed)
        let r = rate.factorPerMillisecond
        let rest = 100 + speed / 1000 * r / (1 - r)
        #expect(abs(rate.restingDistance(forVelocity: speed) - speed / 1000 * r / (1 - r)) < 1e-9)
        #expect(cv.isDecelerating)
        cv.advanceAnimations(to: 0.1)
        let expected = 100 + speed / 1000 * r * (1 - Double.pow(r, 100)) / (1 - r)
        #expect(abs(cv.contentOffset.y - expected) < 1e-6)
        cv.advanceAnimations(to: 60)
        #expect(cv.contentOffset == Point(x: 0, y: rest))
        #expect(!cv.isDecelerating && !cv.isAnimating)
    }

    @Test("The delegate hears UIKit's order, with the velocity in points per millisecond, and may move the target")
    func delegateOrder() {
        let h = grid()
        var proposed: Point?
        h.data.adjustTarget = { target in
            proposed = target
            return Point(x: target.x, y: 1000)
        }
        h.data.log.removeAll()
        fling(h, velocity: -2000)
        h.collectionView.advanceAnimations(to: 10)
        let scrolling = ["didScroll", "willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating",
                         "didEndDecelerating"]
        var calls: [String] = []
        for entry in h.data.log.entries {
            guard let name = scrolling.first(where: { entry.hasPrefix($0) }) else { continue }
            if name == "didScroll" && calls.last == "didScroll" { continue }
            calls.append(name == "didEndDragging" ? entry : name)
        }
        #expect(calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging decelerate true",
                          "willBeginDecelerating", "didScroll", "didEndDecelerating"])
        #expect(h.data.log.entries.contains { $0.hasPrefix("willEndDragging velocity (0.0, 2.0)") })
        #expect(abs((proposed?.y ?? 0) - 1098) < 1e-9 && proposed?.x == 0)
        #expect(h.collectionView.contentOffset.y == 1000)
    }

    @Test("A layout's target offset snaps the fling, and the deceleration is retargeted to end exactly there")
    func snapping() {
        final class SnappingLayout: FlowLayout {
            override func targetContentOffset(forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point) -> Point {
                Point(x: proposed.x, y: (proposed.y / 110).rounded() * 110)
            }
        }
        let layout = SnappingLayout()
        let h = Harness(counts: [10_000], layout: layout, configure: Harness.grid)
        fling(h, velocity: -2000)
        h.collectionView.advanceAnimations(to: 10)
        // 1098 snaps to 1100.
        #expect(h.collectionView.contentOffset.y == 1100)
    }

    @Test("With paging, the content comes to rest on the nearest page in the direction of the velocity",
          arguments: [(-500.0, 844.0), (500, 0), (0, 0)])
    func paging(velocity: Double, page: Double) {
        let h = grid()
        h.collectionView.isPagingEnabled = true
        fling(h, velocity: velocity)
        h.collectionView.advanceAnimations(to: 10)
        #expect(h.collectionView.contentOffset.y == page)
    }

    /// A paging grid on a 390 × 844 viewport at `page` (pages are 844 tall), dragged by `distance` points
    /// (positive: forward, the finger moving up) and released at the finger's `velocity`.
    private func pagedDrag(from page: Double = 2, distance: Double, velocity: Double) -> Harness {
        let h = grid()
        let cv = h.collectionView
        cv.isPagingEnabled = true
        cv.setContentOffset(Point(x: 0, y: page * 844), animated: false)
        cv.beginDragging(at: Point(x: 200, y: 700))
        cv.dragChanged(to: Point(x: 200, y: 700 - distance))
        cv.endDragging(at: Point(x: 200, y: 700 - distance), velocity: Point(x: 0, y: velocity))
        return h
    }

    @Test("With paging, a fling moves at most one page from the page the drag began on, however strong",
          arguments: [(100.0, -20_000.0, 3.0), (-100, 20_000, 1), (1266, -20_000, 3), (-1266, 20_000, 1),
                      (30, -50_000, 3), (400, 9_000, 2)])
    func pagingOnePagePerFling(distance: Double, velocity: Double, page: Double) {
        let h = pagedDrag(distance: distance, velocity: velocity)
        h.collectionView.advanceAnimations(to: 10)
        #expect(h.collectionView.contentOffset == Point(x: 0, y: page * 844))
        #expect(h.collectionView.warnings.isEmpty)
    }

    @Test("With paging and no velocity, a drag past half a page settles on the next page; a shorter one goes back",
          arguments: [(423.0, 3.0), (-423, 1), (421, 2), (-421, 2), (0, 2)])
    func pagingWithoutVelocity(distance: Double, page: Double) {
        let h = pagedDrag(distance: distance, velocity: 0)
        h.collectionView.advanceAnimations(to: 10)
        #expect(h.collectionView.contentOffset == Point(x: 0, y: page * 844))
    }

    @Test("A paging settle is a 0.3 s quadratic ease-out onto the page, frame by frame, not a deceleration")
    func pagingSettle() {
        let h = pagedDrag(distance: 100, velocity: -2000)
        let cv = h.collectionView
        let start = cv.frameTime, from = 2 * 844.0 + 100, to = 3 * 844.0
        #expect(cv.isDecelerating)
        h.data.log.removeAll()
        var previous = cv.contentOffset.y
        for frame in 1...18 {
            let t = Double(frame) / 60
            cv.advanceAnimations(to: start + t)
            let y = cv.contentOffset.y
            #expect(y >= previous, "frame \(frame): \(y) after \(previous)")
            previous = y
            if frame < 18 {
                let eased = 1 - (1 - t / PageSettle.duration) * (1 - t / PageSettle.duration)
                #expect(abs(y - (from + (to - from) * eased)) < 1e-6, "frame \(frame)")
                #expect(y < to && cv.isDecelerating, "frame \(frame) is not yet at rest")
            }
        }
        // 18 frames at 60 Hz are 0.3 s: at rest on the page, and the delegate told so once.
        #expect(PageSettle.duration == 0.3)
        #expect(cv.contentOffset == Point(x: 0, y: to))
        #expect(!cv.isDecelerating && !cv.isAnimating)
        #expect(h.data.log.entries.filter { $0 == "didEndDecelerating" }.count == 1)
    }

    @Test("A paging target cannot be moved by the delegate: the change is ignored and UIKit's log line recorded")
    func pagingTargetIsNotTheDelegates() {
        let h = grid()
        let cv = h.collectionView
        cv.isPagingEnabled = true
        var heard: Point?
        h.data.adjustTarget = { target in
            heard = target
            return Point(x: 0, y: 5000)
        }
        fling(h, velocity: -500)
        cv.advanceAnimations(to: 0.1)
        cv.advanceAnimations(to: 10)
        #expect(heard == Point(x: 0, y: 844))
        #expect(cv.contentOffset == Point(x: 0, y: 844))
        #expect(cv.warnings == [EngineWarning(kind: .pagingTargetModified,
                                              message: "Stop offset can not be modified for paging scroll views",
                                              time: 0)])
        // A delegate that leaves the target alone raises nothing.
        h.data.adjustTarget = { $0 }
        cv.beginDragging(at: Point(x: 200, y: 600))
        cv.dragChanged(to: Point(x: 200, y: 500))
        cv.endDragging(at: Point(x: 200, y: 500), velocity: Point(x: 0, y: -500))
        cv.advanceAnimations(to: 20)
        #expect(cv.contentOffset == Point(x: 0, y: 2 * 844))
        #expect(cv.warnings.count == 1)
    }

    @Test("A delegate's change of a paging target is ignored in offsets mode too, with the warning")
    func pagingTargetInRecordedDrags() {
        let h = grid()
        let cv = h.collectionView
        cv.isPagingEnabled = true
        h.data.adjustTarget = { _ in Point(x: 0, y: 3000) }
        cv.deliverRecordedDrag(.began, at: Point(x: 200, y: 600), velocity: .zero)
        cv.deliverRecordedDrag(.ended, at: Point(x: 200, y: 500), velocity: Point(x: 0, y: -500))
        #expect(cv.warnings.map(\.kind) == [.pagingTargetModified])
    }

    @Test("Without bounces, flings stop at the ends of the content and drags cannot pull it past them")
    func clamping() {
        let h = grid(60)
        let cv = h.collectionView
        cv.bounces = false
        let end = cv.contentSize.height - 844
        fling(h, velocity: -9000)
        cv.advanceAnimations(to: 10)
        #expect(cv.contentOffset.y == end)
        cv.beginDragging(at: Point(x: 200, y: 100))
        cv.dragChanged(to: Point(x: 180, y: 900))
        #expect(cv.contentOffset == Point(x: 0, y: end - 800))
        // The content is as wide as the screen: it does not move sideways.
        cv.dragChanged(to: Point(x: 180, y: 2000))
        #expect(cv.contentOffset == Point(x: 0, y: 0))
    }

    @Test("A touch catches a fling where it is")
    func catching() {
        let h = grid()
        let cv = h.collectionView
        fling(h, velocity: -2000)
        cv.advanceAnimations(to: 0.2)
        let caught = cv.contentOffset
        cv.beginDragging(at: Point(x: 200, y: 400))
        cv.advanceAnimations(to: 1)
        #expect(cv.contentOffset == caught && !cv.isDecelerating)
    }

    @Test("An animated setContentOffset eases over 0.3 s and ends with its callback")
    func animatedOffset() {
        let h = grid()
        let cv = h.collectionView
        h.data.log.removeAll()
        cv.setContentOffset(Point(x: 0, y: 1000), animated: true)
        cv.advanceAnimations(to: 0.15)
        #expect(abs(cv.contentOffset.y - 500) < 1e-9)
        cv.advanceAnimations(to: 0.3)
        #expect(cv.contentOffset.y == 1000)
        #expect(h.data.log.entries.last == "didEndScrollingAnimation")
    }

    @Test("scrollToItem puts the item where each position says, within the content", arguments: [
        (ScrollPosition.top, 2210.0), (.centeredVertically, 1838), (.bottom, 1466), (.nearest, 1466),
    ])
    func scrollToItem(position: ScrollPosition, offset: Double) {
        let h = grid()
        // Item 60 is on line 20: y = 10 + 20 × 110 = 2210, 100 tall.
        h.collectionView.scrollToItem(at: IndexPath(item: 60, section: 0), at: position, animated: false)
        #expect(h.collectionView.contentOffset == Point(x: 0, y: offset))
        // Already visible: nearest does not move.
        h.collectionView.scrollToItem(at: IndexPath(item: 61, section: 0), at: .nearest, animated: false)
        #expect(h.collectionView.contentOffset == Point(x: 0, y: offset))
        // Near the end, the offset stops at the content's end.
        h.collectionView.scrollToItem(at: IndexPath(item: 9_999, section: 0), at: .top, animated: false)
        #expect(h.collectionView.contentOffset.y == h.collectionView.contentSize.height - 844)
    }
}

@Suite("scrollToItem, horizontally", .tags(.fast))
struct HorizontalScrollToItemTests {
    @Test("Horizontal positions put the item at the left, center or right, within the content", arguments: [
        (ScrollPosition.left, 2210.0), (.centeredHorizontally, 2065), (.right, 1920), (.nearest, 1920),
    ])
    func positions(position: ScrollPosition, offset: Double) {
        let h = Harness(counts: [10_000], viewport: Size(width: 390, height: 844)) { layout, data in
            Harness.grid(layout, data)
            layout.scrollDirection = .horizontal
        }
        // Seven items per column (844 − 20 = 824 fits 7 × 100 + 6 × 10); item 140 is in column 20: x = 2210.
        h.collectionView.scrollToItem(at: IndexPath(item: 140, section: 0), at: position, animated: false)
        #expect(h.collectionView.contentOffset == Point(x: offset, y: 0))
    }
}
