import Foundation
import Testing
import Replay
import Reporting
import TestSupport

/// The modelled workload is what the spent one measured, where the clock's error cannot matter: on the shipped
/// traces, a frame whose modelled time is far from the budget is janky in both modes or in neither.
@Suite("Workload modes on shipped traces", .tags(.shippedTraces))
struct WorkloadModeShippedTests {
    private static func trace(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Traces/\(name).xml").path
    }

    /// Traces whose frames all sit far from the budget: a list of cheap frames, stacks whose collapse costs 150 ms
    /// and more, the book's cells that take 12 ms to recycle, three a line.
    @Test("Modelled and spent, the same frames are janky", arguments: ["contacts-list", "stacked-albums", "cats-wall-prepare-for-reuse"])
    func jankyFramesAgree(name: String) throws {
        var frames: [WorkloadMode: [FrameSample]] = [:]
        var janky: [WorkloadMode: Double] = [:]
        for mode in WorkloadMode.allCases {
            let measurement = try ReplayRunner().replay(Self.trace(name),
                                                        options: ReplayOptions(repeats: 1, warmup: 0, workload: mode))
            #expect(measurement.complete && measurement.workload == mode)
            frames[mode] = Array(try #require(measurement.repeats.first).frames)
            janky[mode] = Report(measurement).jankyFrames
        }
        let modelled = try #require(frames[.model]), spent = try #require(frames[.spend])
        #expect(modelled.count == spent.count)
        let budgetNs = 1_000_000_000 / 60.0
        var far = 0
        for (model, spend) in zip(modelled, spent) {
            let ns = Double(model.durationNs)
            guard ns < budgetNs / 2 || ns > budgetNs * 2 else { continue }
            far += 1
            #expect((ns > budgetNs) == (Double(spend.durationNs) > budgetNs), "frame \(model.index)")
        }
        if far == modelled.count { #expect(janky[.model] == janky[.spend]) }
        #expect(far > modelled.count * 99 / 100)
    }
}
