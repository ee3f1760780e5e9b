import Testing
@testable import CollectionEngine
import TestSupport

@Suite("Animations and layout switches", .tags(.fast))
struct AnimationTests {
    @Test("Ease-in-ease-out is Core Animation's curve: symmetric, slow at both ends")
    func easing() {
        let curve = TimingCurve.easeInEaseOut
        #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
        #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-9)
        // cubic-bezier(0.42, 0, 0.58, 1) at x = 0.25 is y ≈ 0.129 (CSS's ease-in-out).
        #expect(abs(curve.value(at: 0.25) - 0.1291) < 0.0005)
        #expect(abs(curve.value(at: 0.75) - (1 - curve.value(at: 0.25))) < 1e-9)
        let samples = stride(from: 0.0, through: 1.0, by: 0.01).map(curve.value(at:))
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(TimingCurve.linear.value(at: 0.3) == 0.3)
    }

    @Test("Attributes interpolate center, size and alpha linearly; z-index and custom fields step at the midpoint")
    func interpolation() {
        let a = MaskedAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        a.alpha = 0
        a.zIndex = 1
        a.maskingValue = 0.2
        let b = MaskedAttributes(forCellWith: IndexPath(item: 4, section: 0))
        b.frame = Rect(x: 100, y: 200, width: 50, height: 150)
        b.zIndex = 5
        b.maskingValue = 0.8
        b.transform3D = .rotation(angle: .pi / 2, x: 0, y: 0, z: 1)
        let early = a.interpolated(to: b, fraction: 0.25)
        // Centers (50, 50) → (125, 275), sizes 100 × 100 → 50 × 150.
        #expect(early.center == Point(x: 68.75, y: 106.25) && early.size == Size(width: 87.5, height: 112.5))
        #expect(early.alpha == 0.25 && early.zIndex == 1)
        #expect((early as? MaskedAttributes)?.maskingValue == 0.2)
        #expect(early.indexPath == b.indexPath)
        let late = a.interpolated(to: b, fraction: 0.75)
        #expect(late.zIndex == 5 && (late as? MaskedAttributes)?.maskingValue == 0.8)
        let half = a.interpolated(to: b, fraction: 0.5).transform3D
        let expected = Transform3D.rotation(angle: .pi / 4, x: 0, y: 0, z: 1)
        #expect(zip(half.rowMajor, expected.rowMajor).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test("An item animating from 180° to 193.8° turns 13.8°, through 186.9° halfway, not 346° the long way")
    func shortWayRotation() {
        let a = LayoutAttributes(forCellWith: IndexPath(item: 6, section: 0))
        a.transform3D = .rotation(angle: .pi, x: 0, y: 0, z: 1)
        let b = LayoutAttributes(forCellWith: IndexPath(item: 6, section: 0))
        b.transform3D = .rotation(angle: 193.8 * .pi / 180, x: 0, y: 0, z: 1)
        for (fraction, degrees) in [(0.25, 183.45), (0.5, 186.9), (0.75, 190.35)] {
            let t = a.interpolated(to: b, fraction: fraction).transform3D
            let expected = Transform3D.rotation(angle: degrees * .pi / 180, x: 0, y: 0, z: 1)
            #expect(zip(t.rowMajor, expected.rowMajor).allSatisfy { abs($0 - $1) < 1e-9 }, "at \(fraction): \(t)")
        }
    }

    /// A list layout that records its transition hooks.
    final class ListLayout: FlowLayout {
        var hooks: [String] = []
        override init() {
            super.init()
            itemSize = Size(width: 390, height: 44)
            minimumLineSpacing = 0
        }
        override func prepareForTransition(from oldLayout: CollectionViewLayout) { hooks.append("prepare from") }
        override func finalizeLayoutTransition() { hooks.append("finalize") }
    }

    @Test("An animated layout switch moves every element over the duration, eased, then finalizes")
    func animatedSwitch() throws {
        let h = Harness(counts: [60], configure: Harness.grid)
        let cv = h.collectionView
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 4, section: 0)))
        let gridFrame = cell.frame
        let list = ListLayout()
        var completed = 0
        cv.setCollectionViewLayout(list, animated: true, duration: 0.3) { finished in
            if finished { completed += 1 }
        }
        #expect(cv.isAnimating)
        // Item 4 of the list is at y = 176.
        let listFrame = Rect(x: 0, y: 176, width: 390, height: 44)
        #expect(cell.frame == gridFrame)
        cv.advanceAnimations(to: 0.15)
        // Halfway in time is halfway in progress for ease-in-ease-out.
        #expect(cell.frame.rounded == Rect(x: (gridFrame.minX + listFrame.minX) / 2, y: (gridFrame.minY + listFrame.minY) / 2,
                                            width: (gridFrame.width + listFrame.width) / 2, height: (gridFrame.height + listFrame.height) / 2).rounded)
        #expect(completed == 0)
        cv.advanceAnimations(to: 0.3)
        #expect(cell.frame == listFrame)
        #expect(completed == 1 && !cv.isAnimating)
        #expect(list.hooks == ["prepare from", "finalize"])
        // Items the grid showed below the list's end (item 20 and on) animated out and went back to the pool.
        #expect(cv.cellForItem(at: IndexPath(item: 20, section: 0)) == nil)
        #expect(cv.indexPathsForVisibleItems.map(\.item) == Array(0..<20))
        #expect(cv.displayedElements.count == 20)
        #expect(cv.checkInvariants())
    }

    @Test("Elements that leave in a switch end at the new layout's attributes; elements that appear start from the old one's")
    func appearingAndLeaving() throws {
        let h = Harness(counts: [60], configure: Harness.grid)
        let cv = h.collectionView
        // The grid shows items 0–23; the list shows 0–19 (44 points each in 844).
        cv.setCollectionViewLayout(ListLayout(), animated: true, duration: 0.3)
        let leaving = try #require(cv.displayedElements.first { $0.key.indexPath.item == 22 }?.view)
        #expect(cv.indexPathsForVisibleItems.count == 20)
        cv.advanceAnimations(to: 0.3 - 1e-6)
        // Item 22 heads for the list's row at y = 968.
        #expect(abs(leaving.frame.minY - 968) < 0.01 && abs(leaving.frame.width - 390) < 0.01)
        cv.advanceAnimations(to: 0.3)
        #expect(!cv.displayedElements.contains { $0.key.indexPath.item == 22 })

        // Back to the grid: item 22 appears from where the list had it.
        cv.setCollectionViewLayout(h.layout, animated: true, duration: 0.3)
        let appearing = try #require(cv.cellForItem(at: IndexPath(item: 22, section: 0)))
        #expect(appearing.frame == Rect(x: 0, y: 968, width: 390, height: 44))
        cv.advanceAnimations(to: 0.6)
        #expect(appearing.frame == Rect(x: 145, y: 780, width: 100, height: 100))
        #expect(cv.checkInvariants())
    }

    @Test("An interactive transition interpolates by progress; cancelling animates back and keeps the old layout")
    func interactiveTransition() throws {
        let h = Harness(counts: [30], configure: Harness.grid)
        let cv = h.collectionView
        let grid = h.layout
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 4, section: 0)))
        let gridFrame = cell.frame
        var result: (Bool, Bool)?
        let transition = cv.startInteractiveTransition(to: ListLayout()) { completed, finished in result = (completed, finished) }
        transition.transitionProgress = 0.4
        cv.layoutIfNeeded()
        let listFrame = Rect(x: 0, y: 176, width: 390, height: 44)
        let expected = Rect(x: gridFrame.minX + (listFrame.minX - gridFrame.minX) * 0.4,
                            y: gridFrame.minY + (listFrame.minY - gridFrame.minY) * 0.4,
                            width: gridFrame.width + (listFrame.width - gridFrame.width) * 0.4,
                            height: gridFrame.height + (listFrame.height - gridFrame.height) * 0.4)
        #expect(cell.frame.rounded == expected.rounded)
        cv.cancelInteractiveTransition()
        #expect(cv.collectionViewLayout === grid)
        // The way back takes 0.4 of the full 0.3 s.
        cv.advanceAnimations(to: 0.12)
        #expect(cell.frame == gridFrame)
        #expect(result.map { "\($0.0) \($0.1)" } == "true false")
        #expect(cv.checkInvariants())
    }
}
