import Foundation
import ReelVersion
import TestSupport
import Testing

/// `reel --version` and the `reel_version` of what the built binary writes: the git tag or commit of the source
/// it was built from (`git describe --tags --always --dirty`, written at build time by `ReelVersionPlugin`).
@Suite("reel --version", .tags(.endToEnd))
struct VersionCommandTests {
    /// The JSON reader's view of `text`'s top-level object.
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("reel --version prints 'reel' and the version of the source that was built, and exits 0")
    func version() throws {
        let result = try ReelProcess.run("--version")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "reel \(reelVersion)\n")
        #expect(result.stderr.isEmpty)
        // A tag, a commit or a tag and the commits since, perhaps dirty; or unknown.
        #expect(reelVersion.range(of: #"^([A-Za-z0-9._+/-]+|unknown)$"#, options: .regularExpression) != nil,
                "\(reelVersion)")
        #expect(!reelVersion.isEmpty)
    }

    @Test("The version names a commit of the checkout the tests were built from (unknown without git)")
    func namesACommit() throws {
        /// Runs git in the package's root; its status and what it printed.
        func git(_ arguments: String...) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", ReelProcess.root.path] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard try git("rev-parse", "--show-prefix") == (0, "") else {
            #expect(reelVersion == "unknown")
            return
        }
        // Files edited or committed since the build may make the checkout's own answer differ now: the commit the
        // build named is what must exist.
        let built = reelVersion.hasSuffix("-dirty") ? String(reelVersion.dropLast("-dirty".count)) : reelVersion
        #expect(try git("rev-parse", "--verify", "--quiet", built + "^{commit}").status == 0,
                "the build says \(reelVersion), which names no commit of this checkout")
    }

    @Test("replay --format json, its failed traces, gate --format json and snapshot name the running build")
    func jsonOutputs() throws {
        let trace = try ReelProcess.trace(events: #"<scroll t="0.1" x="0" y="300"/>"#)
        let single = try ReelProcess.run("replay", trace, "--format", "json", "--repeat", "1", "--warmup", "0")
        #expect(single.status == 0, "\(single.stderr)")
        #expect(try object(single.stdout)["reel_version"] as? String == reelVersion)

        let several = try ReelProcess.run("replay", trace, "no-such-trace.xml", "--format", "json", "--repeat", "1",
                                          "--warmup", "0")
        #expect(several.status == 1)
        let elements = try #require(try JSONSerialization.jsonObject(with: Data(several.stdout.utf8)) as? [[String: Any]])
        #expect(elements.map { $0["reel_version"] as? String } == [reelVersion, reelVersion])

        let report = try ScratchDirectory.url("version/report.json").path
        try single.stdout.write(toFile: report, atomically: true, encoding: .utf8)
        let gate = try ReelProcess.run("gate", "--baseline", report, report, "--format", "json")
        #expect(gate.status == 0, "\(gate.stderr)")
        #expect(try object(gate.stdout)["reel_version"] as? String == reelVersion)

        let snapshot = try ReelProcess.run("snapshot", trace, "--time", "0.05")
        #expect(snapshot.status == 0, "\(snapshot.stderr)")
        #expect(try object(snapshot.stdout)["reel_version"] as? String == reelVersion)
    }
}
