import Testing
import Foundation
import Replay
import Reporting
import ShippedTraceSupport
import TestSupport

/// Every shipped trace, replayed once per mode in this process (``ShippedReplays``), and every check that
/// needs a whole replay of one derived from that replay: the counters and displays pinned in golden files, the
/// replay reaching its end, the chrome trace against the JSON report, the text report's width and the
/// Markdown document of them all.
@Suite("Shipped traces, each replayed once per mode", .tags(.shippedTraces))
struct ShippedTraceTests {
    private let golden = GoldenFiles()

    @Test("all 26 shipped traces are covered")
    func coversEveryTrace() {
        #expect(ShippedReplays.traces.count == 26)
    }

    // MARK: Goldens

    /// The counters of the shared replay in `mode`, one `name value` line each, or the replay's error.
    private static func counters(_ trace: String, _ mode: ReplayMode) async -> (text: String, frames: Int?, rate: Double?) {
        let path = ShippedReplays.path(trace)
        switch await ShippedReplays.replay(trace, mode) {
        case .success(let measurement):
            var text = "mode \(mode.rawValue)\nframes \(measurement.repeats.first?.frames.count ?? 0)\n"
            text += "scroll_frames \(measurement.scrollFrames)\ncomplete \(measurement.complete)\n"
            if let failure = measurement.failure { text += "failure \(failure.replacingOccurrences(of: path, with: "<trace>"))\n" }
            for (counter, value) in measurement.counters { text += "\(counter.key) \(value)\n" }
            return (text, measurement.repeats.first?.frames.count, measurement.refreshRate)
        case .failure(let error):
            return ("mode \(mode.rawValue)\nerror \(error.description.replacingOccurrences(of: path, with: "<trace>"))\n",
                    nil, nil)
        }
    }

    /// The engine's observable behaviour on every shipped trace, pinned so that performance work on the engine
    /// provably changes nothing: every counter of a replay in each mode, and the display (`reel snapshot`'s
    /// JSON) at the middle and at the end of each session (`RECORD_SNAPSHOTS=1` re-records them).
    @Test("every counter of each shipped trace, in both modes, and its display at the middle and at the end of its session are what they were at the base commit",
          arguments: ShippedReplays.traces)
    func unchanged(trace: String) async throws {
        let path = ShippedReplays.path(trace)
        let name = trace.replacingOccurrences(of: ".xml", with: "")
        // Both modes' shared replays at once; the displays' pass (which needs the session's length, from the
        // offsets-mode replay) while the gestures-mode replay goes on.
        #expect(ReplayMode.allCases == [.offsets, .gestures])
        async let gestures = Self.counters(trace, .gestures)
        let offsets = await Self.counters(trace, .offsets)
        // The display in the middle and at the end of the session, both from one pass, as `reel snapshot` shows
        // them at the middle of each frame (one replay each).
        let displays = offsets.frames.flatMap { frames in offsets.rate.map { (frames, $0) } }.map { frames, rate in
            let shown = [frames / 2, frames - 1]
            var snapshots: [Int: String] = [:]
            let pass = Result { () throws(ReplayError) in
                try ReplayRunner(makeClock: { ManualClock() }).forEachFrame(path) { frame, collectionView in
                    guard shown.contains(frame) else { return }
                    snapshots[frame] = SnapshotReport(collectionView, time: (Double(frame) + 0.5) / rate, frame: frame)
                        .render(.json)
                }
            }
            return pass.map { _ in shown.map { snapshots[$0] ?? "frame \($0) not reached\n" }.joined() }
        }
        golden.expect(offsets.text + "\n" + (await gestures).text + "\n", matches: "counters-\(name).txt")
        let frames = try #require(offsets.frames)
        try #require(frames > 0)
        golden.expect(try #require(displays).get(), matches: "snapshot-\(name).json")
    }

    @Test("Every shipped trace replays to its end in both modes", arguments: ShippedReplays.traces)
    func replaysInBothModes(trace: String) async throws {
        for mode in ReplayMode.allCases {
            let measurement = try await ShippedReplays.measurement(trace, mode)
            #expect(measurement.complete, "\(trace) in \(mode.rawValue) mode: \(measurement.failure ?? "")")
            #expect(measurement.repeats.first?.frames.isEmpty == false)
        }
    }

    // MARK: Reports

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A time of the file, in microseconds with three decimals, as exact nanoseconds.
    private func ns(_ value: Any?) -> Int64 {
        Int64((((value as? Double) ?? .nan) * 1000).rounded())
    }

    @Test("Chrome trace: spans nest inside their frames and parents, every frame once, totals and self times as the JSON report's",
          arguments: ShippedReplays.traces)
    func chromeTrace(trace file: String) async throws {
        // On the manual clock every span ends where its parent's reading says: totals agree exactly.
        let measurement = try await ShippedReplays.measurement(file, nil)
        let report = Report(measurement)
        let timeline = try #require(report.timeline)
        #expect(timeline.droppedSpans == 0)
        let document = try json(ReportFormat.chromeTrace.render([report]))
        let figures = try json(ReportFormat.json.render([report]))
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.count == timeline.spans.count)

        // Nesting, read back from the file: each span inside the span one level up that began last.
        var open: [(start: Int64, end: Int64, frame: Int)] = []
        var frames: [Int] = []
        var totals: [String: Int64] = [:], selves: [String: Int64] = [:], calls: [String: Int] = [:]
        var childTime: [Int64] = []
        var pathAt: [String] = []
        func close(to depth: Int) {
            while open.count > depth {
                let closing = open.count - 1
                selves[pathAt[closing], default: 0] += (open[closing].end - open[closing].start) - childTime[closing]
                open.removeLast(); childTime.removeLast(); pathAt.removeLast()
            }
        }
        for (event, span) in zip(complete, timeline.spans) {
            let args = try #require(event["args"] as? [String: Any])
            let path = try #require(args["path"] as? String)
            let frame = try #require(args["frame"] as? Int)
            #expect(path == span.path && frame == span.frame)
            let start = ns(event["ts"]), end = start + ns(event["dur"])
            close(to: span.depth)
            if span.depth == 0 {
                frames.append(frame)
            } else {
                let parent = try #require(open.last, "\(file): \(path) of frame \(frame) has no parent")
                #expect(parent.start <= start && end <= parent.end, "\(file): \(path) of frame \(frame) outside its parent")
                #expect(parent.frame == frame)
                childTime[childTime.count - 1] += end - start
            }
            open.append((start, end, frame))
            childTime.append(0)
            pathAt.append(path)
            totals[path, default: 0] += end - start
            calls[path, default: 0] += 1
        }
        close(to: 0)

        // Every frame of the repeat once, in order; frames do not overlap.
        #expect(frames == measurement.repeats[0].frames.map(\.index))
        let frameEvents = complete.filter { ($0["args"] as? [String: Any])?["path"] as? String == "frame" }
        for (earlier, later) in zip(frameEvents, frameEvents.dropFirst()) {
            #expect(ns(earlier["ts"]) + ns(earlier["dur"]) <= ns(later["ts"]))
        }
        // The markers, as instants.
        let markers = try #require(figures["markers"] as? [Any])
        #expect(events.count { $0["ph"] as? String == "i" && $0["cat"] as? String == "marker" } == markers.count)

        // The JSON report's hot paths of the same repeat: milliseconds with three decimals.
        let hotPaths = try #require(figures["hot_paths"] as? [[String: Any]])
        #expect(Set(hotPaths.compactMap { $0["path"] as? String }) == Set(totals.keys))
        for hot in hotPaths {
            let name = try #require(hot["path"] as? String)
            #expect(hot["calls"] as? Double == calls[name].map(Double.init), "\(file): \(name)")
            let total = try #require(hot["total_ms"] as? Double), own = try #require(hot["self_ms"] as? Double)
            #expect(abs(Double(totals[name] ?? -1) / 1e6 - total) <= 0.0005 + 1e-9, "\(file): \(name) total")
            #expect(abs(Double(selves[name] ?? -1) / 1e6 - own) <= 0.0005 + 1e-9, "\(file): \(name) self")
        }
    }

    @Test("Every shipped trace's text report fits 80 columns and says per repeat", arguments: ShippedReplays.traces)
    func textFits(trace: String) async throws {
        let file = "Traces/\(trace)"
        let text = ReportFormat.text.render([try await ShippedReplays.report(trace)])
        let wide = text.split(separator: "\n").map(String.init).filter { TerminalText.columns($0) > 80 }
        #expect(wide.isEmpty, "\(file): \(wide)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(["PASS: ", "FAIL: "].contains { lines.first?.hasPrefix($0) == true }, "\(lines.first ?? "")")
        #expect(lines.count > 3 && lines[1...3].contains { $0.hasPrefix("\(file) · layout ") })
        #expect(text.contains(" frames per repeat ("))
        #expect(text.contains("\nJanky frames per repeat "))
        #expect(text.contains("\nCounters (per repeat)\n"))
        #expect(text.contains("\nFrame times: "))
        #expect(!text.contains("\u{1B}"), "no colour unless asked for")
    }

    @Test("Markdown of every shipped trace: one document, a verdict line per trace first, a section each, tables with consistent columns")
    func markdown() async throws {
        var reports: [Report] = []
        for trace in ShippedReplays.traces { reports.append(try await ShippedReplays.report(trace)) }
        let text = ReportFormat.markdown.render(reports)
        let traces = ShippedReplays.traces.map { "Traces/\($0)" }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("# reel replay: "))
        let verdicts = lines.dropFirst(2).prefix(traces.count)
        #expect(verdicts.map { $0.prefix { $0 != ":" } } == traces.map { "- `\($0)`"[...] })
        #expect(verdicts.allSatisfy { $0.contains("**✅ PASS** · ") || $0.contains("**❌ FAIL** · ") })
        let failed = verdicts.count { $0.contains("❌") }
        #expect(lines[0] == "# reel replay: \(failed == 0 ? "✅ PASS" : "❌ FAIL") (\(failed) of \(traces.count) traces failed)")
        let headings = lines.filter { $0.hasPrefix("## ") }
        #expect(headings == traces.map { "## `\($0)`"[...] })
        // Per trace: the figures, the hot paths and the non-zero counters.
        #expect(try MarkdownTables.check(text) == 3 * traces.count)
        #expect(text.components(separatedBy: "| Janky frames | ").count == traces.count + 1)
        #expect(text.components(separatedBy: "<details><summary>Counters").count == traces.count + 1)
        #expect(!text.contains("| decoration_created | 0 |"))
    }
}
