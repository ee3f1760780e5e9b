/// When each frame of a replay begins and what budget it has: every frame 1 / refresh rate long, or each
/// frame its own interval (a trace's `<frame-intervals>`, as a ProMotion display or a recording reports them).
///
/// Frame *n* begins at the sum of the intervals before it; its budget is its own interval, unless a budget is
/// given for every frame (`--budget`). A display's rate may change within a session: Sentry's fixed 60 Hz
/// budget marked every frame of a 120 Hz session slow (getsentry/sentry-cocoa #1881) until each frame's budget
/// came from `targetTimestamp − timestamp` (PR #1915); Firebase moved from a fixed 16 ms to the display's own
/// interval for the same reason (firebase/firebase-ios-sdk #10220, PR #15516). Frames past the intervals repeat
/// the last one.
///
/// A uniform clock computes frame *n*'s start as `n / rate`, exactly as replays always have, so that a trace
/// without intervals replays to the same times.
public struct FrameClock: Hashable, Sendable {
    /// Frames per second of a uniform clock; 0 for one with intervals.
    private let uniformRate: Double
    /// Each run's interval, in milliseconds (one run for a uniform clock).
    private let runMilliseconds: [Double]
    /// The index of the frame after each run's last, increasing.
    private let runEnds: [Int]
    /// When each run's first frame begins, in seconds.
    private let runStarts: [Double]
    /// The budget of every frame, when one is given for all (`--budget`), in milliseconds.
    public let fixedBudgetMs: Double?

    /// Every frame 1 / `refreshRate` long, with a budget of `budgetMs` (its interval when `nil`).
    ///
    /// - Precondition: `refreshRate` is positive and finite.
    public init(refreshRate: Double, budgetMs: Double? = nil) {
        precondition(refreshRate > 0 && refreshRate.isFinite, "a refresh rate is positive, not \(refreshRate)")
        uniformRate = refreshRate
        runMilliseconds = [1000 / refreshRate]
        runEnds = [1]
        runStarts = [0]
        fixedBudgetMs = budgetMs == 1000 / refreshRate ? nil : budgetMs
    }

    /// Frames of the intervals `runs` (`milliseconds` each for `count` frames), in order; frames past them
    /// repeat the last; each frame's budget is its interval unless `budgetMs` is given.
    ///
    /// - Precondition: at least one run has frames; every interval is positive and finite.
    public init(intervals runs: [(milliseconds: Double, count: Int)], budgetMs: Double? = nil) {
        var milliseconds: [Double] = []
        var ends: [Int] = []
        var starts: [Double] = []
        var frames = 0
        var start = 0.0
        for run in runs where run.count > 0 {
            precondition(run.milliseconds > 0 && run.milliseconds.isFinite, "an interval is positive, not \(run.milliseconds)")
            milliseconds.append(run.milliseconds)
            starts.append(start)
            frames += run.count
            ends.append(frames)
            start += Double(run.count) * run.milliseconds / 1000
        }
        precondition(!milliseconds.isEmpty, "a frame clock needs one interval at least")
        uniformRate = 0
        runMilliseconds = milliseconds
        runEnds = ends
        runStarts = starts
        fixedBudgetMs = budgetMs
    }

    /// Whether every frame has the same interval (a clock made from a refresh rate).
    public var isUniform: Bool { uniformRate > 0 }

    /// The intervals as runs (`milliseconds` each for `count` frames); one run of one frame for a uniform clock.
    public var runs: [(milliseconds: Double, count: Int)] {
        runMilliseconds.indices.map { (runMilliseconds[$0], runEnds[$0] - firstFrame(ofRun: $0)) }
    }

    private func firstFrame(ofRun index: Int) -> Int { index == 0 ? 0 : runEnds[index - 1] }

    /// The run that gives `frame` its interval: the one holding it, or the last for a frame past them.
    ///
    /// - Complexity: O(log *runs*).
    @inline(__always)
    private func runIndex(ofFrame frame: Int) -> Int {
        var low = 0
        var high = runEnds.count - 1
        while low < high {
            let middle = (low + high) / 2
            if runEnds[middle] > frame { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// When frame `frame` begins, in seconds from the start of the session.
    ///
    /// - Complexity: O(log *runs*).
    public func startTime(ofFrame frame: Int) -> Double {
        if uniformRate > 0 { return Double(frame) / uniformRate }
        let run = runIndex(ofFrame: frame)
        return runStarts[run] + Double(frame - firstFrame(ofRun: run)) * runMilliseconds[run] / 1000
    }

    /// Frame `frame`'s interval, in milliseconds.
    ///
    /// - Complexity: O(log *runs*).
    public func intervalMs(ofFrame frame: Int) -> Double {
        uniformRate > 0 ? runMilliseconds[0] : runMilliseconds[runIndex(ofFrame: frame)]
    }

    /// Frame `frame`'s budget, in milliseconds: the budget given for every frame, else its interval.
    public func budgetMs(ofFrame frame: Int) -> Double {
        fixedBudgetMs ?? intervalMs(ofFrame: frame)
    }

    /// Frame `frame`'s budget, in nanoseconds.
    public func budgetNs(ofFrame frame: Int) -> Double {
        budgetMs(ofFrame: frame) * 1_000_000
    }

    /// The frame that holds `time` (seconds, at least 0): the last frame beginning at or before it.
    ///
    /// - Complexity: O(log *runs*).
    public func frame(at time: Double) -> Int {
        if uniformRate > 0 {
            var n = max(0, Int((time * uniformRate).rounded(.down)))
            while time >= Double(n + 1) / uniformRate { n += 1 }
            while n > 0 && time < Double(n) / uniformRate { n -= 1 }
            return n
        }
        var low = 0
        var high = runStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runStarts[middle] <= time { low = middle } else { high = middle - 1 }
        }
        let first = firstFrame(ofRun: low)
        var n = max(first, first + Int(((time - runStarts[low]) * 1000 / runMilliseconds[low]).rounded(.down)))
        // The division may land a frame off where `time` is a frame's start: the sums decide.
        while n > 0 && startTime(ofFrame: n) > time { n -= 1 }
        while startTime(ofFrame: n + 1) <= time { n += 1 }
        return n
    }

    /// The slowest and the fastest refresh rate, in frames per second (one value for a uniform clock).
    public var refreshRateRange: ClosedRange<Double> {
        if uniformRate > 0 { return uniformRate...uniformRate }
        let longest = runMilliseconds.max() ?? 1000
        let shortest = runMilliseconds.min() ?? 1000
        return 1000 / longest...1000 / shortest
    }

    /// Whether the refresh rate changes within the session.
    public var varies: Bool { refreshRateRange.lowerBound != refreshRateRange.upperBound }

    /// The fastest refresh rate: the rate a report names, whose budget is the tightest.
    public var refreshRate: Double { uniformRate > 0 ? uniformRate : refreshRateRange.upperBound }

    /// The loosest budget of any frame, in milliseconds.
    public var maximumBudgetMs: Double { fixedBudgetMs ?? (runMilliseconds.max() ?? 0) }

    /// The tightest budget of any frame, in milliseconds.
    public var minimumBudgetMs: Double { fixedBudgetMs ?? (runMilliseconds.min() ?? 0) }
}
