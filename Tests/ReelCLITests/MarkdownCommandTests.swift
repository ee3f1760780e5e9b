import Foundation
import Testing
import TestSupport

@Suite("replay --format markdown, end to end")
struct MarkdownCommandTests {
    @Test("Every shipped trace: one document, a verdict line per trace first, a section each, tables with consistent columns")
    func shipped() throws {
        let run = try ShippedJUnit.markdown.get()
        #expect(run.status == 0, "\(run.stderr)")
        let text = run.stdout
        let traces = ShippedJUnit.traces
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

    @Test("--max-janky-frames and --max-hitch-ratio are checked: negative, beyond the range or not a number is a usage error")
    func thresholdOptions() throws {
        for (arguments, message) in [
            (["--max-janky-frames", "-1"], "--max-janky-frames must not be negative, not '-1'"),
            (["--max-hitch-ratio", "-0.5"], "--max-hitch-ratio must not be negative, not '-0.5'"),
            (["--max-hitch-ratio", "2000000"], "--max-hitch-ratio must be from 0 to 1,000,000 ms/s"),
            (["--max-janky-frames", "nan"], "--max-janky-frames must be from 0 to 10,368,000"),
        ] {
            for command in [["replay", "Traces/chat-messages.xml"],
                            ["compare", "Traces/chat-messages.xml", "--layout", "flow", "--layout", "grid"]] {
                let result = try ReelProcess.run(arguments: command + arguments)
                #expect(result.status == 64, "\(command) \(arguments)")
                #expect(result.stderr.contains(message), "\(result.stderr)")
                #expect(result.stdout == "")
            }
        }
    }

    @Test("The thresholds decide the verdict, never the exit code")
    func exitCode() throws {
        let trace = "Traces/chat-messages.xml"
        let strict = try ReelProcess.run("replay", trace, "--repeat", "1", "--warmup", "0", "--quiet", "--format", "markdown",
                                         "--budget", "0.1", "--max-janky-frames", "0", "--max-hitch-ratio", "0")
        #expect(strict.status == 0, "\(strict.stderr)")
        #expect(strict.stdout.contains("**❌ FAIL** · "))
        #expect(strict.stdout.contains("(--max-janky-frames)\n"))
        let lenient = try ReelProcess.run("replay", trace, "--repeat", "1", "--warmup", "0", "--quiet", "--format", "markdown",
                                          "--budget", "0.1", "--max-janky-frames", "10368000", "--max-hitch-ratio", "1000000")
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("**✅ PASS** · ") && !lenient.stdout.contains("(--max-"))
    }
}
