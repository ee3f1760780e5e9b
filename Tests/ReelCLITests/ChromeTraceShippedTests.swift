import Testing
import Foundation
import Replay
import Reporting
import TestSupport

/// `--format chrome-trace` of every shipped trace, checked against the JSON report of the same replay.
@Suite("Chrome trace of the shipped traces", .tags(.endToEnd))
struct ChromeTraceShippedTests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A time of the file, in microseconds with three decimals, as exact nanoseconds.
    private func ns(_ value: Any?) -> Int64 {
        Int64((((value as? Double) ?? .nan) * 1000).rounded())
    }

    @Test("reel replay --format chrome-trace writes the first measured repeat, every span inside its frame")
    func command() throws {
        // A trace whose workload makes long frames, which the CPU clock reads exactly at their end.
        let result = try ReelProcess.run("replay", "Traces/contacts-list.xml", "--format", "chrome-trace",
                                         "--repeat", "2", "--warmup", "0", "-q")
        #expect(result.status == 0, "\(result.stderr)")
        let document = try json(result.stdout)
        let other = try #require(document["otherData"] as? [String: String])
        #expect(other["repeat"] == "1" && other["repeats"] == "2" && other["dropped_spans"] == "0")
        #expect(other["clock"] == "cpu" && other["workload"] == "model")
        let events = try #require(document["traceEvents"] as? [[String: Any]]).filter { $0["ph"] as? String == "X" }
        var frame: (index: Int, start: Int64, end: Int64)?
        var frames = 0
        for event in events {
            let args = try #require(event["args"] as? [String: Any])
            let start = ns(event["ts"]), end = start + ns(event["dur"])
            if args["path"] as? String == "frame" {
                frame = (try #require(args["frame"] as? Int), start, end)
                frames += 1
            } else {
                let inside = try #require(frame)
                #expect(args["frame"] as? Int == inside.index && inside.start <= start && end <= inside.end)
            }
        }
        #expect("\(frames)" == other["frames"] && frames > 1000)
    }
}
