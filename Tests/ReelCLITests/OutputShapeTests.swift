import TestSupport
import Testing
import Foundation

/// Several traces give a JSON array, always — one element per trace named, in order,
/// failed ones included as `{"trace", "complete": false, "error"}` — and one trace gives one object, also when
/// it failed; text reports each trace too; any failure exits 1.
@Suite("JSON arrays and failed traces", .tags(.endToEnd))
struct OutputShapeTests {
    static let missing = "/nonexistent/missing.xml"

    private func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    private func expectFailed(_ value: Any?, trace: String) {
        let object = value as? [String: Any]
        #expect(object?["trace"] as? String == trace)
        #expect(object?["complete"] as? Bool == false)
        #expect((object?["error"] as? String)?.hasPrefix(trace + ": cannot open the trace") == true,
                "\(String(describing: object))")
    }

    @Test("replay: a missing trace before a good one, both missing, one missing")
    func replay() throws {
        let good = try ReelProcess.trace(events: #"<scroll t="0.1" x="0" y="40"/>"#)
        let mixed = try ReelProcess.run("replay", Self.missing, good, "--repeat", "1", "--warmup", "0", "-f", "json", "-q")
        #expect(mixed.status == 1)
        let array = try #require(try json(mixed.stdout) as? [Any])
        #expect(array.count == 2)
        expectFailed(array.first, trace: Self.missing)
        #expect((array.last as? [String: Any])?["complete"] as? Bool == true)
        #expect((array.last as? [String: Any])?["trace"] as? String == good)

        let allFailed = try ReelProcess.run("replay", Self.missing, Self.missing + "2", "-f", "json")
        #expect(allFailed.status == 1)
        let failures = try #require(try json(allFailed.stdout) as? [Any])
        #expect(failures.count == 2)
        expectFailed(failures.first, trace: Self.missing)
        expectFailed(failures.last, trace: Self.missing + "2")

        let one = try ReelProcess.run("replay", Self.missing, "-f", "json")
        #expect(one.status == 1)
        expectFailed(try json(one.stdout), trace: Self.missing)

        let text = try ReelProcess.run("replay", Self.missing, good, "--repeat", "1", "--warmup", "0", "-q")
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("\(Self.missing)\nFAILED: \(Self.missing): cannot open the trace"))
        #expect(text.stdout.contains("\n\(good) · layout flow"))
    }

    @Test("replay: a trace whose warm-up pass fails is a failed element, not a measured one")
    func failedWarmup() throws {
        let bad = try ReelProcess.trace(events: #"<scroll t="0.1" x="0" y="40"/><scroll t="0.2" x="0" y="fast"/>"#)
        let result = try ReelProcess.run("replay", bad, "--repeat", "2", "--warmup", "1", "-f", "json", "-q")
        #expect(result.status == 1)
        let object = try #require(try json(result.stdout) as? [String: Any])
        #expect(object["complete"] as? Bool == false)
        #expect(object["repeats"] == nil)
        #expect((object["error"] as? String)?.contains("'fast'") == true)
    }

    @Test("compare: every trace named has its element, also when all fail")
    func compare() throws {
        let result = try ReelProcess.run("compare", Self.missing, Self.missing + "2", "--layout", "flow", "--layout", "grid",
                                         "-f", "json")
        #expect(result.status == 1)
        let array = try #require(try json(result.stdout) as? [Any])
        #expect(array.count == 2)
        expectFailed(array.first, trace: Self.missing)
        let one = try ReelProcess.run("compare", Self.missing, "--layout", "flow", "--layout", "grid", "-f", "json")
        #expect(one.status == 1)
        expectFailed(try json(one.stdout), trace: Self.missing)
    }

    @Test("gate: a trace that cannot be replayed is a failed result beside the judged one; exit 1")
    func gate() throws {
        let good = try ReelProcess.trace(events: #"<scroll t="0.1" x="0" y="40"/>"#)
        let baseline = try ScratchDirectory.url("shape/baseline.json").path
        #expect(try ReelProcess.run("replay", good, "--repeat", "1", "--warmup", "0", "-f", "json", "-o", baseline).status == 0)
        let result = try ReelProcess.run("gate", "--baseline", baseline, good, Self.missing, "--repeat", "1", "--warmup", "0",
                                         "-f", "json", "-q")
        #expect(result.status == 1)
        let object = try #require(try json(result.stdout) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        let results = try #require(object["results"] as? [Any])
        #expect(results.count == 2)
        #expect((results.first as? [String: Any])?["trace"] as? String == good)
        expectFailed(results.last, trace: Self.missing)
        let text = try ReelProcess.run("gate", "--baseline", baseline, good, Self.missing, "--repeat", "1", "--warmup", "0", "-q")
        #expect(text.status == 1)
        // The timing of one repeat is not judged, and the headline says so before the traces' tally.
        #expect(text.stdout.replacingOccurrences(of: "\n  ", with: " ").hasPrefix(
            "reel gate: FAIL (counters only: timing not judged, too few repeats (1 + 1; 5 on each side at least); "
                + "2 traces, 1 not judged: failed)"))
        #expect(text.stdout.contains("FAILED: \(Self.missing): cannot open the trace"))
    }
}
