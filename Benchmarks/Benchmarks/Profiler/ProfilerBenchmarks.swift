import Benchmark
import CollectionEngine
@_spi(Benchmarks) import Replay

/// Counts and cells for a uniform flow layout.
final class Items: CollectionViewDataSource {
    let count: Int

    init(count: Int) {
        self.count = count
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
}

/// A scrolling collection view, observed by the profiler or not.
func scrollingFixture(profiled: Bool) -> (CollectionView, Profiler?, Items) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    layout.sectionInset = EdgeInsets(all: 10)
    let items = Items(count: 100_000)
    let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.dataSource = items
    let profiler = profiled ? Profiler(clock: MonotonicClock(), budgetNs: 16_666_667) : nil
    collectionView.observer = profiler
    collectionView.layoutIfNeeded()
    return (collectionView, profiler, items)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal],
        timeUnits: .nanoseconds,
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )

    // One span: two monotonic clock reads and the bookkeeping, per begin/end pair.
    Benchmark("Profiler.span", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let profiler = Profiler(clock: MonotonicClock(), budgetNs: 16_666_667)
        profiler.beginFrame()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            profiler.begin(.events)
            profiler.end()
        }
        benchmark.stopMeasurement()
        blackHole(profiler.endFrame(index: 0, time: 0, cellsCreated: 0))
    }

    // The same frames with and without the profiler observing: the difference is what measuring costs.
    for profiled in [false, true] {
        Benchmark("Profiler.frame.\(profiled ? "observed" : "unobserved")", configuration: .init(scalingFactor: .kilo)) {
            benchmark in
            let (collectionView, profiler, items) = scrollingFixture(profiled: profiled)
            var y = 0.0
            var index = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                y += 23
                profiler?.beginFrame()
                collectionView.contentOffset = Point(x: 0, y: y)
                collectionView.layoutIfNeeded()
                if let profiler { blackHole(profiler.endFrame(index: index, time: 0, cellsCreated: 0)) }
                index += 1
            }
            benchmark.stopMeasurement()
            blackHole(items)
        }
    }
}
