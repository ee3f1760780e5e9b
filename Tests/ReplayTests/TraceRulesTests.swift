import Foundation
import Testing
import Replay
import Reporting
import TraceXML
import TestSupport

@Suite("One set of trace rules for reel validate and the replay", .tags(.fast))
struct TraceRulesTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    @Test("Every invalid fixture has its expected error, and every expected error its fixture")
    func fixturesListed() {
        #expect(Set(InvalidFixtures.names) == Set(InvalidFixtures.expected.keys))
    }

    @Test("validate and replay give the same first error at the same position", arguments: InvalidFixtures.names)
    func sameMessage(_ name: String) throws {
        let path = InvalidFixtures.directory.appendingPathComponent("\(name).xml").path
        let expected = try #require(InvalidFixtures.expected[name])
        let firstError = TraceChecker.validate(path: path).first { $0.severity == .error }?.description
        let replayed = try runner.replay(path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(!replayed.complete)
        #expect(firstError == replayed.failure)
        // Messages may go on past what the table quotes (a list of layouts, of parameters' forms).
        #expect(firstError?.hasPrefix("\(path):\(expected)") == true, "validate: \(firstError ?? "nothing")")
        #expect(replayed.failure?.hasPrefix("\(path):\(expected)") == true, "replay: \(replayed.failure ?? "nothing")")
    }

    @Test("Both modes of the replay refuse an out-of-order drag", arguments: [ReplayMode.offsets, .gestures])
    func dragInBothModes(_ mode: ReplayMode) throws {
        let path = InvalidFixtures.directory.appendingPathComponent("drag-began-twice.xml").path
        let replayed = try runner.replay(path, options: ReplayOptions(mode: mode, repeats: 1, warmup: 0))
        #expect(replayed.failure?.hasPrefix("\(path):9:1: <drag> begins again") == true)
    }

    @Test("A gesture still running at the end is a warning of validate, and the replay completes")
    func unfinishedGesture() throws {
        let trace = try TraceFile(events: "<pinch t=\"0.1\" phase=\"began\" x=\"1\" y=\"1\" scale=\"1\"/>")
        let found = TraceChecker.validate(path: trace.path)
        #expect(found.map(\.description) == ["\(trace.path):8:1: warning: a <pinch> began here and never ended"])
        let replayed = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(replayed.complete)
    }
}
