import Testing
import Foundation
import TestSupport

private let golden = GoldenFiles()

/// `reel compare`, end to end through the built binary.
@Suite("reel compare, end to end", .tags(.endToEnd))
struct CompareCommandTests {
    /// The JSON object or array `text` holds.
    private func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// A small grid session in gestures mode: drags only.
    private func dragTrace(name: String = #function) throws -> String {
        try ReelProcess.trace(events: """
                <drag t="0.05" phase="began" x="200" y="600"/>
                <drag t="0.1" phase="changed" x="200" y="450"/>
                <drag t="0.15" phase="changed" x="200" y="300"/>
                <drag t="0.2" phase="ended" x="200" y="200"/>
                <marker t="0.9" label="end"/>
            """, name: name)
    }

    @Test("compare --help lists its options and only the formats it can produce")
    func help() throws {
        let result = try ReelProcess.run("compare", "--help")
        #expect(result.status == 0)
        golden.expect(result.stdout, matches: "help-compare.txt")
        let flattened = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flattened.contains("(values: text, json, markdown, html, junit; default: text)"))
    }

    @Test("Fewer than two layouts is a usage error (64)", arguments: [[String](), ["--layout", "flow"]])
    func usage(layouts: [String]) throws {
        let result = try ReelProcess.run(arguments: ["compare", "Traces/chat-messages.xml"] + layouts)
        #expect(result.status == 64)
        #expect(result.stderr.contains("compare needs two --layout options or more"))
        #expect(result.stdout == "")
    }

    @Test("An unknown layout is a usage error (exit 64) suggesting the closest, before anything is replayed")
    func unknownLayout() throws {
        let result = try ReelProcess.run("compare", "Traces/chat-messages.xml", "--layout", "flow", "--layout", "flwo")
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown layout 'flwo'; did you mean 'flow'?"))
        #expect(result.stdout == "")
    }

    @Test("An unreadable trace exits 1 naming it")
    func missingTrace() throws {
        let result = try ReelProcess.run("compare", "/nonexistent/t.xml", "--layout", "flow", "--layout", "circle")
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent/t.xml"))
    }

    @Test("Cover-flow against cover-flow-cached prints both columns with significance; layout_prepares differs exactly")
    func coverFlow() throws {
        let result = try ReelProcess.run("compare", "Traces/cover-flow-albums.xml", "--layout", "cover-flow",
                                         "--layout", "cover-flow-cached", "--quiet")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Compare Traces/cover-flow-albums.xml")
        #expect(lines.contains { $0.hasPrefix("Timing") && $0.contains("cover-flow") && $0.hasSuffix("cover-flow-cached") })
        let p50 = try #require(lines.first { $0.hasPrefix("p50 frame time") })
        #expect(p50.contains(" ms ± ") && p50.contains("→") && p50.contains("n=10+10)"))
        #expect(p50.contains("(p="))
        let prepares = try #require(lines.first { $0.hasPrefix("layout_prepares") })
        let cells = prepares.split(separator: " ")
        #expect(cells.count == 4 && cells[1] != cells[2] && cells[3] != "0", "\(prepares)")
        #expect(lines.contains("Findings: cover-flow") && lines.contains("Findings: cover-flow-cached"))
        for line in lines where !line.hasPrefix("warning") && !line.hasPrefix("  - ") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test("A flow trace against another catalogue layout; the JSON names the p-value of every figure")
    func flowJSON() throws {
        let result = try ReelProcess.run("compare", "Traces/chat-messages.xml", "--layout", "flow",
                                         "--layout", "decorated-flow", "--format", "json", "--quiet")
        #expect(result.status == 0)
        let json = try #require(try parse(result.stdout) as? [String: Any])
        #expect(json["format"] as? String == "reel-comparison")
        #expect(json["layouts"] as? [String] == ["flow", "decorated-flow"])
        #expect(json["mode"] as? String == "gestures")
        #expect(json["repeats"] as? Int == 10)
        let figures = try #require(json["figures"] as? [[String: Any]])
        let names = figures.compactMap { $0["figure"] as? String }
        for name in ["frame_time_ms.p50", "frame_time_ms.p99", "janky_frames", "hitch_time_ratio_ms_per_s",
                     "hot_paths[frame/cells/configure].self_ms"] {
            #expect(names.contains(name), "\(name)")
        }
        for figure in figures {
            let changes = try #require(figure["changes"] as? [[String: Any]])
            #expect(changes.count == 1)
            #expect(changes.first?["p_value"] is NSNumber, "\(figure["figure"] ?? "?") names its p-value")
            let values = try #require(figure["values"] as? [[String: Any]])
            #expect(values.map { ($0["per_repeat"] as? [Double])?.count } == [10, 10])
        }
        let counters = try #require(json["counters"] as? [[String: Any]])
        #expect(counters.contains { $0["counter"] as? String == "layout_prepares" })
        let reports = try #require(json["layout_reports"] as? [[String: Any]])
        #expect(reports.map { $0["layout"] as? String } == ["flow", "decorated-flow"])
        #expect(reports.allSatisfy { $0["findings"] is [Any] })
    }

    @Test("Repeats are interleaved: A B C, B C A, C A B")
    func interleaved() throws {
        let trace = try dragTrace()
        let result = try ReelProcess.run("compare", trace, "--layout", "flow", "--layout", "circle", "--layout",
                                         "decorated-flow", "--repeat", "4", "--warmup", "0", "-f", "json", "-q")
        #expect(result.status == 0)
        let json = try #require(try parse(result.stdout) as? [String: Any])
        #expect(json["rounds"] as? [[String]] == [
            ["flow", "circle", "decorated-flow"], ["circle", "decorated-flow", "flow"],
            ["decorated-flow", "flow", "circle"], ["flow", "circle", "decorated-flow"],
        ])
        let figures = try #require(json["figures"] as? [[String: Any]])
        #expect(figures.allSatisfy { ($0["changes"] as? [Any])?.count == 2 })
    }

    @Test("Markdown and HTML render; HTML is one self-contained page with a distribution and a frame chart, a line per layout in each")
    func formats() throws {
        let trace = try dragTrace()
        let arguments = ["compare", trace, "--layout", "flow", "--layout", "circle", "--repeat", "3", "--warmup", "0", "-q"]
        let markdown = try ReelProcess.run(arguments: arguments + ["-f", "markdown"])
        #expect(markdown.status == 0)
        #expect(markdown.stdout.contains("| Figure | `flow` | `circle` | change |"))
        #expect(markdown.stdout.contains("| p50 frame time | "))
        let html = try ReelProcess.run(arguments: arguments + ["-f", "html"])
        #expect(html.status == 0)
        #expect(html.stdout.components(separatedBy: "<svg").count == 3)
        #expect(html.stdout.components(separatedBy: "<polyline").count == 3)
        #expect(html.stdout.components(separatedBy: "<path class=\"cdf\"").count == 3)
        #expect(html.stdout.contains("class=\"budget\""))
        #expect(!html.stdout.contains("<script") && !html.stdout.contains("http"))
    }

    @Test("Several traces: one section each, a JSON array; -o writes the file")
    func severalTraces() throws {
        let first = try dragTrace(name: "first")
        let second = try dragTrace(name: "second")
        let path = try ScratchDirectory.url("compare.json").path
        let result = try ReelProcess.run("compare", first, second, "--layout", "flow", "--layout", "circle",
                                         "--repeat", "2", "--warmup", "0", "-f", "json", "-o", path)
        #expect(result.status == 0 && result.stdout == "")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        let array = try #require(try parse(written) as? [[String: Any]])
        #expect(array.map { $0["trace"] as? String } == [first, second])
        let text = try ReelProcess.run("compare", first, second, "--layout", "flow", "--layout", "circle",
                                       "--repeat", "2", "--warmup", "0", "-q")
        #expect(text.stdout.components(separatedBy: "\nCompare ").count == 2 && text.stdout.hasPrefix("Compare "))
        #expect(text.stdout.contains("warning: with 2 repeats no change can be significant at α = 0.05"))
    }

    @Test("Several traces, one unreadable: still one JSON element per trace, in order, and exit 1")
    func severalWithFailure() throws {
        let first = try dragTrace(name: "readable")
        let result = try ReelProcess.run("compare", first, "/nonexistent/t.xml", "--layout", "flow", "--layout", "circle",
                                         "--repeat", "2", "--warmup", "0", "-f", "json", "-q")
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent/t.xml"))
        let array = try #require(try parse(result.stdout) as? [[String: Any]])
        #expect(array.map { $0["trace"] as? String } == [first, "/nonexistent/t.xml"])
        #expect(array.map { $0["complete"] as? Bool } == [true, false])
        #expect((array.last?["error"] as? String)?.contains("/nonexistent/t.xml") == true)
        let text = try ReelProcess.run("compare", "/nonexistent/t.xml", first, "--layout", "flow", "--layout", "circle",
                                       "--repeat", "2", "--warmup", "0", "-q")
        #expect(text.status == 1 && text.stdout.hasPrefix("Compare /nonexistent/t.xml\nFAILED: "))
    }

    @Test("A trace that stops on a bad event: the comparison so far, marked incomplete, and exit 1")
    func badEvent() throws {
        let trace = try ReelProcess.trace(events: """
                <drag t="0.05" phase="began" x="200" y="600"/>
                <drag t="0.1" phase="changed" x="200" y="450"/>
                <drag t="0.3" phase="changed" x="200" y="oops"/>
            """)
        let result = try ReelProcess.run("compare", trace, "--layout", "flow", "--layout", "circle",
                                         "--repeat", "2", "--warmup", "0", "-f", "json")
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(trace):"))
        let json = try #require(try parse(result.stdout) as? [String: Any])
        #expect(json["complete"] as? Bool == false)
    }
}
