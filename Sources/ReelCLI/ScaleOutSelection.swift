import ArgumentParser
import Replay
import Reporting

/// How a command spreads its traces: over the jobs of a CI matrix (`--shard I/N`, each job taking one shard of
/// the list) and over the cores of one machine (`--jobs N`): what `replay`, `compare` and `gate` share.
struct ScaleOutSelection: ParsableArguments {
    @Option(help: ArgumentHelp("Take only shard I of N of the list, for one job of a CI matrix: the trace (or report file) at position k of the list as given (from 0) belongs to shard (k mod N) + 1, so give every job the same list (a shell glob sorts the same way on every runner); with --format json the output records the shard, and `reel merge` puts the shards back together.",
                               valueName: "I/N"))
    var shard: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Replay this many traces at once, each on a thread of its own, whose own CPU time the cpu clock measures (1–256).",
                               valueName: "n"))
    var jobs = 1

    func validate() throws {
        try OptionRange.jobs.check(jobs)
        if let shard {
            do throws(Shard.ParseError) {
                _ = try Shard(parsing: shard)
            } catch {
                throw ValidationError("--shard must be I/N with 1 ≤ I ≤ N, not '\(shard)': \(error.reason)")
            }
        }
    }

    /// The part of `list` this run takes: the whole list, or the shard asked for.
    func part(of list: [String]) -> ListPart {
        guard let text = shard, let shard = try? Shard(parsing: text) else {
            return ListPart(elements: list, positions: Array(list.indices), shard: nil, total: list.count)
        }
        let part = shard.part(of: list)
        return ListPart(elements: part.map(\.element), positions: part.map(\.position), shard: shard, total: list.count)
    }

    /// Calls `body` with every trace of `traces` and returns its outputs in the order of `traces`, ``jobs`` traces
    /// at a time (``ParallelReplays``).
    ///
    /// With one job the traces run one after another on this thread, and `body` is told to draw its progress bar
    /// when standard error is a terminal and `quiet` is false. With more, no trace draws one (they would
    /// overwrite each other): a line on standard error says how many traces are done, and messages printed
    /// meanwhile go above it (``StandardError/status(_:)``).
    func run<Output: Sendable>(_ traces: [String], quiet: Bool,
                               _ body: @escaping @Sendable (_ trace: String, _ showsProgress: Bool) -> Output) -> [Output] {
        let showsProgress = !quiet && StandardError.isTerminal
        guard jobs > 1, traces.count > 1 else { return traces.map { body($0, showsProgress) } }
        let total = traces.count
        if showsProgress { StandardError.status("0 of \(total) traces") }
        defer { if showsProgress { StandardError.status(nil) } }
        return ParallelReplays.map(total, jobs: jobs, finished: { done in
            if showsProgress { StandardError.status("\(done) of \(total) traces") }
        }) { index in
            body(traces[index], false)
        }
    }
}

/// The traces (or report files) one run takes from the list it was given: all of them, or one shard's.
struct ListPart {
    /// The elements taken, in list order.
    var elements: [String]
    /// The position of each in the whole list.
    var positions: [Int]
    /// The shard, when the run is sharded.
    var shard: Shard?
    /// The length of the whole list.
    var total: Int

    /// What the JSON of a sharded run records: ``positions``, or the position of each result when results are
    /// not one per element (a gate judging report files); `nil` for an unsharded run.
    func record(positions: [Int]? = nil) -> ShardRecord? {
        shard.map { ShardRecord(shard: $0, total: total, positions: positions ?? self.positions) }
    }
}

extension OptionRange {
    static let jobs = OptionRange(option: "--jobs", range: 1...Double(ParallelReplays.maximumJobs), unit: "",
                                  reason: "a thread per trace at most, and no more threads than a machine can use")
}
