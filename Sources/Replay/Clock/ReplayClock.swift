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

/// The machine's monotonic clock; ``spend(_:)`` busy-waits on it.
///
/// The wait reads the clock until the time has passed: an opaque call per iteration, which the optimizer
/// cannot remove, so replays reproduce the app's real frame costs.
public final class MonotonicClock: ReplayClock {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    public init() {
        origin = clock.now
    }

    public func now() -> UInt64 {
        let elapsed = clock.now - origin
        let (seconds, attoseconds) = elapsed.components
        return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
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
