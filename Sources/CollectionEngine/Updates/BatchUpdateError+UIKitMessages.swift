/// Every message the engine refuses a batch with, in one place, each with the source of its wording.
///
/// Where a real crash report quotes UIKit's `NSInternalInconsistencyException` reason, the message is that
/// reason word for word (for `UITableView` reports, with "rows" read as "items", the collection view's word);
/// index paths print as ``IndexPath/uikitDescription``. Where no report was found, the message keeps Reel's
/// wording in UIKit's style, and its comment says so.
extension BatchUpdateError {
    // MARK: Counts

    /// Reel's own: UIKit never sees a negative count (`NSInteger` counts below 0 are a data-source bug UIKit
    /// does not name).
    static func negativeCount(section: Int, count: Int, after: Bool) -> BatchUpdateError {
        BatchUpdateError("invalid number of items in section \(section) \(after ? "after" : "before") the update (\(count))")
    }

    /// UIKit's section count message, two spaces after its first sentence ("Invalid update: invalid number of
    /// sections.  The number of sections contained in the collection view after the update (6) must be equal
    /// to …": github.com/yapstudios/YapDatabase/issues/380), then the iOS 16.4 report (``batchReport``).
    static func invalidSectionCount(after: Int, before: Int, inserted: Int, deleted: Int, report: String) -> BatchUpdateError {
        BatchUpdateError(
            "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (\(after)) must be equal to the number of sections contained in the collection view before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted). \(report)"
        )
    }

    /// UIKit's item count message, two spaces after its first sentence ("Invalid update: invalid number of
    /// items in section 0.  The number of items contained in an existing section after the update (3) must be
    /// equal to …": github.com/CatchChat/Yep/issues/687), then the iOS 16.4 report (``batchReport``).
    static func invalidItemCount(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int, report: String
    ) -> BatchUpdateError {
        BatchUpdateError(
            "Invalid update: invalid number of items in section \(section).  The number of items contained in an existing section after the update (\(after)) must be equal to the number of items contained in that section before the update (\(before)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out). \(report)"
        )
    }

    // MARK: Sections

    /// Reel's wording (no report found); a section reload is checked as a delete, so it gets this message too.
    static func deleteSectionOutOfRange(_ section: Int, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to delete section \(section), but there are only \(count) sections before the update")
    }

    /// Reel's wording (UIKit takes sections as an `NSIndexSet`, which cannot name one twice in one call; no
    /// report of two calls was found). A section reloaded twice is deleted twice.
    static func deleteSectionTwice(_ section: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to delete section \(section) twice")
    }

    /// Reel's wording, as for ``deleteSectionTwice(_:)``.
    static func insertSectionTwice(_ section: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to insert section \(section) twice")
    }

    /// The section form of UIKit's "attempt to delete and reload the same index path" (see
    /// ``deleteAndReload(_:)``); also for a section both reloaded and moved, as a reload is a delete.
    static func deleteAndReloadSection(_ section: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to delete and reload the same section (\(section))")
    }

    /// The section form of UIKit's "attempt to perform a delete and a move from the same index path" (see
    /// ``deleteAndMove(_:)``).
    static func deleteAndMoveSection(_ section: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to perform a delete and a move from the same section (\(section))")
    }

    /// UIKit's words: "attempt to perform an insert and a move to the same section (4)"
    /// (github.com/Instagram/IGListKit/issues/690, github.com/Instagram/IGListKit/pull/948).
    static func insertAndMoveSection(_ section: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to perform an insert and a move to the same section (\(section))")
    }

    /// Reel's wording (no report found).
    static func moveSectionOutOfRange(_ section: Int, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to move section \(section), but there are only \(count) sections before the update")
    }

    /// Reel's wording (no report found).
    static func moveSectionTwice(_ section: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to move section \(section) twice")
    }

    /// Reel's wording (no report found).
    static func moveTwoSections(_ first: Int, _ second: Int, to section: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to move two sections (\(first) and \(second)) to the same section (\(section))")
    }

    /// Reel's wording, kept (no report found).
    static func insertSectionOutOfRange(_ section: Int, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to insert section \(section) but there are only \(count) sections after the update")
    }

    /// Reel's wording (no report found).
    static func moveSectionDestinationOutOfRange(_ from: Int, to: Int, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to move section \(from) to section \(to), but there are only \(count) sections after the update")
    }

    // MARK: Items

    /// Reel's wording, kept (no report found), in the pattern of ``deleteItemOutOfRange(_:count:)``. A reload
    /// is checked as a delete, so a reload in a section that does not exist gets it too.
    static func deleteItemSectionOutOfRange(_ indexPath: IndexPath, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to delete item \(indexPath.item) from section \(indexPath.section), but there are only \(count) sections before the update")
    }

    /// UIKit's words: "attempt to delete item 6 from section 0 which only contains 0 items before the update"
    /// (the table view's "attempt to delete row 9 from section 0 which only contains 0 rows before the update",
    /// github.com/jayhickey/Longboxed-iOS/issues/20; github.com/onmyway133/DeepDiff/issues/45). A reload is
    /// checked as a delete, so an out-of-range reload gets it too.
    static func deleteItemOutOfRange(_ indexPath: IndexPath, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to delete item \(indexPath.item) from section \(indexPath.section) which only contains \(count) items before the update")
    }

    /// Reel's wording (no report found): UIKit replaces every item of a deleted or reloaded section.
    static func deleteItemInChangedSection(_ indexPath: IndexPath, change: String) -> BatchUpdateError {
        BatchUpdateError("attempt to delete index path (\(indexPath.uikitDescription)) from a section that is being \(change)")
    }

    /// Not UIKit's: UIKit accepts the same index path deleted twice in one batch and crashes later, with
    /// `EXC_BAD_ACCESS` in `-[UICollectionViewData layoutAttributesForItemAtIndexPath:]` (rdar://31786176,
    /// github.com/Instagram/IGListKit/issues/689). Reel refuses it and says why.
    static func deleteItemTwice(_ indexPath: IndexPath) -> BatchUpdateError {
        BatchUpdateError("attempt to delete index path (\(indexPath.uikitDescription)) twice: UIKit accepts this batch and then crashes in a later update (EXC_BAD_ACCESS in -[UICollectionViewData layoutAttributesForItemAtIndexPath:], rdar://31786176)")
    }

    /// UIKit's words: "attempt to delete and reload the same index path (<NSIndexPath: 0x2824ba7c0> {length
    /// = 2, path = 0 - 40177})" (github.com/ivpusic/react-native-image-crop-picker/issues/1251,
    /// github.com/xmartlabs/XLData/issues/14). Reel gives it to a reload and a move of the same item
    /// too, the reload being a delete (the table view of iOS 11 said "a delete and a move" there instead:
    /// rdar://33662307).
    static func deleteAndReload(_ indexPath: IndexPath) -> BatchUpdateError {
        BatchUpdateError("attempt to delete and reload the same index path (\(indexPath.uikitDescription))")
    }

    /// UIKit's words: "attempt to perform a delete and a move from the same index path (<NSIndexPath:
    /// 0x6180000291c0> {length = 2, path = 0 - 1})" (github.com/TextureGroup/Texture/pull/507).
    static func deleteAndMove(_ indexPath: IndexPath) -> BatchUpdateError {
        BatchUpdateError("attempt to perform a delete and a move from the same index path (\(indexPath.uikitDescription))")
    }

    /// Reel's wording, kept (no report found), in the pattern of ``insertItemOutOfRange(_:count:)``.
    static func insertItemSectionOutOfRange(_ indexPath: IndexPath, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to insert item \(indexPath.item) into section \(indexPath.section), but there are only \(count) sections after the update")
    }

    /// Reel's wording (no report found): UIKit replaces every item of an inserted or reloaded section.
    static func insertItemInChangedSection(_ indexPath: IndexPath, change: String) -> BatchUpdateError {
        BatchUpdateError("attempt to insert index path (\(indexPath.uikitDescription)) into a section that is being \(change)")
    }

    /// UIKit's words: "attempt to perform an insert and a move to the same index path (<NSIndexPath:
    /// 0xc000000000200016> {length = 2, path = 0 - 1})" (Apple developer forums thread 80812;
    /// github.com/yapstudios/YapDatabase/issues/489; github.com/RxSwiftCommunity/RxDataSources/issues/321).
    /// Also for the insert a reload implies, when it lands on a move's destination.
    static func insertAndMove(_ indexPath: IndexPath) -> BatchUpdateError {
        BatchUpdateError("attempt to perform an insert and a move to the same index path (\(indexPath.uikitDescription))")
    }

    /// UIKit's words: "attempt to insert item 6 into section 0, but there are only 6 items in section 0 after
    /// the update" (speakerdeck.com/onmyway133/collection-update).
    static func insertItemOutOfRange(_ indexPath: IndexPath, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to insert item \(indexPath.item) into section \(indexPath.section), but there are only \(count) items in section \(indexPath.section) after the update")
    }

    /// UIKit's words: "attempt to move index path (<NSIndexPath: 0xc000000000000216> {length = 2, path = 2 -
    /// 0}) that does not exist - there are only 0 rows in section 2 before the update"
    /// (github.com/RxSwiftCommunity/RxDataSources/issues/35, a table view: "rows" is "items" here).
    static func moveSourceOutOfRange(_ from: IndexPath, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to move index path (\(from.uikitDescription)) that does not exist - there are only \(count) items in section \(from.section) before the update")
    }

    /// Reel's wording (no report found of a source section that does not exist).
    static func moveSourceSectionOutOfRange(_ from: IndexPath, to: IndexPath, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to move index path (\(from.uikitDescription)) to index path (\(to.uikitDescription)), but there are only \(count) sections before the update")
    }

    /// Reel's wording (no report found): UIKit replaces every item of a deleted, inserted or reloaded section.
    static func moveInChangedSection(_ from: IndexPath, to: IndexPath, preposition: String, change: String) -> BatchUpdateError {
        BatchUpdateError("attempt to move index path (\(from.uikitDescription)) to index path (\(to.uikitDescription)) \(preposition) a section that is being \(change)")
    }

    /// Reel's wording (no report found of a destination section that does not exist).
    static func moveDestinationSectionOutOfRange(_ from: IndexPath, to: IndexPath, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to move index path (\(from.uikitDescription)) to index path (\(to.uikitDescription)), but there are only \(count) sections after the update")
    }

    /// UIKit's words: "attempt to move index path (<NSIndexPath: 0x600002626fa0> {length = 2, path = 1 - 0})
    /// to index path (<NSIndexPath: 0x600002626dc0> {length = 2, path = 0 - 2}) that does not exist - there
    /// are only 2 rows in section 0 after the update" (github.com/DeclarativeHub/Bond/issues/593, a table
    /// view: "rows" is "items" here).
    static func moveDestinationOutOfRange(_ from: IndexPath, to: IndexPath, count: Int) -> BatchUpdateError {
        BatchUpdateError("attempt to move index path (\(from.uikitDescription)) to index path (\(to.uikitDescription)) that does not exist - there are only \(count) items in section \(to.section) after the update")
    }

    /// Reel's wording (no report found).
    static func moveItemTwice(_ indexPath: IndexPath) -> BatchUpdateError {
        BatchUpdateError("attempt to move index path (\(indexPath.uikitDescription)) twice")
    }

    /// Reel's wording (no report found).
    static func moveTwoItems(_ first: IndexPath, _ second: IndexPath, to indexPath: IndexPath) -> BatchUpdateError {
        BatchUpdateError("attempt to move two index paths (\(first.uikitDescription) and \(second.uikitDescription)) to the same index path (\(indexPath.uikitDescription))")
    }
}
