import Benchmark
import CollectionEngine

/// Counts and sizes for a flow layout, with or without answering sizes as its delegate.
final class Items: CollectionViewDataSource, FlowLayoutDelegate {
    var count: Int
    /// `nil`: every item the same size; else the size of item i is `sizes[i % sizes.count]`.
    let sizes: [Size]?

    init(count: Int, sizes: [Size]? = nil) {
        self.count = count
        self.sizes = sizes
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }

    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        guard let sizes else { return layout.itemSize }
        return sizes[indexPath.item % sizes.count]
    }
}

/// How the items get their sizes.
enum Sizing: String {
    /// No delegate: the layout's `itemSize` (closed-form lines).
    case uniform
    /// The delegate answers one size per item, all equal (one query per item, closed-form lines).
    case delegate
    /// The delegate answers varying sizes (one query per item, explicit lines).
    case varying
}

struct Fixture {
    let collectionView: CollectionView
    let layout: FlowLayout
    let items: Items

    init(count: Int, sizing: Sizing) {
        layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        layout.sectionInset = EdgeInsets(all: 10)
        items = Items(count: count, sizes: sizing == .varying
            ? [Size(width: 100, height: 100), Size(width: 80, height: 120), Size(width: 120, height: 90)] : nil)
        collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collectionView.dataSource = items
        if sizing != .uniform { collectionView.delegate = items }
        collectionView.layoutIfNeeded()
    }
}

let sizes: [(label: String, count: Int)] = [("1k", 1_000), ("100k", 100_000), ("1M", 1_000_000)]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )

    for (label, count) in sizes {
        for sizing in [Sizing.uniform, .delegate, .varying] {
            let name = sizing == .uniform ? "FlowLayout.prepare.\(label)" : "FlowLayout.prepare.\(sizing.rawValue).\(label)"
            Benchmark(name, configuration: .init(maxIterations: count >= 1_000_000 ? 20 : 200)) { benchmark in
                let fixture = Fixture(count: count, sizing: sizing)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    fixture.layout.invalidateLayout()
                    fixture.layout.prepare()
                    blackHole(fixture.layout.collectionViewContentSize)
                }
            }
        }

        // One viewport query at a random offset per iteration: should not grow with the item count.
        for sizing in [Sizing.uniform, .varying] {
            let name = sizing == .uniform ? "FlowLayout.query.\(label)" : "FlowLayout.query.\(sizing.rawValue).\(label)"
            Benchmark(name, configuration: .init(timeUnits: .nanoseconds, scalingFactor: .kilo)) { benchmark in
                let fixture = Fixture(count: count, sizing: sizing)
                let height = fixture.collectionView.contentSize.height - 844
                var rng = SplitMix64(seed: 42)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    let y = Double(rng.next() % UInt64(max(1, height)))
                    blackHole(fixture.layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 390, height: 844)))
                }
            }
        }

        // A layout pass per frame while scrolling (query, reuse, prefetch): should scale with what is visible.
        Benchmark("CollectionView.scroll.\(label)", configuration: .init(timeUnits: .nanoseconds, scalingFactor: .kilo)) {
            benchmark in
            let fixture = Fixture(count: count, sizing: .uniform)
            let height = fixture.collectionView.contentSize.height - 844
            var y = 0.0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                y += 23
                if y > height { y = 0 }
                fixture.collectionView.contentOffset = Point(x: 0, y: y)
                fixture.collectionView.layoutIfNeeded()
            }
            blackHole(fixture.collectionView.counters)
        }
    }

    // The steady scroll: the default flow metrics (50-point items, 10 points apart) on a 390 × 844 view,
    // about 90 items visible, 10 points a frame back and forth over the content, no data-source work. After
    // 600 frames of warm-up (pools, kept cells, the layout's attributes cache and the pass's buffers at their
    // size), each iteration is one frame: scroll, layout pass. mallocs per frame should be 0; the time should
    // not grow with the item count (cost(1M) / cost(1k) ≤ 1.2). No instruction counts: this VM has no
    // performance counters (see Tools/FrameInstructions for callgrind's).
    for (label, count) in sizes + [("10M", 10_000_000)] {
        Benchmark("CollectionView.steadyScroll.\(label)",
                  configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .nanoseconds,
                                       scalingFactor: .kilo)) { benchmark in
            let fixture = SteadyScroll(count: count)
            for _ in 0..<600 { fixture.frame() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { fixture.frame() }
            benchmark.stopMeasurement()
            blackHole(fixture.collectionView.counters)
        }
    }

    // The same steady scroll with the flow layout written as a UIKit subclass that overrides nothing
    // (`ReelUIKit`): what the boundary costs. mallocs per frame should be 0, as the engine's; its time within
    // 1.1 times CollectionView.steadyScroll's. Instructions: Tools/QueryInstructions --layout uikit.
    for (label, count) in [("1k", 1_000), ("1M", 1_000_000)] {
        Benchmark("CollectionView.steadyScroll.uikitFlow.\(label)",
                  configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .nanoseconds,
                                       scalingFactor: .kilo)) { benchmark in
            let fixture = SteadyScroll(count: count, layout: UIKitFlow.make())
            for _ in 0..<600 { fixture.frame() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { fixture.frame() }
            benchmark.stopMeasurement()
            blackHole(fixture.collectionView.counters)
        }
    }

    // A self-sizing steady scroll: the flow layout estimates 390 × 50 and every row that arrives is measured
    // (40 to 100 points), invalidates the layout and moves the rows after it in the same frame. Rows are never
    // measured twice in the measured frames (1,000 items are 70,000 points; 3,600 frames scroll 36,000), so each
    // frame does a self-sizing frame's work; its time and mallocs per frame must not grow from 1k to 100k items.
    // Instructions: Tools/QueryInstructions --layout selfsizing --function frame.
    for (label, count) in [("1k", 1_000), ("100k", 100_000)] {
        Benchmark("CollectionView.steadyScroll.selfSizing.\(label)",
                  configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .nanoseconds,
                                       warmupIterations: 0, scalingFactor: .kilo, maxDuration: .seconds(10),
                                       maxIterations: 3)) { benchmark in
            let fixture = SteadyScroll(count: count, layout: SelfSizingCell.flow(), cell: SelfSizingCell.self)
            for _ in 0..<600 { fixture.frame() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { fixture.frame() }
            benchmark.stopMeasurement()
            blackHole(fixture.collectionView.counters)
        }
    }

    // The steady scroll, the layout's query alone: the rects the collection view asks for on the frames
    // of the steady scroll above (the visible rect on every frame, the region ahead when the display changed),
    // recorded from 600 frames of warm-up, asked again in turn, one rect an iteration. The layout hands out
    // its kept attributes in its last answers' storage: mallocs per query should be 0, and the time should
    // not grow with the item count. Instructions: Tools/QueryInstructions (callgrind).
    for (label, count) in [("1k", 1_000), ("1M", 1_000_000)] {
        Benchmark("FlowLayout.query.steady.\(label)",
                  configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .nanoseconds,
                                       scalingFactor: .kilo)) { benchmark in
            let recorder = QueryRecorder()
            let fixture = SteadyScroll(count: count, layout: recorder)
            for _ in 0..<600 { fixture.frame() }
            recorder.isRecording = false
            let rects = recorder.rects
            var next = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(recorder.layoutAttributesForElements(in: rects[next]))
                next = next + 1 == rects.count ? 0 : next + 1
            }
            benchmark.stopMeasurement()
        }
    }

    // Batch updates on a million items whose sizes the delegate answers (all equal): the plan, the
    // layout's incremental update and the animated display, per performBatchUpdates call.
    Benchmark("FlowLayout.update.10kOperations.1M", configuration: .init(maxIterations: 50)) { benchmark in
        let fixture = Fixture(count: 1_000_000, sizing: .delegate)
        var rng = SplitMix64(seed: 7)
        // 5,000 deletes and 5,000 inserts spread over the section: the count stays a million.
        func distinct(_ count: Int) -> Set<Int> {
            var picked = Set<Int>()
            while picked.count < count { picked.insert(Int(rng.next() % 1_000_000)) }
            return picked
        }
        func batch() -> [BatchOperation] {
            [.deleteItems(distinct(5_000).map { IndexPath(item: $0, section: 0) }),
             .insertItems(distinct(5_000).map { IndexPath(item: $0, section: 0) })]
        }
        var time = 0.0
        for _ in benchmark.scaledIterations {
            let operations = batch()
            benchmark.startMeasurement()
            try fixture.collectionView.performBatchUpdates(operations)
            benchmark.stopMeasurement()
            time += 1
            fixture.collectionView.advanceAnimations(to: time)
        }
    }

    Benchmark("FlowLayout.update.insertAt0.1M", configuration: .init(timeUnits: .microseconds, maxIterations: 500)) {
        benchmark in
        let fixture = Fixture(count: 1_000_000, sizing: .delegate)
        var time = 0.0
        for _ in benchmark.scaledIterations {
            fixture.items.count += 1
            benchmark.startMeasurement()
            try fixture.collectionView.performBatchUpdates([.insertItems([IndexPath(item: 0, section: 0)])])
            benchmark.stopMeasurement()
            time += 1
            fixture.collectionView.advanceAnimations(to: time)
        }
    }
}

/// A default flow layout that records the rects it is asked for.
final class QueryRecorder: FlowLayout {
    private(set) var rects: [Rect] = []
    var isRecording = true
    override var keepsLayoutAttributes: Bool { true }
    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        if isRecording { rects.append(rect) }
        return super.layoutAttributesForElements(in: rect)
    }
}

/// The steady scroll: a default flow layout of `count` items on a 390 × 844 view, scrolled 10 points a
/// frame, reversing at either end of the content (a jump back to the top would replace the whole screen).
final class SteadyScroll {
    let collectionView: CollectionView
    private let items: Items
    private var y = 0.0
    private var step = 10.0
    private let range: Double

    init(count: Int, layout: CollectionViewLayout = FlowLayout(), cell: CollectionViewCell.Type = CollectionViewCell.self) {
        items = Items(count: count)
        collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        collectionView.register(cell, forCellWithReuseIdentifier: "cell")
        collectionView.dataSource = items
        collectionView.layoutIfNeeded()
        range = collectionView.contentSize.height - 844
    }

    /// One frame: the offset moves, the layout pass runs.
    func frame() {
        if y + step > range || y + step < 0 { step = -step }
        y += step
        collectionView.contentOffset = Point(x: 0, y: y)
        collectionView.layoutIfNeeded()
    }
}

/// A cell that sizes itself: 390 points wide, 40 to 100 high by item, as a list of messages of varied lengths.
final class SelfSizingCell: CollectionViewCell {
    required init() {}

    override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
        let height = 40 + Double(layoutAttributes.indexPath.item &* 37 % 61)
        guard layoutAttributes.size.height != height else { return layoutAttributes }
        let preferred = layoutAttributes.copy()
        preferred.size = Size(width: 390, height: height)
        return preferred
    }

    /// A flow layout of full-width rows estimated at 50 points.
    static func flow() -> FlowLayout {
        let flow = FlowLayout()
        flow.itemSize = Size(width: 390, height: 50)
        flow.estimatedItemSize = Size(width: 390, height: 50)
        flow.minimumLineSpacing = 0
        return flow
    }
}
