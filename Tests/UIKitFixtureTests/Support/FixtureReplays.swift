import Foundation
import Replay
import Reporting
import ShippedTraceSupport
import Synchronization

/// The fixtures' replays, each run once and shared by every check that reads it: one comparison with `flow` per
/// fixture (gestures, the mode `reel compare` uses), one pass, on the manual clock, so that counters and
/// findings are the same on every machine; geometry comes from short snapshots.
enum FixtureReplays {
    static let runner = ReplayRunner(registry: FixtureRegistry.registry, makeClock: { ManualClock() })

    /// What one fixture's comparison with `flow` measured, as reports: the fixture's first.
    struct Compared: Sendable {
        var fixture: Report
        var flow: Report
        var comparison: Comparison
    }

    /// Fixtures replayed with the trace's data scaled to fewer items (``ReplayOptions/itemCount``): the springs
    /// attach and step every item on every frame they move, which a debug build replays at about 80 ms a frame
    /// with 2,000 items.
    static let itemCounts: [String: Int] = [FixtureRegistry.springs: 300]

    private struct Key: Hashable {
        var layout: String
        var trace: String
    }

    private static let comparisons = Mutex<[Key: Task<Result<Compared, ReplayError>, Never>]>([:])

    /// `layout` and `flow` replayed on the shipped trace `trace` (a file name) by ``LayoutComparison``.
    static func compared(_ layout: String, on trace: String) async throws -> Compared {
        let key = Key(layout: layout, trace: trace)
        let task = comparisons.withLock { comparisons in
            if let task = comparisons[key] { return task }
            let task = Task {
                Result { () throws(ReplayError) -> Compared in
                    var options = ReplayOptions(repeats: 1, warmup: 0)
                    options.itemCount = itemCounts[layout]
                    let comparison = LayoutComparison(trace: ShippedReplays.path(trace), layouts: [layout, "flow"],
                                                      options: options,
                                                      registry: FixtureRegistry.registry)
                    let result = try comparison.run(clock: { ManualClock() })
                    if let failure = result.failure { throw failure }
                    let reports = result.measurements.map(Report.init)
                    return Compared(fixture: reports[0], flow: reports[1],
                                    comparison: Comparison(reports: reports, rounds: result.rounds))
                }
            }
            comparisons[key] = task
            return task
        }
        return try await task.value.get()
    }

    /// What `layout` displays at `time` seconds into the shipped trace `trace`, in offsets mode: the recorded
    /// content offsets, so that the expected frames can be worked out by hand.
    static func snapshot(_ layout: String, _ trace: String, at time: Double) throws -> SnapshotReport {
        try runner.snapshot(ShippedReplays.path(trace), at: time,
                            options: ReplayOptions(layout: layout, mode: .offsets))
    }
}

extension SnapshotReport {
    /// The displayed cell of `item` in `section`.
    func cell(_ item: Int, section: Int = 0) -> Element? {
        elements.first { $0.category == .cell && $0.section == section && $0.item == item }
    }

    /// The displayed cells' items in `section`, in order.
    func cellItems(section: Int = 0) -> [Int] {
        elements.filter { $0.category == .cell && $0.section == section }.map(\.item)
    }

    /// The displayed elements of `kind`.
    func elements(ofKind kind: String) -> [Element] {
        elements.filter { $0.kind == kind }
    }
}

extension SnapshotReport.Element {
    /// The frame as x, y, width and height, for comparing with numbers worked out by hand.
    var xywh: [Double] { [frame.minX, frame.minY, frame.width, frame.height] }
}

/// Whether `a` and `b` are equal to within `tolerance`, component by component.
func close(_ a: [Double], _ b: [Double], tolerance: Double = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}
