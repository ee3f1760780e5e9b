public import CollectionEngine

/// A collection view driven by hand in layout tests: `layout` over a ``FixtureDataSource`` of `counts`,
/// with ``RecordingCell``s, ``RecordingView``s for `supplementaryKinds` (besides headers and footers), laid
/// out once. Subclass it to add the layout's own lookups.
open class LayoutHarness<Layout: CollectionViewLayout> {
    public let dataSource: FixtureDataSource
    public let layout: Layout
    public let collectionView: CollectionView

    public init(layout: Layout, counts: [Int], size: Size, supplementaryKinds: [String] = []) {
        dataSource = FixtureDataSource(counts: counts)
        self.layout = layout
        collectionView = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
        dataSource.register(on: collectionView)
        for kind in supplementaryKinds {
            collectionView.register(forSupplementaryViewOfKind: kind, withReuseIdentifier: kind) { RecordingView() }
        }
        collectionView.dataSource = dataSource
        collectionView.layoutIfNeeded()
    }

    /// Moves the content to `offset` (as a recorded `<scroll>` does, unclamped) and lays out.
    public func scroll(to offset: Point) {
        collectionView.contentOffset = offset
        collectionView.layoutIfNeeded()
    }

    /// Changes the collection view's size (a `<resize>`: a rotation) and lays out.
    public func resize(to size: Size) {
        collectionView.frame = Rect(origin: .zero, size: size)
        collectionView.layoutIfNeeded()
    }

    /// Moves the content to `x` along a horizontal layout and lays out.
    public func scroll(to x: Double) {
        scroll(to: Point(x: x, y: 0))
    }

    /// A finger at (200, 240) dragging the content by `distance` points (positive: to later items) in six
    /// steps and letting go at the finger's `velocity` (points per second along x); then frames until it rests.
    public func fling(by distance: Double, velocity: Double) {
        collectionView.beginDragging(at: Point(x: 200, y: 240))
        for step in 1...6 {
            collectionView.dragChanged(to: Point(x: 200 - distance * Double(step) / 6, y: 240))
            collectionView.layoutIfNeeded()
        }
        collectionView.endDragging(at: Point(x: 200 - distance, y: 240), velocity: Point(x: velocity, y: 0))
        settle()
    }

    /// Advances animations to `time` and lays out: one frame.
    public func frame(at time: Double) {
        collectionView.advanceAnimations(to: time)
        collectionView.layoutIfNeeded()
    }

    /// Runs frames of 1/60 s until nothing moves.
    public func settle() {
        var time = collectionView.frameTime
        while collectionView.isAnimating {
            time += 1.0 / 60
            frame(at: time)
        }
    }
}
