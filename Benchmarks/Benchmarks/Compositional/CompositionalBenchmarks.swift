import Benchmark
import CollectionEngine

/// Counts only: cells dequeued, headers too.
final class Items: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> ReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    }
}

/// A 390 × 844 collection view on a compositional layout of `count` items: two-column rows 100 points high
/// under a pinned header (`orthogonal` false), or one section of cards 300 × 200 paging by group, 10 apart, and
/// under it rows (`orthogonal` true); `estimated` rows are estimated at 100 and never measured (the cost of
/// prefix sums over the groups' extents).
struct Fixture {
    let collectionView: CollectionView
    let layout: CompositionalLayout
    let items: Items
    let orthogonal: Bool
    var position = 0.0
    var step = 10.0

    init(count: Int, orthogonal: Bool = false, estimated: Bool = false) {
        self.orthogonal = orthogonal
        let card = LayoutItem(layoutSize: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        var section: LayoutSection
        if orthogonal {
            section = LayoutSection(group: .horizontal(layoutSize: LayoutSize(width: .absolute(300), height: .absolute(200)),
                                                       subitems: [.item(card)]))
            section.orthogonalScrollingBehavior = .groupPaging
            section.interGroupSpacing = 10
        } else {
            let height: LayoutDimension = estimated ? .estimated(100) : .absolute(100)
            let row = LayoutItem(layoutSize: LayoutSize(width: .fractionalWidth(1), height: estimated ? .estimated(100) : .fractionalHeight(1)))
            section = LayoutSection(group: .horizontal(layoutSize: LayoutSize(width: .fractionalWidth(1), height: height),
                                                       subitem: .item(row), count: 2))
            section.boundarySupplementaryItems = [LayoutBoundarySupplementaryItem(
                layoutSize: LayoutSize(width: .fractionalWidth(1), height: .absolute(44)),
                elementKind: CollectionView.elementKindSectionHeader, alignment: .top, pinToVisibleBounds: true)]
        }
        layout = CompositionalLayout(section: section)
        items = Items(count: count)
        collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collectionView.register(forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header") {
            ReusableView()
        }
        collectionView.dataSource = items
        collectionView.layoutIfNeeded()
    }

    /// One frame of a steady scroll, 10 points, back and forth: the content, or the orthogonal section's cards.
    mutating func frame() {
        let range = orthogonal ? (layout.nestedScroller(withID: 0)?.maximumOffset ?? 0) : collectionView.contentSize.height - 844
        if position + step > range || position + step < 0 { step = -step }
        position += step
        if orthogonal {
            collectionView.setNestedScrollOffset(max(0, position), of: 0)
        } else {
            collectionView.contentOffset = Point(x: 0, y: max(0, position))
        }
        collectionView.layoutIfNeeded()
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 200
    )

    // prepare() from scratch: O(1) per section of equal groups; O(groups) when the extents are estimated.
    for (label, count) in [("1k", 1_000), ("100k", 100_000)] {
        for estimated in [false, true] {
            Benchmark("CompositionalLayout.prepare\(estimated ? ".estimated" : "").\(label)") { benchmark in
                let fixture = Fixture(count: count, estimated: estimated)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    fixture.layout.invalidateLayout()
                    fixture.layout.prepare()
                    blackHole(fixture.layout.collectionViewContentSize)
                }
            }
        }
    }

    // The steady scroll, vertical (under a pinned header: every frame invalidates) and orthogonal (a nested
    // scroller's offset every frame). After 600 frames of warm-up each iteration is one frame; mallocs per
    // frame should be 0 and the time flat from 1k to 100k items.
    for (label, count) in [("1k", 1_000), ("100k", 100_000)] {
        for orthogonal in [false, true] {
            Benchmark("CompositionalLayout.steadyScroll\(orthogonal ? ".orthogonal" : "").\(label)",
                      configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .nanoseconds,
                                           scalingFactor: .kilo)) { benchmark in
                var fixture = Fixture(count: count, orthogonal: orthogonal)
                for _ in 0..<600 { fixture.frame() }
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations { fixture.frame() }
                benchmark.stopMeasurement()
                blackHole(fixture.collectionView.counters)
            }
        }
    }
}
