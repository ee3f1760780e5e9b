/// A validated batch update: which sections and items go where, as UIKit's `performBatchUpdates` defines it.
///
/// A plan is built from the item counts before the update, the batch's operations and the counts the data
/// source reports after it (see ``init(oldCounts:operations:newCounts:)``). It never holds a per-item table:
/// it keeps, for each section touched, the sorted indices of the items that leave and of the slots that new
/// content takes, and maps every other item by rank arithmetic — the items that stay keep their relative
/// order in the slots left free. A single insert at the top of a million-item section costs as much as one
/// into a ten-item section.
///
/// Sections work the same way: deleted sections and move sources leave; inserted sections and move
/// destinations take their indices after the update; the other sections keep their relative order. A
/// reloaded section stays in place among them (it maps like any section that stays) but all its items are
/// replaced: none of them maps to or from an index path. A reloaded item also stays in place and maps to its
/// new index path, but its view is replaced (``isReloaded(_:)``).
///
/// Index paths are in UIKit's coordinates: an old index path names an item before the update, a new one after.
public struct UpdatePlan: Sendable {
    /// The number of items in each section before the update.
    ///
    /// - Complexity: O(1).
    public let oldCounts: [Int]
    /// The number of items in each section after the update: the data source's counts, or the counts the
    /// operations imply.
    ///
    /// - Complexity: O(1).
    public let newCounts: [Int]

    /// For each old section, its new index, or −1 if it is deleted.
    let sectionOldToNew: [Int]
    /// For each new section, its old index, or −1 if it is inserted.
    let sectionNewToOld: [Int]
    /// Old indices of the reloaded sections.
    let reloadedSections: Set<Int>
    /// Per old section (only those that stay and are not reloaded): the sorted old indices of its items that
    /// leave it (deleted or moved away).
    let removedItems: [Int: [Int]]
    /// Per new section (only those that existed and are not reloaded): the sorted new indices taken by inserted
    /// or moved-in items.
    let addedItems: [Int: [Int]]
    /// Item moves, old index path to new, and back.
    let itemMovesForward: [IndexPath: IndexPath]
    let itemMovesBackward: [IndexPath: IndexPath]
    /// Old index paths of the reloaded items, and the same grouped by old section, sorted.
    let reloadedItems: Set<IndexPath>
    let reloadedItemsBySection: [Int: [Int]]

    /// UIKit's canonical order of the batch, as ``CollectionViewLayout/prepare(forCollectionViewUpdates:)``
    /// receives it: every delete in descending order of its index path before the update, then every move in
    /// the order given, then every insert in ascending order of its index path after the update.
    ///
    /// A reload is a delete at its index path before the update plus an insert at its index path after it.
    /// Section operations name their section with ``IndexPath/section(_:)``, whose item (``IndexPath/notFound``)
    /// orders it after every item of that section: a section is deleted before its items would be (were it
    /// allowed), and inserted after them.
    ///
    /// - Complexity: O(1); computed once when the plan is built, in O(k log k) for k operations.
    public internal(set) var updateItems: [CollectionViewUpdateItem] = []

    /// The number of items inserted (not counting those of inserted or reloaded sections).
    ///
    /// - Complexity: O(1).
    public let itemsInserted: Int
    /// The number of items deleted (not counting those of deleted or reloaded sections).
    ///
    /// - Complexity: O(1).
    public let itemsDeleted: Int
    /// The number of item moves.
    ///
    /// - Complexity: O(1).
    public let itemsMoved: Int
    /// The number of items reloaded (not counting those of reloaded sections).
    ///
    /// - Complexity: O(1).
    public let itemsReloaded: Int
    /// The number of sections inserted.
    ///
    /// - Complexity: O(1).
    public let sectionsInserted: Int
    /// The number of sections deleted.
    ///
    /// - Complexity: O(1).
    public let sectionsDeleted: Int
    /// The number of section moves.
    ///
    /// - Complexity: O(1).
    public let sectionsMoved: Int
    /// The number of sections reloaded.
    ///
    /// - Complexity: O(1).
    public let sectionsReloaded: Int
    /// The index paths the batch inserts more than once, in the order given, each once. UIKit accepts such a
    /// batch and inserts the item once (github.com/Instagram/IGListKit/issues/651: it "has no problem handling
    /// multiple inserts at the same index path"); so does the plan, and the collection view warns
    /// (``EngineWarning/Kind/duplicateInsertion``).
    ///
    /// - Complexity: O(1).
    public let duplicateInsertions: [IndexPath]

    /// Validates a batch update with UIKit's rules and builds its plan.
    ///
    /// A batch is valid when every index is in range (deletes, reloads and move sources before the update;
    /// inserts and move destinations after it), nothing is named twice by the same kind of operation, no index
    /// is both deleted and reloaded, both deleted (or reloaded) and moved away, or both inserted and moved to
    /// (a reload being checked as a delete plus an insert, placed as UIKit places it — see the builder),
    /// no item operation touches a deleted, inserted or reloaded section (UIKit replaces all their items), and
    /// the counts add up: the number of sections after the update is the number before, minus the deleted,
    /// plus the inserted; and for every section that stays (moved or not, but not reloaded), its number of
    /// items after the update is the number before, minus the deleted and moved out, plus the inserted and
    /// moved in. Inserted and reloaded sections take their counts from `newCounts` unchecked.
    ///
    /// Item operations in a moved section are allowed: deletes, reloads and move sources name it by its old
    /// index, inserts and move destinations by its new one.
    ///
    /// - Parameters:
    ///   - oldCounts: The number of items in each section before the update.
    ///   - operations: The batch's operations, in the order given (which only decides which error is
    ///     reported first when a batch has several faults).
    ///   - newCounts: The number of items in each section after the update, as the data source reports it;
    ///     or `nil` to take the counts the operations imply — then an inserted section is empty and a
    ///     reloaded one keeps its count, so pass the counts whenever such sections have other counts.
    /// - Throws: ``BatchUpdateError`` for every invalid batch, with UIKit's message where UIKit has one. An
    ///   invalid batch builds nothing.
    /// - Complexity: O(k log k + S) for k operations and S sections; never proportional to the number of
    ///   items.
    public init(oldCounts: [Int], operations: [BatchOperation], newCounts: [Int]?) throws(BatchUpdateError) {
        var builder = UpdatePlanBuilder(oldCounts: oldCounts, operations: operations, newCounts: newCounts)
        self = try builder.build()
    }

    init(
        oldCounts: [Int], newCounts: [Int], sectionOldToNew: [Int], sectionNewToOld: [Int],
        reloadedSections: Set<Int>, removedItems: [Int: [Int]], addedItems: [Int: [Int]],
        itemMovesForward: [IndexPath: IndexPath], itemMovesBackward: [IndexPath: IndexPath],
        reloadedItems: Set<IndexPath>, reloadedItemsBySection: [Int: [Int]],
        itemsInserted: Int, itemsDeleted: Int, sectionsInserted: Int, sectionsDeleted: Int, sectionsMoved: Int,
        duplicateInsertions: [IndexPath]
    ) {
        self.oldCounts = oldCounts
        self.newCounts = newCounts
        self.sectionOldToNew = sectionOldToNew
        self.sectionNewToOld = sectionNewToOld
        self.reloadedSections = reloadedSections
        self.removedItems = removedItems
        self.addedItems = addedItems
        self.itemMovesForward = itemMovesForward
        self.itemMovesBackward = itemMovesBackward
        self.reloadedItems = reloadedItems
        self.reloadedItemsBySection = reloadedItemsBySection
        self.itemsInserted = itemsInserted
        self.itemsDeleted = itemsDeleted
        self.itemsMoved = itemMovesForward.count
        self.itemsReloaded = reloadedItems.count
        self.sectionsInserted = sectionsInserted
        self.sectionsDeleted = sectionsDeleted
        self.sectionsMoved = sectionsMoved
        self.sectionsReloaded = reloadedSections.count
        self.duplicateInsertions = duplicateInsertions
    }

    // MARK: Sections

    /// The index after the update of a section before it.
    ///
    /// A reloaded section maps to its new position, like any section that stays.
    ///
    /// - Parameter section: A section index before the update.
    /// - Returns: Its index after the update; `nil` if it is deleted, or if there is no such section.
    /// - Complexity: O(1).
    public func newSection(forOld section: Int) -> Int? {
        guard section >= 0, section < sectionOldToNew.count else { return nil }
        let new = sectionOldToNew[section]
        return new >= 0 ? new : nil
    }

    /// The index before the update of a section after it.
    ///
    /// - Parameter section: A section index after the update.
    /// - Returns: Its index before the update; `nil` if it is inserted, or if there is no such section.
    /// - Complexity: O(1).
    public func oldSection(forNew section: Int) -> Int? {
        guard section >= 0, section < sectionNewToOld.count else { return nil }
        let old = sectionNewToOld[section]
        return old >= 0 ? old : nil
    }

    /// Whether a section before the update is reloaded.
    ///
    /// - Complexity: O(1).
    public func isSectionReloaded(old section: Int) -> Bool {
        reloadedSections.contains(section)
    }

    // MARK: Items

    /// The index path after the update of an item before it.
    ///
    /// A moved item maps to its destination; a reloaded item to its new place among the items that stay.
    ///
    /// - Parameter indexPath: An item's index path before the update.
    /// - Returns: Its index path after the update; `nil` if it is deleted, if its section is deleted or
    ///   reloaded, or if there is no such item.
    /// - Complexity: O(log k) for k operations on its section.
    public func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
        let section = indexPath.section
        guard section >= 0, section < oldCounts.count,
              indexPath.item >= 0, indexPath.item < oldCounts[section],
              let newSection = newSection(forOld: section), !reloadedSections.contains(section)
        else { return nil }
        if let destination = itemMovesForward[indexPath] { return destination }
        return survivorNewIndexPath(item: indexPath.item, oldSection: section, newSection: newSection)
    }

    /// The index path before the update of an item after it.
    ///
    /// - Parameter indexPath: An item's index path after the update.
    /// - Returns: Its index path before the update; `nil` if it is inserted, if its section is inserted or
    ///   reloaded, or if there is no such item.
    /// - Complexity: O(log k) for k operations on its section.
    public func oldIndexPath(forNew indexPath: IndexPath) -> IndexPath? {
        let section = indexPath.section
        guard section >= 0, section < newCounts.count,
              indexPath.item >= 0, indexPath.item < newCounts[section],
              let oldSection = oldSection(forNew: section), !reloadedSections.contains(oldSection)
        else { return nil }
        if let source = itemMovesBackward[indexPath] { return source }
        let added = addedItems[section] ?? []
        if SortedIndices.contains(added, indexPath.item) { return nil }
        let rank = indexPath.item - SortedIndices.countLess(added, than: indexPath.item)
        let item = SortedIndices.nthAbsent(removedItems[oldSection] ?? [], rank: rank)
        return IndexPath(item: item, section: oldSection)
    }

    /// Whether an item before the update is reloaded: it maps to a new index path, but its view is replaced.
    ///
    /// The items of a reloaded section are not reloaded items: they do not map at all.
    ///
    /// - Parameter oldIndexPath: An item's index path before the update.
    /// - Complexity: O(1).
    public func isReloaded(_ oldIndexPath: IndexPath) -> Bool {
        reloadedItems.contains(oldIndexPath)
    }

    /// The items of a section that existed before the update whose content is new after it: what a layout must
    /// ask sizes for.
    ///
    /// These are the inserted items, the items moved in (from another section or from elsewhere in the same
    /// section) and the reloaded items, at their indices after the update. The other items of the section are
    /// the ones that stayed, in their old order.
    ///
    /// - Parameter section: A section index after the update.
    /// - Returns: Their indices after the update, ascending; `nil` for an inserted or reloaded section (all its
    ///   items are new) or if there is no such section.
    /// - Complexity: O(m log k) for the m items returned and k operations on the section.
    public func newItems(inNewSection section: Int) -> [Int]? {
        guard let oldSection = oldSection(forNew: section), !reloadedSections.contains(oldSection) else { return nil }
        let added = addedItems[section] ?? []
        guard let reloaded = reloadedItemsBySection[oldSection], !reloaded.isEmpty else { return added }
        let removed = removedItems[oldSection] ?? []
        // Reloaded items stay, so their new indices ascend like their old ones; merge the two sorted lists.
        var result: [Int] = []
        result.reserveCapacity(added.count + reloaded.count)
        var next = added.startIndex
        for oldItem in reloaded {
            let rank = oldItem - SortedIndices.countLess(removed, than: oldItem)
            let newItem = SortedIndices.nthAbsent(added, rank: rank)
            while next < added.endIndex, added[next] < newItem {
                result.append(added[next])
                next += 1
            }
            result.append(newItem)
        }
        result.append(contentsOf: added[next...])
        return result
    }

    /// The new index path of an item that stays in its section (neither deleted nor moved).
    func survivorNewIndexPath(item: Int, oldSection: Int, newSection: Int) -> IndexPath? {
        let removed = removedItems[oldSection] ?? []
        if SortedIndices.contains(removed, item) { return nil }
        let rank = item - SortedIndices.countLess(removed, than: item)
        return IndexPath(item: SortedIndices.nthAbsent(addedItems[newSection] ?? [], rank: rank), section: newSection)
    }
}
