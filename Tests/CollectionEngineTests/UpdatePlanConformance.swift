import CollectionEngine
import EngineTestSupport

/// Compares an ``UpdatePlan`` with ``ReferenceBatchModel`` on one batch: validity, counts, both mappings of
/// sections and items, reloads, new items, the canonical update items and the counters.
enum UpdatePlanConformance {
    /// The differences between the plan and the model, empty when they agree.
    static func differences(oldCounts: [Int], operations: [BatchOperation], newCounts: [Int]?) -> [String] {
        let model = ReferenceBatchModel.apply(oldCounts: oldCounts, operations: operations, newCounts: newCounts)
        let plan: UpdatePlan
        do {
            plan = try UpdatePlan(oldCounts: oldCounts, operations: operations, newCounts: newCounts)
        } catch {
            return model == nil ? [] : ["the plan refuses the batch (\(error)) but the model accepts it"]
        }
        guard let model else { return ["the plan accepts the batch but the model refuses it"] }

        var differences: [String] = []
        // Concrete overloads rather than one generic function: unspecialized generics dominate the cost of
        // these tests in debug builds.
        func expect(_ actual: Int?, _ expected: Int?, _ what: @autoclosure () -> String) {
            if actual != expected { differences.append("\(what()): plan \(String(describing: actual)), model \(String(describing: expected))") }
        }
        func expect(_ actual: Bool, _ expected: Bool, _ what: @autoclosure () -> String) {
            if actual != expected { differences.append("\(what()): plan \(actual), model \(expected)") }
        }
        func expect(_ actual: IndexPath?, _ expected: IndexPath?, _ what: @autoclosure () -> String) {
            if actual != expected { differences.append("\(what()): plan \(String(describing: actual)), model \(String(describing: expected))") }
        }
        func expect(_ actual: [Int]?, _ expected: [Int]?, _ what: @autoclosure () -> String) {
            if actual != expected { differences.append("\(what()): plan \(String(describing: actual)), model \(String(describing: expected))") }
        }
        func expect(_ actual: [CollectionViewUpdateItem], _ expected: [CollectionViewUpdateItem], _ what: @autoclosure () -> String) {
            if actual != expected { differences.append("\(what()): plan \(actual), model \(expected)") }
        }
        expect(plan.newCounts, model.newCounts, "new counts")
        for old in -1...oldCounts.count {
            let expected = (0..<oldCounts.count).contains(old) ? model.sectionOrigins.firstIndex(of: old) : nil
            expect(plan.newSection(forOld: old), expected, "new section for old \(old)")
            expect(plan.isSectionReloaded(old: old), model.reloadedSections.contains(old), "section \(old) reloaded")
        }
        for new in -1...model.items.count {
            let expected = model.sectionOrigins.indices.contains(new) ? model.sectionOrigins[new] : nil
            expect(plan.oldSection(forNew: new), expected, "old section for new \(new)")
            let newItems = model.sectionOrigins.indices.contains(new) ? model.newItems(inNewSection: new) : nil
            expect(plan.newItems(inNewSection: new), newItems, "new items in new section \(new)")
        }
        for (section, count) in oldCounts.enumerated() {
            for item in -1...count {
                let indexPath = IndexPath(item: item, section: section)
                let expected = (0..<count).contains(item) ? model.newIndexPath(forOld: indexPath) : nil
                expect(plan.newIndexPath(forOld: indexPath), expected, "new index path for old \(indexPath)")
                expect(plan.isReloaded(indexPath), model.reloadedItems.contains(indexPath), "\(indexPath) reloaded")
            }
        }
        for (section, items) in model.items.enumerated() {
            for item in -1...items.count {
                let indexPath = IndexPath(item: item, section: section)
                let expected = items.indices.contains(item) ? model.oldIndexPath(forNew: indexPath) : nil
                expect(plan.oldIndexPath(forNew: indexPath), expected, "old index path for new \(indexPath)")
            }
        }
        expect(plan.newIndexPath(forOld: IndexPath(item: 0, section: oldCounts.count)), nil, "an old section past the end")
        expect(plan.oldIndexPath(forNew: IndexPath(item: 0, section: model.items.count)), nil, "a new section past the end")
        expect(plan.updateItems, model.updateItems, "update items")
        expect(plan.itemsInserted, model.insertedItems.count, "items inserted")
        expect(plan.itemsDeleted, model.deletedItems.count, "items deleted")
        expect(plan.itemsMoved, model.movedItems.count, "items moved")
        expect(plan.itemsReloaded, model.reloadedItems.count, "items reloaded")
        expect(plan.sectionsInserted, model.insertedSections.count, "sections inserted")
        expect(plan.sectionsDeleted, model.deletedSections.count, "sections deleted")
        expect(plan.sectionsMoved, model.movedSections.count, "sections moved")
        expect(plan.sectionsReloaded, model.reloadedSections.count, "sections reloaded")
        return differences
    }

    /// Every subset of `0..<n`, as arrays.
    static func subsets(of n: Int) -> [[Int]] {
        (0..<(1 << n)).map { mask in (0..<n).filter { mask & (1 << $0) != 0 } }
    }
}

/// Collects the failures of many cases, keeping the first few whole, so that one bug does not print thousands.
struct FailureLog {
    private(set) var checked = 0
    private(set) var failed = 0
    private(set) var firstFailures: [String] = []

    mutating func check(_ oldCounts: [Int], _ operations: [BatchOperation], _ newCounts: [Int]? = nil) {
        checked += 1
        let differences = UpdatePlanConformance.differences(oldCounts: oldCounts, operations: operations, newCounts: newCounts)
        guard !differences.isEmpty else { return }
        failed += 1
        if firstFailures.count < 5 {
            firstFailures.append("counts \(oldCounts) → \(newCounts.map { "\($0)" } ?? "implied"), \(operations):\n  "
                + differences.prefix(6).joined(separator: "\n  "))
        }
    }

    var summary: String { "\(failed) of \(checked) cases differ from the model:\n" + firstFailures.joined(separator: "\n") }
}
