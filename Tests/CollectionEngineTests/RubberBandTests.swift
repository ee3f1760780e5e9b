import Testing
import RealModule
@testable import CollectionEngine
import TestSupport

/// UIScrollView's rubber band, spring back and bounces settings.
@Suite("Rubber band and bounces", .tags(.fast))
struct RubberBandTests {
    private func grid(_ count: Int = 10_000) -> Harness { Harness(counts: [count], configure: Harness.grid) }

    /// The values "Analysis of Apple's rubber band scrolling" (squareb.wordpress.com, 6 January 2013) gives for
    /// @chpwn's formula with UIScrollView's 0.55 in a 960-point extent.
    @Test("The formula gives the published values", arguments: [(5.0, 2.74), (10, 5.47), (100, 52.02), (400, 178.98),
                                                               (960, 340.65)])
    func publishedValues(travel: Double, expected: Double) {
        #expect(abs(RubberBand.offset(beyond: travel, extent: 960) - expected) < 0.005)
    }

    /// UIScrollView.bounces: "If the value of this property is true, the scroll view bounces when it encounters a
    /// boundary of the content" (Apple's documentation); the distance follows @chpwn's formula.
    @Test("Dragging past the top moves the content (1 − 1 / (x · 0.55 / d + 1)) · d past it",
          arguments: [10.0, 50, 200, 1000])
    func pastTheTop(travel: Double) {
        let cv = grid().collectionView
        cv.beginDragging(at: Point(x: 200, y: 100))
        cv.dragChanged(to: Point(x: 200, y: 100 + travel))
        let d = cv.bounds.height
        let expected = -(1 - 1 / (travel * 0.55 / d + 1)) * d
        #expect(abs(cv.contentOffset.y - expected) < 1e-9)
        #expect(cv.contentOffset.x == 0)
    }

    @Test("Past the bottom too, and a drag that catches content past an edge keeps it under the finger")
    func pastTheBottomAndCaught() {
        let h = grid(30)
        let cv = h.collectionView
        let bottom = cv.contentSize.height - cv.bounds.height
        h.scroll(to: Point(x: 0, y: bottom))
        cv.beginDragging(at: Point(x: 200, y: 600))
        cv.dragChanged(to: Point(x: 200, y: 400))
        let d = cv.bounds.height
        let past = (1 - 1 / (200 * 0.55 / d + 1)) * d
        #expect(abs(cv.contentOffset.y - (bottom + past)) < 1e-9)
        cv.endDragging(at: Point(x: 200, y: 400), velocity: .zero)
        cv.advanceAnimations(to: 0.05)
        let caught = cv.contentOffset
        cv.beginDragging(at: Point(x: 200, y: 400))
        cv.dragChanged(to: Point(x: 200, y: 400))
        #expect(abs(cv.contentOffset.y - caught.y) < 1e-6)
    }

    @Test("Released past the edge, the content springs back and settles exactly on it, the delegate told")
    func springBack() {
        let h = grid()
        let cv = h.collectionView
        cv.beginDragging(at: Point(x: 200, y: 100))
        cv.dragChanged(to: Point(x: 200, y: 300))
        let pulled = cv.contentOffset.y
        h.data.log.removeAll()
        cv.endDragging(at: Point(x: 200, y: 300), velocity: Point(x: 0, y: 800))
        #expect(cv.isDecelerating)
        cv.advanceAnimations(to: 0.1)
        #expect(cv.contentOffset.y > pulled && cv.contentOffset.y < 0)
        cv.advanceAnimations(to: 2)
        #expect(cv.contentOffset == .zero)
        #expect(!cv.isDecelerating && !cv.isAnimating)
        #expect(h.data.log.entries.contains { $0.hasPrefix("didEndDecelerating") })
    }

    @Test("bounces = false: the content stops at its edges, as before")
    func noBounce() {
        let cv = grid().collectionView
        cv.bounces = false
        cv.beginDragging(at: Point(x: 200, y: 100))
        cv.dragChanged(to: Point(x: 200, y: 400))
        #expect(cv.contentOffset == .zero)
        cv.endDragging(at: Point(x: 200, y: 400), velocity: Point(x: 0, y: 3000))
        #expect(!cv.isDecelerating)
    }

    /// UIScrollView.alwaysBounceVertical: "If this property is set to true and bounces is true, vertical dragging
    /// is allowed even if the content is smaller than the bounds of the scroll view. The default value is false."
    @Test("Content that fits bounces only with always-bounce-vertical, and never sideways without always-bounce-horizontal")
    func alwaysBounce() {
        let cv = grid(3).collectionView
        cv.beginDragging(at: Point(x: 200, y: 100))
        cv.dragChanged(to: Point(x: 300, y: 200))
        #expect(cv.contentOffset == .zero)
        cv.endDragging(at: Point(x: 300, y: 200), velocity: .zero)

        cv.alwaysBounceVertical = true
        cv.beginDragging(at: Point(x: 200, y: 100))
        cv.dragChanged(to: Point(x: 300, y: 200))
        let d = cv.bounds.height
        #expect(abs(cv.contentOffset.y + (1 - 1 / (100 * 0.55 / d + 1)) * d) < 1e-9)
        #expect(cv.contentOffset.x == 0)
        cv.endDragging(at: Point(x: 300, y: 200), velocity: .zero)
        cv.advanceAnimations(to: 2)
        #expect(cv.contentOffset == .zero)

        cv.alwaysBounceHorizontal = true
        cv.beginDragging(at: Point(x: 200, y: 100))
        cv.dragChanged(to: Point(x: 300, y: 100))
        #expect(cv.contentOffset.x < 0)
    }

    @Test("A fling that reaches an edge overshoots it and comes back to rest on it")
    func flingOvershoot() {
        let h = grid(60)
        let cv = h.collectionView
        h.scroll(to: Point(x: 0, y: 300))
        cv.beginDragging(at: Point(x: 200, y: 400))
        cv.dragChanged(to: Point(x: 200, y: 420))
        // The finger moves down at 3000 points per second: the content scrolls up, toward the top.
        cv.endDragging(at: Point(x: 200, y: 420), velocity: Point(x: 0, y: 3000))
        var lowest = cv.contentOffset.y
        var time = 0.0
        while cv.isAnimating && time < 10 {
            time += 1.0 / 60
            cv.advanceAnimations(to: time)
            lowest = min(lowest, cv.contentOffset.y)
        }
        #expect(lowest < -1)
        #expect(cv.contentOffset == .zero)
        // Without bounces the same fling stops at the top.
        let plain = grid(60)
        plain.collectionView.bounces = false
        plain.scroll(to: Point(x: 0, y: 300))
        plain.collectionView.beginDragging(at: Point(x: 200, y: 400))
        plain.collectionView.dragChanged(to: Point(x: 200, y: 420))
        plain.collectionView.endDragging(at: Point(x: 200, y: 420), velocity: Point(x: 0, y: 3000))
        var plainLowest = plain.collectionView.contentOffset.y
        time = 0
        while plain.collectionView.isAnimating && time < 10 {
            time += 1.0 / 60
            plain.collectionView.advanceAnimations(to: time)
            plainLowest = min(plainLowest, plain.collectionView.contentOffset.y)
        }
        #expect(plainLowest == 0 && plain.collectionView.contentOffset == .zero)
    }
}
