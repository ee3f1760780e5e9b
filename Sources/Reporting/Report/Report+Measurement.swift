internal import Histogram

extension Report {
    /// How many slowest frames a report lists.
    static let worstFrameCount = 5

    /// Computes the figures, hot paths and findings of SPEC §4 from a replay's measurement.
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
        let budgetNs = measurement.budgetMs * 1_000_000
        let repeatCount = measurement.repeats.count
        let window = measurement.window
        // The frame figures cover the window's frames; counters and hot paths whole passes.
        let measured = measurement.repeats.map { repeated in
            repeated.frames.filter { window.contains(frame: $0.index, refreshRate: measurement.refreshRate) }
        }
        let initialFrames = measurement.repeats.map { $0.frames.first { $0.index == 0 } }
        let perRepeat = measurement.repeats.indices.map { index in
            RepeatFigures(measured[index], initial: initialFrames[index],
                          paths: measurement.repeats[index].paths, budgetNs: budgetNs, budgetMs: measurement.budgetMs,
                          refreshRate: measurement.refreshRate)
        }
        func mean(_ total: Double) -> Double { repeatCount == 0 ? 0 : total / Double(repeatCount) }

        let frames = mean(Double(perRepeat.reduce(0) { $0 + $1.frames }))
        let dropped = mean(Double(perRepeat.reduce(0) { $0 + $1.droppedFrames }))
        let hitchTime = mean(perRepeat.reduce(0) { $0 + $1.hitchTimeMs })
        let session = frames / measurement.refreshRate
        let peak = perRepeat.compactMap(\.peakFPS).max() ?? 0
        let samples = measurement.repeats.enumerated().flatMap { repeatIndex, repeated in
            repeated.frames.map { FrameRow($0, repeatIndex: repeatIndex) }
        }
        let windowSamples = measured.enumerated().flatMap { repeatIndex, frames in
            frames.map { FrameRow($0, repeatIndex: repeatIndex) }
        }
        let initialTimes = initialFrames.compactMap { $0.map { FrameMath.ms($0.durationNs) } }
        let initialDisplay = initialTimes.isEmpty ? nil : InitialDisplay(
            ms: initialTimes.reduce(0, +) / Double(initialTimes.count),
            topPath: initialFrames.lazy.compactMap { $0 }.first?.topPath)

        self.init(
            complete: measurement.complete, trace: measurement.trace, layout: measurement.layout,
            mode: measurement.mode, refreshRateHz: measurement.refreshRate, budgetMs: measurement.budgetMs,
            repeats: repeatCount, warmup: measurement.warmup, frames: frames, sessionSeconds: session,
            frameTimeMs: FrameMath.frameTimes(measured.flatMap { $0.map(\.durationNs) }),
            jankyFrames: mean(Double(perRepeat.reduce(0) { $0 + $1.jankyFrames })), droppedFrames: dropped,
            hitchTimeMs: hitchTime, hitchTimeRatio: session > 0 ? hitchTime / session : 0,
            effectiveFPS: frames > 0 ? measurement.refreshRate * frames / (frames + dropped) : 0, peakFPS: peak,
            counters: measurement.counters, hotPaths: Self.hotPaths(measurement.repeats),
            worstFrames: Self.worstFrames(windowSamples), environment: measurement.environment,
            warnings: measurement.warnings, failure: measurement.failure, markers: measurement.markers,
            perRepeat: perRepeat, frameSamples: samples, clock: measurement.clock, initialDisplay: initialDisplay,
            window: window)
        findings = FindingRules.findings(in: measurement)
        timeline = measurement.timeline
    }

    /// Per-path means over `repeats`, sorted by janky self time, then self time, then path.
    ///
    /// A path missing from a repeat counts as zero there. Per-call percentiles come from the call histograms of
    /// all repeats merged.
    private static func hotPaths(_ repeats: [RepeatMeasurement]) -> [HotPath] {
        var order: [String] = []
        var merged: [String: PathMeasurement] = [:]
        var histograms: [String: Histogram<UInt64>] = [:]
        for path in repeats.flatMap(\.paths) {
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

    /// The ``worstFrameCount`` slowest frames, each frame index once (its slowest repeat), slowest first;
    /// ties go to the earlier frame, then the earlier repeat.
    private static func worstFrames(_ samples: [FrameRow]) -> [FrameRow] {
        let slowestFirst = samples.sorted { ($1.ms, $0.index, $0.repeatIndex) < ($0.ms, $1.index, $1.repeatIndex) }
        var seen: Set<Int> = []
        var worst: [FrameRow] = []
        for row in slowestFirst where worst.count < worstFrameCount && seen.insert(row.index).inserted {
            worst.append(row)
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
    init(_ frames: [FrameSample], initial: FrameSample?, paths: [PathMeasurement], budgetNs: Double, budgetMs: Double,
         refreshRate: Double) {
        let durations = frames.map(\.durationNs)
        let droppedPerFrame = durations.map { FrameMath.dropped($0, budgetNs: budgetNs) }
        let dropped = droppedPerFrame.reduce(0, +)
        let count = Double(durations.count)
        let session = count / refreshRate
        let hitchTime = Double(dropped) * budgetMs
        var selfMs: [String: Double] = [:]
        for path in paths {
            selfMs[path.path, default: 0] += FrameMath.ms(path.selfNs)
        }
        self.init(frames: durations.count,
                  jankyFrames: durations.count { FrameMath.isJanky($0, budgetNs: budgetNs) },
                  droppedFrames: dropped, hitchTimeMs: hitchTime,
                  frameTimeMs: FrameMath.frameTimes(durations),
                  hitchTimeRatio: session > 0 ? hitchTime / session : 0,
                  effectiveFPS: count > 0 ? refreshRate * count / (count + Double(dropped)) : 0,
                  peakFPS: FrameMath.peakFPS(slots: droppedPerFrame.map { 1 + $0 }, refreshRate: refreshRate),
                  initialDisplayMs: initial.map { FrameMath.ms($0.durationNs) },
                  hotPathSelfMs: selfMs)
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
