/// Every frame's own interval, in milliseconds: the `<frame-intervals ms="16.667*600 8.333*1200"/>` element,
/// as a display whose rate changes reports it (a ProMotion screen, a recording's `targetTimestamp − timestamp`).
///
/// Frame *n* begins at the sum of the intervals before it and its budget is its own interval (the replay's
/// frame clock computes both). The list is kept as runs of equal intervals, `MS*K` for *K* frames of `MS`
/// milliseconds, so a session of a million frames at two rates costs two runs. Frames past the list repeat
/// its last run's interval.
///
/// ```swift
/// var intervals = FrameIntervals()
/// intervals.append(16.667, count: 600)
/// intervals.append(8.333, count: 1200)
/// intervals.description   // "16.667*600 8.333*1200"
/// ```
public struct FrameIntervals: Hashable, Sendable, CustomStringConvertible {
    /// `count` consecutive frames of `milliseconds` each.
    public struct Run: Hashable, Sendable {
        public var milliseconds: Double
        public var count: Int

        public init(milliseconds: Double, count: Int) {
            self.milliseconds = milliseconds
            self.count = count
        }
    }

    /// Each run's interval, in milliseconds.
    private var runMilliseconds: [Double] = []
    /// The index of the frame after each run's last, increasing.
    private var runEnds: [Int] = []

    /// An empty list (a replay needs at least one interval: see ``isEmpty``).
    public init() {}

    /// The intervals of `runs`, in order; runs of no frames are left out.
    public init(runs: some Sequence<Run>) {
        for run in runs { append(run.milliseconds, count: run.count) }
    }

    /// Appends `count` frames of `milliseconds` each (none when `count` is 0); equal to the last run, it
    /// lengthens that run.
    ///
    /// - Precondition: `count >= 0`.
    /// - Complexity: amortised O(1).
    public mutating func append(_ milliseconds: Double, count: Int = 1) {
        precondition(count >= 0, "FrameIntervals.append(_:count:) with a negative count")
        guard count > 0 else { return }
        let end = frameCount + count
        if let last = runMilliseconds.last, last == milliseconds {
            runEnds[runEnds.count - 1] = end
            return
        }
        runMilliseconds.append(milliseconds)
        runEnds.append(end)
    }

    /// How many runs the list holds: the entries the trace format writes for it.
    public var runCount: Int { runMilliseconds.count }

    /// Whether the list holds no interval.
    public var isEmpty: Bool { runMilliseconds.isEmpty }

    /// The frames the list gives intervals for (later frames repeat the last).
    public var frameCount: Int { runEnds.last ?? 0 }

    /// The run at `index`.
    public func run(at index: Int) -> Run {
        Run(milliseconds: runMilliseconds[index], count: runEnds[index] - firstFrame(ofRun: index))
    }

    /// The runs, in order.
    public var runs: LazyMapSequence<Range<Int>, Run> { (0..<runCount).lazy.map { run(at: $0) } }

    private func firstFrame(ofRun index: Int) -> Int { index == 0 ? 0 : runEnds[index - 1] }

    /// The list as the trace format writes it: `"16.667*600 8.333*1200"`.
    public var description: String {
        runs.map { $0.count == 1 ? TraceNumber.format($0.milliseconds) : "\(TraceNumber.format($0.milliseconds))*\($0.count)" }
            .joined(separator: " ")
    }
}
