import TraceXML

/// The workload one pass may spend: ``TraceLimits/workloadSecondsPerPass`` seconds on the pass's clock.
///
/// Every recorded cost goes through ``spend(_:)``, which checks before spending: a cost that would take the
/// pass past the limit is not spent, and ``isExceeded`` tells the pass to stop with an error after the
/// frame (the engine calls the data source where nothing can throw). A trace whose workload adds up to
/// hours thus stops after at most the limit, never spends it.
final class WorkloadBudget {
    /// The most nanoseconds the pass spends.
    let limit: UInt64
    /// Nanoseconds spent so far.
    private(set) var spent: UInt64 = 0
    /// Whether a cost was refused because it would have passed the limit.
    private(set) var isExceeded = false
    private let clock: any ReplayClock

    init(clock: any ReplayClock, limit: UInt64 = UInt64(TraceLimits.workloadSecondsPerPass * 1_000_000_000)) {
        self.clock = clock
        self.limit = limit
    }

    /// Spends `nanoseconds` on the clock, unless that would pass the limit.
    func spend(_ nanoseconds: UInt64) {
        guard nanoseconds > 0, !isExceeded else { return }
        guard nanoseconds <= limit - spent else {
            isExceeded = true
            return
        }
        spent += nanoseconds
        clock.spend(nanoseconds)
    }
}
