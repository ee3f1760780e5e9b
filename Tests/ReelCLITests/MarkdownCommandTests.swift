import Foundation
import Testing
import TestSupport

@Suite("replay --format markdown, end to end", .tags(.endToEnd))
struct MarkdownCommandTests {
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
