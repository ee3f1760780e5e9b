public import CollectionEngine
public import Reporting

/// Measures every frame as a tree of named spans: inclusive and self time per path, self time in janky
/// frames, and the distribution of the self time of single calls (what one call costs on its own).
///
/// Inside the frame a span costs two marks on a ``PhaseRecorder`` and nothing else: the engine writes its
/// phases' marks inline (``phaseRecorder``, installed as the collection view's ``CollectionView/phaseRecorder``),
/// and the runner's spans (``measure(_:_:)``) write theirs into the same buffer, so that they nest. A mark is
/// a cycle-counter read and a store where the clock can convert the counter afterwards (Reel's CPU and wall
/// clocks where the counter is sound, ``CycleCounterTimebase``), and a reading of the clock elsewhere. After
/// the frame's end reading, the marks are turned into times (``ThreadCPUClock/times(ofStamps:into:)``,
/// ``MonotonicClock/time(ofStamp:)``), kept in order within the frame, and counted into the paths' times,
/// their call distributions and the timeline, so that this work costs the replay's time but not the
/// frame's. The `Profiler.span.<clock>` and `Profiler.frame.*` benchmarks and `Tools/ProfilerOverhead`
/// measure it. On the CPU clock a span is attributed exactly as on the wall clock within an uninterrupted
/// stretch, and the time the thread lost to a preemption falls between the marks on either side of it.
///
/// No span is longer than its frame: marks are converted into the frame's time and none lies past the frame's
/// end reading (a CPU clock's verified end may come before the estimate of the last mark when the thread lost
/// time the preemption flag did not see: ``ThreadCPUClock/cpuTimes(of:walls:anchors:)`` takes it out where it
/// fell, and the end bounds what is left).
///
/// Modelled time (``addModelledTime(_:)``) is work the replay declares rather than runs — the `<workload>`'s
/// costs by default: it is added, exactly, to the span open when it is declared and to its frame, and every
/// later time of the pass moves by it, so that frames and spans follow each other on one timeline.
@_spi(Benchmarks) public final class Profiler {
    private let clock: any ReplayClock
    /// `clock` when it is Reel's CPU or wall clock, whose stamps convert after the fact. Unmanaged, so that
    /// a reading retains and releases nothing: `clock` holds the same object for the profiler's lifetime.
    private let cpuClock: Unmanaged<ThreadCPUClock>?
    private let wallClock: Unmanaged<MonotonicClock>?
    private let budgetNs: UInt64
    /// Each frame's own budget, when frames have their own intervals (``FrameClock``): then a frame is janky
    /// against it rather than against ``budgetNs``.
    private let frameClock: FrameClock?

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
        /// Self time in frame 0, the initial display, which reports keep apart from the frame figures.
        var initialSelfNs: UInt64 = 0
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
        /// Whether the recorder stamps with the cycle counter (else with readings of `clock`).
        var stampsCycleCounter = false
        /// The recorder's count of interruptions when its marks were last taken.
        var interruptionsTaken = 0
        /// Modelled nanoseconds declared so far in the pass and taken with the marks: what every time taken
        /// since is moved by. Times the clock reads are *real*; times of spans and frames are real + modelled.
        var modelledNs: UInt64 = 0
        /// Modelled costs declared since the marks were last taken, in ``modelled``.
        var modelledCount = 0
        /// The real reading the open frame began at.
        var frameRealStart: UInt64 = 0
        /// The latest real time a mark was taken to be at: marks' real times never decrease.
        var lastRealTime: UInt64 = 0
    }

    /// A modelled cost declared between marks: it moves mark `markIndex` of the recorder's buffer and every
    /// later one.
    private struct Modelled {
        var markIndex: Int
        var ns: UInt64
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
    /// How many marks the recorder holds: a frame's but for the largest frames, which convert and count
    /// them as the buffer fills.
    private static let markCapacity = 4_096

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
    /// The marks' times, converted from their stamps.
    private let markTimes: UnsafeMutablePointer<UInt64>
    /// Modelled costs declared since the marks were last taken, in order; as many as the recorder holds marks.
    private let modelled: UnsafeMutablePointer<Modelled>
    /// The span path of each recorder span: the engine's phases, then the profiler's own paths from
    /// ``PhaseRecorder/firstOwnerSpan``.
    private static let pathOfSpan: [Int] = {
        var paths = [Int](repeating: SpanPath.frame.index, count: PhaseRecorder.firstOwnerSpan + SpanPath.count)
        for phase in EnginePhase.allCases {
            for category in [nil] + ElementCategory.allCases {
                paths[PhaseRecorder.span(of: phase, category)] = SpanPath(phase, category).index
            }
        }
        for p in 0..<SpanPath.count { paths[PhaseRecorder.firstOwnerSpan + p] = p }
        return paths
    }()

    /// Where the engine marks its phases, and the profiler its own spans: install it as the collection
    /// view's ``CollectionView/phaseRecorder``.
    // Unchecked: assigned once, by the initialiser, and read whole.
    @exclusivity(unchecked) public private(set) var phaseRecorder: PhaseRecorder!

    /// A profiler on `clock`; `timelineCapacity` spans, when given, are recorded with their starts and
    /// durations into a buffer allocated now (``timeline(repeatNumber:)``).
    /// - Parameter observesSpans: Whether ``measure(_:_:)`` measures the runner's spans; without, it only runs
    ///   them (frames are still timed).
    ///   - frameClock: Each frame's budget, when frames have their own intervals; `budgetNs` is every frame's when
    ///     it is `nil` or uniform.
    public init(clock: any ReplayClock, budgetNs: UInt64, timelineCapacity: Int? = nil, observesSpans: Bool = true,
                frameClock: FrameClock? = nil) {
        self.clock = clock
        self.frameClock = frameClock.flatMap { $0.isUniform ? nil : $0 }
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
        markTimes = .allocate(capacity: Self.markCapacity)
        modelled = .allocate(capacity: Self.markCapacity)
        phaseRecorder = PhaseRecorder(capacity: Self.markCapacity, stamp: .reading(Self.reading(clock)),
                                      whenFull: { [unowned self] _ in takePendingMarks() })
        chooseStamps()
    }

    deinit {
        state.deallocate()
        stack.deallocate()
        stats.deallocate()
        touched.deallocate()
        callCounts.deallocate()
        ended.deallocate()
        markTimes.deallocate()
        modelled.deallocate()
        if let recorder {
            recorder.deinitialize(count: 1)
            recorder.deallocate()
        }
    }

    // MARK: Spans

    /// Stamps the marks with the cycle counter where the clock converts it (its counter may stop being
    /// trusted, and a CPU clock may anchor on another thread: checked where a frame begins, with the
    /// recorder empty), and with readings of the clock elsewhere.
    private func chooseStamps() {
        let cpuConverts = cpuClock?._withUnsafeGuaranteedRef { $0.convertsCycleCounterStamps } ?? false
        let converts = cpuConverts || (wallClock?._withUnsafeGuaranteedRef { $0.convertsCycleCounterStamps } ?? false)
        if converts != state.pointee.stampsCycleCounter {
            state.pointee.stampsCycleCounter = converts
            phaseRecorder.stamp = converts ? .cycleCounter : .reading(Self.reading(clock))
            cpuClock?._withUnsafeGuaranteedRef { $0.keepsAnchors = converts }
        }
        if cpuConverts, let watched = cpuClock?._withUnsafeGuaranteedRef({ $0.interruptionWord }) {
            phaseRecorder.watchInterruptions(of: watched.word, armedValue: watched.armedValue)
        } else {
            phaseRecorder.stopWatchingInterruptions()
        }
    }

    /// A reading of `clock`, for marks where its stamps cannot be converted afterwards: a direct call for
    /// Reel's own clocks (no witness table, no reference counting), the protocol's otherwise.
    private static func reading(_ clock: any ReplayClock) -> () -> UInt64 {
        if let cpu = clock as? ThreadCPUClock { return { cpu.now() } }
        if let wall = clock as? MonotonicClock { return { wall.now() } }
        return { clock.now() }
    }

    /// Begins a span of `path`.
    public func begin(_ path: SpanPath) {
        phaseRecorder.begin(PhaseRecorder.firstOwnerSpan + path.index)
    }

    /// Ends the innermost span.
    public func end() {
        phaseRecorder.end()
    }

    /// Turns the marks made so far into spans, then forgets them: their times from their stamps, never
    /// decreasing from the last mark's and, when the frame's end reading `realEnd` is given, never past it;
    /// each moved by the modelled time declared before it.
    private func takeMarks(realEnd: UInt64? = nil) {
        let marks = phaseRecorder.marks
        if state.pointee.stampsCycleCounter {
            if let cpuClock {
                cpuClock._withUnsafeGuaranteedRef { $0.times(ofStamps: marks, into: markTimes) }
            } else if let wallClock {
                wallClock._withUnsafeGuaranteedRef { clock in
                    for (i, mark) in marks.enumerated() { markTimes[i] = clock.time(ofStamp: mark.stamp) }
                }
            }
        } else {
            for (i, mark) in marks.enumerated() { markTimes[i] = mark.stamp }
        }
        var lastReal = state.pointee.lastRealTime
        var modelledNs = state.pointee.modelledNs
        var next = 0
        let declared = state.pointee.modelledCount
        for (i, mark) in marks.enumerated() {
            lastReal = max(markTimes[i], lastReal)
            if let realEnd, lastReal > realEnd { lastReal = realEnd }
            while next < declared, modelled[next].markIndex <= i {
                modelledNs &+= modelled[next].ns
                next += 1
            }
            let time = lastReal &+ modelledNs
            if mark.isEnd {
                // An end with no span of its own open (the engine's phases nest inside the frame's) is one a
                // recorder replaced mid-phase could leave: the frame's root stays open.
                if state.pointee.depth > (inFrame ? 1 : 0) { end(at: time) }
            } else {
                begin(Self.pathOfSpan[mark.span], at: time)
            }
        }
        // Costs declared after the last mark move the times to come (the frame's end among them).
        while next < declared {
            modelledNs &+= modelled[next].ns
            next += 1
        }
        state.pointee.modelledCount = 0
        state.pointee.modelledNs = modelledNs
        state.pointee.lastRealTime = lastReal
        phaseRecorder.removeAll()
    }

    /// Declares `nanoseconds` of main-thread work that the replay models rather than runs: the span open now
    /// and its frame take it as their own time, exactly, without the clock moving.
    /// - Complexity: O(1); when the declarations fill their buffer, the marks so far are taken first.
    public func addModelledTime(_ nanoseconds: UInt64) {
        guard nanoseconds > 0 else { return }
        if state.pointee.modelledCount == Self.markCapacity { takePendingMarks() }
        let count = state.pointee.modelledCount
        (modelled + count).initialize(to: Modelled(markIndex: phaseRecorder.marks.count, ns: nanoseconds))
        state.pointee.modelledCount = count + 1
    }

    /// Takes the marks before the frame's end reading (the recorder filled up, marks made between frames),
    /// after a reading of the clock: it anchors a CPU clock after an interruption, so that the marks since
    /// convert.
    private func takePendingMarks() {
        noteInterruptions()
        _ = clock.now()
        takeMarks()
    }

    /// Tells a CPU clock that its thread was interrupted, when the recorder found it so since its marks were
    /// last taken: the recorder armed the clock's flag again, and the clock's next reading must anchor for
    /// the marks to convert.
    @inline(__always)
    private func noteInterruptions() {
        let interruptions = phaseRecorder.interruptions
        if interruptions != state.pointee.interruptionsTaken {
            state.pointee.interruptionsTaken = interruptions
            cpuClock?._withUnsafeGuaranteedRef { $0.noteInterruption() }
        }
    }

    /// Whether a frame is open: its root span is at the bottom of the stack.
    private var inFrame: Bool { state.pointee.depth > 0 && stack[0].path == SpanPath.frame.index }

    private func begin(_ path: Int, at start: UInt64) {
        let depth = state.pointee.depth
        precondition(depth < Self.maximumDepth, "spans nested deeper than \(Self.maximumDepth)")
        (stack + depth).initialize(to: Open(path: path, start: start, nested: 0))
        state.pointee.depth = depth + 1
    }

    /// Ends the innermost span at `time`; returns its inclusive duration.
    @discardableResult
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
        if count + 1 == Self.endedCapacity { countEndedSpans() }
        return duration
    }

    /// Whether the runner's own spans are measured: false when the profiler only times frames (the overhead
    /// benchmark's unobserved frames). Unchecked: a trivial value, read or assigned whole.
    @exclusivity(unchecked) var observesSpans: Bool

    /// Runs `body` inside a span of `path`.
    func measure<T, E: Error>(_ path: SpanPath, _ body: () throws(E) -> T) throws(E) -> T {
        guard observesSpans else { return try body() }
        begin(path)
        defer { end() }
        return try body()
    }

    // MARK: Frames

    public func beginFrame() {
        for i in 0..<state.pointee.touchedCount {
            let p = touched[i]
            stats[p].frameSelfNs = 0
            stats[p].touched = false
        }
        state.pointee.touchedCount = 0
        // Marks made between frames (a display the runner brought up to date) count with this frame, as
        // spans beside it.
        if !phaseRecorder.marks.isEmpty || state.pointee.modelledCount > 0 { takePendingMarks() }
        let start = clock.frameStart()
        chooseStamps()
        begin(SpanPath.frame.index, at: start &+ state.pointee.modelledNs)
        state.pointee.frameRealStart = start
        state.pointee.lastRealTime = start
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
        noteInterruptions()
        let realEnd = clock.frameEnd(start: state.pointee.frameRealStart)
        takeMarks(realEnd: realEnd)
        let frameEnd = realEnd &+ state.pointee.modelledNs
        // A span the engine left open (an error thrown through the runner may leave some): close them so
        // the frame's figures stay consistent.
        while state.pointee.depth > 1 { end(at: frameEnd) }
        recorder?.pointee.frame = Int32(truncatingIfNeeded: state.pointee.frames)
        let isInitialDisplay = state.pointee.frames == 0
        state.pointee.frames += 1
        let duration = end(at: frameEnd)
        state.pointee.lastRealTime = realEnd
        countEndedSpans(endingBy: frameEnd)
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
        let frameBudgetNs = frameClock.map { UInt64($0.budgetNs(ofFrame: state.pointee.frames - 1).rounded()) } ?? budgetNs
        if duration > frameBudgetNs {
            for i in 0..<count { stats[touched[i]].jankySelfNs &+= stats[touched[i]].frameSelfNs }
        }
        if isInitialDisplay {
            for i in 0..<count { stats[touched[i]].initialSelfNs &+= stats[touched[i]].frameSelfNs }
        }
        return (duration, top < 0 ? nil : top, topSelf)
    }

    /// Counts the spans ended since the last count into their paths' figures and call distributions, and
    /// records them on the timeline when it is kept; with `end`, a span that ran past it (one taken before the
    /// frame's end reading, when the recorder filled up) is cut there.
    private func countEndedSpans(endingBy end: UInt64 = .max) {
        for i in 0..<state.pointee.endedCount {
            var span = ended[i]
            if span.start > end { span.start = end }
            if span.duration > end - span.start { span.duration = end - span.start }
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
        phaseRecorder.removeAll()
        for p in 0..<SpanPath.count where stats[p].calls > 0 {
            stats[p] = PathStats()
            (callCounts + p * Self.callBuckets).update(repeating: 0, count: Self.callBuckets)
        }
        let kept = state.pointee
        state.pointee = State()
        state.pointee.stampsCycleCounter = kept.stampsCycleCounter
        state.pointee.interruptionsTaken = kept.interruptionsTaken
    }

    // MARK: Timeline

    /// Places a `<marker>` of the trace, met in the frame being measured, on the timeline: at that frame's
    /// start. Nothing when no timeline is recorded.
    public func mark(_ label: String) {
        recorder?.pointee.mark(label)
    }

    /// The spans recorded, as measured repeat `repeatNumber` (from 1); `nil` when the profiler records no
    /// timeline.
    public func timeline(repeatNumber: Int) -> SpanTimeline? {
        recorder?.pointee.timeline(repeatNumber: repeatNumber, paths: SpanPath.names)
    }

    /// The time per path over everything measured, for the paths that ran.
    public func pathMeasurements() -> [PathMeasurement] {
        // Spans marked outside any frame (a caller's own, between frames) are counted too.
        if state.pointee.depth == 0 && !phaseRecorder.marks.isEmpty { takePendingMarks() }
        countEndedSpans()
        return (0..<SpanPath.count).compactMap { p in
            stats[p].calls == 0 ? nil : PathMeasurement(
                path: SpanPath.names[p], calls: stats[p].calls, totalNs: stats[p].totalNs, selfNs: stats[p].selfNs,
                jankySelfNs: stats[p].jankySelfNs, initialSelfNs: stats[p].initialSelfNs,
                callDurations: CallDurationBuckets.histogram(
                    counts: UnsafeBufferPointer(start: callCounts + p * Self.callBuckets, count: Self.callBuckets),
                    shortestNonZero: stats[p].shortestCallNs, longest: stats[p].longestCallNs,
                    highestTrackableValue: Self.longestCallNs))
        }
    }
}
