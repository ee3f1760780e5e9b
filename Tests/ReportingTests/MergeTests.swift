import Testing
import Foundation
@testable import Reporting
import TestSupport

/// Reading the JSON outputs of replay, compare and gate back (``ReelOutput``) and merging shards
/// (``ReelOutput/merge(_:)``): what is read back prints as it printed, and shards that do not make one run are
/// refused naming the file.
@Suite("Reading outputs back and merging shards", .tags(.fast))
struct MergeTests {
    /// A report whose counters are in report order, as a replay's are.
    private static func report(_ trace: String, p50: [Double] = GateJudgementTests.steady, prepares: Int = 1) -> Report {
        GateJudgementTests.report(p50: p50, counters: [.cellsCreated: 20, .layoutPrepares: prepares, .taps: 3],
                                  trace: trace)
    }

    /// Replay outcomes of `count` traces, the third failed.
    private static func outcomes(_ count: Int) -> [Result<Report, TraceFailure>] {
        (0..<count).map { index in
            index == 2 ? .failure(TraceFailure(trace: "t\(index).xml", message: "t\(index).xml:3:4: bad event"))
                : .success(report("t\(index).xml", prepares: index + 1))
        }
    }

    /// The shards of `outcomes` as sharded runs would write them, read back.
    private static func shards(_ outcomes: [Result<Report, TraceFailure>], count: Int) throws -> [ReelOutput] {
        try (1...count).map { index in
            let shard = Shard(index: index, count: count)
            let part = shard.part(of: outcomes)
            let record = ShardRecord(shard: shard, total: outcomes.count, positions: part.map(\.position))
            let json = ReportFormat.json.render(part.map(\.element), asArray: true, shard: record)
            return try ReelOutput.decode(json: json, path: "replay-\(index).json")
        }
    }

    private static func traces(_ results: ReelResults) -> [String] {
        guard case .reports(let outcomes) = results else { return [] }
        return outcomes.map { outcome in
            switch outcome {
            case .success(let report): report.trace
            case .failure(let failure): failure.trace
            }
        }
    }

    private func expectRefusal(_ outputs: [ReelOutput], path: String?, saying words: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            _ = try ReelOutput.merge(outputs)
        } throws: { error in
            guard let error = error as? MergeError else { return false }
            return error.path == path && error.description.contains(words)
        }
    }

    @Test("Every format merge writes is one replay and compare write under the same name; the gate's, all but HTML")
    func formatsByName() {
        for format in MergeFormat.allCases {
            #expect(format.named(ReportFormat.self)?.rawValue == format.rawValue)
            #expect(format.named(ComparisonFormat.self)?.rawValue == format.rawValue)
            #expect((format.named(GateFormat.self) == nil) == (format == .html))
        }
    }

    @Test("Every figure's name reads back as the figure")
    func figureNames() {
        let figures = Figure.summary + Figure.counters + [.hotPathSelfTime("frame/cells/configure"), .hotPathSelfTime("a.b[c]")]
        for figure in figures { #expect(Figure(name: figure.declaration.name) == figure) }
        #expect(Figure(name: "counters.unknown") == nil && Figure(name: "p50") == nil && Figure(name: "hot_paths[].self_ms") == nil)
    }

    @Test("Replay reports and failed traces read back as written, in a shard's reel-shard object too")
    func reportsRoundTrip() throws {
        let outcomes = Self.outcomes(4)
        let json = ReportFormat.json.render(outcomes, asArray: true)
        let output = try ReelOutput.decode(json: json)
        #expect(output.shard == nil && output.results.kind == .reports)
        #expect(output.results.render(.json) == json)
        #expect(output.results.verdict == .failed && output.results.failureMessages == ["t2.xml:3:4: bad event"])

        let shards = try Self.shards(outcomes, count: 3)
        #expect(shards.map(\.shard?.positions) == [[0, 3], [1], [2]])
        #expect(shards.map(\.shard?.total) == [4, 4, 4])
        let single = ReportFormat.json.render([outcomes[0]], asArray: false)
        #expect(try ReelOutput.decode(json: single).results.render(.json) == single)
    }

    @Test("Shards merged in any order give the unsharded run's results, in its order and JSON")
    func mergeOrder() throws {
        let outcomes = Self.outcomes(7)
        let unsharded = ReportFormat.json.render(outcomes, asArray: true)
        let shards = try Self.shards(outcomes, count: 3)
        for order in [[0, 1, 2], [2, 0, 1], [1, 2, 0]] {
            let merged = try ReelOutput.merge(order.map { shards[$0] })
            #expect(Self.traces(merged) == (0..<7).map { "t\($0).xml" })
            #expect(merged.render(.json) == unsharded)
            #expect(merged.verdict == .failed)
        }
    }

    @Test("A shard of no traces is accepted, and may be left out; N larger than the list")
    func emptyShards() throws {
        let outcomes = Self.outcomes(2).filter { (try? $0.get()) != nil }
        let shards = try Self.shards(outcomes, count: 4)
        #expect(shards.map(\.results.count) == [1, 1, 0, 0])
        #expect(try ReelOutput.merge(shards).render(.json) == ReportFormat.json.render(outcomes, asArray: true))
        #expect(try ReelOutput.merge(Array(shards.prefix(2))).count == 2)
        #expect(try ReelOutput.merge(shards).verdict == .passed)
    }

    @Test("Unsharded outputs are concatenated in the order given")
    func unsharded() throws {
        let first = try ReelOutput.decode(json: ReportFormat.json.render([Self.report("a.xml")]), path: "a.json")
        let second = try ReelOutput.decode(json: ReportFormat.json.render([Self.report("b.xml"), Self.report("c.xml")]),
                                           path: "b.json")
        #expect(Self.traces(try ReelOutput.merge([second, first])) == ["b.xml", "c.xml", "a.xml"])
    }

    @Test("Outputs of different kinds, of different N or lists, a shard twice, a shard missing, and a shard beside an unsharded output are refused, naming the file")
    func refusals() throws {
        let shards = try Self.shards(Self.outcomes(7), count: 3)
        let gate = try ReelOutput.decode(json: GateFormat.json.render([try GateJudgement(baseline: nil,
            current: Self.report("a.xml"), budgets: GateBudgets(maxJankyFrames: 0))]), path: "gate.json")
        expectRefusal([shards[0], gate], path: "gate.json", saying: "holds gate judgements, but replay-1.json holds replay reports")
        let fours = try Self.shards(Self.outcomes(7), count: 4)
        expectRefusal([shards[0], fours[1]], path: "replay-2.json", saying: "is shard 2 of 4, but replay-1.json is shard 1 of 3")
        let shorter = try Self.shards(Self.outcomes(6), count: 3)
        expectRefusal([shards[0], shorter[1], shards[2]], path: "replay-2.json", saying: "a list of 6, but replay-1.json of a list of 7")
        expectRefusal([shards[0], shards[1], shards[1], shards[2]], path: "replay-2.json", saying: "is shard 2 of 3, and so is replay-2.json")
        expectRefusal([shards[0], shards[2]], path: nil, saying: "shard 2 of 3 is missing")
        var plain = shards[1]
        plain.shard = nil
        expectRefusal([shards[0], plain, shards[2]], path: "replay-2.json", saying: "is not a shard, but replay-1.json is shard 1 of 3")
    }

    @Test("A position claimed twice, a position of another shard, and a hole are refused, naming the file")
    func positions() throws {
        let shards = try Self.shards(Self.outcomes(7), count: 3)
        var twice = shards[1]
        twice.shard?.positions = [1, 1]
        expectRefusal([shards[0], twice, shards[2]], path: "replay-2.json", saying: "claims position 1 twice")
        var foreign = shards[1]
        foreign.shard?.positions = [1, 3]
        foreign.path = "edited.json"
        expectRefusal([shards[0], foreign, shards[2]], path: "edited.json", saying: "claims position 3, as replay-1.json does")
        var stray = shards[1]
        stray.shard?.positions = [1, 5]
        expectRefusal([shards[0], stray, shards[2]], path: "replay-2.json", saying: "claims position 5, which belongs to shard 3 of 3")
        var beyond = shards[1]
        beyond.shard?.positions = [1, 7]
        expectRefusal([shards[0], beyond, shards[2]], path: "replay-2.json", saying: "claims position 7 of a list of 7")
        // Shard 2 of 7 traces holds positions 1 and 4; one that lost position 4 leaves a hole.
        guard case .reports(let outcomes) = shards[1].results else { Issue.record("not reports"); return }
        let holed = ReelOutput(path: "holed.json", results: .reports([outcomes[0]]),
                               shard: ShardRecord(shard: Shard(index: 2, count: 3), total: 7, positions: [1]))
        expectRefusal([shards[0], holed, shards[2]], path: "holed.json", saying: "holds no result for position 4")
        var miscounted = shards[1]
        miscounted.shard?.positions = [1]
        expectRefusal([shards[0], miscounted, shards[2]], path: "replay-2.json", saying: "lists 1 positions for 2 results")
    }

    /// Judgements in every timing state, budgets exceeded and within, and a trace that failed.
    private static func judgements() throws -> [Result<GateJudgement, TraceFailure>] {
        var other = GateJudgementTests.machine
        other.cpuModel = "Other CPU, 3 GHz"
        let steady = report("a.xml")
        let slower = report("a.xml", p50: GateJudgementTests.steady.map { $0 * 1.25 }, prepares: 2)
        var spent = report("a.xml")
        spent.workload = .spend
        var bare = report("a.xml")
        bare.perRepeat = []
        let budgets = GateBudgets(maxJankyFrames: 0, maxHitchRatio: 5, maxFrameMs: [(.p99, 2.5), (.p50, 1.01)])
        return [
            .success(try GateJudgement(baseline: steady, current: slower, baselinePath: "b/a.json")),
            .success(try GateJudgement(baseline: report("a.xml", p50: [1, 1, 1]), current: slower)),
            .failure(TraceFailure(trace: "x.xml", message: "x.xml:1:1: the file is empty")),
            .success(try GateJudgement(baseline: steady, current: report("a.xml", p50: [2, 2, 2, 2, 2, 2], prepares: 0)
                .withEnvironment(other), budgets: budgets)),
            .success(try GateJudgement(baseline: steady, current: spent)),
            .success(try GateJudgement(baseline: steady, current: bare)),
            .success(try GateJudgement(baseline: bare, current: steady)),
            .success(try GateJudgement(baseline: steady, current: slower, policy: GatePolicy(metrics: ["counters"]))),
            .success(try GateJudgement(baseline: nil, current: slower, budgets: budgets)),
        ]
    }

    @Test("Gate judgements read back print as they printed, in every format, every timing state included")
    func judgementsRoundTrip() throws {
        let outcomes = try Self.judgements()
        let json = GateFormat.json.render(outcomes)
        let output = try ReelOutput.decode(json: json, path: "gate.json")
        guard case .judgements(let decoded) = output.results else { Issue.record("not judgements"); return }
        #expect(decoded.map { (try? $0.get())?.timing } == outcomes.map { (try? $0.get())?.timing })
        for format in GateFormat.allCases {
            #expect(format.render(decoded) == format.render(outcomes), "\(format)")
        }
        #expect(output.results.verdict == .failed)
        #expect(try ReelOutput.decode(json: GateFormat.json.render([outcomes[0]])).results.verdict == .regressed)
        #expect(try ReelOutput.decode(json: GateFormat.json.render([outcomes[4]])).results.verdict == .passed)
    }

    @Test("A judgement whose notes do not say why timing was not judged is refused, naming the key")
    func inconsistentJudgement() throws {
        let outcomes = try Self.judgements()
        let json = GateFormat.json.render([outcomes[1]]).replacingOccurrences(of: "the baseline has 3 repeats", with: "the baseline has three repeats")
        #expect {
            _ = try ReelOutput.decode(json: json, path: "gate.json")
        } throws: { error in
            "\(error)".hasPrefix("gate.json: 'results[0].notes'") || "\(error)".contains("notes")
        }
    }

    @Test("Gate shards merged in any order judge as the unsharded run; a report file's several results share its position")
    func gateShards() throws {
        let outcomes = try Self.judgements()
        // As if inputs 0–3 gave results 0, 1–2 (one report file holding two reports), 3–5 and 6–8.
        let inputOf = [0, 1, 1, 2, 3, 3, 3, 4, 4]
        let outputs = try (1...2).map { index in
            let shard = Shard(index: index, count: 2)
            let mine = outcomes.indices.filter { shard.owns(inputOf[$0]) }
            let record = ShardRecord(shard: shard, total: 5, positions: mine.map { inputOf[$0] })
            return try ReelOutput.decode(json: GateFormat.json.render(mine.map { outcomes[$0] }, shard: record),
                                         path: "gate-\(index).json")
        }
        let merged = try ReelOutput.merge(outputs.reversed())
        for format in GateFormat.allCases {
            guard let mergeFormat = MergeFormat(rawValue: format.rawValue) else { continue }
            #expect(merged.render(mergeFormat) == format.render(outcomes))
        }
        #expect(merged.verdict == .failed)
    }

    @Test("Comparisons read back from their layouts' reports: the same layouts, rounds, figures and counters")
    func comparisonsRoundTrip() throws {
        let base = Self.report("a.xml")
        var other = Self.report("a.xml", p50: GateJudgementTests.steady.map { $0 * 1.5 }, prepares: 4)
        other.layout = "grid"
        let comparison = Comparison(reports: [base, other], rounds: [["flow", "grid"], ["grid", "flow"]])
        let failure = ComparisonFailure(trace: "b.xml", layouts: ["flow", "grid"], message: "b.xml: cannot open the trace")
        let outcomes: [Result<Comparison, ComparisonFailure>] = [.success(comparison), .failure(failure)]
        let output = try ReelOutput.decode(json: ComparisonFormat.json.render(outcomes, asArray: true))
        #expect(output.results.kind == .comparisons && output.results.verdict == .failed)
        for format in ComparisonFormat.allCases {
            guard let mergeFormat = MergeFormat(rawValue: format.rawValue) else { continue }
            #expect(output.results.render(mergeFormat) == format.render(outcomes, asArray: true), "\(format)")
        }
    }

    @Test("A file that is no Reel output is refused naming the file and the key")
    func notAnOutput() {
        for (json, words) in [(#"{"format": "reel-snapshot", "version": 1}"#, "'format': expected 'reel-report'"),
                              (#"{"format": "reel-shard", "version": 1, "kind": "reel-gate", "shard": {}, "results": []}"#,
                               "'kind': expected"),
                              (#"{"format": "reel-shard", "version": 1, "kind": "reel-report", "results": [], "shard": {"index": 4, "count": 3, "total": 1, "positions": []}}"#,
                               "shard 4 of 3 does not exist"),
                              ("[1", "x.json:1:")] {
            #expect {
                _ = try ReelOutput.decode(json: json, path: "x.json")
            } throws: { error in
                "\(error)".hasPrefix("x.json") && "\(error)".contains(words)
            }
        }
    }
}

extension Report {
    fileprivate func withEnvironment(_ environment: Environment) -> Report {
        var report = self
        report.environment = environment
        return report
    }
}
