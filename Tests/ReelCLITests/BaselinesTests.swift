import Testing
import Foundation
import Reporting
import TestSupport

/// `Reports/baselines/` holds a baseline for every shipped trace, made as `Reports/README.md` says.
@Suite("Shipped baselines", .tags(.endToEnd))
struct BaselinesTests {
    static var shippedTraces: [String] {
        let directory = ReelProcess.root.appendingPathComponent("Traces")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted()
    }

    @Test("Every shipped trace has a baseline: a complete report of that trace with 10 repeats' figures, from a release build, the workload modelled, naming the Reel that measured it")
    func everyTraceHasABaseline() throws {
        #expect(Self.shippedTraces.count >= 10)
        for trace in Self.shippedTraces {
            let name = String(trace.dropLast(4))
            let path = ReelProcess.root.appendingPathComponent("Reports/baselines/\(name).json").path
            guard FileManager.default.fileExists(atPath: path) else {
                Issue.record("Traces/\(trace) has no baseline Reports/baselines/\(name).json (Reports/README.md)")
                continue
            }
            let reports = try Report.read(contentsOf: path)
            let report = try #require(reports.first)
            #expect(reports.count == 1)
            #expect(report.trace == "Traces/\(trace)" && report.complete)
            #expect(report.repeats >= 10 && report.perRepeat.count == report.repeats, "\(trace)")
            #expect(report.perRepeat.allSatisfy { $0.hotPathSelfMs != nil }, "\(trace)")
            #expect(report.environment.build == "release" && report.environment.cpuModel != nil, "\(trace)")
            #expect(report.workload == .model && report.reelVersion != nil, "\(trace)")
        }
    }

    @Test("No baseline is left without its trace")
    func noOrphans() throws {
        let directory = ReelProcess.root.appendingPathComponent("Reports/baselines")
        let baselines = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        let traces = Set(Self.shippedTraces.map { $0.dropLast(4) })
        for baseline in baselines {
            #expect(traces.contains(baseline.dropLast(5)), "Reports/baselines/\(baseline) has no trace")
        }
    }
}
