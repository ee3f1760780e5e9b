import Testing
import CollectionEngine
import EngineTestSupport
import TestSupport

/// The engine's hooks for layouts that move by themselves, follow the finger or bring their own transition
/// (the catalogue's needs, public to every layout).
@Suite("Layout hooks", .tags(.fast))
struct LayoutHooksTests {
    /// A layout whose single item slides right at 100 points per second until `restAt` seconds, asking for
    /// layout passes while it moves.
    class SlidingLayout: CollectionViewLayout, TimeDrivenLayout {
        var restAt = 1.0
        var x = 0.0
        var advances: [Double] = []
        var timesSeenInPrepare: [Double] = []

        override var collectionViewContentSize: Size { collectionView?.bounds.size ?? .zero }

        override func prepare() {
            super.prepare()
            timesSeenInPrepare.append(collectionView?.frameTime ?? -1)
        }

        func advance(to time: Double) -> Bool {
            advances.append(time)
            let next = 100 * min(time, restAt)
            if next != x {
                x = next
                invalidateLayout()
            }
            return time < restAt
        }

        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            [layoutAttributesForItem(at: IndexPath(item: 0, section: 0))].compactMap { $0 }
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            let attributes = LayoutAttributes(forCellWith: indexPath)
            attributes.frame = Rect(x: x, y: 0, width: 10, height: 10)
            return attributes
        }
    }

    private func collectionView(_ layout: CollectionViewLayout, counts: [Int] = [1]) -> (CollectionView, FixtureDataSource) {
        let dataSource = FixtureDataSource(counts: counts)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        dataSource.register(on: view)
        view.dataSource = dataSource
        view.delegate = dataSource
        return (view, dataSource)
    }

    @Test("A time-driven layout is advanced every frame with the frame's time, which prepare() also sees")
    func timeDriven() throws {
        let layout = SlidingLayout()
        let (view, dataSource) = collectionView(layout)
        defer { withExtendedLifetime(dataSource) {} }
        var frames: [Double] = []
        for frame in 0..<90 {
            let time = Double(frame) / 60
            view.advanceAnimations(to: time)
            #expect(view.frameTime == time)
            frames.append(time)
            view.layoutIfNeeded()
            let cell = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
            #expect(abs((cell.layoutAttributes?.frame.minX ?? -1) - 100 * min(time, 1)) < 1e-9)
            // Settling keeps the collection view animating until the layout rests.
            #expect(view.isAnimating == (time < 1))
        }
        #expect(layout.advances == frames)
        // One prepare per frame while it moves (the first frame's included), none at rest.
        #expect(layout.timesSeenInPrepare == Array(frames.prefix(61)))
    }

    @Test("Motion without end asks for passes but does not keep the collection view animating")
    func endlessMotion() {
        final class Ticking: SlidingLayout {
            override func advance(to time: Double) -> Bool {
                _ = super.advance(to: time)
                return false
            }
        }
        let layout = Ticking()
        layout.restAt = 10
        let (view, dataSource) = collectionView(layout)
        defer { withExtendedLifetime(dataSource) {} }
        for frame in 0..<10 {
            view.advanceAnimations(to: Double(frame) / 60)
            #expect(!view.isAnimating)
            view.layoutIfNeeded()
        }
        #expect(layout.timesSeenInPrepare.count == 10)
    }

    /// A flow layout that logs the drags it hears and reads the finger when the bounds change.
    final class FingerLayout: FlowLayout, LayoutInteractionHandling {
        var heard: [String] = []
        var seenOnBoundsChange: [Point?] = []

        override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
            seenOnBoundsChange.append(collectionView?.panGestureLocation)
            return false
        }

        func collectionView(_ collectionView: CollectionView, drag state: GestureState, at location: Point) {
            heard.append("\(state.rawValue) \(location.x) \(location.y)")
        }
    }

    @Test("Drags reach the layout with the finger in content coordinates, before the content follows it")
    func dragsInGesturesMode() {
        let layout = FingerLayout()
        let (view, dataSource) = collectionView(layout, counts: [400])
        defer { withExtendedLifetime(dataSource) {} }
        view.contentOffset = Point(x: 0, y: 100)
        view.layoutIfNeeded()
        #expect(view.panGestureLocation == nil && view.panGestureState == nil)
        view.beginDragging(at: Point(x: 50, y: 300))
        view.dragChanged(to: Point(x: 50, y: 260))
        view.endDragging(at: Point(x: 50, y: 250), velocity: .zero)
        // Each phase is heard before the content follows the finger, seen from the offset of that moment,
        // and the layout reads the same place when the bounds change (UIKit's
        // panGestureRecognizer.location(in:) while the collection view still has its old bounds).
        #expect(layout.heard == ["began 50.0 400.0", "changed 50.0 360.0", "ended 50.0 390.0"])
        #expect(layout.seenOnBoundsChange.dropFirst() == [Point(x: 50, y: 360), Point(x: 50, y: 390)])
        #expect(view.panGestureState == .ended)
        #expect(view.panGestureLocation == Point(x: 50, y: 400))
        view.beginDragging(at: Point(x: 10, y: 10))
        view.cancelDragging(at: Point(x: 10, y: 20))
        #expect(layout.heard.suffix(2) == ["began 10.0 160.0", "cancelled 10.0 170.0"])
        #expect(view.panGestureState == .cancelled)
    }

    @Test("Recorded drags (offsets mode) reach the layout with their locations, and the content stays put")
    func dragsInOffsetsMode() {
        let layout = FingerLayout()
        let (view, dataSource) = collectionView(layout, counts: [400])
        defer { withExtendedLifetime(dataSource) {} }
        view.layoutIfNeeded()
        view.deliverRecordedDrag(.began, at: Point(x: 20, y: 400), velocity: .zero)
        view.contentOffset = Point(x: 0, y: 30)
        view.deliverRecordedDrag(.changed, at: Point(x: 20, y: 370), velocity: .zero)
        view.deliverRecordedDrag(.ended, at: Point(x: 20, y: 360), velocity: Point(x: 0, y: -10))
        #expect(layout.heard == ["began 20.0 400.0", "changed 20.0 400.0", "ended 20.0 390.0"])
        #expect(view.contentOffset == Point(x: 0, y: 30))
        #expect(view.counters.layoutInteractions == 3)
    }

    /// Moves every item along a path of its own: the plain interpolation, dipped by 100 points at the middle
    /// of the transition, so that its attributes differ from any straight line.
    final class ArcTransition: TransitionLayout {
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            super.layoutAttributesForElements(in: rect).map(arc)
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            super.layoutAttributesForItem(at: indexPath).map(arc)
        }

        private func arc(_ attributes: LayoutAttributes) -> LayoutAttributes {
            let t = transitionProgress
            attributes.center.y += 400 * t * (1 - t)
            return attributes
        }
    }

    final class ArcingLayout: FlowLayout {
        var transitionsMade = 0
        override func transitionLayout(to newLayout: CollectionViewLayout) -> TransitionLayout? {
            transitionsMade += 1
            return ArcTransition(currentLayout: self, nextLayout: newLayout)
        }
    }

    private func twoLayouts() -> (ArcingLayout, FlowLayout) {
        let from = ArcingLayout()
        from.itemSize = Size(width: 100, height: 100)
        let to = FlowLayout()
        to.itemSize = Size(width: 300, height: 100)
        return (from, to)
    }

    @Test("An interactive switch runs through the layout's own transition layout and finishes along its path")
    func ownInteractiveTransition() throws {
        let (from, to) = twoLayouts()
        let (view, dataSource) = collectionView(from, counts: [3])
        defer { withExtendedLifetime(dataSource) {} }
        view.layoutIfNeeded()
        var completed: (Bool, Bool)?
        let transition = view.startInteractiveTransition(to: to) { completed = ($0, $1) }
        #expect(transition is ArcTransition && from.transitionsMade == 1)
        #expect(view.isInteractivelyTransitioning)
        transition.transitionProgress = 0.5
        view.layoutIfNeeded()
        let item = IndexPath(item: 0, section: 0)
        // Half-way: the centres' mean (50 → 160 gives 105; y 50) dipped by 400 · 0.25.
        #expect(view.cellForItem(at: item)?.layoutAttributes?.center == Point(x: 105, y: 150))
        view.finishInteractiveTransition()
        #expect(!view.isInteractivelyTransitioning && view.isAnimating)
        view.advanceAnimations(to: 0.075)
        view.layoutIfNeeded()
        // Progress moves from 0.5 towards 1 on the ease-in-ease-out curve over 0.15 s (0.3 s × what remains),
        // still dipped: the transition's own path, not a straight line.
        let progress = transition.transitionProgress
        #expect(progress > 0.5 && progress < 1)
        let center = try #require(view.cellForItem(at: item)?.layoutAttributes?.center)
        #expect(abs(center.y - (50 + 400 * progress * (1 - progress))) < 1e-9)
        view.advanceAnimations(to: 0.15)
        view.layoutIfNeeded()
        #expect(view.collectionViewLayout === to && completed! == (true, true))
        #expect(view.cellForItem(at: item)?.layoutAttributes?.center == Point(x: 160, y: 50))
        #expect(!view.isAnimating)
    }

    @Test("Cancelling goes back along the transition's path to the first layout")
    func ownTransitionCancelled() {
        let (from, to) = twoLayouts()
        let (view, dataSource) = collectionView(from, counts: [3])
        defer { withExtendedLifetime(dataSource) {} }
        view.layoutIfNeeded()
        var completed: (Bool, Bool)?
        let transition = view.startInteractiveTransition(to: to) { completed = ($0, $1) }
        transition.transitionProgress = 0.4
        view.layoutIfNeeded()
        view.cancelInteractiveTransition()
        view.advanceAnimations(to: 1)
        view.layoutIfNeeded()
        #expect(view.collectionViewLayout === from && transition.transitionProgress == 0 && completed! == (true, false))
        #expect(to.collectionView == nil && from.collectionView === view)
    }

    @Test("An animated switch drives the layout's own transition from 0 to 1, a layout pass per frame")
    func ownAnimatedTransition() throws {
        let (from, to) = twoLayouts()
        let (view, dataSource) = collectionView(from, counts: [3])
        defer { withExtendedLifetime(dataSource) {} }
        view.layoutIfNeeded()
        var finished = false
        view.setCollectionViewLayout(to, animated: true, duration: 0.5) { finished = $0 }
        let transition = try #require(view.collectionViewLayout as? ArcTransition)
        #expect(!view.isInteractivelyTransitioning)
        var dipped = false
        for frame in 1...30 {
            view.advanceAnimations(to: Double(frame) / 60)
            view.layoutIfNeeded()
            let y = view.cellForItem(at: IndexPath(item: 0, section: 0))?.layoutAttributes?.center.y ?? 50
            if y > 60 { dipped = true }
        }
        #expect(dipped)
        #expect(transition.transitionProgress == 1 && view.collectionViewLayout === to && finished)
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.layoutAttributes?.center == Point(x: 160, y: 270))
    }

    @Test("Without a layout's own transition, interactive switches use a plain TransitionLayout")
    func defaultTransition() {
        let from = FlowLayout(), to = FlowLayout()
        let (view, dataSource) = collectionView(from, counts: [3])
        defer { withExtendedLifetime(dataSource) {} }
        view.layoutIfNeeded()
        let transition = view.startInteractiveTransition(to: to)
        #expect(type(of: transition) == TransitionLayout.self)
    }

    /// A flow layout with one decoration view, of a kind only it registers.
    final class PlankLayout: FlowLayout {
        final class Plank: ReusableView {
            required init() {}
        }

        override init() {
            super.init()
            register(Plank.self, forDecorationViewOfKind: "plank")
        }

        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            let plank = LayoutAttributes(category: .decorationView, kind: "plank", indexPath: IndexPath(item: 0, section: 0))
            plank.frame = Rect(x: 0, y: 0, width: 320, height: 20)
            return super.layoutAttributesForElements(in: rect) + (plank.frame.intersects(rect) ? [plank] : [])
        }
    }

    @Test("Decoration views of the layout switched to (or from) are dequeued with its registration in a transition layout")
    func transitionDecorations() throws {
        for toPlanks in [true, false] {
            let (from, to): (FlowLayout, FlowLayout) = toPlanks ? (FlowLayout(), PlankLayout()) : (PlankLayout(), FlowLayout())
            let (view, dataSource) = collectionView(from, counts: [3])
            defer { withExtendedLifetime(dataSource) {} }
            view.layoutIfNeeded()
            let transition = view.startInteractiveTransition(to: to)
            transition.transitionProgress = 0.5
            view.layoutIfNeeded()
            let planks = view.visibleDecorationViews
            #expect(planks.count == 1 && planks.allSatisfy { $0 is PlankLayout.Plank })
            view.finishInteractiveTransition()
            view.advanceAnimations(to: 2)
            view.layoutIfNeeded()
            #expect(view.collectionViewLayout === to && view.visibleDecorationViews.count == (toPlanks ? 1 : 0))
        }
    }

    /// A flow layout with an edit mode that refuses selection, and a rotation handler that changes two
    /// properties, as the tutorials' view controllers do.
    final class ModalLayout: FlowLayout, LayoutInteractionHandling {
        var editing = false
        var sizesHeard: [(old: Size, new: Size)] = []

        func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
            !editing
        }

        func collectionView(_ collectionView: CollectionView, willResizeTo size: Size) {
            sizesHeard.append((collectionView.bounds.size, size))
            let landscape = size.width > size.height
            itemSize = landscape ? Size(width: 80, height: 80) : Size(width: 50, height: 50)
            sectionInset = landscape ? EdgeInsets(top: 0, left: 40, bottom: 0, right: 40) : .zero
        }
    }

    @Test("A layout's shouldSelectItemAt, asked after the delegate's, refuses selection; highlighting still happens")
    func layoutRefusesSelection() {
        let layout = ModalLayout()
        let (view, dataSource) = collectionView(layout, counts: [20])
        defer { withExtendedLifetime(dataSource) {} }
        view.layoutIfNeeded()
        layout.editing = true
        view.handleTap(at: Point(x: 25, y: 25))
        #expect(view.indexPathsForSelectedItems.isEmpty)
        #expect(view.counters.highlights == 1 && view.counters.selections == 0)
        layout.editing = false
        view.handleTap(at: Point(x: 25, y: 25))
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    }

    @Test("A resize reaches the layout before the bounds change, and its two invalidations make one prepare")
    func resizeHook() {
        let layout = ModalLayout()
        let (view, dataSource) = collectionView(layout, counts: [20])
        defer { withExtendedLifetime(dataSource) {} }
        view.layoutIfNeeded()
        let prepares = view.counters.layoutPrepares, invalidations = view.counters.layoutInvalidations
        view.frame = Rect(x: 0, y: 0, width: 844, height: 390)
        view.layoutIfNeeded()
        #expect(layout.sizesHeard.count == 1)
        #expect(layout.sizesHeard.first?.old == Size(width: 320, height: 480))
        #expect(layout.sizesHeard.first?.new == Size(width: 844, height: 390))
        #expect(view.counters.layoutInvalidations - invalidations >= 2)
        #expect(view.counters.layoutPrepares - prepares == 1)
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))?.layoutAttributes?.frame
                == Rect(x: 40, y: 0, width: 80, height: 80))
        // A frame change that keeps the size (a move) is not a resize.
        view.frame = Rect(x: 10, y: 10, width: 844, height: 390)
        #expect(layout.sizesHeard.count == 1)
    }

    /// A layout that reports scanning `cached` attributes per query and returns its one item.
    final class ScanningLayout: SlidingLayout {
        var cached = 250

        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            recordAttributesExamined(cached)
            return super.layoutAttributesForElements(in: rect)
        }
    }

    @Test("What a layout reports examining is added to attributesExamined per query; others report 0")
    func attributesExamined() {
        let layout = ScanningLayout()
        let (view, dataSource) = collectionView(layout)
        defer { withExtendedLifetime(dataSource) {} }
        view.layoutIfNeeded()
        let queries = view.counters.elementQueries
        #expect(queries >= 1)
        #expect(view.counters.attributesExamined == 250 * queries)
        layout.cached = 7
        view.contentOffset = Point(x: 0, y: 5)
        view.layoutIfNeeded()
        #expect(view.counters.attributesExamined == 250 * queries + 7 * (view.counters.elementQueries - queries))
        // Detached, a report goes nowhere.
        let detached = ScanningLayout()
        detached.recordAttributesExamined(10)
        let (plain, plainData) = collectionView(SlidingLayout())
        defer { withExtendedLifetime(plainData) {} }
        plain.layoutIfNeeded()
        #expect(plain.counters.elementQueries >= 1 && plain.counters.attributesExamined == 0)
    }

    @Test("A layout that outlives its collection view, installed or in a transition, no longer names it",
          arguments: [false, true])
    func layoutsOutliveTheirView(inTransition: Bool) {
        let (from, to) = twoLayouts()
        let dataSource = FixtureDataSource(counts: [3])
        do {
            let (view, _) = collectionView(from, counts: [3])
            view.dataSource = dataSource
            view.layoutIfNeeded()
            if inTransition {
                let transition = view.startInteractiveTransition(to: to) { _, _ in }
                transition.transitionProgress = 0.5
                view.layoutIfNeeded()
                #expect(from.collectionView === view && to.collectionView === view)
            } else {
                #expect(from.collectionView === view)
            }
        }
        // The layouts' reference is unretained: the view's deinit cleared it, or this reads freed memory.
        #expect(from.collectionView == nil && to.collectionView == nil)
        withExtendedLifetime(dataSource) {}
    }
}
