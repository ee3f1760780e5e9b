import Testing
import CollectionEngine
import TestSupport

private func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

@Suite("Batch-update plans agree with the reference model on every small batch")
struct UpdatePlanExhaustiveTests {
    @Test("One section: every combination of deleted, reloaded and inserted items", arguments: 0...4)
    func deletesReloadsInserts(count: Int) {
        var log = FailureLog()
        let subsets = UpdatePlanConformance.subsets(of: count)
        for deletes in subsets {
            for reloads in subsets {
                for inserts in UpdatePlanConformance.subsets(of: count + 1) {
                    let operations: [BatchOperation] = [
                        .deleteItems(deletes.map { ip(0, $0) }), .reloadItems(reloads.map { ip(0, $0) }),
                        .insertItems(inserts.map { ip(0, $0) }),
                    ]
                    let implied = count - deletes.count + inserts.count
                    log.check([count], operations)
                    log.check([count], operations, [implied])
                    log.check([count], operations, [implied + 1])
                }
            }
        }
        #expect(log.failed == 0, "\(log.summary)")
    }
}
