import Testing
import TestSupport
@testable import Replay
import TraceXML

@Suite("A replay's error keeps the trace's error it reports", .tags(.fast))
struct ReplayErrorCauseTests {
    @Test("A bad value stops the replay with TraceXML's error as its cause, at the same place")
    func keepsTraceError() throws {
        let file = try TraceFile(events: """
            <scroll t="0.02" x="0" y="100"/>
            <scroll t="0.04" x="0" y="fast"/>
            """)
        let measurement = try ReplayRunner(makeClock: { ManualClock() })
            .replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(!measurement.complete)
        let reader = try TraceReader(path: file.path)
        let expected = #expect(throws: TraceError.self) { while try reader.next() != nil {} }
        let session = try ReplaySession(trace: file.path, options: ReplayOptions(repeats: 1, warmup: 0),
                                        clock: ManualClock())
        let failure = try #require(try session.runPass().failure)
        #expect(failure.traceError == expected)
        #expect(failure.traceError?.code == .invalidValue)
        #expect(failure.location == expected?.location)
    }

    @Test("The cause is not compared: the same code, message and place are the same error")
    func equality() {
        let error = TraceError(.invalidValue, "bad", path: "t.xml")
        #expect(ReplayError(error) == ReplayError(.trace, "bad", path: "t.xml"))
    }
}
