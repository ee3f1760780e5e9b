import Testing
import Foundation
import TestSupport

/// `reel compare --scale`, end to end through the built binary.
@Suite("reel compare --scale, end to end", .tags(.endToEnd))
struct ScaleCheckCommandTests {
    /// 1.5 s of scrolling 10 points a frame by recorded offsets: inside the grid's content at 500 items.
    private func scrollTrace(name: String = #function) throws -> String {
        try ReelProcess.trace(layout: #"<layout name="grid"/>"#, events: (1...90).map { frame in
            #"<scroll t="\#(Double(frame) / 60)" x="0" y="\#(frame * 10)"/>"#
        }.joined(separator: "\n"), name: name)
    }

    @Test("Option errors are usage errors (64) with exact messages, before anything is replayed", arguments: [
        (["--scale", "1000"], "--scale needs two different item counts or more, not '1000'"),
        (["--scale", "1000,1000"], "--scale needs two different item counts or more, not '1000,1000'"),
        (["--scale", "1000,x"], "--scale must be item counts separated by commas, such as 1000,100000, not '1000,x'"),
        (["--scale", "1000,"], "--scale must be item counts separated by commas, such as 1000,100000, not '1000,'"),
        (["--scale", "0,1000"],
         "--scale must be from 1 to 10,000,000 items (a collection view holds at most 10,000,000 items), not '0'"),
        (["--scale", "1000,10000001"],
         "--scale must be from 1 to 10,000,000 items (a collection view holds at most 10,000,000 items), not '10000001'"),
        (["--scale", "1000,99999999999999999999"],
         "--scale must be from 1 to 10,000,000 items (a collection view holds at most 10,000,000 items), not '99999999999999999999'"),
        (["--scale", "1000,100000", "--repeat", "3"],
         "--scale needs --repeat 4 or more, so that a growth can be significant, not '3'"),
        (["--fail-on-growth", "--layout", "flow", "--layout", "grid"], "--fail-on-growth needs --scale"),
        (["--scale", "1000,100000"], "compare --scale needs a --layout"),
        (["--scale", "1000,100000", "--layout", "flow", "--shard", "1/2"],
         "compare --scale runs in one job and cannot take --shard, not '1/2'"),
    ])
    func usage(arguments: [String], message: String) throws {
        let result = try ReelProcess.run(arguments: ["compare", "Traces/grid-shelves.xml"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").first == "Error: \(message)"[...], "\(result.stderr)")
        #expect(result.stdout == "")
    }

    @Test("A count that breaks one of the trace's events exits 1 naming the event's place and the count")
    func brokenEvent() throws {
        let trace = try ReelProcess.trace(events: #"<select t="0.1" section="0" item="250"/>"#)
        let result = try ReelProcess.run("compare", trace, "--scale", "100,1000", "--layout", "flow", "--repeat", "4",
                                         "--warmup", "0", "-q")
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(trace):8:"), "\(result.stderr)")
        #expect(result.stderr.contains(": at 100 items, "), "\(result.stderr)")
    }

    /// The grid scans every shelf in its query (as the slides' demo does); flow does not. 500 against 50,000
    /// items: the grid's query does about 100 times the work at the larger count (×20 and more even in a
    /// debug build) against the 3× the check asks for, on the thread's CPU clock, which other processes do
    /// not inflate, so the verdicts cannot flip on a busy machine.
    @Test("The grid grows in its query, flow is flat; every format carries it; --fail-on-growth exits 2")
    func gridGrows() throws {
        let trace = try scrollTrace()
        let directory = try ScratchDirectory.folder("scale-check")
        let paths = ["markdown", "html", "junit", "json"].map { directory.appendingPathComponent("check.\($0)").path }
        let arguments = ["compare", trace, "--scale", "500,50000", "--layout", "grid", "--layout", "flow",
                         "--mode", "offsets", "--repeat", "5", "--warmup", "1", "-q"]
            + zip(["markdown", "html", "junit", "json"], paths).flatMap { ["--export", "\($0)=\($1)"] }
        let result = try ReelProcess.run(arguments: arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("grid grows in frame/layout/query: "), "\(result.stdout)")
        #expect(result.stdout.contains("flow is flat"), "\(result.stdout)")
        let markdown = try String(contentsOfFile: paths[0], encoding: .utf8)
        #expect(markdown.contains("**grid** grows in frame/layout/query"))
        #expect(markdown.contains("| `frame/layout/query` |"))
        let html = try String(contentsOfFile: paths[1], encoding: .utf8)
        #expect(html.contains("grid grows in frame/layout/query"))
        let junit = try String(contentsOfFile: paths[2], encoding: .utf8)
        #expect(junit.contains("failures=\"1\""), "\(junit)")
        #expect(junit.contains("type=\"growth\""))
        let json = try String(contentsOfFile: paths[3], encoding: .utf8)
        try JSONSchemaTests.expectConforms(json, to: "scale-check", "scale check of grid and flow")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let layouts = try #require(object["layouts"] as? [[String: Any]])
        #expect(layouts.map { $0["growing"] as? [String] } == [["frame/layout/query"], []])
        #expect(object["counts"] as? [Int] == [500, 50_000])

        let failing = try ReelProcess.run(arguments: ["compare", trace, "--scale", "500,50000", "--layout", "grid",
                                                      "--mode", "offsets", "--repeat", "4", "--warmup", "0", "-q",
                                                      "--fail-on-growth", "-f", "json"])
        #expect(failing.status == 2, "\(failing.stderr)")
        try JSONSchemaTests.expectConforms(failing.stdout, to: "scale-check", "scale check of grid")
    }
}
