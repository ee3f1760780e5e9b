import Foundation
import TestSupport
import Testing

/// Exit codes that mean what they say: a gate with nothing to judge does not pass, and a snapshot of a
/// cut-off trace is refused as its replay is.
@Suite("Exit codes: nothing judged is no pass, a cut is a cut", .tags(.endToEnd))
struct ExitCodeCommandTests {
    static func folder(_ name: String = #function) throws -> URL {
        try ScratchDirectory.folder("exit-\(name.filter(\.isLetter))")
    }

    @Test("gate with a current run of [] exits 1 and says there is nothing to judge")
    func gateEmptyRun() throws {
        let folder = try Self.folder()
        let empty = folder.appendingPathComponent("empty.json").path
        let other = folder.appendingPathComponent("other.json").path
        try "[]\n".write(toFile: empty, atomically: true, encoding: .utf8)
        try "[]\n".write(toFile: other, atomically: true, encoding: .utf8)
        let one = try ReelProcess.run(arguments: ["gate", empty, "--max-janky-frames", "0"], timeout: 120)
        #expect(one.status == 1)
        #expect(one.stdout.isEmpty)
        #expect(one.stderr.contains("reel gate: nothing to judge: \(empty) holds no report"), "\(one.stderr)")
        let both = try ReelProcess.run(arguments: ["gate", empty, other, "--max-janky-frames", "0", "-f", "json"], timeout: 120)
        #expect(both.status == 1)
        #expect(both.stderr.contains("nothing to judge: none of \(empty), \(other) holds a report"), "\(both.stderr)")
        // A shard with no inputs at all is valid, as before: it writes its empty judgement for `reel merge`.
        let shard = try ReelProcess.run(arguments: ["gate", empty, other, "--max-janky-frames", "0", "-f", "json",
                                                    "--shard", "3/3"], timeout: 120)
        #expect(shard.status == 0, "\(shard.stderr)")
        #expect(shard.stdout.contains("\"results\""))
    }

    /// The shipped trace cut in the middle of its events.
    static func cutTrace() throws -> String {
        let bytes = try Data(contentsOf: ReelProcess.root.appendingPathComponent("Traces/chat-messages.xml"))
        let path = try folder("cut").appendingPathComponent("cut.xml").path
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("snapshot of a cut-off trace exits 1 with replay's message, even at a moment before the cut")
    func snapshotOfCutTrace() throws {
        let path = try Self.cutTrace()
        let snapshot = try ReelProcess.run(arguments: ["snapshot", path, "--time", "0.5"], timeout: 300)
        #expect(snapshot.status == 1)
        #expect(snapshot.stdout.isEmpty)
        let replay = try ReelProcess.run(arguments: ["replay", path, "--repeat", "1", "--warmup", "0", "--quiet"], timeout: 300)
        #expect(replay.status == 1)
        let pattern = try Regex(#"cut\.xml:\d+:\d+: the trace is cut off here, inside an incomplete <\w+>; read \d+ complete events, the last at line \d+"#)
        let told = try #require(snapshot.stderr.firstMatch(of: pattern)).output[0].substring.map(String.init)
        #expect(replay.stderr.contains(try #require(told)), "replay: \(replay.stderr)")
        #expect(snapshot.stderr.contains("pass --allow-truncated to accept a cut-off trace"), "\(snapshot.stderr)")
    }

    @Test("snapshot --allow-truncated of a cut-off trace prints the snapshot, warns of the cut, exits 0")
    func snapshotAllowsTruncated() throws {
        let path = try Self.cutTrace()
        let result = try ReelProcess.run(arguments: ["snapshot", path, "--time", "0.5", "--allow-truncated"], timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("{"))
        #expect(result.stderr.contains("warning: the trace is cut off here"), "\(result.stderr)")
    }
}
