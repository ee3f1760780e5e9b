import ArgumentParser
import Foundation
import Replay
import Reporting

/// `reel gate`: judge a current run — a JSON report, or traces it replays — against a baseline report, figure
/// by figure (SPEC §7); exit 2 on a regression.
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Compare a run with a baseline report figure by figure; exit 2 on a regression.",
        discussion: """
            Counters are exact: any increase of a cost counter is a regression, any decrease an improvement; \
            counters that are not costs (taps, selections, reuses) are reported, not judged. Timing figures \
            (frame-time percentiles, janky frames, hitch time ratio, each hot path's self time) regress when \
            their median over the repeats is worse by more than --max-regression and an exact two-sided \
            Mann-Whitney U test on the per-repeat values rejects "no change" at α = 0.01. With fewer than 5 \
            repeats on either side, or a baseline measured on another kind of machine (CPU model, cores, \
            build), timing is reported, not judged, and gate says so. Traces are replayed with the baseline's \
            layout, mode and budget.

            Exit codes: 0 no regression; 1 bad input (an unreadable baseline, a baseline of another trace or \
            layout, a replay that failed); 2 a regression; 64 usage error.
            """)

    @Option(help: ArgumentHelp("The baseline: a JSON report carrying its per-repeat values (one trace, or an array of them).", valueName: "report.json"))
    var baseline: String

    @Argument(help: ArgumentHelp("The current run: a JSON report, or traces to replay.", valueName: "current.json | trace"))
    var inputs: [String]

    @Option(name: .customLong("max-regression"), parsing: .unconditional, help: ArgumentHelp("The largest worsening of a timing figure, in percent, that is not a regression (0–10,000).", valueName: "pct"))
    var maxRegression = GatePolicy.defaultMaxRegression * 100

    @Option(name: .customLong("metric"), help: ArgumentHelp("Judge only this figure (repeatable): frame_time_ms.p50, p99, janky_frames, layout_prepares, frame/cells/configure, or a family: frame_time_ms, counters, hot_paths.", valueName: "name"))
    var metrics: [String] = []

    @OptionGroup var passes: PassSelection<Self>

    private var repeats: Int { passes.repeats }
    private var warmup: Int { passes.warmup }

    @Option(name: .shortAndLong, help: "The judgement's format.")
    var format: GateFormat = .text

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the judgement to this file instead of standard output: atomically, or in place for a device or FIFO; - is standard output.", valueName: "path"))
    var output: String?

    @OptionGroup var exports: ExportSelection<GateFormat>

    @Flag(help: "Write the current run as the new baseline (atomically), after judging it against the old one if there is one; never exits 2.")
    var update = false

    @Flag(name: .shortAndLong, help: "No progress bar.")
    var quiet = false

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give the current run: a JSON report or traces to replay") }
        let reports = inputs.filter(\.isReport)
        guard reports.isEmpty || reports.count == inputs.count else {
            throw ValidationError("give either JSON reports or traces as the current run, not both")
        }
        try OptionRange.maxRegression.check(maxRegression)
    }

    func run() throws {
        let outputs = try exports.outputs(format: format, path: output)
        try checkOutputs(outputs.map(\.path), inputs: [baseline] + inputs, writing: "the judgement")
        if update { try checkOutputs([baseline], inputs: inputs, writing: "the baseline") }
        let baselines = try readBaselines()
        let policy = GatePolicy(maxRegression: maxRegression / 100, metrics: metrics)
        let currents = inputs.allSatisfy(\.isReport) ? readReports()
            : try replay(baselines: baselines ?? [], policy: policy)
        // Every input has its place in the judgement: its judgement, or why there is none.
        var outcomes: [Result<GateJudgement, TraceFailure>] = []
        var failed = false
        for current in currents {
            let report: Report
            switch current {
            case .success(let success): report = success
            case .failure(let failure):
                outcomes.append(.failure(failure))
                failed = true
                continue
            }
            guard let baselines else { continue }
            do {
                let old = try Self.baseline(for: report, in: baselines, path: baseline)
                outcomes.append(.success(try GateJudgement(baseline: old, current: report, policy: policy,
                                                           baselinePath: baseline)))
            } catch {
                StandardError.line(error.description + (update ? "; not judged, replaced" : ""))
                if update { continue }
                outcomes.append(.failure(TraceFailure(trace: report.trace, message: error.description)))
                failed = true
            }
        }
        let judgements = outcomes.compactMap { try? $0.get() }
        try checkMetrics(judgements, policy: policy)
        if !outcomes.isEmpty { try emit(outputs) { $0.format.render(outcomes) } }
        // A current run with a failed trace never becomes the baseline.
        if failed { throw ExitCode(1) }
        if update {
            let reports = currents.compactMap { try? $0.get() }
            try emit(ReportFormat.json.render(reports), to: baseline)
            StandardError.line("reel gate: wrote the current run of \(reports.count) trace\(reports.count == 1 ? "" : "s") "
                               + "to \(baseline) as the new baseline")
            return
        }
        if judgements.contains(where: { !$0.passed }) { throw ExitCode(2) }
    }

    /// The baseline's reports; `nil` when `--update` makes a baseline that does not exist yet.
    private func readBaselines() throws -> [Report]? {
        do {
            return try Report.read(contentsOf: baseline)
        } catch {
            if update && !FileManager.default.fileExists(atPath: baseline) { return nil }
            StandardError.line("\(baseline): cannot read the baseline: \(error.description)")
            throw ExitCode(1)
        }
    }

    /// The reports of every input, in order (a file may hold several); an unreadable one is reported and
    /// keeps its place as a failure.
    private func readReports() -> [Result<Report, TraceFailure>] {
        var reports: [Result<Report, TraceFailure>] = []
        for input in inputs {
            do {
                reports += try Report.read(contentsOf: input).map { .success($0) }
            } catch {
                StandardError.line(error.description)
                reports.append(.failure(TraceFailure(trace: input, message: error.description)))
            }
        }
        return reports
    }

    /// Replays every trace with its baseline's layout, mode, refresh rate, budget, clock and measurement window,
    /// one pass at a time (``ReplaySession``); when a timing figure regresses, replays as many passes again and
    /// judges all of them, so that a burst of noise in the first passes is not taken for a regression.
    private func replay(baselines: [Report], policy: GatePolicy) throws -> [Result<Report, TraceFailure>] {
        try withTraceInputs(inputs) { unreadable in
            replayInputs(baselines: baselines, policy: policy, unreadable: unreadable)
        }
    }

    private func replayInputs(baselines: [Report], policy: GatePolicy,
                              unreadable: [String: String]) -> [Result<Report, TraceFailure>] {
        var reports: [Result<Report, TraceFailure>] = []
        for trace in inputs {
            if let message = unreadable[trace] {
                reports.append(.failure(TraceFailure(trace: trace, message: message)))
                continue
            }
            let reference = baselines.first { GateJudgement.fileName($0.trace) == GateJudgement.fileName(trace) }
                ?? (baselines.count == 1 ? baselines.first : nil)
            var options = ReplayOptions(
                layout: reference?.layout, mode: reference.flatMap { ReplayMode(rawValue: $0.mode) },
                refreshRate: reference?.refreshRateHz, budgetMs: reference?.budgetMs, repeats: repeats, warmup: warmup,
                allowsTruncation: passes.allowsTruncated)
            if let reference {
                options.clock = ReplayClockKind(rawValue: reference.clock) ?? .cpu
                options.includesInitialDisplay = reference.window.includesInitialDisplay
                options.fromMarker = reference.window.from?.label
                options.toMarker = reference.window.to?.label
            }
            do {
                let session = try ReplaySession(trace: trace, options: options, registry: Reel.layouts)
                var bar = ProgressBar(label: trace)
                let showProgress = !quiet && StandardError.isTerminal
                var planned = warmup + repeats, framesPerPass = session.expectedFrames.count
                var exact = session.expectedFrames.exact
                func run(_ count: Int) throws(ReplayError) -> [ReplaySession.Pass] {
                    var passes: [ReplaySession.Pass] = []
                    for _ in 0..<count {
                        let index = session.passesRun
                        let pass = try session.runPass { frame in
                            if showProgress {
                                bar.update(pass: index, passes: planned, frame: frame + 1, framesPerPass: framesPerPass,
                                           exact: exact, warmup: warmup)
                            }
                        }
                        if !exact {
                            framesPerPass = pass.measurement.frames.count
                            exact = true
                        }
                        if let failure = pass.failure {
                            if showProgress { bar.clear() }
                            throw failure
                        }
                        passes.append(pass)
                    }
                    return passes
                }
                _ = try run(warmup)
                var passes = try run(repeats)
                var report = Report(session.measurement(of: passes, warmup: warmup))
                if !update, let reference,
                   let judgement = try? GateJudgement(baseline: reference, current: report, policy: policy),
                   judgement.regressions.contains(where: { $0.pValue != nil }) {
                    StandardError.line("reel gate: \(trace): a timing figure regressed over \(repeats) passes; "
                                       + "replaying \(repeats) more to confirm it")
                    planned += repeats
                    passes += try run(repeats)
                    report = Report(session.measurement(of: passes, warmup: warmup))
                }
                if showProgress { bar.clear() }
                reports.append(.success(report))
            } catch {
                StandardError.line(error.description)
                reports.append(.failure(TraceFailure(trace: trace, message: error.description)))
            }
        }
        return reports
    }

    /// The baseline report of `current`'s trace: the one with its file name, or the only one.
    private static func baseline(for current: Report, in baselines: [Report], path: String) throws(GateMismatch) -> Report {
        let name = GateJudgement.fileName(current.trace)
        if let match = baselines.first(where: { GateJudgement.fileName($0.trace) == name }) { return match }
        if baselines.count == 1, let only = baselines.first { return only }
        throw GateMismatch(baselinePath: path, message: "no baseline of trace '\(current.trace)'; the baseline holds "
                           + baselines.map { "'\($0.trace)'" }.joined(separator: ", "))
    }

    /// Refuses a `--metric` that names no figure of any judgement (exit 64).
    private func checkMetrics(_ judgements: [GateJudgement], policy: GatePolicy) throws {
        let named = judgements.flatMap(\.figures).map(\.figure)
        for metric in metrics where !named.contains(where: { GatePolicy.metric(metric, names: $0) }) {
            StandardError.line("Error: --metric '\(metric)' names no figure of the reports; figures are named like "
                               + "frame_time_ms.p50, p99, janky_frames, hitch_time_ratio_ms_per_s, layout_prepares, "
                               + "frame/cells/configure")
            throw ExitCode(64)
        }
    }
}

extension String {
    /// Whether a current-run argument names a JSON report rather than a trace.
    fileprivate var isReport: Bool { hasSuffix(".json") }
}

extension GateCommand: PassDefaults {
    static let repeats = 10
    static let repeatHelp = "Measured passes over each trace replayed (doubled when a timing figure regresses, to confirm it)"
}
