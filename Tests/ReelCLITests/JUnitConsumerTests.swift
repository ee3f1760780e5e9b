import Foundation
import Testing
import TestSupport

/// Python's junitparser (https://pypi.org/project/junitparser/), a JUnit reader CI reporters use, reading what
/// `reel` writes through `Tests/Fixtures/junit/read_junit.py`.
enum JUnitConsumer {
    static let script = ReelProcess.root.appendingPathComponent("Tests/Fixtures/junit/read_junit.py")

    /// Whether `python3 -c 'import junitparser'` succeeds.
    static let available: Bool = (try? python(["-c", "import junitparser"]).status) == 0

    /// Whether the consumer tests run: when junitparser is installed, and always on CI, where its absence
    /// fails them (`.ci/run` installs it).
    static var enabled: Bool { available || ProcessInfo.processInfo.environment["CI"] == "true" }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What junitparser sees in `xml`: the script's JSON.
    static func read(_ xml: String) throws -> [String: Any] {
        let file = ShippedJUnit.folder.appendingPathComponent("junit-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try python([script.path, file.path])
        guard result.status == 0,
              let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            throw Failure(description: "read_junit.py exited \(result.status): \(result.stderr)")
        }
        return object
    }

    private static func python(_ arguments: [String]) throws -> ReelProcess.Result {
        try ReelProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3"] + arguments)
    }

    /// The one suite of a document junitparser read, and its cases.
    static func suite(_ document: [String: Any]) throws -> (suite: [String: Any], cases: [[String: Any]]) {
        guard let suites = document["suites"] as? [[String: Any]], suites.count == 1,
              let cases = suites[0]["cases"] as? [[String: Any]] else {
            throw Failure(description: "not one suite with cases: \(document)")
        }
        return (suites[0], cases)
    }

    /// The kinds of a case's results: `[]` for a pass, `["failure"]`, `["error"]`, `["skipped"]`.
    static func kinds(_ testCase: [String: Any]) -> [String] {
        (testCase["results"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
    }

    static func messages(_ testCase: [String: Any]) -> [String] {
        (testCase["results"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
    }
}

@Suite("JUnit XML read back by junitparser", .tags(.endToEnd), .enabled(if: JUnitConsumer.enabled,
                                                      "junitparser is not installed: pip install junitparser"))
struct JUnitConsumerTests {
    /// The figure `label` of a case's `<system-out>`: `Janky frames: 2.5 per repeat (…)` gives 2.5.
    private func figure(_ label: String, in systemOut: String) -> Double? {
        guard let line = systemOut.split(separator: "\n").first(where: { $0.hasPrefix(label + ": ") }) else { return nil }
        return Double(line.dropFirst(label.count + 2).prefix { $0.isNumber || $0 == "." })
    }

    @Test("replay of every shipped trace: a test per trace in order, failures exactly where the figures exceed the defaults")
    func replayShipped() async throws {
        let run = try await ShippedJUnit.replay()
        #expect(run.status == 0, "\(run.stderr)")
        let document = try JUnitConsumer.read(run.stdout)
        let (suite, cases) = try JUnitConsumer.suite(document)
        #expect(ShippedJUnit.traces.count == 26)
        #expect(document["tests"] as? Int == ShippedJUnit.traces.count && suite["tests"] as? Int == ShippedJUnit.traces.count)
        #expect(suite["name"] as? String == "reel replay" && suite["errors"] as? Int == 0)
        #expect(cases.map { $0["name"] as? String } == ShippedJUnit.traces)
        #expect(cases.allSatisfy { $0["classname"] as? String == "reel.replay" && ($0["time"] as? Double ?? 0) > 0 })
        var failing = 0
        for testCase in cases {
            let out = try #require(testCase["system_out"] as? String)
            #expect(out.hasPrefix("Verdict: "))
            let janky = try #require(figure("Janky frames", in: out))
            let ratio = try #require(figure("Hitch time ratio", in: out))
            let exceeds = janky > 0 || ratio > 5
            #expect(JUnitConsumer.kinds(testCase) == (exceeds ? ["failure"] : []), "\(testCase["name"] ?? "")")
            if exceeds {
                failing += 1
                let message = JUnitConsumer.messages(testCase).first ?? ""
                #expect(message.contains(janky > 0 ? "(--max-janky-frames)" : "(--max-hitch-ratio)"))
            }
        }
        #expect(suite["failures"] as? Int == failing && document["failures"] as? Int == failing)
        let properties = try #require(suite["properties"] as? [String: String])
        #expect(properties["max_janky_frames"] == "0" && properties["max_hitch_ratio_ms_per_s"] == "5")
        #expect(properties["layout[Traces/photo-grid-browse.xml]"] == "flow")
        #expect(properties["clock[Traces/chat-messages.xml]"] == "manual")
    }

    @Test("A failing replay: janky traces fail naming the option, an unreadable and a cut-off trace are errors")
    func replayFailing() throws {
        let run = try ShippedJUnit.failingReplay.get()
        #expect(run.status == 1)
        let document = try JUnitConsumer.read(run.stdout)
        let (suite, cases) = try JUnitConsumer.suite(document)
        #expect(suite["tests"] as? Int == 4 && suite["failures"] as? Int == 2 && suite["errors"] as? Int == 2)
        let cut = try ShippedJUnit.cutTrace.get()
        #expect(cases.map { $0["name"] as? String } == ["Traces/chat-messages.xml", "Traces/circle-clock.xml",
                                                          ShippedJUnit.missing, cut])
        #expect(cases.map(JUnitConsumer.kinds) == [["failure"], ["failure"], ["error"], ["error"]])
        for testCase in cases.prefix(2) {
            let message = try #require(JUnitConsumer.messages(testCase).first)
            #expect(message.contains("janky frames per repeat, more than the 0 allowed (--max-janky-frames)"))
            let text = (testCase["results"] as? [[String: Any]])?.first?["text"] as? String ?? ""
            #expect(text.contains("\nVerdict: ") && text.contains("\nTop hot path: frame"))
        }
        #expect(JUnitConsumer.messages(cases[2]).first?.contains(ShippedJUnit.missing) == true)
        let incomplete = try #require((cases[3]["results"] as? [[String: Any]])?.first)
        #expect(incomplete["type"] as? String == "incomplete")
        #expect((incomplete["message"] as? String)?.hasPrefix("the replay stopped early: ") == true)
        #expect((incomplete["message"] as? String)?.contains("cut.xml:") == true)
    }

    @Test("compare: a test per trace × layout named 'TRACE [layout]'; failing per layout; erroring per layout of a failed trace")
    func compare() throws {
        let passing = try ShippedJUnit.compare.get()
        #expect(passing.status == 0, "\(passing.stderr)")
        let (suite, cases) = try JUnitConsumer.suite(try JUnitConsumer.read(passing.stdout))
        #expect(suite["name"] as? String == "reel compare")
        #expect(suite["tests"] as? Int == 2 && suite["failures"] as? Int == 0 && suite["errors"] as? Int == 0)
        #expect(cases.map { $0["name"] as? String } == ["Traces/cover-flow-albums.xml [cover-flow]",
                                                          "Traces/cover-flow-albums.xml [cover-flow-cached]"])
        #expect(cases.allSatisfy { $0["classname"] as? String == "reel.compare" })

        let failing = try ShippedJUnit.failingCompare.get()
        #expect(failing.status == 1)
        let (failingSuite, failingCases) = try JUnitConsumer.suite(try JUnitConsumer.read(failing.stdout))
        #expect(failingSuite["tests"] as? Int == 4 && failingSuite["failures"] as? Int == 2
                && failingSuite["errors"] as? Int == 2)
        #expect(failingCases.map { $0["name"] as? String } == [
            "Traces/cover-flow-albums.xml [cover-flow]", "Traces/cover-flow-albums.xml [cover-flow-cached]",
            "\(ShippedJUnit.missing) [cover-flow]", "\(ShippedJUnit.missing) [cover-flow-cached]",
        ])
        #expect(failingCases.map(JUnitConsumer.kinds) == [["failure"], ["failure"], ["error"], ["error"]])
        #expect(JUnitConsumer.messages(failingCases[0]).first?.contains("(--max-janky-frames)") == true)
    }

    @Test("gate: a test per figure; the regression a failure, figures not judged skipped, an unreadable report an error")
    func gate() throws {
        let run = try ShippedJUnit.gate.get()
        #expect(run.status == 1, "\(run.stderr)")
        let (suite, cases) = try JUnitConsumer.suite(try JUnitConsumer.read(run.stdout))
        #expect(suite["name"] as? String == "reel gate" && suite["tests"] as? Int == cases.count)
        #expect(suite["failures"] as? Int == 1 && suite["errors"] as? Int == 1)
        let regression = try #require(cases.first { JUnitConsumer.kinds($0) == ["failure"] })
        #expect(regression["name"] as? String == "layout_prepares")
        #expect(JUnitConsumer.messages(regression).first?.contains("layout_prepares regressed") == true)
        #expect(suite["skipped"] as? Int == cases.count { JUnitConsumer.kinds($0) == ["skipped"] })
        #expect((suite["skipped"] as? Int ?? 0) > 0)
    }
}
