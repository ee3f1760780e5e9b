import ArgumentParser
import Foundation
import Replay
import Reporting

/// `reel gate`: judge a current run — a JSON report, or traces it replays — against a baseline report, figure
/// by figure, and against absolute budgets; exit 2 on a regression or a budget exceeded.
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Judge a run against a baseline figure by figure and against budgets; exit 2 on a regression.",
        discussion: """
            Budgets (--max-janky-frames, --max-frozen-frames, --max-hitch-ratio, --max-frame-ms) hold the run's own figures, as \
            `reel replay` prints them, to absolute limits, with or without a baseline: a figure above its budget \
            fails. Against a baseline, counters are exact: any increase of a cost counter is a regression, any \
            decrease an improvement; counters that are not costs (taps, selections, reuses) are reported, not \
            judged. Timing figures (frame-time percentiles, janky frames, hitch time ratio, each hot path's self \
            time) regress when their median over the repeats is worse by more than --max-regression and an exact \
            two-sided Mann-Whitney U test on the per-repeat values rejects "no change" at α = 0.01. Timing is not \
            judged against a baseline measured on another kind of machine (CPU model, cores, build), with \
            another workload mode, or with fewer than 5 repeats on either side: the headline then says \
            "counters only" and why, and traces are replayed once, since counters are exact after one pass. \
            Traces are replayed with the baseline's layout, mode, budget, clock, window and workload mode.

            Exit codes: 0 no regression; 1 bad input (an unreadable baseline, a baseline of another trace or \
            layout, a replay that failed); 2 a regression or a budget exceeded; 64 usage error.
            """)

    @Option(help: ArgumentHelp("The baseline: a JSON report carrying its per-repeat values (one trace, or an array of them), or a folder of them named after the traces (<trace>.json, as Reports/baselines).", valueName: "report.json|folder"))
    var baseline: String?

    @Argument(help: ArgumentHelp("The current run: a JSON report, or traces to replay.", valueName: "current.json | trace"))
    var inputs: [String]

    @Option(name: .customLong("max-janky-frames"), parsing: .unconditional,
            help: ArgumentHelp("Fail when a trace has more janky frames per repeat than this (0–10,368,000).", valueName: "n"))
    var maxJankyFrames: Double?

    @Option(name: .customLong("max-frozen-frames"), parsing: .unconditional,
            help: ArgumentHelp("Fail when a trace has more frozen frames (over 700 ms) per repeat than this (0–10,368,000).", valueName: "n"))
    var maxFrozenFrames: Double?

    @Option(name: .customLong("max-hitch-ratio"), parsing: .unconditional,
            help: ArgumentHelp("Fail when a trace's hitch time ratio is above this, in ms/s (0–1,000,000; Apple's bands: below 5 good, 5–10 warning, 10 and above critical).", valueName: "ms-per-s"))
    var maxHitchRatio: Double?

    @Option(name: .customLong("max-frame-ms"),
            help: ArgumentHelp("Fail when a frame-time statistic is above this many ms, repeatable: p50, p90, p95, p99, mean or max, e.g. p99=8 (0.001–10,000 ms).", valueName: "statistic=ms"))
    var maxFrameMs: [String] = []

    @Option(name: .customLong("max-regression"), parsing: .unconditional, help: ArgumentHelp("The largest worsening of a timing figure, in percent, that is not a regression (0–10,000).", valueName: "pct"))
    var maxRegression = GatePolicy.defaultMaxRegression * 100

    @Option(name: .customLong("metric"), help: ArgumentHelp("Judge only this figure against the baseline (repeatable): frame_time_ms.p50, p99, janky_frames, layout_prepares, frame/cells/configure, or a family: frame_time_ms, counters, hot_paths.", valueName: "name"))
    var metrics: [String] = []

    @Option(help: ArgumentHelp("How replayed traces charge their <workload> costs: model (added to their frames) or spend (spent on the clock); the baseline's mode by default, else model.", valueName: "mode"))
    var workload: WorkloadMode?

    @OptionGroup var passes: PassSelection<Self>

    private var repeats: Int { passes.repeats }
    private var warmup: Int { passes.warmup }

    @Option(name: .shortAndLong, help: "The judgement's format.")
    var format: GateFormat = .text

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the judgement to this file instead of standard output: atomically, or in place for a device or FIFO; - is standard output.", valueName: "path"))
    var output: String?

    @OptionGroup var exports: ExportSelection<GateFormat>

    @OptionGroup var width: WidthSelection

    @Flag(help: "Write the current run as the new baseline (atomically; into a --baseline folder, one <trace>.json per trace), after judging it against the old one if there is one; never exits 2.")
    var update = false

    @Flag(name: .shortAndLong, help: "No progress bar.")
    var quiet = false

    @OptionGroup var scale: ScaleOutSelection

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give the current run: a JSON report or traces to replay") }
        let reports = inputs.filter(\.isReport)
        guard reports.isEmpty || reports.count == inputs.count else {
            throw ValidationError("give either JSON reports or traces as the current run, not both")
        }
        try OptionRange.maxRegression.check(maxRegression)
        if let maxJankyFrames { try OptionRange.maxJankyFrames.check(maxJankyFrames) }
        if let maxFrozenFrames { try OptionRange.maxFrozenFrames.check(maxFrozenFrames) }
        if let maxHitchRatio { try OptionRange.maxHitchRatio.check(maxHitchRatio) }
        let budgets = try self.budgets()
        guard baseline != nil || !budgets.isEmpty else {
            throw ValidationError("give a --baseline to judge against, a budget (--max-janky-frames, --max-frozen-frames, "
                                  + "--max-hitch-ratio, --max-frame-ms), or both")
        }
        if update, baseline == nil { throw ValidationError("--update writes the baseline: give its path with --baseline") }
    }

    /// The budgets the options ask for.
    private func budgets() throws -> GateBudgets {
        let frameTimes = try maxFrameMs.map { text in
            do {
                let budget = try GateBudgets.frameTimeBudget(text)
                try OptionRange.maxFrameMs.check(budget.1)
                return budget
            } catch let error as GateBudgets.ParseError {
                throw ValidationError("--max-frame-ms: \(error.description)")
            }
        }
        return GateBudgets(maxJankyFrames: maxJankyFrames, maxFrozenFrames: maxFrozenFrames, maxHitchRatio: maxHitchRatio,
                           maxFrameMs: frameTimes)
    }

    func run() throws {
        // The shard's part of the list: traces, or report files.
        let part = scale.part(of: inputs)
        var gate = self
        gate.inputs = part.elements
        try gate.run(part)
    }

    /// Judges the inputs of `part` (``inputs`` holds them) and prints the judgement.
    private func run(_ part: ListPart) throws {
        let budgets = try budgets()
        let outputs = try exports.outputs(format: format, path: output)
        try checkOutputs(outputs.map(\.path), inputs: (baseline.map { [$0] } ?? []) + inputs, writing: "the judgement")
        var baselines: GateBaselines?
        if let baseline {
            guard update || FileManager.default.fileExists(atPath: baseline) else {
                StandardError.line(Self.missingBaseline(baseline, traces: inputs))
                throw ExitCode(1)
            }
            do throws(JSONReadError) {
                baselines = try GateBaselines.open(baseline, creating: update)
            } catch {
                // The error names the file, with its line and column when it has them.
                var error = error
                error.message = "cannot read the baseline: " + error.message
                StandardError.line(error.path == nil ? "\(baseline): \(error.description)" : error.description)
                throw ExitCode(1)
            }
        }
        if update, part.shard != nil, baselines?.isFolder == false {
            StandardError.line("Error: --update with --shard writes one shard's reports: give --baseline a folder, "
                               + "which holds one <trace>.json per trace")
            throw ExitCode(64)
        }
        if update, let baselines { try checkBaselineOutputs(baselines) }
        let policy = GatePolicy(maxRegression: maxRegression / 100, metrics: metrics)
        let currents = inputs.allSatisfy(\.isReport) ? readReports()
            : try replay(baselines: baselines, policy: policy, budgets: budgets)
        // Report files that hold no report (`[]`) leave nothing to judge: passing them would pass anything.
        if currents.isEmpty, !inputs.isEmpty {
            let files = inputs.count == 1 ? "\(inputs[0]) holds no report"
                : "none of \(inputs.joined(separator: ", ")) holds a report"
            StandardError.line("reel gate: nothing to judge: \(files); give the JSON output of a run with at least "
                               + "one trace (reel replay TRACE --format json), or the traces to replay")
            throw ExitCode(1)
        }
        // Every input has its place in the judgement: its judgement, or why there is none; a sharded run's JSON
        // records the position in the whole list of the input each comes from.
        var outcomes: [Result<GateJudgement, TraceFailure>] = []
        var positions: [Int] = []
        var failed = false
        for (input, current) in currents {
            let report: Report
            switch current {
            case .success(let success): report = success
            case .failure(let failure):
                outcomes.append(.failure(failure))
                positions.append(part.positions[input])
                failed = true
                continue
            }
            do throws(GateMismatch) {
                let old = try baselines?.baseline(of: report.trace, creating: update)
                if update, old == nil { continue }
                outcomes.append(.success(try GateJudgement(baseline: old, current: report, policy: policy,
                                                           budgets: budgets,
                                                           baselinePath: baselines?.file(of: report.trace))))
                positions.append(part.positions[input])
            } catch {
                StandardError.line(error.description + (update ? "; not judged, replaced" : ""))
                if update { continue }
                outcomes.append(.failure(TraceFailure(trace: report.trace, message: error.description)))
                positions.append(part.positions[input])
                failed = true
            }
        }
        let judgements = outcomes.compactMap { try? $0.get() }
        try checkMetrics(judgements, policy: policy, sharded: part.shard != nil)
        // A shard of a short list may judge nothing: it still writes its (empty) judgement, for `reel merge`.
        if !outcomes.isEmpty || part.shard != nil {
            try emit(outputs) { output in
                output.format.render(outcomes, shard: part.record(positions: positions), width: width.width(for: output.path))
            }
        }
        // A current run with a failed trace never becomes the baseline.
        if failed { throw ExitCode(1) }
        if update, let baselines {
            try write(currents.compactMap { try? $0.1.get() }, as: baselines)
            return
        }
        if judgements.contains(where: { !$0.passed }) { throw ExitCode(2) }
    }

    /// The sentence for a `--baseline` that does not exist: where baselines live, and how one is made.
    static func missingBaseline(_ baseline: String, traces: [String]) -> String {
        let trace = traces.count == 1 && !traces[0].isReport ? traces[0] : nil
        var name = trace.map(GateJudgement.fileName) ?? "<trace>"
        if name.hasSuffix(".xml") { name.removeLast(4) }
        return "--baseline \(baseline): there is no such file or folder; give the baseline of the trace, such as "
            + "Reports/baselines/\(name).json, or make it with --update"
    }

    /// Checks, before anything is replayed, where `--update` will write: the baseline file, or each trace's
    /// `<trace>.json` in the folder (made now if it does not exist yet, so that its files can be checked).
    private func checkBaselineOutputs(_ baselines: GateBaselines) throws {
        guard baselines.isFolder else {
            return try checkOutputs([baselines.path], inputs: inputs, writing: "the baseline")
        }
        do {
            try FileManager.default.createDirectory(atPath: baselines.path, withIntermediateDirectories: true)
        } catch {
            StandardError.line("\(baselines.path): cannot make the baseline folder: \(error.localizedDescription)")
            throw ExitCode(1)
        }
        try checkOutputs(inputs.map(baselines.file(of:)), inputs: inputs, writing: "the baseline")
    }

    /// Writes `reports` as the new baseline: into the file, or one `<trace>.json` each into the folder.
    private func write(_ reports: [Report], as baselines: GateBaselines) throws {
        if baselines.isFolder {
            for report in reports { try emit(ReportFormat.json.render([report]), to: baselines.file(of: report.trace)) }
        } else {
            try emit(ReportFormat.json.render(reports), to: baselines.path)
        }
        StandardError.line("reel gate: wrote the current run of \(reports.count) trace\(reports.count == 1 ? "" : "s") "
                           + "to \(baselines.path) as the new baseline")
    }

    /// The reports of every input, in order, each with the index of its input (a file may hold several); an
    /// unreadable one is reported and keeps its place as a failure.
    private func readReports() -> [(Int, Result<Report, TraceFailure>)] {
        var reports: [(Int, Result<Report, TraceFailure>)] = []
        for (index, input) in inputs.enumerated() {
            do {
                reports += try Report.read(contentsOf: input).map { (index, .success($0)) }
            } catch {
                StandardError.line(error.description)
                reports.append((index, .failure(TraceFailure(trace: input, message: error.description))))
            }
        }
        return reports
    }

    /// Replays every trace with its baseline's layout, mode, refresh rate, budget, clock, measurement window and
    /// workload mode, one pass at a time (``ReplaySession``): `--warmup` and `--repeat` passes where timing will
    /// be judged, one pass where only counters will (they are exact after one); when a timing figure
    /// regresses against the baseline, replays as many passes again and judges all of them, so that a burst of
    /// noise in the first passes is not taken for a regression.
    private func replay(baselines: GateBaselines?, policy: GatePolicy,
                        budgets: GateBudgets) throws -> [(Int, Result<Report, TraceFailure>)] {
        try withTraceInputs(inputs) { unreadable in
            Array(replayInputs(baselines: baselines, policy: policy, budgets: budgets, unreadable: unreadable).enumerated())
        }
    }

    private func replayInputs(baselines: GateBaselines?, policy: GatePolicy, budgets: GateBudgets,
                              unreadable: [String: String]) -> [Result<Report, TraceFailure>] {
        let layouts = Reel.layouts
        return scale.run(inputs, quiet: quiet) { trace, showProgress -> Result<Report, TraceFailure> in
            if let message = unreadable[trace] {
                return .failure(TraceFailure(trace: trace, message: message))
            }
            do throws(ReplayError) {
                let reference: Report?
                do throws(GateMismatch) {
                    reference = try baselines?.baseline(of: trace, creating: update)
                } catch {
                    throw ReplayError(.unsupported, error.message, path: error.baselinePath ?? trace)
                }
                let mode = workload ?? reference?.workload ?? .model
                // Counters are exact after one pass: repeats are for timing, where it will be judged.
                let judgesTiming = update || !budgets.isEmpty || reference.map { old in
                    GateJudgement.timing(baseline: old, environment: .current, workload: mode, repeats: self.repeats,
                                         policy: policy, asked: GateJudgement.asksTiming(policy, in: old)) == .judged
                } ?? false
                let (warmup, repeats) = judgesTiming ? (self.warmup, self.repeats) : (0, 1)
                // A baseline whose frames had their own intervals was measured with the trace's intervals: its rate
                // and budget are not overrides (its budget is, when it was given for every frame).
                let uniform = reference?.frameClock.isUniform ?? true
                var options = ReplayOptions(
                    layout: reference?.layout, mode: reference?.mode,
                    refreshRate: uniform ? reference?.refreshRateHz : nil,
                    budgetMs: uniform ? reference?.budgetMs : reference?.frameClock.fixedBudgetMs, repeats: repeats,
                    warmup: warmup, allowsTruncation: passes.allowsTruncated, workload: mode)
                if let reference {
                    options.clock = ReplayClockKind(rawValue: reference.clock.rawValue) ?? .cpu
                    options.includesInitialDisplay = reference.window.includesInitialDisplay
                    options.fromMarker = reference.window.from?.label
                    options.toMarker = reference.window.to?.label
                }
                let session = try ReplaySession(trace: trace, options: options, registry: layouts)
                var bar = ProgressBar(label: trace)
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
                return .success(report)
            } catch {
                StandardError.line(error.description)
                return .failure(TraceFailure(trace: trace, message: error.description))
            }
        }
    }

    /// Refuses a `--metric` that names no figure of any judgement (exit 64). A shard sees some of the traces
    /// only: there, a metric is also accepted when it names a figure every report has (a frame-time statistic,
    /// a summary figure, a counter), or when it names a span path, which another shard's traces may have.
    private func checkMetrics(_ judgements: [GateJudgement], policy: GatePolicy, sharded: Bool) throws {
        let named = judgements.flatMap(\.figures).map(\.figure) + (sharded ? Figure.summary + Figure.counters : [])
        for metric in metrics where !named.contains(where: { GatePolicy.metric(metric, names: $0) }) {
            if sharded, metric.contains("/") || metric.hasPrefix("hot_paths") { continue }
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
    static let repeatHelp = "Measured passes over each trace replayed where timing is judged (one pass where only counters are; doubled when a timing figure regresses, to confirm it)"
}

extension OptionRange {
    /// A frame-time budget: a frame of a microsecond up to `--budget`'s own range.
    static let maxFrameMs = OptionRange(option: "--max-frame-ms", range: 0.001...10_000, unit: " ms",
                                        reason: "from a microsecond to 10 s")
}
