/// Validates a batch and gathers what an ``UpdatePlan`` keeps, in O(k log k + S) for k operations and S
/// sections.
///
/// Errors are reported in a fixed order, so that a batch with several faults always gets the same message:
/// 1. negative counts, before then after;
/// 2. the section operations, in the order given: indices before the update out of range, duplicates and
///    conflicting pairs;
/// 3. the section operations' indices after the update out of range, then the section count invariant;
/// 4. the item operations, in the order given: index paths before the update out of range, sections out of
///    range after it, items of deleted, inserted or reloaded sections, duplicates and conflicting pairs;
/// 5. the item operations' items after the update out of range, in the order given;
/// 6. the item count invariant of each section that stays, in ascending order of its index after the update.
struct UpdatePlanBuilder {
    let oldCounts: [Int]
    let givenNewCounts: [Int]?
    let operations: [BatchOperation]

    private var deletedSections = Set<Int>()
    private var reloadedSections = Set<Int>()
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
        try checkSectionsAfter()
        mapSections()
        try collectItems()

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
                    throw BatchUpdateError(
                        "Invalid update: invalid number of items in section \(section). The number of items contained in an existing section after the update (\(newCounts[section])) must be equal to the number of items contained in that section before the update (\(oldCounts[old])), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
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
            sectionsMoved: sectionMovesFrom.count
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
            throw BatchUpdateError("invalid number of items in section \(section) before the update (\(count))")
        }
        for (section, count) in (givenNewCounts ?? []).enumerated() where count < 0 {
            throw BatchUpdateError("invalid number of items in section \(section) after the update (\(count))")
        }
    }

    // MARK: Sections

    private mutating func collectSections() throws(BatchUpdateError) {
        let count = oldSectionCount
        for operation in operations {
            switch operation {
            case .deleteSections(let sections):
                for section in sections {
                    guard section >= 0, section < count else {
                        throw BatchUpdateError("attempt to delete section \(section), but there are only \(count) sections before the update")
                    }
                    guard deletedSections.insert(section).inserted else {
                        throw BatchUpdateError("attempt to delete section \(section) twice")
                    }
                    if reloadedSections.contains(section) {
                        throw BatchUpdateError("attempt to delete and reload the same section (\(section))")
                    }
                    if sectionMovesFrom[section] != nil {
                        throw BatchUpdateError("attempt to perform a delete and a move from the same section (\(section))")
                    }
                }
            case .reloadSections(let sections):
                for section in sections {
                    guard section >= 0, section < count else {
                        throw BatchUpdateError("attempt to reload section \(section), but there are only \(count) sections before the update")
                    }
                    guard reloadedSections.insert(section).inserted else {
                        throw BatchUpdateError("attempt to reload section \(section) twice")
                    }
                    if deletedSections.contains(section) {
                        throw BatchUpdateError("attempt to delete and reload the same section (\(section))")
                    }
                    if sectionMovesFrom[section] != nil {
                        throw BatchUpdateError("attempt to perform a reload and a move from the same section (\(section))")
                    }
                }
            case .insertSections(let sections):
                for section in sections {
                    guard insertedSections.insert(section).inserted else {
                        throw BatchUpdateError("attempt to insert section \(section) twice")
                    }
                    if sectionMovesTo[section] != nil {
                        throw BatchUpdateError("attempt to perform an insert and a move to the same section (\(section))")
                    }
                }
            case .moveSection(let from, let to):
                guard from >= 0, from < count else {
                    throw BatchUpdateError("attempt to move section \(from), but there are only \(count) sections before the update")
                }
                if sectionMovesFrom[from] != nil {
                    throw BatchUpdateError("attempt to move section \(from) twice")
                }
                if let other = sectionMovesTo[to] {
                    throw BatchUpdateError("attempt to move two sections (\(other) and \(from)) to the same section (\(to))")
                }
                if deletedSections.contains(from) {
                    throw BatchUpdateError("attempt to perform a delete and a move from the same section (\(from))")
                }
                if reloadedSections.contains(from) {
                    throw BatchUpdateError("attempt to perform a reload and a move from the same section (\(from))")
                }
                if insertedSections.contains(to) {
                    throw BatchUpdateError("attempt to perform an insert and a move to the same section (\(to))")
                }
                sectionMovesFrom[from] = to
                sectionMovesTo[to] = from
            case .insertItems, .deleteItems, .reloadItems, .moveItem:
                break
            }
        }
    }

    private mutating func checkSectionsAfter() throws(BatchUpdateError) {
        let implied = oldSectionCount - deletedSections.count + insertedSections.count
        newSectionCount = givenNewCounts?.count ?? implied
        for operation in operations {
            switch operation {
            case .insertSections(let sections):
                for section in sections where section < 0 || section >= newSectionCount {
                    throw BatchUpdateError("attempt to insert section \(section) but there are only \(newSectionCount) sections after the update")
                }
            case .moveSection(let from, let to):
                if to < 0 || to >= newSectionCount {
                    throw BatchUpdateError("attempt to move section \(from) to section \(to), but there are only \(newSectionCount) sections after the update")
                }
            default:
                break
            }
        }
        if newSectionCount != implied {
            throw BatchUpdateError(
                "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (\(newSectionCount)) must be equal to the number of sections contained in the collection view before the update (\(oldSectionCount)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, \(deletedSections.count) deleted)."
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
                    try checkBefore(indexPath, verb: "delete")
                    guard deletedItems.insert(indexPath).inserted else {
                        throw BatchUpdateError("attempt to delete index path (\(indexPath)) twice")
                    }
                    if reloadedItems.contains(indexPath) {
                        throw BatchUpdateError("attempt to delete and reload the same index path (\(indexPath))")
                    }
                    if itemMovesFrom[indexPath] != nil {
                        throw BatchUpdateError("attempt to perform a delete and a move from the same index path (\(indexPath))")
                    }
                }
            case .reloadItems(let indexPaths):
                for indexPath in indexPaths {
                    try checkBefore(indexPath, verb: "reload")
                    guard reloadedItems.insert(indexPath).inserted else {
                        throw BatchUpdateError("attempt to reload index path (\(indexPath)) twice")
                    }
                    if deletedItems.contains(indexPath) {
                        throw BatchUpdateError("attempt to delete and reload the same index path (\(indexPath))")
                    }
                    if itemMovesFrom[indexPath] != nil {
                        throw BatchUpdateError("attempt to perform a reload and a move from the same index path (\(indexPath))")
                    }
                }
            case .insertItems(let indexPaths):
                for indexPath in indexPaths {
                    let section = indexPath.section
                    guard section >= 0, section < newSectionCount else {
                        throw BatchUpdateError("attempt to insert item \(indexPath.item) into section \(section), but there are only \(newSectionCount) sections after the update")
                    }
                    let old = sectionNewToOld[section]
                    if old < 0 {
                        throw BatchUpdateError("attempt to insert index path (\(indexPath)) into a section that is being inserted")
                    }
                    if reloadedSections.contains(old) {
                        throw BatchUpdateError("attempt to insert index path (\(indexPath)) into a section that is being reloaded")
                    }
                    guard insertedItems.insert(indexPath).inserted else {
                        throw BatchUpdateError("attempt to insert index path (\(indexPath)) twice")
                    }
                    if itemMovesTo[indexPath] != nil {
                        throw BatchUpdateError("attempt to perform an insert and a move to the same index path (\(indexPath))")
                    }
                }
            case .moveItem(let from, let to):
                try checkMove(from: from, to: to)
                if itemMovesFrom[from] != nil {
                    throw BatchUpdateError("attempt to move index path (\(from)) twice")
                }
                if let other = itemMovesTo[to] {
                    throw BatchUpdateError("attempt to move two index paths (\(other) and \(from)) to the same index path (\(to))")
                }
                if deletedItems.contains(from) {
                    throw BatchUpdateError("attempt to perform a delete and a move from the same index path (\(from))")
                }
                if reloadedItems.contains(from) {
                    throw BatchUpdateError("attempt to perform a reload and a move from the same index path (\(from))")
                }
                if insertedItems.contains(to) {
                    throw BatchUpdateError("attempt to perform an insert and a move to the same index path (\(to))")
                }
                itemMovesFrom[from] = to
                itemMovesTo[to] = from
            case .insertSections, .deleteSections, .reloadSections, .moveSection:
                break
            }
        }
    }

    /// Checks the index path of a delete or a reload: an item before the update, in a section that stays.
    private func checkBefore(_ indexPath: IndexPath, verb: String) throws(BatchUpdateError) {
        let section = indexPath.section
        let item = indexPath.item
        guard section >= 0, section < oldSectionCount else {
            throw BatchUpdateError("attempt to \(verb) item \(item) from section \(section), but there are only \(oldSectionCount) sections before the update")
        }
        guard item >= 0, item < oldCounts[section] else {
            throw BatchUpdateError("attempt to \(verb) item \(item) from section \(section) which only contains \(oldCounts[section]) items before the update")
        }
        if deletedSections.contains(section) {
            throw BatchUpdateError("attempt to \(verb) index path (\(indexPath)) from a section that is being deleted")
        }
        if reloadedSections.contains(section) {
            throw BatchUpdateError("attempt to \(verb) index path (\(indexPath)) from a section that is being reloaded")
        }
    }

    /// Checks a move's source (an item before the update, in a section that stays) and its destination's
    /// section (one that exists after the update and existed before).
    private func checkMove(from: IndexPath, to: IndexPath) throws(BatchUpdateError) {
        let move = "attempt to move index path (\(from)) to index path (\(to))"
        guard from.section >= 0, from.section < oldSectionCount else {
            throw BatchUpdateError("\(move), but there are only \(oldSectionCount) sections before the update")
        }
        guard from.item >= 0, from.item < oldCounts[from.section] else {
            throw BatchUpdateError("\(move), but there are only \(oldCounts[from.section]) items in section \(from.section) before the update")
        }
        if deletedSections.contains(from.section) {
            throw BatchUpdateError("\(move) from a section that is being deleted")
        }
        if reloadedSections.contains(from.section) {
            throw BatchUpdateError("\(move) from a section that is being reloaded")
        }
        guard to.section >= 0, to.section < newSectionCount else {
            throw BatchUpdateError("\(move), but there are only \(newSectionCount) sections after the update")
        }
        let old = sectionNewToOld[to.section]
        if old < 0 {
            throw BatchUpdateError("\(move) in a section that is being inserted")
        }
        if reloadedSections.contains(old) {
            throw BatchUpdateError("\(move) in a section that is being reloaded")
        }
    }

    private func checkItemsAfter(newCounts: [Int]) throws(BatchUpdateError) {
        for operation in operations {
            switch operation {
            case .insertItems(let indexPaths):
                for indexPath in indexPaths {
                    let count = newCounts[indexPath.section]
                    if indexPath.item < 0 || indexPath.item >= count {
                        throw BatchUpdateError("attempt to insert item \(indexPath.item) into section \(indexPath.section), but there are only \(count) items in section \(indexPath.section) after the update")
                    }
                }
            case .moveItem(let from, let to):
                let count = newCounts[to.section]
                if to.item < 0 || to.item >= count {
                    throw BatchUpdateError("attempt to move index path (\(from)) to index path (\(to)), but there are only \(count) items in section \(to.section) after the update")
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
