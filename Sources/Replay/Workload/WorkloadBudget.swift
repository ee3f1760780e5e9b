import Reporting
import TraceXML

/// The workload one pass may charge: ``TraceLimits/workloadSecondsPerPass`` seconds, modelled on the pass's
/// profiler or spent on its clock (``WorkloadMode``).
///
/// Every recorded cost goes through ``charge(_:)``, which checks before charging: a cost that would take the
/// pass past the limit is not charged, and ``isExceeded`` tells the pass to stop with an error after the
/// frame (the engine calls the data source where nothing can throw). A trace whose workload adds up to
/// hours thus stops after at most the limit, in either mode.
final class WorkloadBudget {
    /// Where a cost goes.
    enum Charge {
        /// Added to the time of the open span and its frame (``Profiler/addModelledTime(_:)``).
        case model(Profiler)
        /// Spent as busy time on the clock.
        case spend(any ReplayClock)
    }

    /// The most nanoseconds the pass charges.
    let limit: UInt64
    /// Nanoseconds charged so far.
    private(set) var spent: UInt64 = 0
    /// Whether a cost was refused because it would have passed the limit.
    private(set) var isExceeded = false
    private let destination: Charge

    init(_ charge: Charge, limit: UInt64 = UInt64(TraceLimits.workloadSecondsPerPass * 1_000_000_000)) {
        self.destination = charge
        self.limit = limit
    }

    /// Charges `nanoseconds`, unless that would pass the limit.
    func charge(_ nanoseconds: UInt64) {
        guard nanoseconds > 0, !isExceeded else { return }
        guard nanoseconds <= limit - spent else {
            isExceeded = true
            return
        }
        spent += nanoseconds
        switch destination {
        case .model(let profiler): profiler.addModelledTime(nanoseconds)
        case .spend(let clock): clock.spend(nanoseconds)
        }
    }
}
