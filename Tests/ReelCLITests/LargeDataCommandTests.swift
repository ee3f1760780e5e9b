import Foundation
import TestSupport
import Testing

/// Large data through the built `reel`: a million items with their own sizes are recorded,
/// validated and replayed; ten million items of one size replay their first frame.
@Suite("Large data through the reel binary", .tags(.endToEnd))
struct LargeDataCommandTests {
    private static func temporaryPath(_ name: String) throws -> String {
        try ScratchDirectory.url("large/\(name)").path
    }

    /// The report of `reel replay … -f json` (one trace: one object).
    private static func report(_ result: ReelProcess.Result) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any], "not a JSON object: \(result.stdout.prefix(200))")
    }

    @Test("record --items 1000000 --item-sizes writes <item-sizes> chunks that validate and replay")
    func millionItemsWithTheirOwnSizes() throws {
        let path = try Self.temporaryPath("million-sizes.xml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = try ReelProcess.run("record", "--scenario", "browse", "--items", "1000000",
                                           "--item-sizes", "40-200 40-200", "--duration", "2", "-o", path)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Sizes drawn from 81 × 81 values: nearly every item is its own run, 1,000 runs to a chunk.
        let chunks = text.components(separatedBy: "<item-sizes>").count - 1
        #expect(chunks >= 990 && chunks <= 1_000)
        #expect(!text.contains("item-sizes=\""))

        let validated = try ReelProcess.run("validate", path)
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        #expect((validated.stdout + validated.stderr).contains("1 trace checked: 0 errors, 0 warnings"),
                "\(validated.stdout)\(validated.stderr)")

        let replayed = try ReelProcess.run("replay", path, "--repeat", "1", "--warmup", "0", "-f", "json", "-q")
        #expect(replayed.status == 0, "\(replayed.stderr)")
        let report = try Self.report(replayed)
        #expect(report["complete"] as? Bool == true)
        #expect((report["frames"] as? Int ?? 0) > 100)
        let counters = try #require(report["counters"] as? [String: Any])
        #expect((counters["cells_created"] as? Int ?? 0) > 0)
        #expect(counters["layout_prepares"] as? Int == 1)
    }

    @Test("A 10,000,000-item trace of one size replays its first frame, with the visible cells")
    func tenMillionItemsFirstFrame() throws {
        let path = try Self.temporaryPath("ten-million.xml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = try ReelProcess.run("record", "--scenario", "browse", "--items", "10000000",
                                           "--duration", "1", "-o", path)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let replayed = try ReelProcess.run("replay", path, "--repeat", "1", "--warmup", "0", "--frames",
                                           "-f", "json", "-q")
        #expect(replayed.status == 0, "\(replayed.stderr)")
        let report = try Self.report(replayed)
        #expect(report["complete"] as? Bool == true)
        let samples = try #require(report["frame_samples"] as? [[String: Any]])
        #expect(samples.first?["index"] as? Int == 0)
        // Frame 0, the initial display, and every measured frame after it.
        #expect(samples.count == (report["frames"] as? Int ?? 0) + 1)
        let counters = try #require(report["counters"] as? [String: Any])
        #expect(counters["layout_prepares"] as? Int == 1)
        // The flow layout's default 50 × 50 items: about 90 on a 390 × 844 screen, and those prefetched.
        let created = counters["cells_created"] as? Int ?? 0
        #expect(created > 50 && created < 400)
    }
}
