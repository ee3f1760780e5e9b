public import CollectionEngine

/// A random batch update that UIKit accepts, built by construction from a seeded generator, and optionally
/// spoiled by one random mutation (which may or may not make it invalid).
public struct RandomBatch: Sendable, CustomStringConvertible {
    public var oldCounts: [Int]
    public var operations: [BatchOperation]
    public var newCounts: [Int]?

    public var description: String {
        "counts \(oldCounts) → \(newCounts.map { "\($0)" } ?? "implied"), \(operations)"
    }

    /// A valid batch on up to `maxSections` sections of up to `maxItems` items.
    ///
    /// Every kind of operation appears: sections deleted, reloaded, moved and inserted; items deleted,
    /// reloaded, moved within and across sections (moved ones included) and inserted. About half the batches
    /// give the data source's counts after the update (random for inserted and reloaded sections).
    public static func valid(using rng: inout SplitMix64, maxSections: Int = 6, maxItems: Int = 40) -> RandomBatch {
        let sectionCount = Int.random(in: 1...maxSections, using: &rng)
        let oldCounts = (0..<sectionCount).map { _ in Int.random(in: 0...maxItems, using: &rng) }
        var operations: [BatchOperation] = []

        // Sections: a fate for each, then destinations for the inserted and moved ones among the new indices.
        var deleted: [Int] = [], reloaded: [Int] = [], moved: [Int] = []
        for section in 0..<sectionCount {
            switch Double.random(in: 0..<1, using: &rng) {
            case ..<0.12: deleted.append(section)
            case ..<0.24: reloaded.append(section)
            case ..<0.36: moved.append(section)
            default: break
            }
        }
        let insertedCount = Int.random(in: 0...2, using: &rng)
        let newSectionCount = sectionCount - deleted.count + insertedCount
        let slots = Array((0..<newSectionCount).shuffled(using: &rng).prefix(insertedCount + moved.count))
        let inserted = Array(slots.prefix(insertedCount))
        // UIKit refuses a reload whose implied insert, placed by the deletes and inserts alone, lands on a
        // move's destination: such sections stay unreloaded.
        let moveDestinations = Set(slots.dropFirst(insertedCount))
        reloaded.removeAll { section in
            moveDestinations.contains(impliedInsert(of: section, deleted: deleted, inserted: inserted))
        }
        var origins = [Int?](repeating: nil, count: newSectionCount)
        for (slot, section) in zip(slots.dropFirst(insertedCount), moved) { origins[slot] = section }
        let staying = (0..<sectionCount).filter { !deleted.contains($0) && !moved.contains($0) }
        for (slot, section) in zip((0..<newSectionCount).filter { !slots.contains($0) }, staying) { origins[slot] = section }
        if !deleted.isEmpty { operations.append(.deleteSections(deleted.shuffled(using: &rng))) }
        if !reloaded.isEmpty { operations.append(.reloadSections(reloaded)) }
        if !inserted.isEmpty { operations.append(.insertSections(inserted)) }
        for (slot, section) in zip(slots.dropFirst(insertedCount), moved) {
            operations.append(.moveSection(from: section, to: slot))
        }

        // Items, in the sections that stay and are not reloaded.
        let targets = origins.indices.filter { origins[$0].map { !reloaded.contains($0) } ?? false }
        var movesInto: [Int: [IndexPath]] = [:]
        var staysIn: [Int: Int] = [:]
        var deletes: [IndexPath] = [], reloads: [IndexPath] = []
        for new in targets {
            guard let old = origins[new] else { continue }
            for item in 0..<oldCounts[old] {
                let indexPath = IndexPath(item: item, section: old)
                switch Double.random(in: 0..<1, using: &rng) {
                case ..<0.15: deletes.append(indexPath)
                case ..<0.25:
                    reloads.append(indexPath)
                    staysIn[new, default: 0] += 1
                case ..<0.35: movesInto[targets.randomElement(using: &rng) ?? new, default: []].append(indexPath)
                default: staysIn[new, default: 0] += 1
                }
            }
        }
        var inserts: [IndexPath] = []
        var newCounts = [Int](repeating: 0, count: newSectionCount)
        for new in 0..<newSectionCount {
            guard targets.contains(new) else {
                newCounts[new] = Int.random(in: 0...5, using: &rng)
                continue
            }
            let movers = movesInto[new] ?? []
            let insertCount = Int.random(in: 0...3, using: &rng)
            let count = (staysIn[new] ?? 0) + movers.count + insertCount
            newCounts[new] = count
            let taken = (0..<count).shuffled(using: &rng).prefix(movers.count + insertCount)
            inserts += taken.prefix(insertCount).map { IndexPath(item: $0, section: new) }
            for (item, from) in zip(taken.dropFirst(insertCount), movers) {
                operations.append(.moveItem(from: from, to: IndexPath(item: item, section: new)))
            }
        }
        // As for sections: a reload whose implied insert lands on a move's destination stays unreloaded.
        let itemMoveDestinations = Set(operations.compactMap { operation -> IndexPath? in
            if case .moveItem(_, let to) = operation { return to } else { return nil }
        })
        reloads.removeAll { indexPath in
            guard let section = origins.firstIndex(of: indexPath.section) else { return false }
            let item = impliedInsert(of: indexPath.item, deleted: deletes.filter { $0.section == indexPath.section }.map(\.item),
                                     inserted: inserts.filter { $0.section == section }.map(\.item))
            return itemMoveDestinations.contains(IndexPath(item: item, section: section))
        }
        operations += [.deleteItems(deletes.shuffled(using: &rng)), .reloadItems(reloads), .insertItems(inserts)]
        operations.shuffle(using: &rng)
        let given = Bool.random(using: &rng)
        if !given {
            // The counts the operations imply: inserted sections empty, reloaded ones unchanged.
            for new in 0..<newSectionCount where !targets.contains(new) {
                newCounts[new] = origins[new].map { oldCounts[$0] } ?? 0
            }
        }
        return RandomBatch(oldCounts: oldCounts, operations: operations, newCounts: given ? newCounts : nil)
    }

    /// Where UIKit places the insert a reload of `index` implies: among the indices that the deletes leave and the
    /// inserts do not take, moves ignored.
    static func impliedInsert(of index: Int, deleted: [Int], inserted: [Int]) -> Int {
        var remaining = index - deleted.count { $0 < index }
        var candidate = 0
        while true {
            if !inserted.contains(candidate) {
                if remaining == 0 { return candidate }
                remaining -= 1
            }
            candidate += 1
        }
    }

    /// The same batch with one random change: an index moved by one, an operation repeated or dropped, or one
    /// count after the update off by one.
    public func mutated(using rng: inout SplitMix64) -> RandomBatch {
        var batch = self
        func nudge(_ value: Int) -> Int { value + (Bool.random(using: &rng) ? 1 : -1) }
        func nudge(_ indexPath: IndexPath) -> IndexPath {
            Bool.random(using: &rng)
                ? IndexPath(item: nudge(indexPath.item), section: indexPath.section)
                : IndexPath(item: indexPath.item, section: nudge(indexPath.section))
        }
        func nudge(_ list: [Int]) -> [Int] {
            guard let i = list.indices.randomElement(using: &rng) else { return list }
            var list = list
            list[i] = nudge(list[i])
            return list
        }
        func nudge(_ list: [IndexPath]) -> [IndexPath] {
            guard let i = list.indices.randomElement(using: &rng) else { return list }
            var list = list
            list[i] = nudge(list[i])
            return list
        }
        let choice = Int.random(in: 0..<4, using: &rng)
        if choice == 3, var counts = batch.newCounts, let i = counts.indices.randomElement(using: &rng) {
            counts[i] = nudge(counts[i])
            batch.newCounts = counts
            return batch
        }
        guard let i = batch.operations.indices.randomElement(using: &rng) else { return batch }
        switch choice {
        case 0:
            batch.operations.append(batch.operations[i])
        case 1:
            batch.operations.remove(at: i)
        default:
            switch batch.operations[i] {
            case .insertItems(let list): batch.operations[i] = .insertItems(nudge(list))
            case .deleteItems(let list): batch.operations[i] = .deleteItems(nudge(list))
            case .reloadItems(let list): batch.operations[i] = .reloadItems(nudge(list))
            case .moveItem(let from, let to):
                batch.operations[i] = Bool.random(using: &rng) ? .moveItem(from: nudge(from), to: to) : .moveItem(from: from, to: nudge(to))
            case .insertSections(let list): batch.operations[i] = .insertSections(nudge(list))
            case .deleteSections(let list): batch.operations[i] = .deleteSections(nudge(list))
            case .reloadSections(let list): batch.operations[i] = .reloadSections(nudge(list))
            case .moveSection(let from, let to):
                batch.operations[i] = Bool.random(using: &rng) ? .moveSection(from: nudge(from), to: to) : .moveSection(from: from, to: nudge(to))
            }
        }
        return batch
    }
}
