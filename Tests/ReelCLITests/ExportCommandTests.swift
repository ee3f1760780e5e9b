import Foundation
import TestSupport
import Testing

/// `--export FORMAT=PATH` on `replay`, `compare` and `gate`: several formats written from the one measured run.
@Suite("reel --export", .tags(.endToEnd))
struct ExportCommandTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// A time of the Chrome trace, in microseconds with three decimals, as exact nanoseconds.
    private func ns(_ value: Any?) -> Int64 {
        Int64((((value as? Double) ?? .nan) * 1000).rounded())
    }

    /// Each path's self time in a Chrome trace, in nanoseconds: every complete event's duration less the
    /// durations of the events directly inside it, summed per path (`args.path`). Events come in the order the
    /// spans began, a parent before its children, so an event's parent is the innermost open one that has not
    /// ended by its start.
    private func selfTimes(_ document: [String: Any]) throws -> [String: Int64] {
        let events = try #require(document["traceEvents"] as? [[String: Any]]).filter { $0["ph"] as? String == "X" }
        var open: [(path: String, end: Int64, children: Int64, duration: Int64)] = []
        var selves: [String: Int64] = [:]
        func close(while shouldClose: (Int64) -> Bool) {
            while let last = open.last, shouldClose(last.end) {
                selves[last.path, default: 0] += last.duration - last.children
                open.removeLast()
            }
        }
        for event in events {
            let path = try #require((event["args"] as? [String: Any])?["path"] as? String)
            let start = ns(event["ts"]), duration = ns(event["dur"])
            if path == "frame" {
                close { _ in true }
            } else {
                close { $0 <= start && duration > 0 }
                try #require(!open.isEmpty, "\(path) at \(start) ns lies in no frame")
                open[open.count - 1].children += duration
            }
            open.append((path, start + duration, 0, duration))
        }
        close { _ in true }
        return selves
    }

    @Test("replay --export json, chrome-trace and html: one run, its first repeat's self times in the trace")
    func replayExports() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let (main, json, chrome, html) = (directory + "/main.json", directory + "/a.json", directory + "/t.json",
                                              directory + "/r.html")
            // Two measured repeats, so that the Chrome trace's repeat (the first) differs from their means; on the
            // CPU clock, the default, where no span outlasts its frame, preempted or not.
            let result = try ReelProcess.run("replay", "Traces/contacts-list.xml", "--repeat", "2", "--warmup", "0",
                                             "-q", "-f", "json", "-o", main, "--export", "json=" + json,
                                             "--export", "chrome-trace=" + chrome, "--export", "html=" + html)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.isEmpty)

            // One replay: two of its outputs in one format are the same bytes, which two replays' timings never are.
            let report = try read(json)
            #expect(try read(main) == report)
            let figures = try object(report)
            let perRepeat = try #require(figures["per_repeat"] as? [[String: Any]])
            #expect(perRepeat.count == 2)
            let firstRepeat = try #require(perRepeat[0]["hot_paths_self_ms"] as? [String: Double])

            // The Chrome trace draws that run's first measured repeat: each path's self time is the JSON's.
            let trace = try object(read(chrome))
            let other = try #require(trace["otherData"] as? [String: String])
            #expect(other["repeat"] == "1" && other["repeats"] == "2" && other["dropped_spans"] == "0")
            let selves = try selfTimes(trace)
            #expect(Set(selves.keys) == Set(firstRepeat.keys))
            let total = firstRepeat.values.reduce(0, +)
            try #require(total > 0)
            for (path, ms) in firstRepeat where ms >= 0.01 * total {
                let drawn = Double(selves[path] ?? 0) / 1e6
                #expect(abs(drawn - ms) <= 0.005 * ms, "\(path): \(drawn) ms in the Chrome trace, \(ms) ms in the JSON")
            }

            // The page holds the same run: a point per measured frame of both repeats, and the top hot path's
            // figures as the JSON has them.
            let page = try read(html)
            let frames = try #require(figures["frames"] as? Double)
            #expect(HTMLScan.framePoints(in: page).reduce(0) { $0 + $1.count } == Int(frames) * 2)
            let top = try #require((figures["hot_paths"] as? [[String: Any]])?.first)
            let path = try #require(top["path"] as? String), selfMs = try #require(top["self_ms"] as? Double)
            let row = try #require(page.range(of: "<tr><td><code>\(path)</code></td>"))
            let cells = page[row.upperBound...].prefix(while: { $0 != "\n" }).components(separatedBy: "<td>")
                .compactMap { Double($0.prefix(while: { $0 != "<" })) }
            #expect(cells.count >= 3 && abs(cells[2] - selfMs) <= 0.0011, "\(cells) against self \(selfMs) ms")
        }
    }

    @Test("compare and gate --export write each format of the one comparison or judgement")
    func compareAndGateExports() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let trace = try ReelProcess.trace(events: #"<scroll t="0.1" x="0" y="300"/>"#)
            let compare = try ReelProcess.run("compare", trace, "--layout", "flow", "--layout", "grid", "--repeat", "1",
                                              "--warmup", "0", "-q", "--export", "json=\(directory)/c.json",
                                              "--export", "markdown=\(directory)/c.md")
            #expect(compare.status == 0, "\(compare.stderr)")
            #expect(compare.stdout.contains("flow") && !compare.stdout.hasPrefix("{"), "the text comparison")
            #expect(try object(read(directory + "/c.json"))["format"] as? String == "reel-comparison")
            #expect(try read(directory + "/c.md").hasPrefix("## "))

            let report = directory + "/report.json"
            let replay = try ReelProcess.run("replay", trace, "--repeat", "1", "--warmup", "0", "-f", "json", "-o", report)
            #expect(replay.status == 0, "\(replay.stderr)")
            let gate = try ReelProcess.run("gate", "--baseline", report, report, "-f", "json", "-o", directory + "/g.json",
                                           "--export", "junit=\(directory)/g.xml", "--export", "text=-")
            #expect(gate.status == 0, "\(gate.stderr)")
            #expect(gate.stdout.hasPrefix("reel gate: PASS"))
            #expect(try object(read(directory + "/g.json"))["format"] as? String == "reel-gate")
            #expect(try read(directory + "/g.xml").contains("<testsuites"))
        }
    }

    @Test("A text export to a file is never coloured, even with --color always")
    func textExportIsPlain() throws {
        try ScratchDirectory.withFreshFolder { directory in
            let trace = try ReelProcess.trace(events: #"<scroll t="0.1" x="0" y="300"/>"#)
            let result = try ReelProcess.run("replay", trace, "--repeat", "1", "--warmup", "0", "--color", "always",
                                             "--export", "text=\(directory)/r.txt", "--export", "markdown=\(directory)/r.md")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\u{1B}["), "standard output is coloured as asked")
            let text = try read(directory + "/r.txt")
            #expect(text.contains("Counters (per repeat)") && !text.contains("\u{1B}"))
            #expect(try read(directory + "/r.md").contains("## `"))
        }
    }

    @Test("A bad --export is a usage error that quotes it and lists the command's formats",
          arguments: [
              (["replay", "Traces/contacts-list.xml"], "pdf=r.pdf", "unknown format 'pdf'",
               "text, json, html, markdown, junit, chrome-trace"),
              (["replay", "Traces/contacts-list.xml"], "json", "expected FORMAT=PATH",
               "text, json, html, markdown, junit, chrome-trace"),
              (["compare", "Traces/contacts-list.xml", "--layout", "flow", "--layout", "grid"], "chrome-trace=t.json",
               "unknown format 'chrome-trace'", "text, json, markdown, html, junit"),
              (["gate", "--baseline", "Reports/baselines/contacts-list.json", "Traces/contacts-list.xml"], "html=g.html",
               "unknown format 'html'", "text, json, markdown, junit"),
              (["gate", "--baseline", "Reports/baselines/contacts-list.json", "Traces/contacts-list.xml"], "json=",
               "no path after '='", ""),
          ])
    func badExport(command: [String], value: String, problem: String, formats: String) throws {
        let result = try ReelProcess.run(arguments: command + ["--export", value])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--export '\(value)': \(problem)"), "\(result.stderr)")
        #expect(formats.isEmpty || result.stderr.contains(formats), "\(result.stderr)")
    }

    @Test("At most one output is standard output: a second one is a usage error; with -o FILE, an export may be")
    func oneStandardOutput() throws {
        let trace = try ReelProcess.trace(events: #"<scroll t="0.1" x="0" y="300"/>"#)
        let twice = try ReelProcess.run("replay", trace, "--export", "json=-")
        #expect(twice.status == 64)
        #expect(twice.stdout.isEmpty)
        #expect(twice.stderr.contains("--export 'json=-': standard output already takes the text output"), "\(twice.stderr)")
        try ScratchDirectory.withFreshFolder { directory in
            let once = try ReelProcess.run("replay", trace, "--repeat", "1", "--warmup", "0", "-o", directory + "/r.txt",
                                           "--export", "json=-")
            #expect(once.status == 0, "\(once.stderr)")
            #expect(try object(once.stdout)["format"] as? String == "reel-report")
            #expect(try read(directory + "/r.txt").contains("Counters (per repeat)"))
        }
    }
}
