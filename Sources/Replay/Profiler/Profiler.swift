public import CollectionEngine
public import Reporting

/// Measures every frame as a tree of named spans: inclusive and self time per path, self time in janky
/// frames, and the distribution of the self time of single calls (what one call costs on its own).
///
/// It observes the collection view's phases and the runner's own spans. Inside the frame a span costs two
/// clock reads (each a cycle-counter read where the counter is sound, ``CycleCounterTimebase``) and a few
/// stores into memory the span has just touched: it ends by appending its times to a list. After the frame's
/// end reading, the list is counted into the paths' times, their call distributions and the timeline, so
/// that this work costs the replay's time but not the frame's.
/// The `Profiler.span.<clock>` and `Profiler.frame.*` benchmarks measure it. On the
/// CPU clock (``ThreadCPUClock``) a read is a monotonic read and a flag check between preemptions, so spans
/// are attributed exactly as on the wall clock within an uninterrupted stretch, and a preemption inside a
/// span costs one system call and none of the time the thread lost.
@_spi(Benchmarks) public final class Profiler: CollectionViewObserver {
    private let clock: any ReplayClock
    /// `clock` when it is Reel's CPU or wall clock: read with a direct call the optimiser inlines, rather
    /// than through the protocol's witness table (a span reads the clock twice). Unmanaged, so that a
    /// reading retains and releases nothing: `clock` holds the same object for the profiler's lifetime.
    private let cpuClock: Unmanaged<ThreadCPUClock>?
    private let wallClock: Unmanaged<MonotonicClock>?
    private let budgetNs: UInt64

    private struct Open {
        var path: Int
        var start: UInt64
        var nested: UInt64
    }

    private struct PathStats {
        var calls = 0
        var totalNs: UInt64 = 0
        var selfNs: UInt64 = 0
        var jankySelfNs: UInt64 = 0
        /// Self time in the current frame.
        var frameSelfNs: UInt64 = 0
        var touched = false
        /// The shortest non-zero and the longest single call: with `callCounts`, the call histogram.
        var shortestCallNs: UInt64 = .max
        var longestCallNs: UInt64 = 0
    }

    /// A span that ended and is not yet counted, 32 bytes.
    private struct Ended {
        var start: UInt64
        var duration: UInt64
        /// The time of the spans nested in it.
        var nested: UInt64
        var path: Int32
        var depth: Int32
    }

    private struct State {
        var depth = 0
        var touchedCount = 0
        /// Frames ended so far: the index of the next.
        var frames = 0
        /// Spans in `ended`.
        var endedCount = 0
    }

    /// The deepest nesting of spans: the engine nests at most five phases inside a frame.
    private static let maximumDepth = 64

    /// The longest single call a distribution tells apart (10 s); longer ones count as 10 s. A fixed range,
    /// so that counting a call never allocates.
    private static let longestCallNs: UInt64 = 10_000_000_000
    /// The buckets of a path's call distribution (``CallDurationBuckets``).
    private static let callBuckets = CallDurationBuckets.bucketCount(upTo: longestCallNs)
    /// How many ended spans wait to be counted: more than a frame's spans but for the largest frames.
    private static let endedCapacity = 4_096

    // Fixed buffers behind `let` pointers: a span's bookkeeping is a handful of stores, with none of the
    // exclusivity and copy-on-write checks that mutating a class's arrays would cost on every call.
    private let state: UnsafeMutablePointer<State>
    private let stack: UnsafeMutablePointer<Open>
    private let stats: UnsafeMutablePointer<PathStats>
    /// The paths that ran in the current frame, in the order they first ran.
    private let touched: UnsafeMutablePointer<Int>
    /// Each path's call durations, counted in ``callBuckets`` buckets from `p * callBuckets`.
    private let callCounts: UnsafeMutablePointer<UInt64>
    /// Spans ended but not yet counted: a span appends its times to memory a span wrote a moment ago, and
    /// the counting (a path's figures, a scattered increment in a large table, the timeline) happens after
    /// the frame's end, for the frame's spans together.
    private let ended: UnsafeMutablePointer<Ended>
    /// Every span's start and duration, for the one repeat whose timeline is kept; `nil` otherwise. Spans are
    /// recorded as they are counted, after their frame.
    private let recorder: UnsafeMutablePointer<TimelineRecorder>?

    /// A profiler on `clock`; `timelineCapacity` spans, when given, are recorded with their starts and
    /// durations into a buffer allocated now (``timeline(repeatNumber:)``).
    /// - Parameter observesSpans: Whether ``measure(_:_:)`` measures the runner's spans; without, it only runs
    ///   them (frames are still timed).
    public init(clock: any ReplayClock, budgetNs: UInt64, timelineCapacity: Int? = nil, observesSpans: Bool = true) {
        self.clock = clock
        cpuClock = (clock as? ThreadCPUClock).map(Unmanaged.passUnretained)
        wallClock = (clock as? MonotonicClock).map(Unmanaged.passUnretained)
        self.observesSpans = observesSpans
        self.budgetNs = budgetNs
        recorder = timelineCapacity.map { capacity in
            let recorder = UnsafeMutablePointer<TimelineRecorder>.allocate(capacity: 1)
            recorder.initialize(to: TimelineRecorder(capacity: capacity))
            return recorder
        }
        state = .allocate(capacity: 1)
        state.initialize(to: State())
        stack = .allocate(capacity: Self.maximumDepth)
        stats = .allocate(capacity: SpanPath.count)
        stats.initialize(repeating: PathStats(), count: SpanPath.count)
        touched = .allocate(capacity: SpanPath.count)
        callCounts = .allocate(capacity: SpanPath.count * Self.callBuckets)
        callCounts.initialize(repeating: 0, count: SpanPath.count * Self.callBuckets)
        ended = .allocate(capacity: Self.endedCapacity)
    }

    deinit {
        state.deallocate()
        stack.deallocate()
        stats.deallocate()
        touched.deallocate()
        callCounts.deallocate()
        ended.deallocate()
        if let recorder {
            recorder.pointee.deallocate()
            recorder.deinitialize(count: 1)
            recorder.deallocate()
        }
    }

    // MARK: Spans

    /// Reads the clock.
    @inline(__always)
    private func now() -> UInt64 {
        if let cpuClock { return cpuClock._withUnsafeGuaranteedRef { $0.now() } }
        if let wallClock { return wallClock._withUnsafeGuaranteedRef { $0.now() } }
        return clock.now()
    }

    public func begin(_ path: SpanPath) {
        begin(path, at: now())
    }

    private func begin(_ path: SpanPath, at start: UInt64) {
        let depth = state.pointee.depth
        precondition(depth < Self.maximumDepth, "spans nested deeper than \(Self.maximumDepth)")
        (stack + depth).initialize(to: Open(path: path.index, start: start, nested: 0))
        state.pointee.depth = depth + 1
    }

    /// Ends the innermost span; returns its inclusive duration.
    @discardableResult
    public func end() -> UInt64 {
        end(at: now())
    }

    /// Ends the innermost span at `time`; returns its inclusive duration.
    @inline(__always)
    private func end(at time: UInt64) -> UInt64 {
        let depth = state.pointee.depth - 1
        precondition(depth >= 0, "a span ended that had not begun")
        state.pointee.depth = depth
        let open = stack[depth]
        let duration = time &- open.start
        if depth > 0 { stack[depth - 1].nested &+= duration }
        let count = state.pointee.endedCount
        (ended + count).initialize(to: Ended(start: open.start, duration: duration, nested: open.nested,
                                             path: Int32(truncatingIfNeeded: open.path),
                                             depth: Int32(truncatingIfNeeded: depth)))
        state.pointee.endedCount = count + 1
        // Only a frame of over 4,096 spans counts inside the frame (its spans then include the counting).
        if count + 1 == Self.endedCapacity { countEndedSpans() }
        return duration
    }

    /// Whether the runner's own spans are measured: false when the profiler only times frames (the overhead
    /// benchmark's unobserved replay).
    let observesSpans: Bool

    /// Runs `body` inside a span of `path`.
    func measure<T, E: Error>(_ path: SpanPath, _ body: () throws(E) -> T) throws(E) -> T {
        guard observesSpans else { return try body() }
        begin(path)
        defer { end() }
        return try body()
    }

    public func collectionView(_ collectionView: CollectionView, willBegin phase: EnginePhase, category: ElementCategory?) {
        begin(SpanPath(phase, category))
    }

    public func collectionView(_ collectionView: CollectionView, didEnd phase: EnginePhase, category: ElementCategory?) {
        end()
    }

    // MARK: Frames

    public func beginFrame() {
        for i in 0..<state.pointee.touchedCount {
            let p = touched[i]
            stats[p].frameSelfNs = 0
            stats[p].touched = false
        }
        state.pointee.touchedCount = 0
        begin(.frame, at: clock.frameStart())
    }

    /// Ends the frame's root span and returns its sample.
    public func endFrame(index: Int, time: Double, cellsCreated: Int) -> FrameSample {
        state.pointee.frames = index
        let frame = endFrame()
        return FrameSample(index: index, time: time, durationNs: frame.durationNs,
                           topPath: frame.topPath.map { SpanPath.names[$0] }, topPathSelfNs: frame.topPathSelfNs,
                           cellsCreated: cellsCreated)
    }

    /// Ends the frame's root span and returns its time, the index of its top path in ``pathNames`` (the path
    /// with the most self time in the frame, if any span ran) and that path's self time in the frame.
    ///
    /// What a replay records per frame, without building a sample: ``FrameLog`` keeps the index.
    public func endFrame() -> (durationNs: UInt64, topPath: Int?, topPathSelfNs: UInt64) {
        // A span the engine left open (an error thrown through the runner may leave some): close them so
        // the frame's figures stay consistent.
        while state.pointee.depth > 1 { end() }
        recorder?.pointee.frame = Int32(truncatingIfNeeded: state.pointee.frames)
        state.pointee.frames += 1
        let duration = end(at: clock.frameEnd(start: stack[0].start))
        countEndedSpans()
        let count = state.pointee.touchedCount
        var top = -1
        var topSelf: UInt64 = 0
        for i in 0..<count {
            let p = touched[i]
            if top < 0 || stats[p].frameSelfNs > topSelf {
                top = p
                topSelf = stats[p].frameSelfNs
            }
        }
        if duration > budgetNs {
            for i in 0..<count { stats[touched[i]].jankySelfNs &+= stats[touched[i]].frameSelfNs }
        }
        return (duration, top < 0 ? nil : top, topSelf)
    }

    /// Counts the spans ended since the last count into their paths' figures and call distributions, and
    /// records them on the timeline when it is kept.
    private func countEndedSpans() {
        for i in 0..<state.pointee.endedCount {
            let span = ended[i]
            let p = Int(truncatingIfNeeded: span.path)
            let own = span.duration &- min(span.duration, span.nested)
            stats[p].calls += 1
            stats[p].totalNs &+= span.duration
            stats[p].selfNs &+= own
            stats[p].frameSelfNs &+= own
            if !stats[p].touched {
                stats[p].touched = true
                touched[state.pointee.touchedCount] = p
                state.pointee.touchedCount += 1
            }
            let call = min(own, Self.longestCallNs)
            callCounts[p &* Self.callBuckets &+ CallDurationBuckets.index(of: call)] &+= 1
            if call > stats[p].longestCallNs { stats[p].longestCallNs = call }
            if call < stats[p].shortestCallNs, call != 0 { stats[p].shortestCallNs = call }
            if let recorder {
                recorder.pointee.record(path: p, depth: Int(truncatingIfNeeded: span.depth), start: span.start,
                                        duration: span.duration)
            }
        }
        state.pointee.endedCount = 0
    }

    /// The span paths' names, by the index ``endFrame()`` returns.
    public static var pathNames: [String] { SpanPath.names }

    /// Forgets everything measured, for the next pass: the spans' times and call histograms start from
    /// zero, and the next frame is frame 0. The call counts are allocated once, by the initialiser, and
    /// reused.
    public func reset() {
        precondition(state.pointee.depth == 0, "a profiler reset inside a frame")
        for p in 0..<SpanPath.count where stats[p].calls > 0 {
            stats[p] = PathStats()
            (callCounts + p * Self.callBuckets).update(repeating: 0, count: Self.callBuckets)
        }
        state.pointee = State()
    }

    // MARK: Timeline

    /// Places a `<marker>` of the trace, met in the frame being measured, on the timeline: at that frame's
    /// start. Nothing when no timeline is recorded.
    public func mark(_ label: String) {
        guard let recorder else { return }
        let position = recorder.pointee.count
        recorder.pointee.markers.append((label, position))
    }

    /// The spans recorded, as measured repeat `repeatNumber` (from 1); `nil` when the profiler records no
    /// timeline.
    public func timeline(repeatNumber: Int) -> SpanTimeline? {
        recorder?.pointee.timeline(repeatNumber: repeatNumber)
    }

    /// The time per path over everything measured, for the paths that ran.
    public func pathMeasurements() -> [PathMeasurement] {
        countEndedSpans()
        return (0..<SpanPath.count).compactMap { p in
            stats[p].calls == 0 ? nil : PathMeasurement(
                path: SpanPath.names[p], calls: stats[p].calls, totalNs: stats[p].totalNs, selfNs: stats[p].selfNs,
                jankySelfNs: stats[p].jankySelfNs,
                callDurations: CallDurationBuckets.histogram(
                    counts: UnsafeBufferPointer(start: callCounts + p * Self.callBuckets, count: Self.callBuckets),
                    shortestNonZero: stats[p].shortestCallNs, longest: stats[p].longestCallNs,
                    highestTrackableValue: Self.longestCallNs))
        }
    }
}
