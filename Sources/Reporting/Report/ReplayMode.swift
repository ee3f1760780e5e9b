/// How scrolling is driven during a replay.
public enum ReplayMode: String, CaseIterable, Hashable, Sendable {
    /// The recorded content offsets are applied as they are: exact reproduction.
    case offsets
    /// `<scroll>` events are ignored and drags drive the offset through the engine's scroll physics.
    case gestures
}

/// The clock a replay's times were read on, as reports name it.
public enum ClockName: String, CaseIterable, Hashable, Sendable {
    /// The main thread's CPU time.
    case cpu
    /// Monotonic wall time.
    case wall
    /// A clock that advances only by the modelled workload (tests).
    case manual
    /// A clock of the caller's own.
    case custom
}
