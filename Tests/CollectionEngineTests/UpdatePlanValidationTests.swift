import Testing
import CollectionEngine

private func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

/// One invalid batch and the message it must be refused with.
struct InvalidBatch: CustomTestStringConvertible, Sendable {
    var oldCounts: [Int]
    var operations: [BatchOperation]
    var newCounts: [Int]? = nil
    var message: String

    var testDescription: String { message }
}

@Suite("Invalid batches are refused with UIKit's message")
struct UpdatePlanValidationTests {
    static let counts: [InvalidBatch] = [
        InvalidBatch(oldCounts: [3, -1], operations: [], message: "invalid number of items in section 1 before the update (-1)"),
        InvalidBatch(oldCounts: [3], operations: [], newCounts: [-2], message: "invalid number of items in section 0 after the update (-2)"),
    ]

    static let sections: [InvalidBatch] = [
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.deleteSections([4])],
                     message: "attempt to delete section 4, but there are only 3 sections before the update"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.deleteSections([-1])],
                     message: "attempt to delete section -1, but there are only 3 sections before the update"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.deleteSections([1]), .deleteSections([1])],
                     message: "attempt to delete section 1 twice"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.reloadSections([1]), .deleteSections([1])],
                     message: "attempt to delete and reload the same section (1)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 1, to: 0), .deleteSections([1])],
                     message: "attempt to perform a delete and a move from the same section (1)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.reloadSections([3])],
                     message: "attempt to reload section 3, but there are only 3 sections before the update"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.reloadSections([2, 2])],
                     message: "attempt to reload section 2 twice"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.deleteSections([2]), .reloadSections([2])],
                     message: "attempt to delete and reload the same section (2)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 2, to: 0), .reloadSections([2])],
                     message: "attempt to perform a reload and a move from the same section (2)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.insertSections([1, 1])],
                     message: "attempt to insert section 1 twice"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 0, to: 2), .insertSections([2])],
                     message: "attempt to perform an insert and a move to the same section (2)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 3, to: 0)],
                     message: "attempt to move section 3, but there are only 3 sections before the update"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 0, to: 1), .moveSection(from: 0, to: 2)],
                     message: "attempt to move section 0 twice"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 0, to: 2), .moveSection(from: 1, to: 2)],
                     message: "attempt to move two sections (0 and 1) to the same section (2)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.deleteSections([1]), .moveSection(from: 1, to: 0)],
                     message: "attempt to perform a delete and a move from the same section (1)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.reloadSections([1]), .moveSection(from: 1, to: 0)],
                     message: "attempt to perform a reload and a move from the same section (1)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.insertSections([0]), .moveSection(from: 1, to: 0)],
                     message: "attempt to perform an insert and a move to the same section (0)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.insertSections([5])], newCounts: [1, 1, 1, 1],
                     message: "attempt to insert section 5 but there are only 4 sections after the update"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.insertSections([4])],
                     message: "attempt to insert section 4 but there are only 4 sections after the update"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 1, to: 3)],
                     message: "attempt to move section 1 to section 3, but there are only 3 sections after the update"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.insertSections([0]), .deleteSections([2])], newCounts: [1, 1, 1, 1],
                     message: "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (4) must be equal to the number of sections contained in the collection view before the update (3), plus or minus the number of sections inserted or deleted (1 inserted, 1 deleted)."),
        InvalidBatch(oldCounts: [1, 1], operations: [.moveSection(from: 1, to: 0)], newCounts: [1],
                     message: "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (1) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."),
        // Section operations are checked before item operations, whatever the order given.
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, 9)]), .deleteSections([7])],
                     message: "attempt to delete section 7, but there are only 1 sections before the update"),
    ]

    static let items: [InvalidBatch] = [
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(1, 0)])],
                     message: "attempt to delete item 0 from section 1, but there are only 1 sections before the update"),
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, 7)])],
                     message: "attempt to delete item 7 from section 0 which only contains 5 items before the update"),
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, -1)])],
                     message: "attempt to delete item -1 from section 0 which only contains 5 items before the update"),
        InvalidBatch(oldCounts: [2, 2], operations: [.deleteSections([1]), .deleteItems([ip(1, 1)])],
                     message: "attempt to delete index path ([1, 1]) from a section that is being deleted"),
        InvalidBatch(oldCounts: [2, 2], operations: [.deleteItems([ip(1, 1)]), .reloadSections([1])],
                     message: "attempt to delete index path ([1, 1]) from a section that is being reloaded"),
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, 3), ip(0, 1), ip(0, 3)])],
                     message: "attempt to delete index path ([0, 3]) twice"),
        InvalidBatch(oldCounts: [5], operations: [.reloadItems([ip(0, 3)]), .deleteItems([ip(0, 3)])],
                     message: "attempt to delete and reload the same index path ([0, 3])"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 3), to: ip(0, 0)), .deleteItems([ip(0, 3)])],
                     message: "attempt to perform a delete and a move from the same index path ([0, 3])"),
        InvalidBatch(oldCounts: [5], operations: [.reloadItems([ip(2, 0)])],
                     message: "attempt to reload item 0 from section 2, but there are only 1 sections before the update"),
        InvalidBatch(oldCounts: [5], operations: [.reloadItems([ip(0, 5)])],
                     message: "attempt to reload item 5 from section 0 which only contains 5 items before the update"),
        InvalidBatch(oldCounts: [2, 2], operations: [.deleteSections([1]), .reloadItems([ip(1, 0)])],
                     message: "attempt to reload index path ([1, 0]) from a section that is being deleted"),
        InvalidBatch(oldCounts: [2, 2], operations: [.reloadSections([0]), .reloadItems([ip(0, 0)])],
                     message: "attempt to reload index path ([0, 0]) from a section that is being reloaded"),
        InvalidBatch(oldCounts: [5], operations: [.reloadItems([ip(0, 2)]), .reloadItems([ip(0, 2)])],
                     message: "attempt to reload index path ([0, 2]) twice"),
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, 3)]), .reloadItems([ip(0, 3)])],
                     message: "attempt to delete and reload the same index path ([0, 3])"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 3), to: ip(0, 0)), .reloadItems([ip(0, 3)])],
                     message: "attempt to perform a reload and a move from the same index path ([0, 3])"),
        InvalidBatch(oldCounts: [5], operations: [.insertItems([ip(1, 0)])],
                     message: "attempt to insert item 0 into section 1, but there are only 1 sections after the update"),
        InvalidBatch(oldCounts: [5], operations: [.insertSections([1]), .insertItems([ip(1, 0)])], newCounts: [5, 1],
                     message: "attempt to insert index path ([1, 0]) into a section that is being inserted"),
        InvalidBatch(oldCounts: [5, 2], operations: [.reloadSections([1]), .insertItems([ip(1, 0)])],
                     message: "attempt to insert index path ([1, 0]) into a section that is being reloaded"),
        InvalidBatch(oldCounts: [5], operations: [.insertItems([ip(0, 1), ip(0, 1)])],
                     message: "attempt to insert index path ([0, 1]) twice"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 0), to: ip(0, 2)), .insertItems([ip(0, 2)])],
                     message: "attempt to perform an insert and a move to the same index path ([0, 2])"),
        InvalidBatch(oldCounts: [5], operations: [.insertItems([ip(0, 9)])], newCounts: [6],
                     message: "attempt to insert item 9 into section 0, but there are only 6 items in section 0 after the update"),
        InvalidBatch(oldCounts: [5], operations: [.insertItems([ip(0, 6)])],
                     message: "attempt to insert item 6 into section 0, but there are only 6 items in section 0 after the update"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(1, 0), to: ip(0, 0))],
                     message: "attempt to move index path ([1, 0]) to index path ([0, 0]), but there are only 1 sections before the update"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 5), to: ip(0, 0))],
                     message: "attempt to move index path ([0, 5]) to index path ([0, 0]), but there are only 5 items in section 0 before the update"),
        InvalidBatch(oldCounts: [2, 2], operations: [.deleteSections([1]), .moveItem(from: ip(1, 0), to: ip(0, 0))],
                     message: "attempt to move index path ([1, 0]) to index path ([0, 0]) from a section that is being deleted"),
        InvalidBatch(oldCounts: [2, 2], operations: [.reloadSections([1]), .moveItem(from: ip(1, 0), to: ip(0, 0))],
                     message: "attempt to move index path ([1, 0]) to index path ([0, 0]) from a section that is being reloaded"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 0), to: ip(1, 0))],
                     message: "attempt to move index path ([0, 0]) to index path ([1, 0]), but there are only 1 sections after the update"),
        InvalidBatch(oldCounts: [3, 1], operations: [.insertSections([2]), .moveItem(from: ip(0, 1), to: ip(2, 0))], newCounts: [2, 1, 1],
                     message: "attempt to move index path ([0, 1]) to index path ([2, 0]) in a section that is being inserted"),
        InvalidBatch(oldCounts: [3, 1], operations: [.reloadSections([1]), .moveItem(from: ip(0, 1), to: ip(1, 0))],
                     message: "attempt to move index path ([0, 1]) to index path ([1, 0]) in a section that is being reloaded"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 1), to: ip(0, 2)), .moveItem(from: ip(0, 1), to: ip(0, 3))],
                     message: "attempt to move index path ([0, 1]) twice"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 1), to: ip(0, 3)), .moveItem(from: ip(0, 2), to: ip(0, 3))],
                     message: "attempt to move two index paths ([0, 1] and [0, 2]) to the same index path ([0, 3])"),
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, 1)]), .moveItem(from: ip(0, 1), to: ip(0, 3))],
                     message: "attempt to perform a delete and a move from the same index path ([0, 1])"),
        InvalidBatch(oldCounts: [5], operations: [.reloadItems([ip(0, 1)]), .moveItem(from: ip(0, 1), to: ip(0, 3))],
                     message: "attempt to perform a reload and a move from the same index path ([0, 1])"),
        InvalidBatch(oldCounts: [5], operations: [.insertItems([ip(0, 3)]), .moveItem(from: ip(0, 1), to: ip(0, 3))],
                     message: "attempt to perform an insert and a move to the same index path ([0, 3])"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 1), to: ip(0, 5))],
                     message: "attempt to move index path ([0, 1]) to index path ([0, 5]), but there are only 5 items in section 0 after the update"),
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, 0)])], newCounts: [5],
                     message: "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (5), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."),
        // S is the section's index after the update; moves across sections count on both sides.
        InvalidBatch(oldCounts: [3, 2], operations: [.moveSection(from: 1, to: 0), .moveItem(from: ip(0, 0), to: ip(0, 0)), .insertItems([ip(1, 2)])],
                     newCounts: [3, 4],
                     message: "Invalid update: invalid number of items in section 1. The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 1 moved out)."),
    ]

    @Test("Counts that are not counts", arguments: counts)
    func invalidCounts(batch: InvalidBatch) { expectRefused(batch) }

    @Test("Section operations", arguments: sections)
    func invalidSections(batch: InvalidBatch) { expectRefused(batch) }

    @Test("Item operations", arguments: items)
    func invalidItems(batch: InvalidBatch) { expectRefused(batch) }

    private func expectRefused(_ batch: InvalidBatch, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: BatchUpdateError(batch.message), sourceLocation: sourceLocation) {
            try UpdatePlan(oldCounts: batch.oldCounts, operations: batch.operations, newCounts: batch.newCounts)
        }
    }

    @Test("The error's description is its message")
    func description() {
        #expect(String(describing: BatchUpdateError("attempt to delete section 4")) == "attempt to delete section 4")
    }
}
