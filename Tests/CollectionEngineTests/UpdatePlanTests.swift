import Testing
import CollectionEngine
import EngineTestSupport
import TestSupport

private func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

/// Every single move on one section of `count` items, sources and destinations one past the end included.
private func singleMoves(_ count: Int) -> [[BatchOperation]] {
    [[]] + (0...count).flatMap { from in (0...count).map { to in [BatchOperation.moveItem(from: ip(0, from), to: ip(0, to))] } }
}

/// Every pair of moves on one section of `count` items; with `pastTheEnd`, sources and destinations one past
/// the end too.
private func doubleMoves(_ count: Int, pastTheEnd: Bool) -> [[BatchOperation]] {
    let indices = pastTheEnd ? 0..<count + 1 : 0..<count
    let single = indices.flatMap { from in indices.map { BatchOperation.moveItem(from: ip(0, from), to: ip(0, $0)) } }
    return single.flatMap { first in single.map { [first, $0] } }
}

@Suite("Batch-update plans agree with the reference model on every small batch", .tags(.fast))
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
                    log.check([count], operations)
                    // The data source's count, right and wrong (with fewer reloads, to keep the products small).
                    guard reloads.count <= 1 else { continue }
                    let implied = count - deletes.count + inserts.count
                    log.check([count], operations, [implied])
                    log.check([count], operations, [implied + 1])
                }
            }
        }
        #expect(log.failed == 0, "\(log.summary)")
    }

    @Test("One section: every single move with every set of deletes and inserts, and with every set of reloads",
          arguments: 0...4)
    func singleMove(count: Int) {
        var log = FailureLog()
        for move in singleMoves(count) {
            for deletes in UpdatePlanConformance.subsets(of: count) {
                for inserts in UpdatePlanConformance.subsets(of: count + 1) {
                    log.check([count], [.deleteItems(deletes.map { ip(0, $0) })] + move + [.insertItems(inserts.map { ip(0, $0) })])
                }
            }
            for reloads in UpdatePlanConformance.subsets(of: count) {
                log.check([count], move + [.reloadItems(reloads.map { ip(0, $0) })])
            }
        }
        #expect(log.failed == 0, "\(log.summary)")
    }

    @Test("One section: every pair of moves, and every pair within range with every set of deletes, of reloads and of inserts",
          arguments: 0...4)
    func doubleMove(count: Int) {
        var log = FailureLog()
        for moves in doubleMoves(count, pastTheEnd: true) {
            log.check([count], moves)
        }
        for moves in doubleMoves(count, pastTheEnd: false) {
            for subset in UpdatePlanConformance.subsets(of: count) {
                log.check([count], moves + [.deleteItems(subset.map { ip(0, $0) })])
                log.check([count], [.reloadItems(subset.map { ip(0, $0) })] + moves)
            }
            for inserts in UpdatePlanConformance.subsets(of: count + 1) where !inserts.isEmpty {
                log.check([count], moves + [.insertItems(inserts.map { ip(0, $0) })])
            }
        }
        #expect(log.failed == 0, "\(log.summary)")
    }

    /// Section shapes of two sections of 0–4 items.
    static let twoSections: [[Int]] = (0...4).flatMap { a in (0...4).map { b in [a, b] } }

    @Test("Two sections: every single move between them with every set of deletes, and with every set of inserts",
          arguments: twoSections)
    func crossSectionMoves(counts: [Int]) {
        var log = FailureLog()
        let old = counts.indices.flatMap { s in (0..<counts[s]).map { ip(s, $0) } }
        let sources = old + [ip(0, counts[0]), ip(2, 0)]
        let destinations = counts.indices.flatMap { s in (0...counts[s] + 1).map { ip(s, $0) } }
        let moves: [[BatchOperation]] = [[]] + sources.flatMap { from in destinations.map { [.moveItem(from: from, to: $0)] } }
        // Every set of deletes and of inserts when there are at most 4 items; single ones beyond, to keep the
        // products small (the one-section tests cover every set).
        let limit = old.count <= 4 ? Int.max : 1
        let insertSlots = (0...counts[0]).map { ip(0, $0) } + (0...counts[1]).map { ip(1, $0) }
        let inserts = UpdatePlanConformance.subsets(of: insertSlots.count).filter { $0.count <= min(limit, 2) }
        let deleteSets = UpdatePlanConformance.subsets(of: old.count).filter { $0.count <= limit }
        for move in moves {
            for deletes in deleteSets {
                log.check(counts, [.deleteItems(deletes.map { old[$0] })] + move)
            }
            for subset in inserts {
                log.check(counts, move + [.insertItems(subset.map { insertSlots[$0] })])
            }
        }
        #expect(log.failed == 0, "\(log.summary)")
    }

    @Test("Two sections: every pair of moves", arguments: twoSections.filter { $0[0] + $0[1] <= 4 })
    func crossSectionDoubleMoves(counts: [Int]) {
        var log = FailureLog()
        let sources = counts.indices.flatMap { s in (0...counts[s]).map { ip(s, $0) } }
        let destinations = counts.indices.flatMap { s in (0...counts[s]).map { ip(s, $0) } }
        let moves = sources.flatMap { from in destinations.map { BatchOperation.moveItem(from: from, to: $0) } }
        for first in moves {
            for second in moves {
                log.check(counts, [first, second])
            }
        }
        #expect(log.failed == 0, "\(log.summary)")
    }

    /// Section shapes of 0–4 sections, with distinct item counts so that a wrong section map shows.
    static let sectionShapes: [[Int]] = (0...4).map { Array([2, 0, 3, 1].prefix($0)) }

    @Test("Sections: every combination of deleted, reloaded and inserted sections", arguments: sectionShapes)
    func sectionDeletesReloadsInserts(counts: [Int]) {
        var log = FailureLog()
        let subsets = UpdatePlanConformance.subsets(of: counts.count)
        for deletes in subsets {
            for reloads in subsets {
                for inserts in UpdatePlanConformance.subsets(of: counts.count + 1) {
                    let operations: [BatchOperation] = [.deleteSections(deletes), .reloadSections(reloads), .insertSections(inserts)]
                    log.check(counts, operations)
                    // The data source's counts: inserted sections get 5 items, reloaded ones one more.
                    let model = ReferenceBatchModel.apply(oldCounts: counts, operations: operations, newCounts: nil)
                    guard let model else { continue }
                    let given = model.sectionOrigins.enumerated().map { new, old in
                        guard let old else { return 5 }
                        return reloads.contains(old) ? counts[old] + 1 : model.newCounts[new]
                    }
                    log.check(counts, operations, given)
                    log.check(counts, operations, given + [1])
                }
            }
        }
        #expect(log.failed == 0, "\(log.summary)")
    }

    @Test("Sections: every single and double section move with every set of deletes, of reloads and of inserts",
          arguments: sectionShapes)
    func sectionMoves(counts: [Int]) {
        var log = FailureLog()
        let n = counts.count
        let single: [BatchOperation] = (0...n).flatMap { from in (0...n).map { BatchOperation.moveSection(from: from, to: $0) } }
        let moves: [[BatchOperation]] = [[]] + single.map { [$0] } + single.flatMap { first in single.map { [first, $0] } }
        let subsets = UpdatePlanConformance.subsets(of: n)
        for move in moves {
            for subset in subsets {
                log.check(counts, [.deleteSections(subset)] + move)
                log.check(counts, move + [.reloadSections(subset)])
            }
            for inserts in UpdatePlanConformance.subsets(of: n + 1) where !inserts.isEmpty {
                log.check(counts, move + [.insertSections(inserts)])
            }
        }
        #expect(log.failed == 0, "\(log.summary)")
    }

    @Test("Sections and items: every pair of one section operation and one item operation, in both orders",
          arguments: [[2, 1, 2], [1, 0, 3, 1]])
    func sectionAndItemPairs(counts: [Int]) {
        var log = FailureLog()
        let n = counts.count
        var sectionOperations: [BatchOperation] = (0..<n).flatMap { s in [.deleteSections([s]), .reloadSections([s])] }
        sectionOperations += (0...n).map { .insertSections([$0]) }
        sectionOperations += (0..<n).flatMap { from in (0..<n).map { BatchOperation.moveSection(from: from, to: $0) } }
        let old = counts.indices.flatMap { s in (0..<counts[s]).map { ip(s, $0) } }
        let new = (0...n).flatMap { s in (0...3).map { ip(s, $0) } }
        var itemOperations: [BatchOperation] = old.flatMap { [.deleteItems([$0]), .reloadItems([$0])] }
        itemOperations += new.map { .insertItems([$0]) }
        itemOperations += old.flatMap { from in new.map { BatchOperation.moveItem(from: from, to: $0) } }
        for section in sectionOperations {
            for item in itemOperations {
                log.check(counts, [section, item])
                log.check(counts, [item, section])
            }
            for other in sectionOperations {
                log.check(counts, [section, other])
            }
        }
        for first in itemOperations.prefix(40) {
            for second in itemOperations {
                log.check(counts, [first, second])
            }
        }
        #expect(log.failed == 0, "\(log.summary)")
    }
}

@Suite("Batch-update plans agree with the reference model on seeded random batches", .tags(.fast))
struct UpdatePlanRandomTests {
    @Test("Valid random batches, and the same batches with one random change", arguments: 0..<150)
    func random(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let batch = RandomBatch.valid(using: &rng)
        let valid = UpdatePlanConformance.differences(oldCounts: batch.oldCounts, operations: batch.operations, newCounts: batch.newCounts)
        #expect(valid.isEmpty, "seed \(seed): \(batch)\n  \(valid.prefix(6).joined(separator: "\n  "))")
        #expect(throws: Never.self, "seed \(seed): a batch built valid is refused: \(batch)") {
            try UpdatePlan(oldCounts: batch.oldCounts, operations: batch.operations, newCounts: batch.newCounts)
        }
        let mutated = batch.mutated(using: &rng)
        let differences = UpdatePlanConformance.differences(oldCounts: mutated.oldCounts, operations: mutated.operations, newCounts: mutated.newCounts)
        #expect(differences.isEmpty, "seed \(seed), mutated: \(mutated)\n  \(differences.prefix(6).joined(separator: "\n  "))")
    }

    @Test("A valid batch is valid in any order of its operations", arguments: 0..<20)
    func order(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let batch = RandomBatch.valid(using: &rng)
        let plan = try UpdatePlan(oldCounts: batch.oldCounts, operations: batch.operations, newCounts: batch.newCounts)
        let reversed = try UpdatePlan(oldCounts: batch.oldCounts, operations: batch.operations.reversed(), newCounts: batch.newCounts)
        #expect(reversed.newCounts == plan.newCounts, "seed \(seed)")
        for (section, count) in batch.oldCounts.enumerated() {
            for item in 0..<count {
                let indexPath = IndexPath(item: item, section: section)
                #expect(reversed.newIndexPath(forOld: indexPath) == plan.newIndexPath(forOld: indexPath), "seed \(seed), \(indexPath)")
            }
        }
    }
}

@Suite("Batch-update plans", .tags(.fast))
struct UpdatePlanTests {
    @Test("Update items come in UIKit's canonical order: deletes descending, moves as given, inserts ascending")
    func canonicalOrderOfItems() throws {
        // a b c d → X a c Y: b and d deleted, c reloaded, a moved after X, X and Y inserted. (Moving a to the
        // end instead, where UIKit places c's implied insert — 2 − 1 deletes + 2 inserts before it = 3 — is
        // refused: "attempt to perform an insert and a move to the same index path".)
        let plan = try UpdatePlan(
            oldCounts: [4],
            operations: [
                .insertItems([ip(0, 0), ip(0, 3)]), .deleteItems([ip(0, 1), ip(0, 3)]), .reloadItems([ip(0, 2)]),
                .moveItem(from: ip(0, 0), to: ip(0, 1)),
            ],
            newCounts: [4]
        )
        #expect(plan.updateItems == [
            CollectionViewUpdateItem(action: .delete, before: ip(0, 3), after: nil),
            CollectionViewUpdateItem(action: .delete, before: ip(0, 2), after: nil),
            CollectionViewUpdateItem(action: .delete, before: ip(0, 1), after: nil),
            CollectionViewUpdateItem(action: .move, before: ip(0, 0), after: ip(0, 1)),
            CollectionViewUpdateItem(action: .insert, before: nil, after: ip(0, 0)),
            CollectionViewUpdateItem(action: .insert, before: nil, after: ip(0, 2)),
            CollectionViewUpdateItem(action: .insert, before: nil, after: ip(0, 3)),
        ])
        #expect(plan.newIndexPath(forOld: ip(0, 2)) == ip(0, 2))
        #expect(plan.isReloaded(ip(0, 2)))
        #expect(plan.newItems(inNewSection: 0) == [0, 1, 2, 3])
        #expect([plan.itemsInserted, plan.itemsDeleted, plan.itemsMoved, plan.itemsReloaded] == [2, 2, 1, 1])
    }

    @Test("Section operations name their section with IndexPath.section and order after its items")
    func canonicalOrderOfSections() throws {
        // A B C D → new A C D: B deleted, D reloaded, A moved after the section inserted first; C's item deleted.
        // (Moving A to the end instead, where UIKit places D's implied insert, is refused.)
        let plan = try UpdatePlan(
            oldCounts: [1, 1, 1, 1],
            operations: [
                .insertSections([0]), .deleteSections([1]), .reloadSections([3]), .moveSection(from: 0, to: 1),
                .deleteItems([ip(2, 0)]),
            ],
            newCounts: nil
        )
        #expect(plan.updateItems == [
            CollectionViewUpdateItem(action: .delete, before: .section(3), after: nil),
            CollectionViewUpdateItem(action: .delete, before: ip(2, 0), after: nil),
            CollectionViewUpdateItem(action: .delete, before: .section(1), after: nil),
            CollectionViewUpdateItem(action: .move, before: .section(0), after: .section(1)),
            CollectionViewUpdateItem(action: .insert, before: nil, after: .section(0)),
            CollectionViewUpdateItem(action: .insert, before: nil, after: .section(3)),
        ])
        #expect(plan.newCounts == [0, 1, 0, 1])
        #expect((0..<4).map(plan.newSection(forOld:)) == [1, nil, 2, 3])
        #expect((0..<4).map(plan.oldSection(forNew:)) == [nil, 0, 2, 3])
        #expect(plan.isSectionReloaded(old: 3) && !plan.isSectionReloaded(old: 2))
        #expect([plan.sectionsInserted, plan.sectionsDeleted, plan.sectionsMoved, plan.sectionsReloaded] == [1, 1, 1, 1])
    }

    @Test("Moves within and between sections are given in the order given")
    func movesInOrder() throws {
        let plan = try UpdatePlan(
            oldCounts: [2, 2],
            operations: [.moveItem(from: ip(1, 0), to: ip(0, 0)), .moveSection(from: 0, to: 1), .moveItem(from: ip(0, 1), to: ip(0, 1))],
            newCounts: nil
        )
        #expect(plan.updateItems.map(\.updateAction) == [.move, .move, .move])
        #expect(plan.updateItems.map(\.indexPathBeforeUpdate) == [ip(1, 0), .section(0), ip(0, 1)])
        // Old section 1 is now section 0: its item 0 moved to [0, 0] and its item 1 follows; old [0, 1] moved to [0, 1].
        #expect(plan.newCounts == [3, 1])
        #expect(plan.newIndexPath(forOld: ip(1, 1)) == ip(0, 2))
        #expect(plan.newIndexPath(forOld: ip(0, 0)) == ip(1, 0))
        #expect(plan.newItems(inNewSection: 0) == [0, 1])
        #expect(plan.newItems(inNewSection: 1) == [])
    }

    @Test("Item operations in a moved section: deletes by its old index, inserts by its new one")
    func itemsOfMovedSection() throws {
        let plan = try UpdatePlan(
            oldCounts: [3, 1],
            operations: [.moveSection(from: 0, to: 1), .deleteItems([ip(0, 0)]), .insertItems([ip(1, 2)])],
            newCounts: [1, 3]
        )
        #expect(plan.newIndexPath(forOld: ip(0, 0)) == nil)
        #expect(plan.newIndexPath(forOld: ip(0, 1)) == ip(1, 0))
        #expect(plan.newIndexPath(forOld: ip(0, 2)) == ip(1, 1))
        #expect(plan.oldIndexPath(forNew: ip(1, 2)) == nil)
        #expect(plan.newIndexPath(forOld: ip(1, 0)) == ip(0, 0))
    }

    @Test("Without the data source's counts, inserted sections are empty and reloaded ones keep their count")
    func impliedCounts() throws {
        let plan = try UpdatePlan(oldCounts: [3, 7], operations: [.insertSections([0]), .reloadSections([1])], newCounts: nil)
        #expect(plan.newCounts == [0, 3, 7])
        #expect(plan.newItems(inNewSection: 0) == nil)
        #expect(plan.newItems(inNewSection: 2) == nil)
        #expect(plan.newItems(inNewSection: 1) == [])
        #expect(plan.newIndexPath(forOld: ip(1, 0)) == nil)
        #expect(plan.oldIndexPath(forNew: ip(2, 0)) == nil)
        #expect(plan.updateItems.count == 3)
    }

    @Test("Inserted and reloaded sections take any count the data source gives")
    func givenCountsOfNewSections() throws {
        let plan = try UpdatePlan(oldCounts: [3, 7], operations: [.insertSections([2]), .reloadSections([1])], newCounts: [3, 1, 12])
        #expect(plan.newCounts == [3, 1, 12])
        #expect(plan.newSection(forOld: 1) == 1)
    }

    @Test("An empty batch maps every item to itself")
    func emptyBatch() throws {
        let plan = try UpdatePlan(oldCounts: [2, 0, 3], operations: [], newCounts: [2, 0, 3])
        #expect(plan.updateItems.isEmpty)
        #expect(plan.newIndexPath(forOld: ip(2, 2)) == ip(2, 2))
        #expect(plan.oldIndexPath(forNew: ip(0, 1)) == ip(0, 1))
        #expect(plan.newItems(inNewSection: 2) == [])
        #expect(plan.newIndexPath(forOld: ip(2, 3)) == nil)
        #expect(plan.newIndexPath(forOld: ip(-1, 0)) == nil)
    }

    @Test("A single insert at the top of a million-item section shifts every item down by one")
    func insertAtTopOfMillion() throws {
        let plan = try UpdatePlan(oldCounts: [1_000_000], operations: [.insertItems([ip(0, 0)])], newCounts: [1_000_001])
        #expect(plan.newIndexPath(forOld: ip(0, 0)) == ip(0, 1))
        #expect(plan.newIndexPath(forOld: ip(0, 999_999)) == ip(0, 1_000_000))
        #expect(plan.oldIndexPath(forNew: ip(0, 0)) == nil)
        #expect(plan.oldIndexPath(forNew: ip(0, 500_000)) == ip(0, 499_999))
        #expect(plan.newItems(inNewSection: 0) == [0])
    }

    @Test("10,000 operations on a million-item section map consistently both ways")
    func tenThousandOperationsOnMillion() throws {
        var rng = SplitMix64(seed: 42)
        let count = 1_000_000
        let touched = Array((0..<count).shuffled(using: &rng).prefix(6_000))
        let deletes = touched.prefix(3_000).map { ip(0, $0) }
        let moveSources = touched[4_000..<6_000].map { ip(0, $0) }
        let newCount = count - deletes.count + 2_000
        let slots = Array((0..<newCount).shuffled(using: &rng).prefix(4_000))
        // UIKit places a reload's implied insert by the deletes and inserts alone; keep the reloads whose
        // insert misses every move destination (the others are refused).
        let sortedDeletes = touched.prefix(3_000).sorted()
        let sortedInserts = slots.prefix(2_000).sorted()
        let destinations = Set(slots.dropFirst(2_000))
        let reloads = touched[3_000..<4_000].filter { item in
            var implied = item - sortedDeletes.prefix { $0 < item }.count
            for slot in sortedInserts where slot <= implied { implied += 1 }
            return !destinations.contains(implied)
        }.map { ip(0, $0) }
        var operations: [BatchOperation] = [.deleteItems(deletes), .reloadItems(reloads), .insertItems(slots.prefix(2_000).map { ip(0, $0) })]
        operations += zip(moveSources, slots.dropFirst(2_000)).map { .moveItem(from: $0, to: ip(0, $1)) }
        let plan = try UpdatePlan(oldCounts: [count], operations: operations, newCounts: [newCount])
        #expect(plan.itemsDeleted == 3_000 && plan.itemsInserted == 2_000 && plan.itemsMoved == 2_000 && plan.itemsReloaded == reloads.count)
        #expect(reloads.count > 900)
        #expect(plan.updateItems.count == 3_000 + reloads.count + 2_000 + 2_000 + reloads.count)
        var mapped = Set<Int>()
        for _ in 0..<5_000 {
            let old = ip(0, Int.random(in: 0..<count, using: &rng))
            guard let new = plan.newIndexPath(forOld: old) else {
                #expect(deletes.contains(old))
                continue
            }
            #expect(plan.oldIndexPath(forNew: new) == old)
            mapped.insert(new.item)
        }
        #expect(plan.newItems(inNewSection: 0)?.count == 2_000 + 2_000 + reloads.count)
    }
}
