#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time of the thread that reads it (`CLOCK_THREAD_CPUTIME_ID`), read at the cost of the monotonic
/// clock — a cycle-counter read where the counter is sound (``CycleCounterTimebase``): the measuring clock of
/// `--clock cpu` (SPEC §4).
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
    private var anchorCPU: UInt64 = 0
    private var anchorWall: UInt64 = 0
    /// The monotonic clock, read from the cycle counter between anchors where it can.
    // Unchecked: only this class's methods reach the timebase, none of them re-enters another, and the
    // clock (not `Sendable`) is used by one thread at a time, so two accesses never overlap.
    @exclusivity(unchecked) private var timebase = CycleCounterTimebase(source: MachineTickSource())
    private var anchorThread: pthread_t?
    /// The anchored thread's preemption flag, armed at the anchor.
    private var flag: PreemptionDetector.Flag?
    private var last: UInt64 = 0
    /// How many times the clock read the kernel's thread CPU clock (a system call): for tests and benchmarks.
    package private(set) var kernelReads = 0

    /// A thread CPU clock; `detectsPreemption: false` reads the kernel's clock on every read (the naive
    /// clock, for benchmarks and tests).
    public init(detectsPreemption: Bool = true) {
        detector = detectsPreemption ? PreemptionDetector.make() : nil
    }

    deinit {
        detector?.release()
    }

    public var name: String { ReplayClockKind.cpu.rawValue }

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
        guard let flag, flag.isArmed else { return anchor() }
        return anchorCPU &+ (wall &- anchorWall)
    }

    /// Reads the kernel's thread CPU clock and makes it the anchor; returns it.
    @inline(never)
    private func anchor() -> UInt64 {
        kernelReads += 1
        guard let detector else { return MonotonicClock.read(CLOCK_THREAD_CPUTIME_ID) }
        // Armed before the reading: a preemption between the two lowers the flag, and the next read
        // re-anchors rather than trusting a reading that might straddle it.
        let thread = pthread_self()
        flag = detector.arm(on: thread)
        let cpu = MonotonicClock.read(CLOCK_THREAD_CPUTIME_ID)
        anchorWall = timebase.anchor()
        anchorCPU = cpu
        anchorThread = thread
        return cpu
    }
}
