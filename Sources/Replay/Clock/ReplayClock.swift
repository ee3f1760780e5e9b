#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The time source of a replay, injected so that tests are exact.
///
/// The profiler reads ``now()`` around every span; the workload model calls ``spend(_:)`` to spend an
/// app's recorded cost as main-thread time.
public protocol ReplayClock: AnyObject {
    /// Monotonic nanoseconds since an arbitrary origin.
    func now() -> UInt64
    /// Spends `nanoseconds` of main-thread time.
    func spend(_ nanoseconds: UInt64)
}

/// The machine's monotonic clock (`CLOCK_MONOTONIC`); ``spend(_:)`` busy-waits on it.
///
/// The wait reads the clock until the time has passed: an opaque call per iteration, which the optimizer
/// cannot remove, so replays reproduce the app's real frame costs. A read is one `clock_gettime` (a vDSO
/// call, no system call), which keeps the profiler's spans cheap (the `Profiler.span` benchmark).
public final class MonotonicClock: ReplayClock {
    public init() {}

    public func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    public func spend(_ nanoseconds: UInt64) {
        guard nanoseconds > 0 else { return }
        let end = now() &+ nanoseconds
        while now() < end {}
    }
}

/// A clock that only moves when time is spent: the engine's own work takes no time, and frame times are
/// exactly the workload's costs. For tests.
public final class ManualClock: ReplayClock {
    public private(set) var time: UInt64 = 0

    public init() {}

    public func now() -> UInt64 { time }

    public func spend(_ nanoseconds: UInt64) { time &+= nanoseconds }

    /// Moves the clock forward without attributing the time to a workload.
    public func advance(by nanoseconds: UInt64) { time &+= nanoseconds }
}
