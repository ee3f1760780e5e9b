import Foundation
import Testing
import TestSupport

@Suite("reel validate and reel replay agree on invalid traces", .tags(.endToEnd))
struct TraceRulesCommandTests {
    /// The invalid traces the replay tests keep (`Tests/ReplayTests/Fixtures/Invalid`).
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ReplayTests/Fixtures/Invalid").standardizedFileURL

    static var fixtures: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".xml") }.sorted()
    }

    @Test("The first error of validate is the line replay stops with, for every invalid fixture",
          arguments: fixtures)
    func sameLine(_ fixture: String) throws {
        let path = Self.directory.appendingPathComponent(fixture).path
        let validated = try ReelProcess.run("validate", "--quiet", path)
        let replayed = try ReelProcess.run("replay", path, "--repeat", "1", "--warmup", "0")
        #expect(validated.status == 1 && replayed.status == 1)
        let firstError = validated.stdout.split(separator: "\n").first { !$0.contains(": warning: ") }
        let stopped = replayed.stderr.split(separator: "\n").first
        #expect(firstError != nil && firstError == stopped, "validate: \(validated.stdout)\nreplay: \(replayed.stderr)")
    }
}
