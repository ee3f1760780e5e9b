public import CollectionEngine

/// A naive model of UIKit's batch updates, written straight from the rules to check
/// `UpdatePlan` against: it simulates a batch on arrays of item identities.
///
/// It shares nothing with the engine's rank arithmetic: it places inserted and moved elements in arrays of
/// slots, then fills the remaining slots with the elements that stay, in order, and finds where every
/// identity went by searching. It only says whether UIKit accepts a batch, not why.
public struct ReferenceBatchModel {
    /// An item's identity: where it was before the update, or a fresh number for new content.
    public enum Identity: Hashable, Sendable {
        case old(IndexPath)
        case new(Int)
    }

    /// The outcome of a valid batch.
    public struct Outcome {
        /// The sections after the update: their identities (old index, or nil for new sections) and items.
        public var sectionOrigins: [Int?]
        public var items: [[Identity]]
        public var reloadedSections: Set<Int>
        public var reloadedItems: Set<IndexPath>
        public var movedSections: [(from: Int, to: Int)]
        public var movedItems: [(from: IndexPath, to: IndexPath)]
        public var deletedSections: Set<Int>
        public var insertedSections: Set<Int>
        public var deletedItems: Set<IndexPath>
        public var insertedItems: Set<IndexPath>

        public var newCounts: [Int] { items.map(\.count) }

        /// Where an old item is after the update, by searching every new section for its identity.
        public func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
            for (section, items) in self.items.enumerated() {
                if let item = items.firstIndex(of: .old(indexPath)) { return IndexPath(item: item, section: section) }
            }
            return nil
        }

        /// Where a new item was before the update.
        public func oldIndexPath(forNew indexPath: IndexPath) -> IndexPath? {
            if case .old(let old) = items[indexPath.section][indexPath.item] { return old }
            return nil
        }

        /// For a section that existed (and is not reloaded), the indices of items that are new content there.
        public func newItems(inNewSection section: Int) -> [Int]? {
            guard let old = sectionOrigins[section], !reloadedSections.contains(old) else { return nil }
            return items[section].indices.filter { item in
                guard case .old(let origin) = items[section][item] else { return true }
                return reloadedItems.contains(origin) || movedItems.contains { $0.from == origin }
            }
        }

        /// UIKit's canonical order: deletes descending, moves as given, inserts ascending; reload = delete + insert.
        public var updateItems: [CollectionViewUpdateItem] {
            var deletes = Array(deletedItems) + Array(reloadedItems)
            deletes += deletedSections.map { IndexPath.section($0) } + reloadedSections.map { IndexPath.section($0) }
            var inserts = Array(insertedItems) + reloadedItems.compactMap { newIndexPath(forOld: $0) }
            inserts += insertedSections.map { IndexPath.section($0) }
            inserts += reloadedSections.compactMap { old in sectionOrigins.firstIndex(of: old).map { IndexPath.section($0) } }
            return deletes.sorted(by: >).map { CollectionViewUpdateItem(action: .delete, before: $0, after: nil) }
                + movedItemsInOrder
                + inserts.sorted().map { CollectionViewUpdateItem(action: .insert, before: nil, after: $0) }
        }

        var movedItemsInOrder: [CollectionViewUpdateItem] = []
    }

    /// Simulates a batch; `nil` when UIKit refuses it.
    ///
    /// - Parameters:
    ///   - oldCounts: items per section before the update.
    ///   - operations: the batch.
    ///   - newCounts: the data source's counts after the update, or nil for the counts the batch implies
    ///     (inserted sections empty, reloaded sections unchanged).
    public static func apply(oldCounts: [Int], operations: [BatchOperation], newCounts: [Int]?) -> Outcome? {
        if oldCounts.contains(where: { $0 < 0 }) || (newCounts ?? []).contains(where: { $0 < 0 }) { return nil }
        var deleteS: [Int] = [], reloadS: [Int] = [], insertS: [Int] = [], moveS: [(from: Int, to: Int)] = []
        var deleteI: [IndexPath] = [], reloadI: [IndexPath] = [], insertI: [IndexPath] = []
        var moveI: [(from: IndexPath, to: IndexPath)] = []
        var movesInOrder: [CollectionViewUpdateItem] = []
        for operation in operations {
            switch operation {
            case .deleteSections(let s): deleteS += s
            case .reloadSections(let s): reloadS += s
            case .insertSections(let s): insertS += s
            case .moveSection(let from, let to):
                moveS.append((from, to))
                movesInOrder.append(CollectionViewUpdateItem(action: .move, before: .section(from), after: .section(to)))
            case .deleteItems(let i): deleteI += i
            case .reloadItems(let i): reloadI += i
            case .insertItems(let i): insertI += i
            case .moveItem(let from, let to):
                moveI.append((from, to))
                movesInOrder.append(CollectionViewUpdateItem(action: .move, before: from, after: to))
            }
        }
        // Brute force, and not generic: these run on a handful of elements, millions of times in debug builds.
        func hasDuplicates(_ list: [Int]) -> Bool {
            list.indices.contains { i in list[..<i].contains(list[i]) }
        }
        func hasDuplicates(_ list: [IndexPath]) -> Bool {
            list.indices.contains { i in list[..<i].contains(list[i]) }
        }
        func overlap(_ a: [Int], _ b: [Int]) -> Bool { a.contains { b.contains($0) } }
        func overlap(_ a: [IndexPath], _ b: [IndexPath]) -> Bool { a.contains { b.contains($0) } }

        // Sections.
        let oldSectionCount = oldCounts.count
        let before = 0..<oldSectionCount
        if !(deleteS + reloadS + moveS.map(\.from)).allSatisfy(before.contains) { return nil }
        if hasDuplicates(deleteS) || hasDuplicates(reloadS) || hasDuplicates(insertS) { return nil }
        if hasDuplicates(moveS.map(\.from)) || hasDuplicates(moveS.map(\.to)) { return nil }
        if overlap(deleteS, reloadS) || overlap(deleteS, moveS.map(\.from)) || overlap(reloadS, moveS.map(\.from)) { return nil }
        if overlap(insertS, moveS.map(\.to)) { return nil }
        let newSectionCount = newCounts?.count ?? (oldSectionCount - deleteS.count + insertS.count)
        guard newSectionCount == oldSectionCount - deleteS.count + insertS.count else { return nil }
        var origins = [Int?](repeating: nil, count: newSectionCount)
        var taken = [Bool](repeating: false, count: newSectionCount)
        for s in insertS {
            guard s >= 0, s < newSectionCount else { return nil }
            taken[s] = true
        }
        for move in moveS {
            guard move.to >= 0, move.to < newSectionCount else { return nil }
            taken[move.to] = true
            origins[move.to] = move.from
        }
        let stayingSections = before.filter { s in !deleteS.contains(s) && !moveS.contains { $0.from == s } }
        let freeSections = (0..<newSectionCount).filter { !taken[$0] }
        guard stayingSections.count == freeSections.count else { return nil }
        for (slot, s) in zip(freeSections, stayingSections) { origins[slot] = s }

        // Items: before the update.
        for indexPath in deleteI + reloadI + moveI.map(\.from) {
            guard before.contains(indexPath.section), (0..<oldCounts[indexPath.section]).contains(indexPath.item) else { return nil }
            if deleteS.contains(indexPath.section) || reloadS.contains(indexPath.section) { return nil }
        }
        // After the update: only into sections that existed and are not reloaded.
        for indexPath in insertI + moveI.map(\.to) {
            guard indexPath.section >= 0, indexPath.section < newSectionCount,
                  let old = origins[indexPath.section], !reloadS.contains(old) else { return nil }
        }
        // An index path inserted twice is inserted once (UIKit accepts it).
        insertI = insertI.indices.filter { i in !insertI[..<i].contains(insertI[i]) }.map { insertI[$0] }
        if hasDuplicates(deleteI) || hasDuplicates(reloadI) { return nil }
        if hasDuplicates(moveI.map(\.from)) || hasDuplicates(moveI.map(\.to)) { return nil }
        if overlap(deleteI, reloadI) || overlap(deleteI, moveI.map(\.from)) || overlap(reloadI, moveI.map(\.from)) { return nil }
        if overlap(insertI, moveI.map(\.to)) { return nil }
        // A reload is a delete plus an insert that UIKit places by the deletes and inserts alone (not the
        // moves); that insert must not land on a move's destination.
        func nthFree(_ taken: [Int], rank: Int) -> Int {
            var candidate = 0, remaining = rank
            while true {
                if !taken.contains(candidate) {
                    if remaining == 0 { return candidate }
                    remaining -= 1
                }
                candidate += 1
            }
        }
        for s in reloadS {
            let implied = nthFree(insertS, rank: s - deleteS.count { $0 < s })
            if moveS.contains(where: { $0.to == implied }) { return nil }
        }
        for ip in reloadI {
            guard let section = origins.firstIndex(of: ip.section) else { return nil }
            let rank = ip.item - deleteI.count { $0.section == ip.section && $0.item < ip.item }
            let implied = IndexPath(item: nthFree(insertI.filter { $0.section == section }.map(\.item), rank: rank), section: section)
            if moveI.contains(where: { $0.to == implied }) { return nil }
        }

        var fresh = 0
        func freshItems(_ count: Int) -> [Identity?] {
            defer { fresh += count }
            return (0..<count).map { .new(fresh + $0) }
        }
        var slots: [[Identity?]] = []
        for (section, origin) in origins.enumerated() {
            guard let old = origin else {
                slots.append(freshItems(newCounts?[section] ?? 0))
                continue
            }
            if reloadS.contains(old) {
                slots.append(freshItems(newCounts?[section] ?? oldCounts[old]))
                continue
            }
            let implied = oldCounts[old] - deleteI.count { $0.section == old } - moveI.count { $0.from.section == old }
                + insertI.count { $0.section == section } + moveI.count { $0.to.section == section }
            slots.append([Identity?](repeating: nil, count: newCounts?[section] ?? implied))
        }
        var filled = slots.map { $0.map { $0 != nil } }
        for indexPath in insertI {
            guard indexPath.item >= 0, indexPath.item < slots[indexPath.section].count else { return nil }
            slots[indexPath.section][indexPath.item] = .new(fresh)
            filled[indexPath.section][indexPath.item] = true
            fresh += 1
        }
        for move in moveI {
            guard move.to.item >= 0, move.to.item < slots[move.to.section].count else { return nil }
            slots[move.to.section][move.to.item] = .old(move.from)
            filled[move.to.section][move.to.item] = true
        }
        for (section, origin) in origins.enumerated() {
            guard let old = origin, !reloadS.contains(old) else { continue }
            let staying = (0..<oldCounts[old]).map { IndexPath(item: $0, section: old) }
                .filter { ip in !deleteI.contains(ip) && !moveI.contains { $0.from == ip } }
            let free = slots[section].indices.filter { !filled[section][$0] }
            guard staying.count == free.count else { return nil }
            for (slot, ip) in zip(free, staying) { slots[section][slot] = .old(ip) }
        }
        var outcome = Outcome(
            sectionOrigins: origins, items: slots.map { $0.compactMap { $0 } },
            reloadedSections: Set(reloadS), reloadedItems: Set(reloadI), movedSections: moveS, movedItems: moveI,
            deletedSections: Set(deleteS), insertedSections: Set(insertS), deletedItems: Set(deleteI),
            insertedItems: Set(insertI)
        )
        outcome.movedItemsInOrder = movesInOrder
        return outcome
    }
}
