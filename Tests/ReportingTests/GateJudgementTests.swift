import Testing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Reporting
import TestSupport

/// `reel gate`'s judgement on reports built by hand: counters exactly, timing with the tolerance and
/// the Mann-Whitney U test, the refusal below 5 repeats, other machines, mismatched baselines, and the formats.
@Suite("Gate judgement", .tags(.fast))
struct GateJudgementTests {
    static let machine = Environment(host: "ci-1", cores: 2, swift: "6.3", build: "release", cpuModel: "Test CPU 3000")

    /// A report whose repeats have the given p50 frame times (ms) and configure self times; every other
    /// frame-time statistic follows p50.
    static func report(p50: [Double], configure: [Double]? = nil,
                       counters: CounterValues = [.layoutPrepares: 1, .cellsCreated: 20, .taps: 3],
                       janky: [Int]? = nil, environment: Environment = machine, trace: String = "Traces/grid.xml",
                       layout: String = "flow") -> Report {
        let configure = configure ?? p50.map { $0 / 2 }
        let perRepeat = p50.indices.map { index in
            let ms = p50[index]
            return Report.RepeatFigures(
                frames: 100, jankyFrames: janky?[index] ?? 0, droppedFrames: 0, hitchTimeMs: 0,
                frameTimeMs: .init(mean: ms, p50: ms, p90: ms * 1.5, p95: ms * 1.6, p99: ms * 2, max: ms * 3),
                hitchTimeRatio: 0, effectiveFPS: 60, peakFPS: 60,
                hotPathSelfMs: ["frame/cells/configure": configure[index] * 100, "frame": 1])
        }
        let median = Spread(p50)?.median ?? 0
        return Report(
            complete: true, trace: trace, layout: layout, mode: .offsets, refreshRateHz: 60, budgetMs: 1000.0 / 60,
            repeats: p50.count, warmup: 1, frames: 100, sessionSeconds: 100.0 / 60,
            frameTimeMs: .init(mean: median, p50: median, p90: median, p95: median, p99: median, max: median),
            jankyFrames: 0, droppedFrames: 0, hitchTimeMs: 0, hitchTimeRatio: 0, effectiveFPS: 60, peakFPS: 60,
            counters: counters,
            hotPaths: [.init(path: "frame/cells/configure", calls: 10, totalMs: 1, selfMs: 1, jankySelfMs: 0,
                             callP50Ms: 0, callP99Ms: 0, callMaxMs: 0),
                       .init(path: "frame", calls: 100, totalMs: 2, selfMs: 1, jankySelfMs: 0,
                             callP50Ms: 0, callP99Ms: 0, callMaxMs: 0)],
            worstFrames: [], environment: environment, perRepeat: perRepeat)
    }

    static let steady = [1.00, 1.01, 0.99, 1.02, 0.98, 1.00, 1.01, 0.99, 1.02, 0.98]

    private func verdict(_ judgement: GateJudgement, _ name: String) -> FigureJudgement.Verdict? {
        judgement.figures.first { $0.name == name }?.verdict
    }

    @Test("The same run against itself passes: every judged figure unchanged")
    func sameRun() throws {
        let report = Self.report(p50: Self.steady)
        let judgement = try GateJudgement(baseline: report, current: report)
        #expect(judgement.passed && judgement.timing == .judged)
        #expect(judgement.regressions.isEmpty && judgement.improvements.isEmpty)
        #expect(verdict(judgement, "frame_time_ms.p50") == .unchanged)
        #expect(verdict(judgement, "layout_prepares") == .unchanged)
    }

    @Test("Timing 25 % worse in every repeat is a regression with an exact p of 2/C(20,10) at 10 + 10")
    func timingRegression() throws {
        let baseline = Self.report(p50: Self.steady)
        let current = Self.report(p50: Self.steady.map { $0 * 1.25 })
        let judgement = try GateJudgement(baseline: baseline, current: current)
        #expect(!judgement.passed)
        let p50 = try #require(judgement.figures.first { $0.name == "frame_time_ms.p50" })
        #expect(p50.verdict == .regression)
        #expect(abs((p50.pValue ?? 1) - 2.0 / 184_756) < 1e-12)
        #expect(abs((p50.change ?? 0) - 0.25) < 1e-9)
        #expect(verdict(judgement, "frame/cells/configure") == .regression)
        // Regressions come first.
        #expect(judgement.figures.first?.verdict == .regression)
        // Faster is an improvement, never a failure.
        let faster = try GateJudgement(baseline: current, current: baseline)
        #expect(faster.passed && verdict(faster, "frame_time_ms.p50") == .improvement)
    }

    @Test("A significant change within --max-regression is not a regression; a larger one is")
    func tolerance() throws {
        let baseline = Self.report(p50: Self.steady)
        let current = Self.report(p50: Self.steady.map { $0 * 1.08 })
        #expect(try GateJudgement(baseline: baseline, current: current).passed)
        let strict = GatePolicy(maxRegression: 0.05)
        #expect(try !GateJudgement(baseline: baseline, current: current, policy: strict).passed)
    }

    @Test("A large change the test cannot tell from noise is not a regression (~)")
    func notSignificant() throws {
        let baseline = Self.report(p50: [1, 2, 1, 2, 1, 2, 1, 2, 1, 2])
        let current = Self.report(p50: [1, 2, 1, 2, 1, 2, 1, 2, 2, 2])
        let judgement = try GateJudgement(baseline: baseline, current: current)
        let p50 = try #require(judgement.figures.first { $0.name == "frame_time_ms.p50" })
        #expect(p50.verdict == .unchanged && p50.pValue ?? 0 > 0.01)
    }

    @Test("Fewer than 5 repeats on either side: timing is not judged, says so, and counters still are")
    func tooFewRepeats() throws {
        let baseline = Self.report(p50: [1, 1, 1, 1])
        let current = Self.report(p50: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
                                  counters: [.layoutPrepares: 2, .cellsCreated: 20, .taps: 3])
        let judgement = try GateJudgement(baseline: baseline, current: current)
        #expect(judgement.timing == .tooFewRepeats(baseline: 4, current: 10))
        #expect(judgement.notes.count == 1 && judgement.notes[0].contains("timing not judged"))
        #expect(verdict(judgement, "frame_time_ms.p50") == .notJudged)
        #expect(judgement.regressions.map(\.name) == ["layout_prepares"])
        // 5 + 5 is enough: 2/252 < 0.01.
        let five = try GateJudgement(baseline: Self.report(p50: [1, 1, 1, 1, 1]), current: Self.report(p50: [2, 2, 2, 2, 2]))
        #expect(five.timing == .judged && verdict(five, "frame_time_ms.p50") == .regression)
        #expect(GateFormat.text.render([judgement]).contains("timing not judged"))
    }

    @Test("Cost counters are judged exactly; counters that are not costs are reported, not judged")
    func counters() throws {
        let baseline = Self.report(p50: Self.steady)
        let more = Self.report(p50: Self.steady, counters: [.layoutPrepares: 2, .cellsCreated: 19, .taps: 9])
        let judgement = try GateJudgement(baseline: baseline, current: more)
        #expect(judgement.regressions.map(\.name) == ["layout_prepares"])
        #expect(judgement.improvements.map(\.name) == ["cells_created"])
        let taps = try #require(judgement.figures.first { $0.name == "taps" })
        #expect(taps.verdict == .notJudged && taps.reason.contains("not a cost"))
    }

    @Test("Timing from another kind of machine is reported, not judged; counters are still judged")
    func otherMachine() throws {
        var other = Self.machine
        other.cpuModel = "Other CPU"
        let baseline = Self.report(p50: Self.steady)
        let current = Self.report(p50: Self.steady.map { $0 * 2 }, environment: other)
        let judgement = try GateJudgement(baseline: baseline, current: current)
        #expect(judgement.passed)
        guard case .otherMachine(let machine, let current) = judgement.timing else { Issue.record("timing judged"); return }
        #expect(current.contains("Other CPU") && machine.contains("Test CPU 3000"))
        #expect(judgement.notes.first?.contains("the baseline was measured on \(machine), the current run on \(current)") == true)
        #expect(!judgement.timingJudged && judgement.timingReason == "baseline from \(machine)")
        #expect(GateFormat.text.render([judgement]).replacingOccurrences(of: "\n  ", with: " ").hasPrefix(
            "reel gate: PASS (counters only: timing not judged, baseline from \(machine); 1 trace, no regression)"))
        #expect(verdict(judgement, "frame_time_ms.p50") == .notJudged)
        // Another host name of the same kind compares.
        var sibling = Self.machine
        sibling.host = "ci-2"
        #expect(try GateJudgement(baseline: baseline, current: Self.report(p50: Self.steady, environment: sibling))
            .timing == .judged)
        // A baseline without a CPU model is not known to be the same kind.
        var unknown = Self.machine
        unknown.cpuModel = nil
        #expect(!unknown.isSameKind(as: Self.machine))
    }

    @Test("A baseline of another trace or layout is refused, naming both")
    func mismatch() throws {
        let baseline = Self.report(p50: Self.steady)
        #expect(throws: GateMismatch.self) { try GateJudgement(baseline: baseline, current: Self.report(p50: Self.steady, trace: "Traces/other.xml")) }
        do {
            _ = try GateJudgement(baseline: baseline, current: Self.report(p50: Self.steady, layout: "circle"),
                                  baselinePath: "base.json")
            Issue.record("accepted another layout")
        } catch {
            #expect(error.description == "base.json: the baseline is of layout 'flow', the current run of 'circle'")
        }
        // A copy of the trace elsewhere, with the same file name, is the same trace.
        #expect(try GateJudgement(baseline: baseline, current: Self.report(p50: Self.steady, trace: "/tmp/x/grid.xml")).passed)
        // A report writes the rate to the thousandth: a ProMotion run (8.333 ms frames, 120.0048 Hz) is the same rate
        // as its baseline's 120.005 Hz; another rate is refused.
        var promotion = Self.report(p50: Self.steady), written = Self.report(p50: Self.steady)
        promotion.refreshRateHz = 1000 / 8.333
        written.refreshRateHz = 120.005
        #expect(try GateJudgement(baseline: written, current: promotion).passed)
        written.refreshRateHz = 119
        #expect(throws: GateMismatch.self) { try GateJudgement(baseline: written, current: promotion) }
    }

    @Test("--metric limits the figures by name, key, span path or family")
    func metrics() throws {
        let baseline = Self.report(p50: Self.steady)
        let judgement = try GateJudgement(baseline: baseline, current: baseline,
                                          policy: GatePolicy(metrics: ["p50", "frame/cells/configure", "counters"]))
        #expect(Set(judgement.figures.map(\.name)) == ["frame_time_ms.p50", "frame/cells/configure", "layout_prepares",
                                                       "cells_created", "taps"])
        let counters = try GateJudgement(baseline: baseline, current: baseline, policy: GatePolicy(metrics: ["layout_prepares"]))
        #expect(counters.figures.map(\.name) == ["layout_prepares"] && counters.timing == .notAsked)
    }

    @Test("JSON names every figure's verdict and p-value; JUnit is well-formed with a failure per regression")
    func formats() throws {
        let baseline = Self.report(p50: Self.steady)
        let current = Self.report(p50: Self.steady.map { $0 * 1.25 })
        let judgement = try GateJudgement(baseline: baseline, current: current, baselinePath: "a&b.json")
        let json = try #require(JSONSerialization.jsonObject(with: Data(GateFormat.json.render([judgement]).utf8))
            as? [String: Any])
        #expect(json["format"] as? String == "reel-gate" && json["passed"] as? Bool == false)
        let results = try #require(json["results"] as? [[String: Any]])
        let figures = try #require(results.first?["figures"] as? [[String: Any]])
        let p50 = try #require(figures.first { $0["figure"] as? String == "frame_time_ms.p50" })
        #expect(p50["verdict"] as? String == "regression" && p50["p_value"] as? Double == 0)
        #expect(p50["significant"] as? Bool == true && p50["n"] as? [Int] == [10, 10])

        let xml = GateFormat.junit.render([judgement])
        let document = try XMLDocument(xmlString: xml)
        let cases = try document.nodes(forXPath: "/testsuites/testsuite/testcase")
        #expect(cases.count == judgement.figures.count)
        let failures = try document.nodes(forXPath: "//testcase/failure")
        #expect(failures.count == judgement.regressions.count && failures.count > 0)
        let first = try #require(failures.first as? XMLElement)
        #expect(first.attribute(forName: "message")?.stringValue?.contains("regressed") == true)
        #expect(try document.nodes(forXPath: "/testsuites/testsuite[@name='reel gate']").count == 1)

        let text = GateFormat.text.render([judgement])
        #expect(text.hasPrefix("reel gate: FAIL"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let regressionsAt = try #require(text.range(of: "\nregressions\n"))
        let unchangedAt = try #require(text.range(of: "\nunchanged\n"))
        #expect(regressionsAt.lowerBound < unchangedAt.lowerBound)
        #expect(GateFormat.markdown.render([judgement]).hasPrefix("**reel gate: FAIL"))
    }
}

extension GateJudgementTests {
    @Test("A significant change too small for any frame to notice is not a regression: the practical floor")
    func practicalFloor() throws {
        // Frames of 10 µs that take 20 % longer: 2 µs, under 0.5 % of a 16.7 ms budget.
        let baseline = Self.report(p50: Self.steady.map { $0 * 0.01 })
        let current = Self.report(p50: Self.steady.map { $0 * 0.012 })
        let judgement = try GateJudgement(baseline: baseline, current: current)
        let p50 = try #require(judgement.figures.first { $0.name == "frame_time_ms.p50" })
        #expect(p50.verdict == .unchanged && p50.significant)
        #expect(abs(GateJudgement.practicalFloor(.frameTime(.p50), in: baseline) - 0.005 * 1000.0 / 60) < 1e-12)
        #expect(abs(GateJudgement.practicalFloor(.hotPathSelfTime("frame"), in: baseline) - 0.001 * 1000.0 / 60 * 100) < 1e-12)
    }
}
