import Foundation
import Replay
import ShippedTraceSupport
import Testing
import TestSupport

/// `reel validate` finds no problem in a shipped trace in its one pass, and the full replay that the
/// reference's separate passes end with (the shipped-trace suite's own, in the trace's default mode) stops
/// at nothing and warns of nothing: they agree, as on the fixtures and their mutants
/// (`ExhaustiveTraceCheckerAgreementTests`, which runs the reference itself).
@Suite("TraceChecker on the shipped traces", .tags(.shippedTraces))
struct TraceCheckerShippedAgreementTests {
    @Test("Every shipped trace validates without a problem, in one pass as in the full replay", arguments: ShippedReplays.traces)
    func shipped(_ trace: String) async throws {
        #expect(TraceChecker.validate(path: ShippedReplays.path(trace)).map(\.description) == [])
        let replay = try await ShippedReplays.measurement(trace, nil)
        #expect(replay.complete && replay.failure == nil && replay.warnings == [], "\(replay.failure ?? "") \(replay.warnings)")
    }
}
