import Testing
@testable import CollectionEngine
import TestSupport

/// The diff a diffable data source derives when a snapshot is applied: its batch must pass UIKit's rules (the
/// engine's `UpdatePlan`) and carry every surviving item to its place in the new snapshot.
@Suite("Snapshot diff", .tags(.fast))
struct SnapshotDiffTests {
    static func section(_ id: String, _ items: [String]) -> SnapshotSection {
        SnapshotSection(identifier: id, items: IdentifierRuns(items.map(IdentifierRuns.Run.init(identifier:))))
    }

    /// Checks `diff` against UIKit's batch rules and that every item of `old` found in `new` lands where `new`
    /// has it, every other old item is gone, and the counts are the new snapshot's.
    static func checkMapping(_ old: [SnapshotSection], _ new: [SnapshotSection]) throws {
        let diff = try SnapshotDiff(from: old, to: new)
        let plan = try UpdatePlan(oldCounts: old.map(\.items.count), operations: diff.operations, newCounts: diff.newCounts)
        var where_: [String: IndexPath] = [:]
        for (s, section) in new.enumerated() {
            for (i, id) in section.items.identifiers.enumerated() { where_[id] = IndexPath(item: i, section: s) }
        }
        for (s, section) in old.enumerated() {
            for (i, id) in section.items.identifiers.enumerated() {
                let mapped = plan.newIndexPath(forOld: IndexPath(item: i, section: s))
                let oldSurvives = new.contains { $0.identifier == section.identifier }
                if let target = where_[id], oldSurvives,
                   old.contains(where: { $0.identifier == new[target.section].identifier }) {
                    #expect(mapped == target, "\(id) goes to \(String(describing: mapped)), not \(target)")
                } else {
                    #expect(mapped == nil, "\(id) should be gone or re-inserted, is at \(String(describing: mapped))")
                }
            }
        }
    }

    // Apple doc page "apply(_:animatingDifferences:completion:)": applying computes the difference between the
    // current and the new snapshot, "an O(n) operation, where n is the number of items in the snapshot".
    @Test("Runs that stay in place diff to an empty batch, and count every new item")
    func unchangedRuns() throws {
        let runs = IdentifierRuns([.init(prefix: "m", start: 0, count: 1_000_000)])
        let snapshot = [SnapshotSection(identifier: "feed", items: runs)]
        let diff = try SnapshotDiff(from: snapshot, to: snapshot)
        #expect(diff.operations.isEmpty)
        #expect(diff.itemsDiffed == 1_000_000)
        #expect(diff.newIndexPath(of: "m999999") == IndexPath(item: 999_999, section: 0))
        #expect(diff.newIndexPath(of: "m1000000") == nil)
    }

    @Test("Inserting at the top of a million-item run expands only the inserted items")
    func insertAtTop() throws {
        let old = [SnapshotSection(identifier: "feed", items: IdentifierRuns([.init(prefix: "m", start: 0, count: 1_000_000)]))]
        let new = [SnapshotSection(identifier: "feed", items: IdentifierRuns([
            .init(prefix: "n", start: 0, count: 3), .init(prefix: "m", start: 0, count: 1_000_000),
        ]))]
        let diff = try SnapshotDiff(from: old, to: new)
        #expect(diff.operations == [.insertItems((0..<3).map { IndexPath(item: $0, section: 0) })])
    }

    @Test("A numbered identifier written alone equals the same one inside a run; a leading zero makes a literal")
    func runsMerge() {
        var runs = IdentifierRuns([.init(prefix: "m", start: 0, count: 5)])
        runs.append(.init(identifier: "m5"))
        runs.append(.init(identifier: "m07"))
        #expect(runs.runs.count == 2)
        #expect(runs.count == 7)
        #expect(runs.identifiers.suffix(2) == ["m5", "m07"])
    }

    @Test("Deletes, inserts, moves within and across sections, section moves, all by UIKit's rules",
          arguments: [
            (["a": ["x0", "x1", "x2", "x3"]], ["a": ["x3", "x0", "x1", "x2"]]),
            (["a": ["x0", "x1", "x2"], "b": ["y0", "y1"]], ["b": ["y1", "x1"], "a": ["x2", "n", "x0"]]),
            (["a": ["x0", "x1"], "b": ["y0"]], ["c": ["x0", "z"], "b": ["y0", "x1"]]),
          ])
    func mapping(old: [String: [String]], new: [String: [String]]) throws {
        // Dictionaries' order is not fixed: sort the section identifiers, then the test's tables set the order.
        let o = old.keys.sorted().map { Self.section($0, old[$0] ?? []) }
        let n = new.keys.sorted(by: >).map { Self.section($0, new[$0] ?? []) }
        try Self.checkMapping(o, n)
    }

    @Test("Random snapshots: the derived batch passes UIKit's rules and maps every item (seeded)")
    func randomSnapshots() throws {
        var generator = SplitMix64(seed: 34)
        for round in 0..<300 {
            let pool = (0..<12).map { "i\($0)" } + ["p", "q"]
            func snapshot() -> [SnapshotSection] {
                var items = pool.filter { _ in generator.next() % 3 != 0 }
                items.shuffle(using: &generator)
                let sections = ["s0", "s1", "s2"].filter { _ in generator.next() % 4 != 0 }.shuffled(using: &generator)
                guard !sections.isEmpty else { return [] }
                var result = sections.map { Self.section($0, []) }
                for item in items {
                    let target = Int(generator.next() % UInt64(result.count))
                    result[target].items.append(.init(identifier: item))
                }
                return result
            }
            let old = snapshot(), new = snapshot()
            do {
                try Self.checkMapping(old, new)
            } catch {
                Issue.record("round \(round) (seed 34): \(error)")
            }
        }
    }

    // The reason UIKit gives, quoted with its NSSet listing in app READMEs' troubleshooting notes (a
    // GithubSearchApp note shows two identifiers, one a line, four spaces in, between "{(" and ")}").
    @Test("Repeated identifiers are refused with UIKit's words, overlapping runs included")
    func duplicates() {
        let one = [Self.section("a", ["m3", "x", "m3"])]
        #expect(throws: DiffableError(message: "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    m3\n)}")) {
            try SnapshotDiff.validate(one)
        }
        let runs = [SnapshotSection(identifier: "a", items: IdentifierRuns([.init(prefix: "m", start: 0, count: 5)])),
                    SnapshotSection(identifier: "b", items: IdentifierRuns([.init(prefix: "m", start: 3, count: 4)]))]
        #expect(throws: DiffableError(message: "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    m3,\n    m4\n)}")) {
            try SnapshotDiff.validate(runs)
        }
    }

    // Apple doc page "reloadItems(_:)" of NSDiffableDataSourceSnapshot: the item is reloaded in place; the batch
    // refuses a reload and a move of one item, so a reloaded item that moves is deleted and inserted instead.
    @Test("Reloads name their index path before the update; a moved reloaded item is deleted and inserted")
    func reloads() throws {
        let old = [Self.section("a", ["x0", "x1", "x2"])]
        let stay = try SnapshotDiff(from: old, to: old, reloading: ["x1"])
        #expect(stay.operations == [.reloadItems([IndexPath(item: 1, section: 0)])])
        let moved = [Self.section("a", ["x2", "x0", "x1"])]
        let diff = try SnapshotDiff(from: old, to: moved, reloading: ["x2"])
        #expect(diff.operations == [.deleteItems([IndexPath(item: 2, section: 0)]), .insertItems([IndexPath(item: 0, section: 0)])])
        #expect(throws: DiffableError.missingItem("nope", reconfigure: false)) {
            try SnapshotDiff(from: old, to: old, reloading: ["nope"])
        }
    }
}
