import Testing
import CollectionEngine
import TestSupport

private func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

/// One invalid batch and the message it must be refused with: UIKit's `NSInternalInconsistencyException`
/// reason word for word, and where the wording comes from (`source`: the crash report, issue or forum thread
/// that quotes it, or "Reel" where no report was found and Reel keeps its own wording).
/// Every message in `BatchUpdateError+UIKitMessages.swift` has at least one row.
struct InvalidBatch: CustomTestStringConvertible, Sendable {
    var oldCounts: [Int]
    var operations: [BatchOperation]
    var newCounts: [Int]? = nil
    var source: String
    var message: String

    var testDescription: String { message }
}

@Suite("Invalid batches are refused with UIKit's message", .tags(.fast))
struct UpdatePlanValidationTests {
    static let counts: [InvalidBatch] = [
        // Reel's own (UIKit never sees a negative count).
        InvalidBatch(oldCounts: [3, -1], operations: [], source: "Reel",
                     message: "invalid number of items in section 1 before the update (-1)"),
        InvalidBatch(oldCounts: [3], operations: [], newCounts: [-2], source: "Reel",
                     message: "invalid number of items in section 0 after the update (-2)"),
    ]

    static let sections: [InvalidBatch] = [
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.deleteSections([4])], source: "Reel",
                     message: "attempt to delete section 4, but there are only 3 sections before the update"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.deleteSections([-1])], source: "Reel",
                     message: "attempt to delete section -1, but there are only 3 sections before the update"),
        // A reload is checked as a delete.
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.reloadSections([3])], source: "Reel",
                     message: "attempt to delete section 3, but there are only 3 sections before the update"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.deleteSections([1]), .deleteSections([1])], source: "Reel",
                     message: "attempt to delete section 1 twice"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.reloadSections([2, 2])], source: "Reel",
                     message: "attempt to delete section 2 twice"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.insertSections([1, 1])], source: "Reel",
                     message: "attempt to insert section 1 twice"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.reloadSections([1]), .deleteSections([1])], source: "UIKit's index path message, for sections",
                     message: "attempt to delete and reload the same section (1)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.deleteSections([2]), .reloadSections([2])], source: "UIKit's index path message, for sections",
                     message: "attempt to delete and reload the same section (2)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 2, to: 0), .reloadSections([2])], source: "Reel's rule: a reload and a move of the same section",
                     message: "attempt to delete and reload the same section (2)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.reloadSections([1]), .moveSection(from: 1, to: 0)], source: "Reel's rule: a reload and a move of the same section",
                     message: "attempt to delete and reload the same section (1)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 1, to: 0), .deleteSections([1])], source: "UIKit's index path message, for sections",
                     message: "attempt to perform a delete and a move from the same section (1)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.deleteSections([1]), .moveSection(from: 1, to: 0)], source: "UIKit's index path message, for sections",
                     message: "attempt to perform a delete and a move from the same section (1)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 0, to: 2), .insertSections([2])], source: "github.com/Instagram/IGListKit/issues/690",
                     message: "attempt to perform an insert and a move to the same section (2)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.insertSections([0]), .moveSection(from: 1, to: 0)], source: "github.com/Instagram/IGListKit/issues/690",
                     message: "attempt to perform an insert and a move to the same section (0)"),
        // IGListKit #690's batch, word for word: the insert implied by reloading section 3 is placed by the
        // delete and the insert only (3 - 0 + 1 = 4), where section 2 moves to.
        InvalidBatch(oldCounts: [1, 1, 1, 1, 1, 1], operations: [.moveSection(from: 2, to: 4), .reloadSections([3]), .deleteSections([4]), .insertSections([2])], source: "github.com/Instagram/IGListKit/issues/690",
                     message: "attempt to perform an insert and a move to the same section (4)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 3, to: 0)], source: "Reel",
                     message: "attempt to move section 3, but there are only 3 sections before the update"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 0, to: 1), .moveSection(from: 0, to: 2)], source: "Reel",
                     message: "attempt to move section 0 twice"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 0, to: 2), .moveSection(from: 1, to: 2)], source: "Reel",
                     message: "attempt to move two sections (0 and 1) to the same section (2)"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.insertSections([5])], newCounts: [1, 1, 1, 1], source: "Reel (kept; no report found)",
                     message: "attempt to insert section 5 but there are only 4 sections after the update"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.insertSections([4])], source: "Reel (kept; no report found)",
                     message: "attempt to insert section 4 but there are only 4 sections after the update"),
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.moveSection(from: 1, to: 3)], source: "Reel",
                     message: "attempt to move section 1 to section 3, but there are only 3 sections after the update"),
        // UIKit's classic sentence (two spaces after its first), then the iOS 16.4 report, one space apart.
        InvalidBatch(oldCounts: [1, 1, 1], operations: [.insertSections([0]), .deleteSections([2])], newCounts: [1, 1, 1, 1], source: "github.com/yapstudios/YapDatabase/issues/380; developer.apple.com/forums/thread/728797",
                     message: "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (4) must be equal to the number of sections contained in the collection view before the update (3), plus or minus the number of sections inserted or deleted (1 inserted, 1 deleted). Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 3 sections with item counts: [1, 1, 1] } Data source after updates = { 4 sections with item counts: [1, 1, 1, 1] } Updates = [ Delete section (2), Insert section (0) ]"),
        InvalidBatch(oldCounts: [1, 1], operations: [.moveSection(from: 1, to: 0)], newCounts: [1], source: "github.com/yapstudios/YapDatabase/issues/380; developer.apple.com/forums/thread/728797",
                     message: "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (1) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted). Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 2 sections with item counts: [1, 1] } Data source after updates = { 1 section with item counts: [1] } Updates = [ Move section (1) -> (0) ]"),
        // Section operations are checked before item operations, whatever the order given.
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, 9)]), .deleteSections([7])], source: "Reel",
                     message: "attempt to delete section 7, but there are only 1 sections before the update"),
    ]

    static let items: [InvalidBatch] = [
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(1, 0)])], source: "Reel (kept; no report found)",
                     message: "attempt to delete item 0 from section 1, but there are only 1 sections before the update"),
        // A reload is checked as a delete.
        InvalidBatch(oldCounts: [5], operations: [.reloadItems([ip(2, 0)])], source: "Reel (kept; no report found)",
                     message: "attempt to delete item 0 from section 2, but there are only 1 sections before the update"),
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, 7)])], source: "github.com/jayhickey/Longboxed-iOS/issues/20",
                     message: "attempt to delete item 7 from section 0 which only contains 5 items before the update"),
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, -1)])], source: "github.com/jayhickey/Longboxed-iOS/issues/20",
                     message: "attempt to delete item -1 from section 0 which only contains 5 items before the update"),
        // An out-of-range reload gets the delete message.
        InvalidBatch(oldCounts: [0], operations: [.reloadItems([ip(0, 6)])], source: "github.com/jayhickey/Longboxed-iOS/issues/20",
                     message: "attempt to delete item 6 from section 0 which only contains 0 items before the update"),
        InvalidBatch(oldCounts: [2, 2], operations: [.deleteSections([1]), .deleteItems([ip(1, 1)])], source: "Reel",
                     message: "attempt to delete index path (<NSIndexPath> {length = 2, path = 1 - 1}) from a section that is being deleted"),
        InvalidBatch(oldCounts: [2, 2], operations: [.deleteItems([ip(1, 1)]), .reloadSections([1])], source: "Reel",
                     message: "attempt to delete index path (<NSIndexPath> {length = 2, path = 1 - 1}) from a section that is being reloaded"),
        InvalidBatch(oldCounts: [2, 2], operations: [.deleteSections([1]), .reloadItems([ip(1, 0)])], source: "Reel",
                     message: "attempt to delete index path (<NSIndexPath> {length = 2, path = 1 - 0}) from a section that is being deleted"),
        InvalidBatch(oldCounts: [2, 2], operations: [.reloadSections([0]), .reloadItems([ip(0, 0)])], source: "Reel",
                     message: "attempt to delete index path (<NSIndexPath> {length = 2, path = 0 - 0}) from a section that is being reloaded"),
        // UIKit accepts it and crashes later, so Reel refuses it and says why.
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, 3), ip(0, 1), ip(0, 3)])], source: "rdar://31786176; github.com/Instagram/IGListKit/issues/689",
                     message: "attempt to delete index path (<NSIndexPath> {length = 2, path = 0 - 3}) twice: UIKit accepts this batch and then crashes in a later update (EXC_BAD_ACCESS in -[UICollectionViewData layoutAttributesForItemAtIndexPath:], rdar://31786176)"),
        InvalidBatch(oldCounts: [5], operations: [.reloadItems([ip(0, 2)]), .reloadItems([ip(0, 2)])], source: "rdar://31786176",
                     message: "attempt to delete index path (<NSIndexPath> {length = 2, path = 0 - 2}) twice: UIKit accepts this batch and then crashes in a later update (EXC_BAD_ACCESS in -[UICollectionViewData layoutAttributesForItemAtIndexPath:], rdar://31786176)"),
        InvalidBatch(oldCounts: [5], operations: [.reloadItems([ip(0, 3)]), .deleteItems([ip(0, 3)])], source: "github.com/ivpusic/react-native-image-crop-picker/issues/1251",
                     message: "attempt to delete and reload the same index path (<NSIndexPath> {length = 2, path = 0 - 3})"),
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, 3)]), .reloadItems([ip(0, 3)])], source: "github.com/ivpusic/react-native-image-crop-picker/issues/1251",
                     message: "attempt to delete and reload the same index path (<NSIndexPath> {length = 2, path = 0 - 3})"),
        // A reload and a move of one item.
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 3), to: ip(0, 0)), .reloadItems([ip(0, 3)])], source: "Reel's rule: a reload and a move of one item",
                     message: "attempt to delete and reload the same index path (<NSIndexPath> {length = 2, path = 0 - 3})"),
        InvalidBatch(oldCounts: [5], operations: [.reloadItems([ip(0, 1)]), .moveItem(from: ip(0, 1), to: ip(0, 3))], source: "Reel's rule: a reload and a move of one item",
                     message: "attempt to delete and reload the same index path (<NSIndexPath> {length = 2, path = 0 - 1})"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 3), to: ip(0, 0)), .deleteItems([ip(0, 3)])], source: "github.com/TextureGroup/Texture/pull/507",
                     message: "attempt to perform a delete and a move from the same index path (<NSIndexPath> {length = 2, path = 0 - 3})"),
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, 1)]), .moveItem(from: ip(0, 1), to: ip(0, 3))], source: "github.com/TextureGroup/Texture/pull/507",
                     message: "attempt to perform a delete and a move from the same index path (<NSIndexPath> {length = 2, path = 0 - 1})"),
        InvalidBatch(oldCounts: [5], operations: [.insertItems([ip(1, 0)])], source: "Reel (kept; no report found)",
                     message: "attempt to insert item 0 into section 1, but there are only 1 sections after the update"),
        InvalidBatch(oldCounts: [5], operations: [.insertSections([1]), .insertItems([ip(1, 0)])], newCounts: [5, 1], source: "Reel",
                     message: "attempt to insert index path (<NSIndexPath> {length = 2, path = 1 - 0}) into a section that is being inserted"),
        InvalidBatch(oldCounts: [5, 2], operations: [.reloadSections([1]), .insertItems([ip(1, 0)])], source: "Reel",
                     message: "attempt to insert index path (<NSIndexPath> {length = 2, path = 1 - 0}) into a section that is being reloaded"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 0), to: ip(0, 2)), .insertItems([ip(0, 2)])], source: "github.com/yapstudios/YapDatabase/issues/489",
                     message: "attempt to perform an insert and a move to the same index path (<NSIndexPath> {length = 2, path = 0 - 2})"),
        InvalidBatch(oldCounts: [5], operations: [.insertItems([ip(0, 3)]), .moveItem(from: ip(0, 1), to: ip(0, 3))], source: "github.com/yapstudios/YapDatabase/issues/489",
                     message: "attempt to perform an insert and a move to the same index path (<NSIndexPath> {length = 2, path = 0 - 3})"),
        // Apple developer forums thread 80812's batch, word for word: the insert implied by reloading item 2 is placed
        // by the delete only (2 - 1 = 1), where item 0 moves to.
        InvalidBatch(oldCounts: [4], operations: [.deleteItems([ip(0, 1)]), .moveItem(from: ip(0, 0), to: ip(0, 1)), .moveItem(from: ip(0, 3), to: ip(0, 0)), .reloadItems([ip(0, 2)])], newCounts: [3], source: "Apple developer forums thread 80812",
                     message: "attempt to perform an insert and a move to the same index path (<NSIndexPath> {length = 2, path = 0 - 1})"),
        InvalidBatch(oldCounts: [5], operations: [.insertItems([ip(0, 9)])], newCounts: [6], source: "speakerdeck.com/onmyway133/collection-update",
                     message: "attempt to insert item 9 into section 0, but there are only 6 items in section 0 after the update"),
        InvalidBatch(oldCounts: [5], operations: [.insertItems([ip(0, 6)])], source: "speakerdeck.com/onmyway133/collection-update",
                     message: "attempt to insert item 6 into section 0, but there are only 6 items in section 0 after the update"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(1, 0), to: ip(0, 0))], source: "Reel",
                     message: "attempt to move index path (<NSIndexPath> {length = 2, path = 1 - 0}) to index path (<NSIndexPath> {length = 2, path = 0 - 0}), but there are only 1 sections before the update"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 5), to: ip(0, 0))], source: "github.com/RxSwiftCommunity/RxDataSources/issues/35",
                     message: "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 5}) that does not exist - there are only 5 items in section 0 before the update"),
        InvalidBatch(oldCounts: [2, 2], operations: [.deleteSections([1]), .moveItem(from: ip(1, 0), to: ip(0, 0))], source: "Reel",
                     message: "attempt to move index path (<NSIndexPath> {length = 2, path = 1 - 0}) to index path (<NSIndexPath> {length = 2, path = 0 - 0}) from a section that is being deleted"),
        InvalidBatch(oldCounts: [2, 2], operations: [.reloadSections([1]), .moveItem(from: ip(1, 0), to: ip(0, 0))], source: "Reel",
                     message: "attempt to move index path (<NSIndexPath> {length = 2, path = 1 - 0}) to index path (<NSIndexPath> {length = 2, path = 0 - 0}) from a section that is being reloaded"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 0), to: ip(1, 0))], source: "Reel",
                     message: "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 0}) to index path (<NSIndexPath> {length = 2, path = 1 - 0}), but there are only 1 sections after the update"),
        InvalidBatch(oldCounts: [3, 1], operations: [.insertSections([2]), .moveItem(from: ip(0, 1), to: ip(2, 0))], newCounts: [2, 1, 1], source: "Reel",
                     message: "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 1}) to index path (<NSIndexPath> {length = 2, path = 2 - 0}) in a section that is being inserted"),
        InvalidBatch(oldCounts: [3, 1], operations: [.reloadSections([1]), .moveItem(from: ip(0, 1), to: ip(1, 0))], source: "Reel",
                     message: "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 1}) to index path (<NSIndexPath> {length = 2, path = 1 - 0}) in a section that is being reloaded"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 1), to: ip(0, 2)), .moveItem(from: ip(0, 1), to: ip(0, 3))], source: "Reel",
                     message: "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 1}) twice"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 1), to: ip(0, 3)), .moveItem(from: ip(0, 2), to: ip(0, 3))], source: "Reel",
                     message: "attempt to move two index paths (<NSIndexPath> {length = 2, path = 0 - 1} and <NSIndexPath> {length = 2, path = 0 - 2}) to the same index path (<NSIndexPath> {length = 2, path = 0 - 3})"),
        InvalidBatch(oldCounts: [5], operations: [.moveItem(from: ip(0, 1), to: ip(0, 5))], source: "github.com/DeclarativeHub/Bond/issues/593",
                     message: "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 1}) to index path (<NSIndexPath> {length = 2, path = 0 - 5}) that does not exist - there are only 5 items in section 0 after the update"),
        // UIKit's classic sentence (two spaces after its first), then the iOS 16.4 report, one space apart.
        InvalidBatch(oldCounts: [5], operations: [.deleteItems([ip(0, 0)])], newCounts: [5], source: "github.com/CatchChat/Yep/issues/687; developer.apple.com/forums/thread/728797",
                     message: "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (5), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [5] } Data source after updates = { 1 section with item counts: [5] } Updates = [ Delete item (0 - 0) ]"),
        // The batch of developer.apple.com/forums/thread/728797: its report, word for word, after the classic sentence.
        InvalidBatch(oldCounts: [27386], operations: [.deleteItems([ip(0, 27384)]), .insertItems([ip(0, 27384)])], newCounts: [27385], source: "developer.apple.com/forums/thread/728797",
                     message: "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (27385) must be equal to the number of items contained in that section before the update (27386), plus or minus the number of items inserted or deleted from that section (1 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [27386] } Data source after updates = { 1 section with item counts: [27385] } Updates = [ Delete item (0 - 27384), Insert item (0 - 27384) ]"),
        // S is the section's index after the update; moves across sections count on both sides. Every kind of update
        // in the report: deletes and reloads descending, then moves as given, then inserts ascending.
        InvalidBatch(oldCounts: [3, 2], operations: [.moveSection(from: 1, to: 0), .moveItem(from: ip(0, 0), to: ip(0, 0)), .insertItems([ip(1, 2)]), .reloadItems([ip(0, 2)]), .deleteItems([ip(0, 1)])], newCounts: [3, 4], source: "github.com/CatchChat/Yep/issues/687; developer.apple.com/forums/thread/728797; the other kinds' words are Reel's",
                     message: "Invalid update: invalid number of items in section 1.  The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (1 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 1 moved out). Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 2 sections with item counts: [3, 2] } Data source after updates = { 2 sections with item counts: [3, 4] } Updates = [ Reload item (0 - 2), Delete item (0 - 1), Move section (1) -> (0), Move item (0 - 0) -> (0 - 0), Insert item (1 - 2) ]"),
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
