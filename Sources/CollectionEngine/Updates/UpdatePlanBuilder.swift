/// Validates a batch and gathers what an ``UpdatePlan`` keeps, in O(k log k + S) for k operations and S
/// sections.
///
/// Errors are reported in a fixed order, so that a batch with several faults always gets the same message:
/// 1. negative counts, before then after;
/// 2. the section operations, in the order given: indices before the update out of range, duplicates and
///    conflicting pairs; then the inserts that section reloads imply, in the order given;
/// 3. the section operations' indices after the update out of range, then the section count invariant;
/// 4. the item operations, in the order given: index paths before the update out of range, sections out of
///    range after it, items of deleted, inserted or reloaded sections, duplicates and conflicting pairs; then
///    the inserts that item reloads imply, in the order given;
/// 5. the item operations' items after the update out of range, in the order given;
/// 6. the item count invariant of each section that stays, in ascending order of its index after the update.
///
/// A reload is checked as UIKit checks it: as a delete at its index path before the update plus an
/// insert. So an out-of-range reload gets the delete message, a reload and a delete or a move of the same
/// index get "attempt to delete and reload the same …", and the implied insert must not land on a move's
/// destination. UIKit places that insert by the batch's deletes and inserts alone, not its moves (which is
/// why it can collide with a move although no two operations name the same index): the batch of Apple
/// developer forums thread 80812 (delete 1, move 0 → 1, move 3 → 0, reload 2 of four items) fails with
/// "attempt to perform an insert and a move to the same index path (… path = 0 - 1)", and that of
/// github.com/Instagram/IGListKit/issues/690 (move section 2 → 4, reload 3, delete 4, insert 2) with "…
/// to the same section (4)". The plan itself still maps a reloaded item to its place among the items that
/// stay.
///
/// An index path inserted twice is inserted once and recorded in ``UpdatePlan/duplicateInsertions`` (UIKit
/// accepts it: github.com/Instagram/IGListKit/issues/651); one deleted (or reloaded) twice is refused, as UIKit
/// accepts it but crashes later (rdar://31786176).
struct UpdatePlanBuilder {
    let oldCounts: [Int]
    let givenNewCounts: [Int]?
    let operations: [BatchOperation]

    private var deletedSections = Set<Int>()
    private var reloadedSections = Set<Int>()
    /// The reloaded sections in the order given, to check their implied inserts in that order.
    private var sectionReloadOrder: [Int] = []
    private var insertedSections = Set<Int>()
    /// Section moves, old index to new, and back.
    private var sectionMovesFrom: [Int: Int] = [:]
    private var sectionMovesTo: [Int: Int] = [:]
    private var newSectionCount = 0
    private var sectionOldToNew: [Int] = []
    private var sectionNewToOld: [Int] = []

    private var deletedItems = Set<IndexPath>()
    private var reloadedItems = Set<IndexPath>()
    private var insertedItems = Set<IndexPath>()
    /// The reloaded items in the order given, to check their implied inserts in that order.
    private var itemReloadOrder: [IndexPath] = []
    /// Index paths inserted more than once, in the order given (each once).
    private var duplicateInsertions: [IndexPath] = []
    private var itemMovesFrom: [IndexPath: IndexPath] = [:]
    private var itemMovesTo: [IndexPath: IndexPath] = [:]

    init(oldCounts: [Int], operations: [BatchOperation], newCounts: [Int]?) {
        self.oldCounts = oldCounts
        self.operations = operations
        self.givenNewCounts = newCounts
    }

    private var oldSectionCount: Int { oldCounts.count }

    /// Validates the batch and builds its plan.
    ///
    /// - Complexity: O(k log k + S) for k operations and S sections.
    mutating func build() throws(BatchUpdateError) -> UpdatePlan {
        try checkCounts()
        try collectSections()
        try checkReloadedSectionInserts()
        try checkSectionsAfter()
        mapSections()
        try collectItems()
        try checkReloadedItemInserts()

        var removedItems: [Int: [Int]] = [:]
        var deletesPerSection: [Int: Int] = [:]
        var movesOutPerSection: [Int: Int] = [:]
        for indexPath in deletedItems {
            removedItems[indexPath.section, default: []].append(indexPath.item)
            deletesPerSection[indexPath.section, default: 0] += 1
        }
        var addedItems: [Int: [Int]] = [:]
        var insertsPerSection: [Int: Int] = [:]
        var movesInPerSection: [Int: Int] = [:]
        for indexPath in insertedItems {
            addedItems[indexPath.section, default: []].append(indexPath.item)
            insertsPerSection[indexPath.section, default: 0] += 1
        }
        for (from, to) in itemMovesFrom {
            removedItems[from.section, default: []].append(from.item)
            movesOutPerSection[from.section, default: 0] += 1
            addedItems[to.section, default: []].append(to.item)
            movesInPerSection[to.section, default: 0] += 1
        }
        removedItems = removedItems.mapValues { $0.sorted() }
        addedItems = addedItems.mapValues { $0.sorted() }

        let newCounts = givenNewCounts ?? (0..<newSectionCount).map { section in
            let old = sectionNewToOld[section]
            if old < 0 { return 0 }
            if reloadedSections.contains(old) { return oldCounts[old] }
            return oldCounts[old] - (removedItems[old]?.count ?? 0) + (addedItems[section]?.count ?? 0)
        }
        try checkItemsAfter(newCounts: newCounts)
        if givenNewCounts != nil {
            for section in 0..<newSectionCount {
                let old = sectionNewToOld[section]
                guard old >= 0, !reloadedSections.contains(old) else { continue }
                let deleted = deletesPerSection[old] ?? 0
                let movedOut = movesOutPerSection[old] ?? 0
                let inserted = insertsPerSection[section] ?? 0
                let movedIn = movesInPerSection[section] ?? 0
                guard newCounts[section] == oldCounts[old] - deleted - movedOut + inserted + movedIn else {
                    throw .invalidItemCount(
                        section: section, after: newCounts[section], before: oldCounts[old], inserted: inserted,
                        deleted: deleted, movedIn: movedIn, movedOut: movedOut,
                        report: BatchUpdateError.batchReport(oldCounts: oldCounts, newCounts: newCounts, operations: operations)
                    )
                }
            }
        }

        var reloadedItemsBySection: [Int: [Int]] = [:]
        for indexPath in reloadedItems {
            reloadedItemsBySection[indexPath.section, default: []].append(indexPath.item)
        }
        reloadedItemsBySection = reloadedItemsBySection.mapValues { $0.sorted() }

        var plan = UpdatePlan(
            oldCounts: oldCounts, newCounts: newCounts,
            sectionOldToNew: sectionOldToNew, sectionNewToOld: sectionNewToOld,
            reloadedSections: reloadedSections, removedItems: removedItems, addedItems: addedItems,
            itemMovesForward: itemMovesFrom, itemMovesBackward: itemMovesTo,
            reloadedItems: reloadedItems, reloadedItemsBySection: reloadedItemsBySection,
            itemsInserted: insertedItems.count, itemsDeleted: deletedItems.count,
            sectionsInserted: insertedSections.count, sectionsDeleted: deletedSections.count,
            sectionsMoved: sectionMovesFrom.count, duplicateInsertions: duplicateInsertions
        )
        plan.updateItems = canonicalUpdateItems(plan)
        #if DEBUG
        plan.checkInvariants()
        #endif
        return plan
    }

    // MARK: Counts

    private func checkCounts() throws(BatchUpdateError) {
        for (section, count) in oldCounts.enumerated() where count < 0 {
            throw .negativeCount(section: section, count: count, after: false)
        }
        for (section, count) in (givenNewCounts ?? []).enumerated() where count < 0 {
            throw .negativeCount(section: section, count: count, after: true)
        }
    }

    // MARK: Sections

    private mutating func collectSections() throws(BatchUpdateError) {
        let count = oldSectionCount
        for operation in operations {
            switch operation {
            case .deleteSections(let sections):
                for section in sections {
                    guard section >= 0, section < count else { throw .deleteSectionOutOfRange(section, count: count) }
                    guard deletedSections.insert(section).inserted else { throw .deleteSectionTwice(section) }
                    if reloadedSections.contains(section) { throw .deleteAndReloadSection(section) }
                    if sectionMovesFrom[section] != nil { throw .deleteAndMoveSection(section) }
                }
            case .reloadSections(let sections):
                // Checked as the delete it is.
                for section in sections {
                    guard section >= 0, section < count else { throw .deleteSectionOutOfRange(section, count: count) }
                    guard reloadedSections.insert(section).inserted else { throw .deleteSectionTwice(section) }
                    if deletedSections.contains(section) || sectionMovesFrom[section] != nil {
                        throw .deleteAndReloadSection(section)
                    }
                    sectionReloadOrder.append(section)
                }
            case .insertSections(let sections):
                for section in sections {
                    guard insertedSections.insert(section).inserted else { throw .insertSectionTwice(section) }
                    if sectionMovesTo[section] != nil { throw .insertAndMoveSection(section) }
                }
            case .moveSection(let from, let to):
                guard from >= 0, from < count else { throw .moveSectionOutOfRange(from, count: count) }
                if sectionMovesFrom[from] != nil { throw .moveSectionTwice(from) }
                if let other = sectionMovesTo[to] { throw .moveTwoSections(other, from, to: to) }
                if deletedSections.contains(from) { throw .deleteAndMoveSection(from) }
                if reloadedSections.contains(from) { throw .deleteAndReloadSection(from) }
                if insertedSections.contains(to) { throw .insertAndMoveSection(to) }
                sectionMovesFrom[from] = to
                sectionMovesTo[to] = from
            case .insertItems, .deleteItems, .reloadItems, .moveItem:
                break
            }
        }
    }

    /// The insert a section reload implies, placed as UIKit places it (by the deletes and inserts, not the
    /// moves), must not land on a move's destination.
    private func checkReloadedSectionInserts() throws(BatchUpdateError) {
        guard !sectionMovesTo.isEmpty else { return }
        let deleted = deletedSections.sorted()
        let inserted = insertedSections.sorted()
        for section in sectionReloadOrder {
            let implied = SortedIndices.nthAbsent(inserted, rank: section - SortedIndices.countLess(deleted, than: section))
            if sectionMovesTo[implied] != nil { throw .insertAndMoveSection(implied) }
        }
    }

    private mutating func checkSectionsAfter() throws(BatchUpdateError) {
        let implied = oldSectionCount - deletedSections.count + insertedSections.count
        newSectionCount = givenNewCounts?.count ?? implied
        for operation in operations {
            switch operation {
            case .insertSections(let sections):
                for section in sections where section < 0 || section >= newSectionCount {
                    throw .insertSectionOutOfRange(section, count: newSectionCount)
                }
            case .moveSection(let from, let to):
                if to < 0 || to >= newSectionCount {
                    throw .moveSectionDestinationOutOfRange(from, to: to, count: newSectionCount)
                }
            default:
                break
            }
        }
        if newSectionCount != implied {
            throw .invalidSectionCount(
                after: newSectionCount, before: oldSectionCount, inserted: insertedSections.count,
                deleted: deletedSections.count,
                report: BatchUpdateError.batchReport(oldCounts: oldCounts, newCounts: givenNewCounts ?? [], operations: operations)
            )
        }
    }

    /// Pairs the sections that stay (neither deleted nor moved) with the free slots, in order.
    private mutating func mapSections() {
        sectionOldToNew = [Int](repeating: -1, count: oldSectionCount)
        sectionNewToOld = [Int](repeating: -1, count: newSectionCount)
        for (from, to) in sectionMovesFrom {
            sectionOldToNew[from] = to
            sectionNewToOld[to] = from
        }
        var slot = 0
        for section in 0..<oldSectionCount where !deletedSections.contains(section) && sectionMovesFrom[section] == nil {
            while insertedSections.contains(slot) || sectionMovesTo[slot] != nil { slot += 1 }
            precondition(slot < newSectionCount, "the section count invariant leaves a slot for every section that stays")
            sectionOldToNew[section] = slot
            sectionNewToOld[slot] = section
            slot += 1
        }
    }

    // MARK: Items

    private mutating func collectItems() throws(BatchUpdateError) {
        for operation in operations {
            switch operation {
            case .deleteItems(let indexPaths):
                for indexPath in indexPaths {
                    try checkDelete(indexPath)
                    guard deletedItems.insert(indexPath).inserted else { throw .deleteItemTwice(indexPath) }
                    if reloadedItems.contains(indexPath) { throw .deleteAndReload(indexPath) }
                    if itemMovesFrom[indexPath] != nil { throw .deleteAndMove(indexPath) }
                }
            case .reloadItems(let indexPaths):
                // Checked as the delete it is.
                for indexPath in indexPaths {
                    try checkDelete(indexPath)
                    guard reloadedItems.insert(indexPath).inserted else { throw .deleteItemTwice(indexPath) }
                    if deletedItems.contains(indexPath) || itemMovesFrom[indexPath] != nil {
                        throw .deleteAndReload(indexPath)
                    }
                    itemReloadOrder.append(indexPath)
                }
            case .insertItems(let indexPaths):
                for indexPath in indexPaths {
                    let section = indexPath.section
                    guard section >= 0, section < newSectionCount else {
                        throw .insertItemSectionOutOfRange(indexPath, count: newSectionCount)
                    }
                    let old = sectionNewToOld[section]
                    if old < 0 { throw .insertItemInChangedSection(indexPath, change: "inserted") }
                    if reloadedSections.contains(old) { throw .insertItemInChangedSection(indexPath, change: "reloaded") }
                    guard insertedItems.insert(indexPath).inserted else {
                        duplicateInsertions.append(indexPath)
                        continue
                    }
                    if itemMovesTo[indexPath] != nil { throw .insertAndMove(indexPath) }
                }
            case .moveItem(let from, let to):
                try checkMove(from: from, to: to)
                if itemMovesFrom[from] != nil { throw .moveItemTwice(from) }
                if let other = itemMovesTo[to] { throw .moveTwoItems(other, from, to: to) }
                if deletedItems.contains(from) { throw .deleteAndMove(from) }
                if reloadedItems.contains(from) { throw .deleteAndReload(from) }
                if insertedItems.contains(to) { throw .insertAndMove(to) }
                itemMovesFrom[from] = to
                itemMovesTo[to] = from
            case .insertSections, .deleteSections, .reloadSections, .moveSection:
                break
            }
        }
        if !duplicateInsertions.isEmpty {
            var seen = Set<IndexPath>()
            duplicateInsertions = duplicateInsertions.filter { seen.insert($0).inserted }
        }
    }

    /// The insert an item reload implies, placed as UIKit places it (by the deletes and inserts of its
    /// section, not the moves), must not land on a move's destination.
    private func checkReloadedItemInserts() throws(BatchUpdateError) {
        guard !itemMovesTo.isEmpty, !itemReloadOrder.isEmpty else { return }
        var deletedBySection: [Int: [Int]] = [:]
        for indexPath in deletedItems { deletedBySection[indexPath.section, default: []].append(indexPath.item) }
        var insertedBySection: [Int: [Int]] = [:]
        for indexPath in insertedItems { insertedBySection[indexPath.section, default: []].append(indexPath.item) }
        deletedBySection = deletedBySection.mapValues { $0.sorted() }
        insertedBySection = insertedBySection.mapValues { $0.sorted() }
        for indexPath in itemReloadOrder {
            let section = sectionOldToNew[indexPath.section]
            let rank = indexPath.item - SortedIndices.countLess(deletedBySection[indexPath.section] ?? [], than: indexPath.item)
            let implied = IndexPath(item: SortedIndices.nthAbsent(insertedBySection[section] ?? [], rank: rank), section: section)
            if itemMovesTo[implied] != nil { throw .insertAndMove(implied) }
        }
    }

    /// Checks the index path of a delete (or of a reload, checked as a delete): an item before the update, in a
    /// section that stays.
    private func checkDelete(_ indexPath: IndexPath) throws(BatchUpdateError) {
        let section = indexPath.section
        guard section >= 0, section < oldSectionCount else {
            throw .deleteItemSectionOutOfRange(indexPath, count: oldSectionCount)
        }
        guard indexPath.item >= 0, indexPath.item < oldCounts[section] else {
            throw .deleteItemOutOfRange(indexPath, count: oldCounts[section])
        }
        if deletedSections.contains(section) { throw .deleteItemInChangedSection(indexPath, change: "deleted") }
        if reloadedSections.contains(section) { throw .deleteItemInChangedSection(indexPath, change: "reloaded") }
    }

    /// Checks a move's source (an item before the update, in a section that stays) and its destination's
    /// section (one that exists after the update and existed before).
    private func checkMove(from: IndexPath, to: IndexPath) throws(BatchUpdateError) {
        guard from.section >= 0, from.section < oldSectionCount else {
            throw .moveSourceSectionOutOfRange(from, to: to, count: oldSectionCount)
        }
        guard from.item >= 0, from.item < oldCounts[from.section] else {
            throw .moveSourceOutOfRange(from, count: oldCounts[from.section])
        }
        if deletedSections.contains(from.section) {
            throw .moveInChangedSection(from, to: to, preposition: "from", change: "deleted")
        }
        if reloadedSections.contains(from.section) {
            throw .moveInChangedSection(from, to: to, preposition: "from", change: "reloaded")
        }
        guard to.section >= 0, to.section < newSectionCount else {
            throw .moveDestinationSectionOutOfRange(from, to: to, count: newSectionCount)
        }
        let old = sectionNewToOld[to.section]
        if old < 0 { throw .moveInChangedSection(from, to: to, preposition: "in", change: "inserted") }
        if reloadedSections.contains(old) { throw .moveInChangedSection(from, to: to, preposition: "in", change: "reloaded") }
    }

    private func checkItemsAfter(newCounts: [Int]) throws(BatchUpdateError) {
        for operation in operations {
            switch operation {
            case .insertItems(let indexPaths):
                for indexPath in indexPaths {
                    let count = newCounts[indexPath.section]
                    if indexPath.item < 0 || indexPath.item >= count {
                        throw .insertItemOutOfRange(indexPath, count: count)
                    }
                }
            case .moveItem(let from, let to):
                let count = newCounts[to.section]
                if to.item < 0 || to.item >= count {
                    throw .moveDestinationOutOfRange(from, to: to, count: count)
                }
            default:
                break
            }
        }
    }

    // MARK: Canonical order

    private func canonicalUpdateItems(_ plan: UpdatePlan) -> [CollectionViewUpdateItem] {
        var deletes: [IndexPath] = []
        deletes.reserveCapacity(deletedItems.count + reloadedItems.count + deletedSections.count + reloadedSections.count)
        deletes.append(contentsOf: deletedItems)
        deletes.append(contentsOf: reloadedItems)
        deletes.append(contentsOf: deletedSections.map(IndexPath.section))
        deletes.append(contentsOf: reloadedSections.map(IndexPath.section))
        deletes.sort(by: >)

        var inserts: [IndexPath] = []
        inserts.reserveCapacity(insertedItems.count + reloadedItems.count + insertedSections.count + reloadedSections.count)
        inserts.append(contentsOf: insertedItems)
        for indexPath in reloadedItems {
            guard let new = plan.newIndexPath(forOld: indexPath) else {
                preconditionFailure("a reloaded item \(indexPath) stays, so it has an index path after the update")
            }
            inserts.append(new)
        }
        inserts.append(contentsOf: insertedSections.map(IndexPath.section))
        for section in reloadedSections {
            inserts.append(.section(sectionOldToNew[section]))
        }
        inserts.sort()

        var items: [CollectionViewUpdateItem] = []
        items.reserveCapacity(deletes.count + sectionMovesFrom.count + itemMovesFrom.count + inserts.count)
        items.append(contentsOf: deletes.lazy.map { CollectionViewUpdateItem(action: .delete, before: $0, after: nil) })
        for operation in operations {
            switch operation {
            case .moveSection(let from, let to):
                items.append(CollectionViewUpdateItem(action: .move, before: .section(from), after: .section(to)))
            case .moveItem(let from, let to):
                items.append(CollectionViewUpdateItem(action: .move, before: from, after: to))
            default:
                break
            }
        }
        items.append(contentsOf: inserts.lazy.map { CollectionViewUpdateItem(action: .insert, before: nil, after: $0) })
        return items
    }
}
