import Benchmark
import CollectionEngine

/// A feed of `count` items whose identifiers are each a run of one (`m0 m2 m4 …`: no two consecutive, so the
/// diff gets no help from runs), and the next snapshot: every 100th item deleted, a new item inserted after
/// every 100th, and 10 items moved to the top.
struct Feed {
    let old: [SnapshotSection]
    let new: [SnapshotSection]

    init(count: Int) {
        var before = IdentifierRuns(), after = IdentifierRuns()
        for item in 0..<count { before.append(.init(prefix: "m", start: 2 * item, count: 1)) }
        let moved = (0..<10).map { 2 * (count / 2 + $0 * 7) }
        for number in moved { after.append(.init(prefix: "m", start: number, count: 1)) }
        for item in 0..<count where item % 100 != 1 && !moved.contains(2 * item) {
            after.append(.init(prefix: "m", start: 2 * item, count: 1))
            if item % 100 == 0 { after.append(.init(prefix: "m", start: 2 * item + 1, count: 1)) }
        }
        old = [SnapshotSection(identifier: "feed", items: before)]
        new = [SnapshotSection(identifier: "feed", items: after)]
    }
}

/// Counts only: what the collection view asks.
final class Counts: CollectionViewDataSource {
    var count: Int
    init(_ count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
}

let sizes: [(label: String, count: Int)] = [("10k", 10_000), ("100k", 100_000), ("1M", 1_000_000)]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        maxDuration: .seconds(5),
        maxIterations: 50
    )

    for (label, count) in sizes {
        // The diff alone: the new snapshot's runs against the old one's, into a batch. Linear in the items:
        // cost(1M) / cost(100k) ≤ 12.
        Benchmark("SnapshotDiff.diff.\(label)") { benchmark in
            let feed = Feed(count: count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try SnapshotDiff(from: feed.old, to: feed.new).operations.count)
            }
        }

        // Applying: the diff and its batch through the engine (UIKit's rules, the layout's update, the display),
        // not animated, on a flow layout of `count` items; back and forth between the two snapshots.
        Benchmark("CollectionView.applySnapshot.\(label)") { benchmark in
            let feed = Feed(count: count)
            let layout = FlowLayout()
            layout.itemSize = Size(width: 100, height: 100)
            let view = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
            view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            let data = Counts(count)
            view.dataSource = data
            view.layoutIfNeeded()
            var forward = true
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let diff = try view.diffSnapshot(from: forward ? feed.old : feed.new, to: forward ? feed.new : feed.old)
                data.count = diff.newCounts[0]
                try view.performBatchUpdates(diff.operations, animated: false)
                view.layoutIfNeeded()
                forward.toggle()
            }
            blackHole(view.counters)
        }
    }
}
