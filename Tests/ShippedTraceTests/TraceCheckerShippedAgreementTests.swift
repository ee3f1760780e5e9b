import Foundation
@testable import Replay
import ShippedTraceSupport
import Testing
import TestSupport

/// `reel validate` finds no problem in a shipped trace, and its one pass agrees with the reference's separate
/// passes and full replay, as on the fixtures (`ExhaustiveTraceCheckerAgreementTests`).
@Suite("TraceChecker on the shipped traces", .tags(.shippedTraces))
struct TraceCheckerShippedAgreementTests {
    @Test("Every shipped trace validates without a problem, in one pass as in the reference's", arguments: ShippedReplays.traces)
    func shipped(_ trace: String) {
        let path = ShippedReplays.path(trace)
        let onePass = TraceChecker.validate(path: path).map(\.description)
        #expect(onePass == [])
        #expect(onePass == TraceChecker.validateInSeparatePasses(path: path).map(\.description))
    }
}
