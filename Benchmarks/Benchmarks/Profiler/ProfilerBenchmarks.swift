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

/// The clocks a profiler can measure on: the wall clock, the CPU clock as replays use it (a monotonic read
/// between preemptions), and the naive CPU clock (a system call per read), for comparison.
enum MeasuringClock: String, CaseIterable {
    case wall
    case cpu
    case cpuNaive = "cpu-naive"

    func make() -> any ReplayClock {
        switch self {
        case .wall: MonotonicClock()
        case .cpu: ThreadCPUClock()
        case .cpuNaive: ThreadCPUClock(detectsPreemption: false)
        }
    }
}

/// A scrolling collection view, observed by the profiler (on `clock`) or not; the profiler records the
/// timeline of `timelineFrames` frames when given, and with `observesSpans: false` only times the frames (the
/// collection view has no phase recorder), as a replay with `ReplayOptions.observesSpans` off does.
func scrollingFixture(profiledOn clock: MeasuringClock?, timelineFrames: Int? = nil,
                      observesSpans: Bool = true) -> (CollectionView, Profiler?, Items) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    layout.sectionInset = EdgeInsets(all: 10)
    let items = Items(count: 100_000)
    let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.dataSource = items
    let profiler = clock.map {
        Profiler(clock: $0.make(), budgetNs: 16_666_667,
                 timelineCapacity: timelineFrames.map { $0 * 64 })
    }
    collectionView.phaseRecorder = observesSpans ? profiler?.phaseRecorder : nil
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

    // One clock read, per clock.
    for clock in MeasuringClock.allCases {
        Benchmark("Clock.now.\(clock.rawValue)", configuration: .init(scalingFactor: .kilo)) { benchmark in
            let measuring = clock.make()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(measuring.now())
            }
            benchmark.stopMeasurement()
        }
    }

    // One span: two clock reads and the bookkeeping, per begin/end pair, per clock.
    for clock in MeasuringClock.allCases {
        Benchmark("Profiler.span.\(clock.rawValue)", configuration: .init(scalingFactor: .kilo)) { benchmark in
            let profiler = Profiler(clock: clock.make(), budgetNs: 16_666_667)
            profiler.beginFrame()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                profiler.begin(.events)
                profiler.end()
            }
            benchmark.stopMeasurement()
            blackHole(profiler.endFrame(index: 0, time: 0, cellsCreated: 0))
        }
    }

    // The same span while the profiler records the timeline (`--format chrome-trace`'s repeat): the buffer,
    // allocated before the measurement as a replay allocates it before the repeat, holds every span.
    for clock in [MeasuringClock.wall, .cpu] {
        Benchmark("Profiler.span.\(clock.rawValue).timeline", configuration: .init(scalingFactor: .kilo)) { benchmark in
            let profiler = Profiler(clock: clock.make(), budgetNs: 16_666_667,
                                    timelineCapacity: benchmark.scaledIterations.count + 1)
            profiler.beginFrame()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                profiler.begin(.events)
                profiler.end()
            }
            benchmark.stopMeasurement()
            blackHole(profiler.endFrame(index: 0, time: 0, cellsCreated: 0))
        }
    }

    // The same frames with and without the profiler observing, per clock: `unobserved.<clock>` times the
    // frames only, `observed.<clock>` measures every span as well, and the difference over the former is
    // the profiler's overhead (at most 3 % of a frame); `unobserved` has no profiler at all.
    let frameVariants: [(name: String, clock: MeasuringClock?, observesSpans: Bool)] =
        [("unobserved", nil, false)]
        + [MeasuringClock.wall, .cpu].map { ("unobserved.\($0.rawValue)", $0, false) }
        + MeasuringClock.allCases.map { ("observed.\($0.rawValue)", $0, true) }
    for variant in frameVariants {
        Benchmark("Profiler.frame.\(variant.name)", configuration: .init(scalingFactor: .kilo)) { benchmark in
            let (collectionView, profiler, items) = scrollingFixture(profiledOn: variant.clock,
                                                                     observesSpans: variant.observesSpans)
            var y = 0.0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                y += 23
                profiler?.beginFrame()
                collectionView.contentOffset = Point(x: 0, y: y)
                collectionView.layoutIfNeeded()
                // What a replay records of a frame: its time and top path's index, no sample built.
                if let profiler { blackHole(profiler.endFrame().durationNs) }
            }
            benchmark.stopMeasurement()
            blackHole(items)
        }
    }

    // The same observed frames while the profiler records the timeline.
    for clock in [MeasuringClock.wall, .cpu] {
        Benchmark("Profiler.frame.observed.\(clock.rawValue).timeline", configuration: .init(scalingFactor: .kilo)) { benchmark in
            let (collectionView, profiler, items) = scrollingFixture(profiledOn: clock,
                                                                     timelineFrames: benchmark.scaledIterations.count)
            var y = 0.0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                y += 23
                profiler?.beginFrame()
                collectionView.contentOffset = Point(x: 0, y: y)
                collectionView.layoutIfNeeded()
                // What a replay records of a frame: its time and top path's index, no sample built.
                if let profiler { blackHole(profiler.endFrame().durationNs) }
            }
            benchmark.stopMeasurement()
            blackHole(items)
        }
    }
}
