import Testing
import Foundation
import Reporting
import TestSupport

private let golden = GoldenFiles()

/// `--shard I/N`, `reel merge` and `--jobs N` end to end, on the short shipped traces replayed once: shards
/// merged give what one unsharded run gives (the judgement, the trace order, the counters, the exit code), bad
/// shards and mismatched files are refused naming them, and parallel replays count what serial ones count.
@Suite("Sharding, merging and parallel replays, end to end", .tags(.endToEnd))
struct ScaleOutCommandTests {
    /// Short shipped traces: `stacked-albums` has 9 janky frames, the others none.
    static let traces = ["Traces/circle-clock.xml", "Traces/chat-messages.xml", "Traces/springboard-edit.xml",
                         "Traces/stacked-albums.xml", "Traces/spiral-speakers.xml"]
    static let once = ["--repeat", "1", "--warmup", "0", "--quiet"]

    private static func directory(_ name: String = #function) throws -> URL {
        try ScratchDirectory.folder("scale/\(name.filter { $0.isLetter })")
    }

    private static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// Each element's trace, and its counters or its error.
    private static func summary(_ elements: [[String: Any]]) -> [String] {
        elements.map { element in
            let trace = element["trace"] as? String ?? "?"
            if let error = element["error"] as? String { return "\(trace): \(error)" }
            let counters = (element["counters"] as? [String: Any] ?? [:]).sorted { $0.key < $1.key }
            return "\(trace): " + counters.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }

    /// Runs each shard of `count` with `arguments` plus `--shard i/count -f json -o <folder>/<name>-i.json`, and
    /// returns the files.
    private static func shards(_ command: [String], count: Int, in folder: URL, name: String) throws -> [String] {
        try (1...count).map { index in
            let file = folder.appendingPathComponent("\(name)-\(index).json").path
            let result = try ReelProcess.run(arguments: command + ["--shard", "\(index)/\(count)", "-f", "json", "-o", file])
            #expect([0, 1, 2].contains(result.status), "\(result.stderr)")
            return file
        }
    }

    @Test("Help text")
    func help() throws {
        let result = try ReelProcess.run("merge", "--help")
        #expect(result.status == 0, "\(result.stderr)")
        golden.expect(result.stdout, matches: "help-merge.txt")
    }

    @Test("Three gate shards of JSON reports, merged in any order, print the unsharded judgement to the byte and exit 2, in every format")
    func gateShards() throws {
        let folder = try Self.directory()
        let baselines = folder.appendingPathComponent("baselines").path + "/"
        let update = try ReelProcess.run(arguments: ["gate", "--update", "--baseline", baselines] + Self.once + Self.traces)
        #expect(update.status == 0, "\(update.stderr)")
        // The baselines judged as the current run: a deterministic judgement, which stacked-albums fails on budget.
        let reports = Self.traces.map { baselines + URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent + ".json" }
        let gate = ["gate", "--baseline", baselines, "--max-janky-frames", "0"] + reports
        let files = try Self.shards(gate, count: 3, in: folder, name: "gate")
        for format in ["text", "json", "markdown", "junit"] {
            let unsharded = try ReelProcess.run(arguments: gate + ["-f", format])
            #expect(unsharded.status == 2, "\(unsharded.stderr)")
            let merged = try ReelProcess.run(arguments: ["merge", "-f", format, files[2], files[0], files[1]])
            #expect(merged.status == 2, "\(merged.stderr)")
            #expect(merged.stdout == unsharded.stdout, "\(format)")
        }
        let shard = try #require(try Self.json(String(contentsOfFile: files[1], encoding: .utf8)) as? [String: Any])
        #expect((shard["shard"] as? [String: Any])?["positions"] as? [Int] == [1, 4])
    }

    @Test("Gate shards with a report that cannot be read exit 1, as the unsharded gate does, with the failure in its place")
    func gateShardsWithFailure() throws {
        let folder = try Self.directory()
        let baselines = folder.appendingPathComponent("baselines").path + "/"
        let traces = Array(Self.traces.prefix(3))
        let update = try ReelProcess.run(arguments: ["gate", "--update", "--baseline", baselines] + Self.once + traces)
        #expect(update.status == 0, "\(update.stderr)")
        let reports = traces.map { baselines + URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent + ".json" }
        let gate = ["gate", "--baseline", baselines] + [reports[0], folder.appendingPathComponent("missing.json").path] + reports.dropFirst()
        let unsharded = try ReelProcess.run(arguments: gate + ["-f", "json"])
        #expect(unsharded.status == 1)
        let files = try Self.shards(gate, count: 2, in: folder, name: "gate")
        let merged = try ReelProcess.run(arguments: ["merge", "-f", "json"] + files)
        #expect(merged.status == 1)
        #expect(merged.stdout == unsharded.stdout)
        #expect(merged.stderr.contains("missing.json"))
    }

    @Test("Replay shards merged: the unsharded run's trace order, counters, failed trace and exit code")
    func replayShards() throws {
        let folder = try Self.directory()
        let traces = Self.traces.prefix(2) + ["Traces/no-such-trace.xml"] + Self.traces.dropFirst(2)
        let replay = ["replay"] + Self.once + traces
        let unsharded = try ReelProcess.run(arguments: replay + ["-f", "json"])
        #expect(unsharded.status == 1)
        let files = try Self.shards(replay, count: 3, in: folder, name: "replay")
        let merged = try ReelProcess.run(arguments: ["merge", "-f", "json"] + files.reversed())
        #expect(merged.status == 1)
        #expect(merged.stderr.contains("Traces/no-such-trace.xml"))
        let expected = try #require(try Self.json(unsharded.stdout) as? [[String: Any]])
        let actual = try #require(try Self.json(merged.stdout) as? [[String: Any]])
        #expect(Self.summary(actual) == Self.summary(expected))
        #expect(Self.summary(actual).map { $0.prefix { $0 != ":" } } == traces.map { Substring($0) })
        // The text form, from the merged reports.
        let text = try ReelProcess.run(arguments: ["merge"] + files)
        #expect(text.status == 1 && text.stdout.contains("Traces/stacked-albums.xml"))
    }

    @Test("Compare shards merged: the unsharded run's trace order, layouts and counters")
    func compareShards() throws {
        let folder = try Self.directory()
        let traces = ["Traces/spiral-speakers.xml", "Traces/chat-messages.xml", "Traces/circle-clock.xml"]
        let compare = ["compare", "--layout", "flow", "--layout", "grid"] + Self.once + traces
        let unsharded = try ReelProcess.run(arguments: compare + ["-f", "json"])
        #expect(unsharded.status == 0, "\(unsharded.stderr)")
        let files = try Self.shards(compare, count: 2, in: folder, name: "compare")
        let merged = try ReelProcess.run(arguments: ["merge", "-f", "json", files[1], files[0]])
        #expect(merged.status == 0, "\(merged.stderr)")
        let expected = try #require(try Self.json(unsharded.stdout) as? [[String: Any]])
        let actual = try #require(try Self.json(merged.stdout) as? [[String: Any]])
        func counters(_ comparisons: [[String: Any]]) -> [String] {
            comparisons.map { comparison in
                let rows = comparison["counters"] as? [[String: Any]] ?? []
                return "\(comparison["trace"] ?? "?") \(comparison["layouts"] ?? "?") "
                    + rows.map { "\($0["counter"] ?? "?")=\(($0["values"] as? [[String: Any]] ?? []).map { $0["value"] ?? "?" })" }
                    .joined(separator: " ")
            }
        }
        #expect(counters(actual) == counters(expected))
        #expect(actual.map { $0["trace"] as? String } == traces)
        for format in ["text", "markdown", "html", "junit"] {
            #expect(try ReelProcess.run(arguments: ["merge", "-f", format] + files).status == 0)
        }
    }

    @Test("A bad --shard is a usage error that quotes it",
          arguments: [["replay"], ["compare", "--layout", "flow", "--layout", "grid"], ["gate", "--max-janky-frames", "0"]],
          ["0/3", "4/3", "a/b", "3"])
    func badShard(command: [String], value: String) throws {
        let result = try ReelProcess.run(arguments: command + ["--shard", value, "Traces/survey-decorated-flow.xml"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--shard must be I/N with 1 ≤ I ≤ N, not '\(value)'"), "\(result.stderr)")
    }

    @Test("A shard of no traces (N larger than the list) writes an empty result and exits 0, and merge accepts it")
    func emptyShard() throws {
        let folder = try Self.directory()
        let traces = Array(Self.traces.prefix(2))
        let replay = try ReelProcess.run(arguments: ["replay", "--shard", "3/3", "-f", "json"] + Self.once + traces)
        #expect(replay.status == 0)
        let object = try #require(try Self.json(replay.stdout) as? [String: Any])
        #expect(object["format"] as? String == "reel-shard" && (object["results"] as? [Any])?.isEmpty == true)
        // In text, an empty shard says so rather than printing nothing with exit 0.
        for command in [["replay"], ["compare", "--layout", "flow", "--layout", "grid"]] {
            let text = try ReelProcess.run(arguments: command + ["--shard", "3/3"] + Self.once + traces)
            #expect(text.status == 0)
            #expect(text.stdout == "shard 3/3 takes no trace of a list of 2 traces (shard I of N takes the positions "
                        + "I − 1, I − 1 + N, … of the list, from 0)\n", "\(command): \(text.stdout)")
        }
        // A budget no replay can exceed, so that the verdict does not depend on the machine's timing.
        let gate = ["gate", "--max-janky-frames", "1000000"] + Self.once + traces
        let files = try Self.shards(gate, count: 3, in: folder, name: "gate")
        let empty = try #require(try Self.json(String(contentsOfFile: files[2], encoding: .utf8)) as? [String: Any])
        #expect((empty["results"] as? [Any])?.isEmpty == true)
        let merged = try ReelProcess.run(arguments: ["merge"] + files)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.hasPrefix("reel gate: PASS (no baseline: budgets only; 2 traces, no regression)"))
    }

    @Test("merge refuses files of different kinds, shards of different N, a shard twice, a missing shard and a position claimed twice, naming the files")
    func mergeRefusals() throws {
        let folder = try Self.directory()
        let traces = ["Traces/survey-decorated-flow.xml", "Traces/circle-clock.xml", "Traces/chat-messages.xml"]
        let replay = ["replay"] + Self.once + traces
        let halves = try Self.shards(replay, count: 2, in: folder, name: "half")
        let thirds = try Self.shards(replay, count: 3, in: folder, name: "third")
        let gate = try Self.shards(["gate", "--max-janky-frames", "0"] + Self.once + traces, count: 2, in: folder, name: "gate")
        func refused(_ files: [String], _ words: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let result = try ReelProcess.run(arguments: ["merge"] + files)
            #expect(result.status == 1, sourceLocation: sourceLocation)
            #expect(result.stderr.contains(words), "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        }
        try refused([halves[0], gate[1]], "\(gate[1]): holds gate judgements, but \(halves[0]) holds replay reports")
        try refused([halves[0], thirds[1]], "\(thirds[1]): is shard 2 of 3, but \(halves[0]) is shard 1 of 2")
        try refused([halves[0], halves[1], halves[0]], "\(halves[0]): is shard 1 of 2, and so is \(halves[0])")
        try refused([halves[1]], "shard 1 of 2 is missing")
        // The second half edited to claim the first trace too.
        let edited = folder.appendingPathComponent("edited.json").path
        let text = try String(contentsOfFile: halves[1], encoding: .utf8)
        try text.replacingOccurrences(of: "\"positions\": [1]", with: "\"positions\": [0]")
            .write(toFile: edited, atomically: true, encoding: .utf8)
        try refused([halves[0], edited], "\(edited): claims position 0, as \(halves[0]) does")
        let format = try ReelProcess.run(arguments: ["merge", "-f", "html"] + gate)
        #expect(format.status == 64 && format.stderr.contains("gate judgements are written as text, json, markdown, junit"))
    }

    @Test("--jobs 2 replays what --jobs 1 does: the same counters, trace order and failed trace")
    func jobs() throws {
        let traces = Self.traces.prefix(3) + ["Traces/no-such-trace.xml"] + Self.traces.dropFirst(3)
        var outputs: [[String]] = []
        for jobs in ["1", "2"] {
            let result = try ReelProcess.run(arguments: ["replay", "--jobs", jobs, "-f", "json"] + Self.once + traces)
            #expect(result.status == 1)
            outputs.append(Self.summary(try #require(try Self.json(result.stdout) as? [[String: Any]])))
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].count == traces.count)
        // The gate and compare take --jobs too. Whether a frame is janky depends on the machine's timing: only the
        // order is compared.
        let gate = try ReelProcess.run(arguments: ["gate", "--jobs", "2", "--max-janky-frames", "1000000", "-f", "json"]
                                       + Self.once + traces)
        #expect(gate.status == 1)
        let object = try #require(try Self.json(gate.stdout) as? [String: Any])
        #expect((object["results"] as? [[String: Any]])?.map { $0["trace"] as? String } == Array(traces))
        let compare = try ReelProcess.run(arguments: ["compare", "--jobs", "2", "--layout", "flow", "--layout", "grid",
                                                      "-f", "json"] + Self.once + Array(Self.traces.prefix(2)))
        #expect(compare.status == 0)
        #expect((try Self.json(compare.stdout) as? [[String: Any]])?.map { $0["trace"] as? String } == Array(Self.traces.prefix(2)))
        let range = try ReelProcess.run("replay", "--jobs", "257", "Traces/survey-decorated-flow.xml")
        #expect(range.status == 64 && range.stderr.contains("--jobs must be from 1 to 256"))
    }
}
