import CollectionEngine
import EngineTestSupport

/// A collection view with a flow layout and a fixture data source, laid out once.
struct Harness {
    let collectionView: CollectionView
    let layout: FlowLayout
    let data: FixtureDataSource

    /// - Parameters:
    ///   - useDelegate: whether the fixture is also the delegate (display callbacks, flow metrics).
    ///   - prefetching: the collection view's `isPrefetchingEnabled` for the first pass and after.
    ///   - limit: the collection view's `visibleElementLimit`.
    init(counts: [Int], viewport: Size = Size(width: 390, height: 844), useDelegate: Bool = true,
         prefetching: Bool = true, layout: FlowLayout = FlowLayout(),
         configure: (FlowLayout, FixtureDataSource) -> Void = { _, _ in }, limit: Int? = nil) {
        self.layout = layout
        data = FixtureDataSource(counts: counts)
        collectionView = CollectionView(frame: Rect(origin: .zero, size: viewport), collectionViewLayout: layout)
        configure(layout, data)
        collectionView.isPrefetchingEnabled = prefetching
        collectionView.visibleElementLimit = limit
        data.register(on: collectionView)
        collectionView.dataSource = data
        if useDelegate { collectionView.delegate = data }
        collectionView.layoutIfNeeded()
    }

    /// 100-point items with 10-point spacing and insets: in a 390 × 844 viewport, three items per line,
    /// lines 110 points apart, 8 or 9 lines visible.
    static func grid(_ layout: FlowLayout, _ data: FixtureDataSource) {
        layout.itemSize = Size(width: 100, height: 100)
        layout.sectionInset = EdgeInsets(all: 10)
    }

    func frame(_ item: Int, section: Int = 0) -> Rect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// Scrolls to `offset` and lays out.
    func scroll(to offset: Point) {
        collectionView.contentOffset = offset
        collectionView.layoutIfNeeded()
    }
}

extension Rect {
    /// `(x, y, w, h)` rounded to 1e-6, for readable comparisons.
    var rounded: [Double] {
        [origin.x, origin.y, size.width, size.height].map { ($0 * 1e6).rounded() / 1e6 }
    }
}
