import CollectionEngine
import TestSupport

/// A collection view of a fixture data source laid out by `layout`, laid out once: the harness of the tests
/// that scroll a layout by hand.
struct LayoutHarness<Layout: CollectionViewLayout> {
    let collectionView: CollectionView
    let layout: Layout
    let data: FixtureDataSource

    init(counts: [Int], layout: Layout, viewport: Size) {
        self.layout = layout
        data = FixtureDataSource(counts: counts)
        collectionView = CollectionView(frame: Rect(origin: .zero, size: viewport), collectionViewLayout: layout)
        data.register(on: collectionView)
        collectionView.dataSource = data
        collectionView.layoutIfNeeded()
    }

    /// Moves the content to `x` and lays out.
    func scroll(to x: Double) {
        collectionView.contentOffset = Point(x: x, y: 0)
        collectionView.layoutIfNeeded()
    }

    /// A finger at (200, 240) dragging the content by `distance` points (positive: to later items) in six
    /// steps and letting go at the finger's `velocity`; then frames until it rests.
    func fling(by distance: Double, velocity: Double) {
        collectionView.beginDragging(at: Point(x: 200, y: 240))
        for step in 1...6 {
            collectionView.dragChanged(to: Point(x: 200 - distance * Double(step) / 6, y: 240))
            collectionView.layoutIfNeeded()
        }
        collectionView.endDragging(at: Point(x: 200 - distance, y: 240), velocity: Point(x: velocity, y: 0))
        settle()
    }

    /// Runs frames of 1/60 s until nothing moves.
    func settle() {
        var time = collectionView.frameTime
        while collectionView.isAnimating {
            time += 1.0 / 60
            collectionView.advanceAnimations(to: time)
            collectionView.layoutIfNeeded()
        }
    }
}
