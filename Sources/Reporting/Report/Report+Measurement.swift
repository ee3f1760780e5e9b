internal import Histogram
internal import ReelVersion

extension Report {
    /// How many slowest frames a report lists.
    static let worstFrameCount = 5

    /// Computes the figures, hot paths and findings from a replay's measurement.
    ///
    /// Per-repeat counts (frames, session length, janky and dropped frames, hitch time, hot-path times and
    /// calls) are means over the measured repeats; the hitch ratio and effective fps follow from those means,
    /// which is the same as computing them over all repeats pooled. Percentiles and worst frames pool the frames
    /// of every measured repeat; peak fps is the best repeat's. A measurement without repeats or frames gives
    /// zeros everywhere.
    ///
    /// The frame figures cover the frames of the measurement's ``MeasurementWindow``; frame 0 is reported apart
    /// as the initial display (mean over repeats), and counters and hot paths cover whole passes.
    /// - Parameter measurement: What the replay measured; its budget and refresh rate must be positive.
    /// - Complexity: O(*n* log *n*) in the number of frames over all repeats.
    public init(_ measurement: ReplayMeasurement) {
        precondition(measurement.budgetMs > 0, "the frame budget is positive, not \(measurement.budgetMs) ms")
        precondition(measurement.refreshRate > 0, "the refresh rate is positive, not \(measurement.refreshRate) Hz")
        let repeatCount = measurement.repeats.count
        let window = measurement.window
        let frameClock = measurement.frameClock
        // The frame figures cover the window's frames; counters and hot paths whole passes. Nothing here copies
        // a repeat's frames: they are read from its log where they are needed.
        let measured = measurement.repeats.map { MeasuredFrames($0.frames, window: window, frameClock: frameClock) }
        let initialFrames = measurement.repeats.map { $0.frames.initialFrame }
        let perRepeat = measurement.repeats.indices.map { index in
            RepeatFigures(measured[index], initial: initialFrames[index],
                          paths: measurement.repeats[index].paths, frameClock: frameClock)
        }
        func mean(_ total: Double) -> Double { repeatCount == 0 ? 0 : total / Double(repeatCount) }

        let frames = mean(Double(perRepeat.reduce(0) { $0 + $1.frames }))
        let dropped = mean(Double(perRepeat.reduce(0) { $0 + $1.droppedFrames }))
        let hitchTime = mean(perRepeat.reduce(0) { $0 + $1.hitchTimeMs })
        // A uniform clock's session is frames / rate, as it always was; with intervals, the mean of the repeats'
        // sums of intervals.
        let session = frameClock.isUniform ? frames / measurement.refreshRate
            : mean(measured.reduce(0) { $0 + $1.sessionSeconds })
        // How long the frames were on screen: each frame its interval, and once more per frame it dropped.
        let displaySeconds = mean(perRepeat.reduce(0) { total, figures in
            total + ((figures.effectiveFPS ?? 0) > 0 ? Double(figures.frames) / (figures.effectiveFPS ?? 1) : 0) })
        let peak = perRepeat.compactMap(\.peakFPS).max() ?? 0
        let initialTimes = initialFrames.compactMap { $0.map { FrameMath.ms($0.durationNs) } }
        let initialDisplay = initialTimes.isEmpty ? nil : InitialDisplay(
            ms: initialTimes.reduce(0, +) / Double(initialTimes.count),
            topPath: initialFrames.lazy.compactMap { $0 }.first?.topPath)

        self.init(
            complete: measurement.complete, trace: measurement.trace, layout: measurement.layout,
            mode: measurement.mode, refreshRateHz: measurement.refreshRate, budgetMs: measurement.budgetMs,
            repeats: repeatCount, warmup: measurement.warmup, frames: frames, sessionSeconds: session,
            // One repeat's figures are the pooled ones: its frames are all the frames.
            frameTimeMs: perRepeat.count == 1 ? perRepeat[0].frameTimeMs : FrameMath.frameTimes(PooledDurations(measured)),
            jankyFrames: mean(Double(perRepeat.reduce(0) { $0 + $1.jankyFrames })), droppedFrames: dropped,
            hitchTimeMs: hitchTime, hitchTimeRatio: session > 0 ? hitchTime / session : 0,
            effectiveFPS: frames <= 0 ? 0 : frameClock.isUniform ? measurement.refreshRate * frames / (frames + dropped)
                : displaySeconds > 0 ? frames / displaySeconds : 0,
            peakFPS: peak,
            counters: measurement.counters,
            hotPaths: Self.hotPaths(measurement.repeats, initialDisplayApart: window.includesInitialDisplay ? []
                : initialFrames.map { ($0?.durationNs).map { FrameMath.isJanky($0, budgetNs: frameClock.budgetNs(ofFrame: 0)) } ?? false }),
            worstFrames: Self.worstFrames(measured), environment: measurement.environment,
            warnings: measurement.warnings, failure: measurement.failure, markers: measurement.markers,
            perRepeat: perRepeat, clock: measurement.clock, workload: measurement.workload, initialDisplay: initialDisplay,
            window: window, reelVersion: ReelVersion.reelVersion,
            frozenFrames: mean(Double(perRepeat.reduce(0) { $0 + ($1.frozenFrames ?? 0) })), frameClock: frameClock)
        frameSamples = FrameRows(logs: measurement.repeats.map(\.frames))
        findings = FindingRules.findings(in: measurement)
        timeline = measurement.timeline
    }

    /// Per-path means over `repeats`, sorted by janky self time, then self time, then path.
    ///
    /// A path missing from a repeat counts as zero there. Per-call percentiles come from the call histograms of
    /// all repeats merged.
    /// The hot paths of `repeats`, their times means per repeat; `initialDisplayApart[i]` says that repeat
    /// *i*'s frame 0 was janky and is not measured, so that its time is not in the janky column (it is reported
    /// apart, as the initial display).
    private static func hotPaths(_ repeats: [RepeatMeasurement], initialDisplayApart: [Bool]) -> [HotPath] {
        var order: [String] = []
        var merged: [String: PathMeasurement] = [:]
        var histograms: [String: Histogram<UInt64>] = [:]
        let measuredPaths = repeats.enumerated().flatMap { index, repeated in
            let apart = index < initialDisplayApart.count && initialDisplayApart[index]
            return repeated.paths.map { path in
                var path = path
                if apart { path.jankySelfNs -= min(path.jankySelfNs, path.initialSelfNs) }
                return path
            }
        }
        for path in measuredPaths {
            guard var sum = merged[path.path], var histogram = histograms[path.path] else {
                order.append(path.path)
                merged[path.path] = path
                var histogram = path.callDurations
                histogram.autoResize = true
                histograms[path.path] = histogram
                continue
            }
            sum.calls += path.calls
            sum.totalNs += path.totalNs
            sum.selfNs += path.selfNs
            sum.jankySelfNs += path.jankySelfNs
            histogram.merge(path.callDurations)
            merged[path.path] = sum
            histograms[path.path] = histogram
        }
        let count = Double(max(1, repeats.count))
        let paths = order.compactMap { name -> HotPath? in
            guard let sum = merged[name], let histogram = histograms[name] else { return nil }
            let called = histogram.totalCount > 0
            return HotPath(
                path: name, calls: Double(sum.calls) / count, totalMs: FrameMath.ms(sum.totalNs) / count,
                selfMs: FrameMath.ms(sum.selfNs) / count, jankySelfMs: FrameMath.ms(sum.jankySelfNs) / count,
                callP50Ms: called ? FrameMath.ms(histogram.valueAtPercentile(50)) : 0,
                callP99Ms: called ? FrameMath.ms(histogram.valueAtPercentile(99)) : 0,
                callMaxMs: called ? FrameMath.ms(histogram.maxRecorded) : 0)
        }
        return paths.sorted {
            ($1.jankySelfMs, $1.selfMs, $0.path) < ($0.jankySelfMs, $0.selfMs, $1.path)
        }
    }

    /// The ``worstFrameCount`` slowest frames of `repeats`, each frame index once (its slowest repeat), slowest
    /// first; ties go to the earlier frame, then the earlier repeat.
    ///
    /// One pass keeping the ``worstFrameCount`` × repeats slowest rows: a frame index among the slowest has its
    /// slowest row among them, behind at most the rows of the indices before it and none of its own.
    private static func worstFrames(_ repeats: [MeasuredFrames]) -> [FrameRow] {
        let keep = worstFrameCount * max(1, repeats.count)
        // Slowest first, by the order below.
        var kept: [(ms: Double, index: Int, repeatIndex: Int, position: Int)] = []
        func before(_ a: (ms: Double, index: Int, repeatIndex: Int, position: Int),
                    _ b: (ms: Double, index: Int, repeatIndex: Int, position: Int)) -> Bool {
            (b.ms, a.index, a.repeatIndex) < (a.ms, b.index, b.repeatIndex)
        }
        for (repeatIndex, frames) in repeats.enumerated() {
            for (position, duration) in zip(frames.positions, frames.durations) {
                let row = (ms: FrameMath.ms(duration), index: frames.log.frameIndex(at: position),
                           repeatIndex: repeatIndex, position: position)
                if kept.count == keep, let last = kept.last, !before(row, last) { continue }
                let at = kept.firstIndex { before(row, $0) } ?? kept.count
                kept.insert(row, at: at)
                if kept.count > keep { kept.removeLast() }
            }
        }
        var seen: Set<Int> = []
        var worst: [FrameRow] = []
        for row in kept where worst.count < worstFrameCount && seen.insert(row.index).inserted {
            worst.append(FrameRow(repeats[row.repeatIndex].log[row.position], repeatIndex: row.repeatIndex))
        }
        return worst
    }
}

extension Report.FrameRow {
    /// The row of a measured frame.
    init(_ frame: FrameSample, repeatIndex: Int) {
        self.init(index: frame.index, t: frame.time, ms: FrameMath.ms(frame.durationNs), topPath: frame.topPath,
                  repeatIndex: repeatIndex)
    }
}

extension Report.RepeatFigures {
    /// The figures of one repeat's measured frames (the window's), its initial display and its paths: what the
    /// report's figures are over all repeats, for this one.
    init(_ frames: [FrameSample], initial: FrameSample?, paths: [PathMeasurement], frameClock: FrameClock) {
        self.init(MeasuredFrames(FrameLog(frames), window: .wholeSession, frameClock: frameClock), initial: initial,
                  paths: paths, frameClock: frameClock)
    }

    /// The figures of a repeat's measured frames, read from its log; each frame judged against its own budget.
    init(_ frames: MeasuredFrames, initial: FrameSample?, paths: [PathMeasurement], frameClock: FrameClock) {
        let durations = frames.durations
        var dropped = 0
        var janky = 0
        var frozen = 0
        var hitchTime = 0.0
        // One read of the frames for every figure (a second for the percentiles of a long repeat): a compact
        // log decodes as it is read.
        var times = FrameMath.FrameTimesTally(expected: durations.count)
        let uniform = frameClock.isUniform
        var window = FrameMath.PeakWindow(refreshRate: frameClock.refreshRate)
        var timedWindow = FrameMath.TimedPeakWindow()
        var displaySeconds = 0.0
        let uniformBudgetMs = frameClock.budgetMs(ofFrame: 0)
        var position = 0
        for duration in durations {
            let budgetMs = uniform ? uniformBudgetMs : frameClock.budgetMs(ofFrame: frames.frameIndex(position))
            let budgetNs = budgetMs * 1_000_000
            let droppedHere = FrameMath.dropped(duration, budgetNs: budgetNs)
            dropped += droppedHere
            if FrameMath.isJanky(duration, budgetNs: budgetNs) { janky += 1 }
            if FrameMath.isFrozen(duration) { frozen += 1 }
            if !uniform { hitchTime += Double(droppedHere) * budgetMs }
            times.add(duration)
            if uniform {
                window.add(1 + droppedHere)
            } else {
                let shown = Double(1 + droppedHere) * frameClock.intervalMs(ofFrame: frames.frameIndex(position)) / 1000
                timedWindow.add(seconds: shown)
                displaySeconds += shown
            }
            position += 1
        }
        let count = Double(durations.count)
        let session = uniform ? count / frameClock.refreshRate : frames.sessionSeconds
        if uniform { hitchTime = Double(dropped) * uniformBudgetMs }
        var selfMs: [String: Double] = [:]
        for path in paths {
            selfMs[path.path, default: 0] += FrameMath.ms(path.selfNs)
        }
        let effective = count <= 0 ? 0 : uniform ? frameClock.refreshRate * count / (count + Double(dropped))
            : count / displaySeconds
        self.init(frames: durations.count,
                  jankyFrames: janky,
                  droppedFrames: dropped, hitchTimeMs: hitchTime,
                  frameTimeMs: times.figures(rereading: durations),
                  hitchTimeRatio: session > 0 ? hitchTime / session : 0,
                  effectiveFPS: effective,
                  peakFPS: uniform ? window.framesPerSecond : timedWindow.framesPerSecond,
                  initialDisplayMs: initial.map { FrameMath.ms($0.durationNs) },
                  hotPathSelfMs: selfMs, frozenFrames: frozen)
    }
}

/// The frames of one repeat that a report's frame figures cover (its ``MeasurementWindow``'s), as positions
/// in the repeat's log.
struct MeasuredFrames {
    let log: FrameLog
    let positions: Positions

    let frameClock: FrameClock

    init(_ log: FrameLog, window: MeasurementWindow, frameClock: FrameClock) {
        self.log = log
        self.frameClock = frameClock
        if log.isCompact {
            // A compact log's frame n is at position n: the window is a range of positions.
            var lower = window.includesInitialDisplay ? 0 : 1
            var upper = log.count
            if let from = window.from { lower = max(lower, frameClock.frame(at: from.time)) }
            if let to = window.to { upper = min(upper, frameClock.frame(at: to.time)) }
            positions = .range(min(lower, upper)..<upper)
        } else {
            positions = .list(log.indices.filter { window.contains(frame: log.frameIndex(at: $0), frameClock: frameClock) })
        }
    }

    /// The frame number of the measured frame at `position` (from 0, among the measured frames).
    func frameIndex(_ position: Int) -> Int {
        log.frameIndex(at: positions[position])
    }

    /// The measured frames' intervals summed, in seconds.
    var sessionSeconds: Double {
        if case .range(let range) = positions {
            return frameClock.startTime(ofFrame: range.upperBound) - frameClock.startTime(ofFrame: range.lowerBound)
        }
        return positions.indices.reduce(0) { $0 + frameClock.intervalMs(ofFrame: frameIndex($1)) / 1000 }
    }

    /// The measured frames' durations, in order.
    var durations: Durations { Durations(log: log, positions: positions) }

    /// Positions in a log: a range, or a list.
    enum Positions: RandomAccessCollection {
        case range(Range<Int>)
        case list([Int])

        var startIndex: Int { 0 }
        var endIndex: Int {
            switch self {
            case .range(let range): range.count
            case .list(let list): list.count
            }
        }

        subscript(position: Int) -> Int {
            switch self {
            case .range(let range): range.lowerBound + position
            case .list(let list): list[position]
            }
        }
    }

    /// The durations of a log at some positions: decoded in order when iterated (a range of a compact log).
    struct Durations: RandomAccessCollection {
        let log: FrameLog
        let positions: Positions

        var startIndex: Int { 0 }
        var endIndex: Int { positions.count }
        subscript(position: Int) -> UInt64 { log.durationNs(at: positions[position]) }

        func makeIterator() -> Iterator { Iterator(self) }

        /// Reads a range of a log in order; a list of positions by position.
        struct Iterator: IteratorProtocol {
            private var inOrder: FrameLog.Durations.Iterator?
            private let durations: Durations
            private var position = 0

            init(_ durations: Durations) {
                self.durations = durations
                if case .range(let range) = durations.positions {
                    inOrder = durations.log.durations(in: range).makeIterator()
                }
            }

            mutating func next() -> UInt64? {
                if inOrder != nil { return inOrder?.next() ?? nil }
                guard position < durations.count else { return nil }
                position += 1
                return durations[position - 1]
            }
        }
    }
}

/// The measured frames' durations of every repeat, one repeat after the other.
struct PooledDurations: Sequence {
    let repeats: [MeasuredFrames]

    init(_ repeats: [MeasuredFrames]) {
        self.repeats = repeats
    }

    var count: Int { repeats.reduce(0) { $0 + $1.positions.count } }

    var underestimatedCount: Int { count }

    func makeIterator() -> some IteratorProtocol<UInt64> {
        repeats.lazy.flatMap(\.durations).makeIterator()
    }
}

extension Histogram<UInt64> {
    /// Adds `other`'s counts, re-recording them when the two histograms' bucket layouts differ.
    mutating func merge(_ other: Self) {
        if numberOfSignificantValueDigits == other.numberOfSignificantValueDigits,
           lowestDiscernibleValue == other.lowestDiscernibleValue {
            add(other)
        } else {
            for bucket in other.recordedValues() {
                _ = record(bucket.value, count: bucket.count)
            }
        }
    }
}
