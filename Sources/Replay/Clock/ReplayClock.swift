public import Reporting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The time source of a replay, injected so that tests are exact.
///
/// The profiler reads ``now()`` around every span; the workload model calls ``spend(_:)`` to spend an
/// app's recorded cost as main-thread time on the same clock, so that what is spent is what is measured.
public protocol ReplayClock: AnyObject {
    /// The clock's name as reports print it.
    var name: ClockName { get }
    /// Nanoseconds since an arbitrary origin; never decreases.
    func now() -> UInt64
    /// Spends `nanoseconds` of main-thread time, as this clock counts it.
    func spend(_ nanoseconds: UInt64)
    /// Reads the clock where a frame begins: a clock may trade an exact, costlier reading there for cheaper
    /// ones inside the frame. ``now()`` by default.
    func frameStart() -> UInt64
    /// Reads the clock where the frame that began at `start` ends; never less than `start`, and the value
    /// later readings continue from. ``now()`` by default.
    func frameEnd(start: UInt64) -> UInt64
}

extension ReplayClock {
    public var name: ClockName { .custom }

    public func frameStart() -> UInt64 { now() }

    public func frameEnd(start: UInt64) -> UInt64 { now() }
}

/// Which clock a replay measures frames and spends the workload on.
public enum ReplayClockKind: String, CaseIterable, Hashable, Sendable {
    /// The main thread's CPU time: other processes on a busy machine stretch neither the workload nor the
    /// measurement. ``ThreadCPUClock``.
    case cpu
    /// The monotonic clock: what a user waits, including the time other processes take. ``MonotonicClock``.
    case wall

    /// A new clock of this kind.
    public func makeClock() -> any ReplayClock {
        switch self {
        case .cpu: ThreadCPUClock()
        case .wall: MonotonicClock()
        }
    }
}

/// The machine's monotonic clock (`CLOCK_MONOTONIC`), read from the processor's cycle counter between
/// anchors where the counter is sound; ``spend(_:)`` busy-waits on it.
///
/// A read is a cycle-counter read, a multiplication and a shift (``CycleCounterTimebase``: it anchors on
/// `clock_gettime` every millisecond, and reads only `clock_gettime`, a vDSO call, where the counter is not
/// invariant or not the kernel's clocksource), which keeps the profiler's spans cheap (the `Profiler.span`
/// benchmark). The wait reads the clock until the time has passed, and confirms it on `clock_gettime`: an
/// opaque call per iteration, which the optimizer cannot remove, so replays reproduce the app's real frame
/// costs.
public final class MonotonicClock: ReplayClock {
    // Unchecked: only this class's methods reach the timebase, none of them re-enters another, and the
    // clock (not `Sendable`) is used by one thread at a time, so two accesses never overlap.
    @exclusivity(unchecked) private var timebase = CycleCounterTimebase(source: MachineTickSource())

    public init() {}

    public var name: ClockName { .wall }

    @inline(__always)
    public func now() -> UInt64 { timebase.now() }

    public func spend(_ nanoseconds: UInt64) {
        guard nanoseconds > 0 else { return }
        // The kernel's own readings start and confirm the wait: a counter a little fast cannot cut it short.
        let end = Self.read(CLOCK_MONOTONIC) &+ nanoseconds
        while true {
            while timebase.now() < end {}
            if Self.read(CLOCK_MONOTONIC) >= end { break }
        }
    }

    /// Whether readings between anchors come from the cycle counter: it is sound, and calibrated (once per
    /// process, before the first clock's first reading, or else by a millisecond of the clock's own use).
    package var readsCycleCounter: Bool { timebase.readsCounter }

    /// Whether a phase recorder's cycle-counter stamps convert to this clock's readings (``time(ofStamp:)``).
    var convertsCycleCounterStamps: Bool { timebase.readsCounter }

    /// The monotonic time at which the cycle counter read `stamp`, as ``now()`` would have read it then.
    func time(ofStamp stamp: UInt64) -> UInt64 { timebase.time(ofTicks: stamp) }

    /// One `clock_gettime` of `clock`, in nanoseconds.
    static func read(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

/// A clock that only moves when time is spent: the engine's own work takes no time, and frame times are
/// exactly the workload's costs. For tests.
public final class ManualClock: ReplayClock {
    /// `@exclusivity(unchecked)`: read at every frame's start and end and at every span, without the dynamic
    /// exclusivity check a class's stored property gets by default. Safe: the clock is not `Sendable` (it
    /// runs on its pass's thread), and no access to `time` calls out, so no two accesses overlap.
    @exclusivity(unchecked) public private(set) var time: UInt64 = 0

    public init() {}

    public var name: ClockName { .manual }

    public func now() -> UInt64 { time }

    public func spend(_ nanoseconds: UInt64) { time &+= nanoseconds }

    /// Moves the clock forward without attributing the time to a workload.
    public func advance(by nanoseconds: UInt64) { time &+= nanoseconds }
}
