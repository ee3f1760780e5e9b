public import Reporting
import CollectionEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time of the thread that reads it (`CLOCK_THREAD_CPUTIME_ID`), read at the cost of the monotonic
/// clock — a cycle-counter read where the counter is sound (``CycleCounterTimebase``): the measuring clock of
/// `--clock cpu`.
///
/// The kernel's thread CPU clock is a system call here (about 1.1 µs, thirty times a monotonic read), and a
/// steady scrolling frame costs 10–15 µs, so reading it around every span would cost more than the frame.
/// But while a thread runs without the kernel taking its CPU away, its CPU time advances as the monotonic
/// clock does. So the clock keeps an *anchor* — one reading of both clocks — and answers
/// `anchor CPU + (monotonic now − anchor monotonic)` as long as a ``PreemptionDetector`` proves the thread
/// has not been descheduled since the anchor; after a preemption (or a blocking call, a signal, a move to
/// another CPU) it reads the kernel's clock again and re-anchors.
///
/// One thing the guest kernel cannot see is a virtual machine's CPU taken away by the host (steal): the
/// thread is not descheduled, the monotonic clock runs on, the kernel's CPU clock does not. Measured here,
/// under load, steal of several milliseconds strikes now and then. So the clock also reads the kernel's
/// clock
/// - where a frame begins, when the anchor is older than ``anchorLifetimeNs`` (1 ms, every ~70 steady
///   frames);
/// - where a frame ends, when the frame looks longer than ``verifiedFrameNs`` (0.1 ms): such a frame costs
///   a hundred times the read, and the reading replaces the estimate, so steal cannot make a frame janky;
/// - at both ends of ``spend(_:)``, which spins until the kernel's clock confirms the time is spent: a 0.5
///   ms cost is 0.5 ms of the thread's CPU time, whatever the host or other processes do meanwhile.
///
/// Error model, against `CLOCK_THREAD_CPUTIME_ID` itself:
/// - a frame shorter than 0.1 ms, and a span inside a frame, may include steal that struck inside it
///   (interrupts served on the thread's CPU are counted by both clocks);
/// - a frame over 0.1 ms is exact, except that steal in the last millisecond before it began, when no
///   anchor was taken since, makes it look shorter by that much;
/// - readings never decrease inside a frame (a reading below the last one answers the last one); after a
///   verified frame end they continue from the kernel's reading;
/// - where the monotonic clock is read from the cycle counter, a reading adds the counter's error (the
///   scale's error times the time since the monotonic clock's last anchor, at most 1 ms: 20 ns in the first
///   second of use, 0.04 ns after; 0.2 ns or less over a 10 µs frame); the anchors and ``spend(_:)`` read
///   the kernel's clocks themselves, and the counter is only read where the kernel keeps it synchronised
///   across CPUs (its clocksource).
/// Where restartable sequences are unavailable (not Linux on x86-64, or glibc without its `rseq`
/// registration) every read is a system call: exact, but the profiler then costs about 1 µs per span.
///
/// A clock belongs to one thread. Where a frame begins, and in ``spend(_:)``, a reading from another thread
/// re-anchors on that thread's CPU time; inside a frame, which runs synchronously, the thread is not
/// checked again (the check is a function call on every reading).
public final class ThreadCPUClock: ReplayClock {
    private let detector: PreemptionDetector?
    // The clock's state is unchecked: only this class's methods reach it, none of them re-enters another, and
    // the clock (not `Sendable`) is used by one thread at a time, so two accesses never overlap. Where
    // restartable sequences are missing every reading anchors, and the anchor's dynamic exclusivity checks
    // were 2,000 instructions a steady frame.
    @exclusivity(unchecked) private var anchorCPU: UInt64 = 0
    @exclusivity(unchecked) private var anchorWall: UInt64 = 0
    /// The monotonic clock, read from the cycle counter between anchors where it can.
    @exclusivity(unchecked) private var timebase = CycleCounterTimebase(source: MachineTickSource())
    @exclusivity(unchecked) private var anchorThread: pthread_t?
    /// The anchored thread's preemption flag, armed at the anchor.
    @exclusivity(unchecked) private var flag: PreemptionDetector.Flag?
    @exclusivity(unchecked) private var last: UInt64 = 0
    /// Whether the thread was interrupted since the anchor though the flag is armed again: a phase recorder
    /// that found it lowered armed it again (``noteInterruption()``).
    @exclusivity(unchecked) private var interruptedSinceAnchor = false
    /// How many times the clock read the kernel's thread CPU clock (a system call): for tests and benchmarks.
    @exclusivity(unchecked) package private(set) var kernelReads = 0
    /// The anchors taken since cycle-counter stamps were last converted (``times(ofStamps:into:)``), after the
    /// one in force before them; kept only while ``keepsAnchors``.
    @exclusivity(unchecked) private var anchors: [Anchor] = []

    /// An anchor as converting stamps needs it.
    struct Anchor: Equatable {
        /// The monotonic and CPU readings of the anchor.
        var wall: UInt64
        var cpu: UInt64
        /// Whether the kernel had taken the processor away from the thread since the anchor before.
        var interrupted: Bool
    }

    /// A thread CPU clock; `detectsPreemption: false` reads the kernel's clock on every read (the naive
    /// clock, for benchmarks and tests).
    public init(detectsPreemption: Bool = true) {
        detector = detectsPreemption ? PreemptionDetector.make() : nil
    }

    deinit {
        detector?.release()
    }

    public var name: ClockName { .cpu }

    /// Whether readings between preemptions cost a monotonic read rather than a system call.
    public var detectsPreemption: Bool { detector != nil }

    /// How long an anchor serves the start of a frame, in monotonic nanoseconds.
    public static let anchorLifetimeNs: UInt64 = 1_000_000
    /// Frames that look at least this long are verified against the kernel's clock where they end.
    public static let verifiedFrameNs: UInt64 = 100_000

    @inline(__always)
    public func now() -> UInt64 {
        let value = estimate()
        if value > last { last = value }
        return last
    }

    public func frameStart() -> UInt64 {
        guard detector != nil else { return now() }
        let wall = timebase.now()
        // Inside a frame the thread cannot change (a frame runs synchronously); between frames it can.
        let stale = wall &- anchorWall > Self.anchorLifetimeNs || anchorThread != pthread_self()
        let value = stale ? anchor() : estimate(at: wall)
        if value > last { last = value }
        return last
    }

    public func frameEnd(start: UInt64) -> UInt64 {
        let estimated = now()
        guard detector != nil, estimated &- start >= Self.verifiedFrameNs else { return estimated }
        let end = max(start, anchor())
        last = end
        return end
    }

    public func spend(_ nanoseconds: UInt64) {
        guard nanoseconds > 0 else { return }
        let end = anchor() &+ nanoseconds
        // The estimate runs behind the kernel's clock by the anchor's own reading (under a microsecond) and
        // ahead of it by any steal, so it reaching `end` is the moment to ask the kernel; steal meanwhile
        // leaves some of the time unspent, and the loop goes on.
        while true {
            while estimate() < end {}
            if detector == nil || anchor() >= end { break }
        }
    }

    /// The thread's CPU time from the anchor, or from the kernel when the anchor cannot be trusted.
    @inline(__always)
    private func estimate() -> UInt64 {
        estimate(at: timebase.now())
    }

    /// The thread's CPU time at the monotonic reading `wall`, just taken.
    @inline(__always)
    private func estimate(at wall: UInt64) -> UInt64 {
        // The monotonic reading comes first: the flag still armed after it proves the thread ran without
        // interruption from the anchor to that reading.
        guard let flag, flag.isArmed, !interruptedSinceAnchor else { return anchor() }
        return anchorCPU &+ (wall &- anchorWall)
    }

    /// Reads the kernel's thread CPU clock and makes it the anchor; returns it.
    @inline(never)
    private func anchor() -> UInt64 {
        kernelReads += 1
        guard let detector else { return MonotonicClock.read(CLOCK_THREAD_CPUTIME_ID) }
        let interrupted = interruptedSinceAnchor || (flag.map { !$0.isArmed } ?? false)
        interruptedSinceAnchor = false
        // Armed before the reading: a preemption between the two lowers the flag, and the next read
        // re-anchors rather than trusting a reading that might straddle it.
        let thread = pthread_self()
        flag = detector.arm(on: thread)
        let cpu = MonotonicClock.read(CLOCK_THREAD_CPUTIME_ID)
        anchorWall = timebase.anchor()
        anchorCPU = cpu
        anchorThread = thread
        if keepsAnchors { anchors.append(Anchor(wall: anchorWall, cpu: cpu, interrupted: interrupted)) }
        return cpu
    }

    // MARK: Stamps

    /// Whether a phase recorder's cycle-counter stamps, made on the clock's thread, convert to this clock's
    /// readings (``times(ofStamps:into:)``): the thread's interruptions are detected and the monotonic clock
    /// is read from the counter. Where not, a recorder reads ``now()`` instead.
    var convertsCycleCounterStamps: Bool { detector != nil && timebase.readsCounter }

    /// Whether the clock keeps its anchors for converting stamps; set by a profiler that converts them, which
    /// calls ``times(ofStamps:into:)`` where every frame ends (with no stamps if need be), so that the list
    /// stays short. Once set, it stays set: a replay's passes may each have a profiler on the same clock.
    var keepsAnchors = false {
        didSet {
            if keepsAnchors { anchors.reserveCapacity(64) } else { anchors.removeAll(keepingCapacity: true) }
        }
    }

    /// The word a phase recorder watches to note the thread's interruptions, and the value it holds while
    /// there was none since the last anchor (``PhaseRecorder/watchInterruptions(of:armedValue:)``); `nil`
    /// before the first anchor. It changes when the clock anchors on another thread: read it where a frame
    /// begins, after ``frameStart()``.
    var interruptionWord: (word: UnsafeMutablePointer<UInt64>, armedValue: UInt64)? {
        flag.map { ($0.word, $0.descriptor) }
    }

    /// Tells the clock that its thread was interrupted since the last anchor although the flag is armed
    /// again — a phase recorder watching it armed it again — so that the next reading anchors, as after any
    /// interruption, and the anchor says the thread was interrupted.
    func noteInterruption() {
        interruptedSinceAnchor = true
    }

    /// Converts cycle-counter stamps, made on the clock's thread since the last conversion and in order, to
    /// the CPU times they stand for; `times` receives one per stamp. Readings are not clamped: the caller
    /// keeps them in order and within the frame.
    ///
    /// A stamp's time is the anchor's CPU reading plus the monotonic time since the anchor, as ``now()``
    /// reads it, from the anchor in force when the stamp was made, less the time the thread lost to the
    /// interruptions before it (``Self/cpuTimes(of:walls:anchors:)``). Without ``keepsAnchors`` every stamp
    /// counts from the current anchor.
    func times(ofStamps marks: UnsafeBufferPointer<PhaseRecorder.Mark>, into times: UnsafeMutablePointer<UInt64>) {
        if anchors.isEmpty {
            guard !marks.isEmpty else { return }
            if kernelReads == 0 { _ = anchor() }
            if anchors.isEmpty { anchors.append(Anchor(wall: anchorWall, cpu: anchorCPU, interrupted: false)) }
        }
        for (i, mark) in marks.enumerated() { times[i] = timebase.time(ofTicks: mark.stamp) }
        Self.cpuTimes(of: marks, walls: times, anchors: anchors)
        // The last anchor is in force for the stamps to come.
        anchors.removeFirst(anchors.count - 1)
    }

    /// Turns the monotonic readings `walls` of `marks` (in order) into CPU times, in place, from `anchors`
    /// (oldest first; the first is in force before the first mark).
    ///
    /// Between two anchors the CPU clock runs with the monotonic clock, but for the time the thread lost: the
    /// later anchor's kernel reading says how much, `(Δ monotonic − Δ CPU)`. Where marks found the thread
    /// interrupted (``PhaseRecorder/Mark/followsInterruption``), they say where the loss fell — each in the
    /// stretch between the mark before it (or the anchor) and itself — and the loss goes to those stretches,
    /// the longest first, each taking at most its own length: one interruption is placed exactly where a
    /// reading of ``now()`` would have found it; with several, a stretch keeps the part of its length the loss
    /// does not need, so no span is ever shorter than the thread's time in it by more than the interruptions
    /// it held. A loss no mark found (it came after the last mark before the anchor) changes no mark.
    ///
    /// Time lost where no mark saw an interruption — a virtual machine's processor taken by its host, which
    /// deschedules nothing — goes the same way to every stretch between the two anchors, the one after the
    /// last mark included: a steal of milliseconds makes its stretch the longest by far. And no mark comes out
    /// later than the next anchor's CPU reading, so that no span is longer than the frame whose verified end
    /// the anchor is: what the marks would overrun it by is taken from their stretches, the longest first.
    static func cpuTimes(of marks: UnsafeBufferPointer<PhaseRecorder.Mark>, walls: UnsafeMutablePointer<UInt64>,
                         anchors: [Anchor]) {
        var k = 0
        var first = 0
        while first < marks.count {
            // The marks made while anchor k was in force: up to the next anchor's reading.
            while k + 1 < anchors.count, anchors[k + 1].wall <= walls[first] { k += 1 }
            var end = first
            while end < marks.count, k + 1 == anchors.count || walls[end] < anchors[k + 1].wall { end += 1 }
            let to = k + 1 < anchors.count && anchors[k + 1].cpu >= anchors[k].cpu ? anchors[k + 1] : nil
            spread(over: marks, walls: walls, range: first..<end, from: anchors[k], to: to)
            first = end
        }
    }

    /// Takes the time the thread lost between `from` and `to` out of the stretches of `range` (the marks made
    /// between them), as ``cpuTimes(of:walls:anchors:)`` says, and turns the range's walls into CPU times from
    /// `from`. Stretches take a loss the longest first (the earlier of two as long), each at most its length,
    /// at most ``longestStretchesTaken`` of them each time: a frame interrupted more often than that is rare
    /// enough to keep the rest of its loss where it fell.
    private static func spread(over marks: UnsafeBufferPointer<PhaseRecorder.Mark>, walls: UnsafeMutablePointer<UInt64>,
                               range: Range<Int>, from: Anchor, to: Anchor?) {
        guard !range.isEmpty else { return }
        let tail = range.upperBound
        /// The stretch before mark `i` (from the mark before it in the range, or the anchor), or for `tail`
        /// the stretch from the last mark to the next anchor.
        func length(_ i: Int) -> UInt64 {
            let start = i == range.lowerBound ? from.wall : walls[i - 1]
            let end = i == tail ? to?.wall ?? start : walls[i]
            return end > start ? end - start : 0
        }
        /// `taken` plus `amount` from the stretches of `candidates`, the longest (what remains of them) first.
        func take(_ amount: UInt64, from candidates: [Int], besides taken: [Int: UInt64]) -> [Int: UInt64] {
            var takes = taken
            var remaining = amount
            let longestFirst = candidates.map { (index: $0, length: length($0) - (taken[$0] ?? 0)) }
                .sorted { $0.length > $1.length || ($0.length == $1.length && $0.index < $1.index) }
            for stretch in longestFirst.prefix(longestStretchesTaken) where remaining > 0 {
                let amount = min(stretch.length, remaining)
                takes[stretch.index, default: 0] += amount
                remaining -= amount
            }
            return takes
        }
        // The lists are built only for an interval that lost time, or whose marks overrun its end.
        var takes: [Int: UInt64] = [:]
        if let to {
            let wall = to.wall &- from.wall, cpu = to.cpu &- from.cpu
            if wall > cpu {
                // An interruption no mark found came after the last one: its loss, left over, changes no mark.
                let candidates = to.interrupted ? range.filter { marks[$0].followsInterruption } : Array(range) + [tail]
                takes = take(wall - cpu, from: candidates, besides: takes)
            }
            let last = tail - 1
            let elapsed = walls[last] > from.wall ? walls[last] - from.wall : 0
            let taken = takes.reduce(0) { $0 + ($1.key < tail ? $1.value : 0) }
            let time = from.cpu &+ (elapsed - min(taken, elapsed))
            if time > to.cpu { takes = take(time - to.cpu, from: Array(range), besides: takes) }
        }
        var lost: UInt64 = 0
        for i in range {
            lost &+= takes[i] ?? 0
            let elapsed = walls[i] > from.wall ? walls[i] - from.wall : 0
            walls[i] = from.cpu &+ (elapsed - min(lost, elapsed))
        }
    }

    /// How many interrupted stretches between two anchors take the time the thread lost.
    static let longestStretchesTaken = 64
}