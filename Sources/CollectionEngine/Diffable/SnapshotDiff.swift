/// The batch update that turns one diffable snapshot into another, as `UICollectionViewDiffableDataSource`
/// derives it when a snapshot is applied: deleted, inserted and moved sections, then deleted, inserted and
/// moved items, in UIKit's coordinates (deletes and move sources before the update, inserts and move
/// destinations after it), so that the engine's batch machinery checks and animates it with UIKit's rules.
///
/// Apple documents applying a snapshot as "an O(n) operation, where n is the number of items in the
/// snapshot" (Apple doc page "apply(_:animatingDifferences:completion:)"). Reel's diff works on runs
/// (``IdentifierRuns``): it lines the new snapshot's runs up against the old one's, so a snapshot of a million
/// numbered items in a handful of runs diffs in a handful of steps, and only what differs is expanded into
/// index paths. Items (and sections) that keep their relative order are left in place; of those that
/// changed order, the largest set (by item count) that still keeps it stays, and the rest move.
public struct SnapshotDiff: Sendable {
    /// The batch: section deletes, inserts and moves, then item deletes, inserts, moves and reloads.
    public private(set) var operations: [BatchOperation] = []
    /// The item count of each section of the new snapshot.
    public let newCounts: [Int]
    /// Items in the new snapshot: what Apple's O(n) counts, and what the modelled diff cost is charged for.
    public let itemsDiffed: Int

    private let newIndex: RunIndex

    /// Diffs `old` against `new`, reloading the items `reloaded` names (identifiers of the new snapshot).
    ///
    /// A reloaded item that also moves is deleted and inserted instead, as UIKit's batch refuses a reload and
    /// a move of the same item.
    ///
    /// - Throws: ``DiffableError`` when either snapshot repeats an item or a section identifier, or
    ///   `reloaded` names an item the new snapshot does not hold — UIKit's reasons word for word.
    /// - Complexity: O(r log r) for r runs in both snapshots, plus the items that are deleted, inserted or
    ///   moved: never the items that stay.
    public init(from old: [SnapshotSection], to new: [SnapshotSection], reloading reloaded: [String] = []) throws(DiffableError) {
        let oldIndex = try RunIndex(old)
        newIndex = try RunIndex(new)
        newCounts = new.map(\.items.count)
        itemsDiffed = newCounts.reduce(0, +)

        // Sections, by identifier.
        var oldSectionByID: [String: Int] = [:]
        for (index, section) in old.enumerated() { oldSectionByID[section.identifier] = index }
        var newSectionByID: [String: Int] = [:]
        for (index, section) in new.enumerated() { newSectionByID[section.identifier] = index }
        let oldOfNew: [Int?] = new.map { oldSectionByID[$0.identifier] }
        let newOfOld: [Int?] = old.map { newSectionByID[$0.identifier] }
        let deletedSections = old.indices.filter { newOfOld[$0] == nil }
        let insertedSections = new.indices.filter { oldOfNew[$0] == nil }
        if !deletedSections.isEmpty { operations.append(.deleteSections(deletedSections)) }
        if !insertedSections.isEmpty { operations.append(.insertSections(insertedSections)) }
        let survivors = new.indices.compactMap { newSection in oldOfNew[newSection].map { (new: newSection, old: $0) } }
        let keptSections = Self.longestIncreasing(survivors.map { (key: $0.old, weight: 1) })
        for (position, survivor) in survivors.enumerated() where !keptSections[position] {
            operations.append(.moveSection(from: survivor.old, to: survivor.new))
        }

        // Items: the new snapshot in pieces, each either new or the continuation of an old run.
        let pieces = Self.pieces(of: new, against: oldIndex)
        var reloadedKeys = Set<RunIndex.Key>()
        for identifier in reloaded {
            let key = RunIndex.Key(identifier)
            guard newIndex.locate(key) != nil else { throw .missingItem(identifier, reconfigure: false) }
            reloadedKeys.insert(key)
        }

        // Pieces that carry old items of a surviving section into a surviving section consume those items;
        // per new section, those from its own old section that keep their order stay, the others move.
        // Old items that stay, per old section in increasing order; old items that move, in any order.
        var stayed = [[(item: Int, count: Int)]](repeating: [], count: old.count)
        var moved: [(section: Int, item: Int, count: Int)] = []
        var inserted: [IndexPath] = []
        var moves: [(from: IndexPath, to: IndexPath)] = []
        var piecesBySection = [[Int]](repeating: [], count: new.count)
        for (index, piece) in pieces.enumerated() {
            if let from = piece.old, newOfOld[from.section] != nil, oldOfNew[piece.section] != nil {
                piecesBySection[piece.section].append(index)
            } else if oldOfNew[piece.section] != nil {
                for offset in 0..<piece.count { inserted.append(IndexPath(item: piece.item + offset, section: piece.section)) }
            }
        }
        var reloads: [IndexPath] = []
        var deleted: [IndexPath] = []
        var stays = [Bool](repeating: false, count: pieces.count)
        for (section, indices) in piecesBySection.enumerated() where !indices.isEmpty {
            let own = indices.filter { pieces[$0].old?.section == oldOfNew[section] }
            let kept = Self.longestIncreasing(own.map { (key: pieces[$0].old?.item ?? 0, weight: pieces[$0].count) })
            for (position, index) in own.enumerated() where kept[position] { stays[index] = true }
            for index in indices {
                let piece = pieces[index]
                guard let from = piece.old else { continue }
                if stays[index] {
                    stayed[from.section].append((from.item, piece.count))
                } else {
                    moved.append((from.section, from.item, piece.count))
                }
                for offset in 0..<(stays[index] && reloadedKeys.isEmpty ? 0 : piece.count) {
                    let source = IndexPath(item: from.item + offset, section: from.section)
                    let destination = IndexPath(item: piece.item + offset, section: section)
                    let isReloaded = !reloadedKeys.isEmpty && reloadedKeys.contains(piece.key(at: offset))
                    if stays[index] {
                        if isReloaded { reloads.append(source) }
                    } else if isReloaded {
                        deleted.append(source)
                        inserted.append(destination)
                    } else {
                        moves.append((source, destination))
                    }
                }
            }
        }

        // Old items of surviving sections that no piece consumed are deleted. The items that stay are in order
        // already; only the moved ones (few, when few move) are sorted, and the two merged section by section.
        moved.sort { ($0.section, $0.item) < ($1.section, $1.item) }
        var consumed: [(section: Int, item: Int, count: Int)] = []
        consumed.reserveCapacity(pieces.count)
        var nextMoved = 0
        for section in old.indices {
            var nextStayed = 0
            let own = stayed[section]
            while nextStayed < own.count || (nextMoved < moved.count && moved[nextMoved].section == section) {
                let takeMoved = nextMoved < moved.count && moved[nextMoved].section == section
                    && (nextStayed == own.count || moved[nextMoved].item < own[nextStayed].item)
                if takeMoved {
                    consumed.append(moved[nextMoved])
                    nextMoved += 1
                } else {
                    consumed.append((section, own[nextStayed].item, own[nextStayed].count))
                    nextStayed += 1
                }
            }
        }
        var next = consumed.startIndex
        for (section, description) in old.enumerated() where newOfOld[section] != nil {
            var item = 0
            while item < description.items.count {
                while next < consumed.endIndex && consumed[next].section < section { next += 1 }
                if next < consumed.endIndex && consumed[next].section == section && consumed[next].item == item {
                    item += consumed[next].count
                    next += 1
                    continue
                }
                let end = next < consumed.endIndex && consumed[next].section == section
                    ? consumed[next].item : description.items.count
                for gap in item..<end { deleted.append(IndexPath(item: gap, section: section)) }
                item = end
            }
        }
        if !deleted.isEmpty { operations.append(.deleteItems(deleted)) }
        if !inserted.isEmpty { operations.append(.insertItems(inserted)) }
        for move in moves { operations.append(.moveItem(from: move.from, to: move.to)) }
        if !reloads.isEmpty { operations.append(.reloadItems(reloads)) }
    }

    /// Where `identifier` is in the new snapshot, or `nil` when it holds no such item.
    ///
    /// - Complexity: O(log r) for r runs.
    public func newIndexPath(of identifier: String) -> IndexPath? {
        newIndex.locate(RunIndex.Key(identifier))
    }

    /// Checks one snapshot on its own, as UIKit does when it is built or applied.
    ///
    /// - Throws: ``DiffableError`` for a repeated item or section identifier.
    /// - Complexity: O(r log r) for r runs.
    public static func validate(_ snapshot: [SnapshotSection]) throws(DiffableError) {
        _ = try RunIndex(snapshot)
    }

    /// A stretch of the new snapshot: `count` items from `item` of `section`, either all new (`old` is `nil`)
    /// or continuing, item for item, an old run from `old`.
    struct Piece {
        var section: Int
        var item: Int
        var count: Int
        var old: (section: Int, item: Int)?
        var prefix: String
        var start: Int?

        func key(at offset: Int) -> RunIndex.Key { RunIndex.Key(prefix: prefix, number: start.map { $0 + offset }) }
    }

    private static func pieces(of new: [SnapshotSection], against oldIndex: RunIndex) -> [Piece] {
        var pieces: [Piece] = []
        var hint = (prefix: "", entry: 0)
        // The old runs of the prefix being read: looked up once per change of prefix, not per run.
        var entries = oldIndex.numbered[""] ?? []
        var entriesPrefix = ""
        for (section, description) in new.enumerated() {
            var item = 0
            for run in description.items.runs {
                guard let start = run.start else {
                    let old = oldIndex.literals[run.prefix]
                    pieces.append(Piece(section: section, item: item, count: 1, old: old, prefix: run.prefix, start: nil))
                    item += 1
                    continue
                }
                if run.prefix != entriesPrefix {
                    entries = oldIndex.numbered[run.prefix] ?? []
                    entriesPrefix = run.prefix
                }
                var number = start
                let end = start + run.count
                // New runs mostly follow the old ones in order: try where the last run of this prefix stopped.
                var entry = hint.prefix == run.prefix && RunIndex.isFirstEntry(hint.entry, in: entries, endingAfter: number)
                    ? hint.entry : RunIndex.firstEntry(in: entries, endingAfter: number)
                defer { hint = (run.prefix, entry) }
                while number < end {
                    if entry < entries.count && entries[entry].start <= number {
                        let found = entries[entry]
                        let length = min(end, found.start + found.count) - number
                        pieces.append(Piece(section: section, item: item, count: length,
                                            old: (found.section, found.item + number - found.start),
                                            prefix: run.prefix, start: number))
                        number += length
                        item += length
                        entry += 1
                    } else {
                        let stop = entry < entries.count ? min(end, entries[entry].start) : end
                        pieces.append(Piece(section: section, item: item, count: stop - number, old: nil,
                                            prefix: run.prefix, start: number))
                        item += stop - number
                        number = stop
                    }
                }
            }
        }
        return pieces
    }

    /// Which elements of `sequence` belong to a heaviest subsequence increasing in `key` (keys are distinct).
    ///
    /// - Complexity: O(n log n), with a Fenwick tree of the best weight ending at each key rank.
    static func longestIncreasing(_ sequence: [(key: Int, weight: Int)]) -> [Bool] {
        let n = sequence.count
        guard n > 1 else { return [Bool](repeating: true, count: n) }
        // Already in order, the usual case: everything stays.
        if zip(sequence, sequence.dropFirst()).allSatisfy({ $0.key < $1.key }) {
            return [Bool](repeating: true, count: n)
        }
        if sequence.allSatisfy({ $0.weight == 1 }) { return longestIncreasingUnweighted(sequence.map(\.key)) }
        let ranks: [Int] = {
            let order = sequence.indices.sorted { sequence[$0].key < sequence[$1].key }
            var ranks = [Int](repeating: 0, count: n)
            for (rank, index) in order.enumerated() { ranks[index] = rank + 1 }
            return ranks
        }()
        var tree = [(weight: Int, index: Int)](repeating: (0, -1), count: n + 1)
        var previous = [Int](repeating: -1, count: n)
        var best = (weight: 0, index: -1)
        for index in 0..<n {
            var query = ranks[index] - 1, found = (weight: 0, index: -1)
            while query > 0 {
                if tree[query].weight > found.weight { found = tree[query] }
                query -= query & -query
            }
            let total = (weight: found.weight + sequence[index].weight, index: index)
            previous[index] = found.index
            if total.weight > best.weight { best = total }
            var update = ranks[index]
            while update <= n {
                if total.weight > tree[update].weight { tree[update] = total }
                update += update & -update
            }
        }
        var kept = [Bool](repeating: false, count: n)
        var index = best.index
        while index >= 0 {
            kept[index] = true
            index = previous[index]
        }
        return kept
    }

    /// Which elements of `keys` (distinct) belong to a longest increasing subsequence: patience sorting, where an
    /// element larger than every pile's top starts a new pile in O(1), so a sequence with k items out of order
    /// costs O(n + k log n).
    static func longestIncreasingUnweighted(_ keys: [Int]) -> [Bool] {
        var tops: [Int] = []  // the index in `keys` of each pile's top
        var previous = [Int](repeating: -1, count: keys.count)
        for (index, key) in keys.enumerated() {
            if let last = tops.last, keys[last] > key {
                var low = 0, high = tops.count - 1
                while low < high {
                    let middle = (low + high) / 2
                    if keys[tops[middle]] < key { low = middle + 1 } else { high = middle }
                }
                previous[index] = low > 0 ? tops[low - 1] : -1
                tops[low] = index
            } else {
                previous[index] = tops.last ?? -1
                tops.append(index)
            }
        }
        var kept = [Bool](repeating: false, count: keys.count)
        var index = tops.last ?? -1
        while index >= 0 {
            kept[index] = true
            index = previous[index]
        }
        return kept
    }
}

/// Where each identifier of a snapshot is, by runs: numbered runs sorted by number per prefix, literal
/// identifiers in a dictionary. Building it finds repeated identifiers.
struct RunIndex: Sendable {
    /// One identifier: a prefix and its number, or a literal (`number` is `nil`).
    struct Key: Hashable {
        var prefix: String
        var number: Int?

        init(prefix: String, number: Int?) {
            self.prefix = prefix
            self.number = number
        }

        init(_ identifier: String) {
            let run = IdentifierRuns.Run(identifier: identifier)
            self.init(prefix: run.prefix, number: run.start)
        }

        var text: String { number.map { prefix + String($0) } ?? prefix }
    }

    struct Entry: Sendable {
        var start: Int
        var count: Int
        var section: Int
        /// The index of the run's first item in its section.
        var item: Int
    }

    var numbered: [String: [Entry]] = [:]
    var literals: [String: (section: Int, item: Int)] = [:]

    init(_ sections: [SnapshotSection]) throws(DiffableError) {
        var seenSections = Set<String>()
        var repeatedSections: [String] = []
        var pending: [Entry] = []
        var pendingPrefix = ""
        var repeated: [String] = []
        for (section, description) in sections.enumerated() {
            if !seenSections.insert(description.identifier).inserted { repeatedSections.append(description.identifier) }
            var item = 0
            for run in description.items.runs {
                if let start = run.start {
                    // Runs of one prefix come together: gather them before one dictionary lookup.
                    if run.prefix != pendingPrefix {
                        if !pending.isEmpty { numbered[pendingPrefix, default: []] += pending }
                        pending.removeAll(keepingCapacity: true)
                        pendingPrefix = run.prefix
                    }
                    pending.append(Entry(start: start, count: run.count, section: section, item: item))
                } else if literals.updateValue((section, item), forKey: run.prefix) != nil {
                    repeated.append(run.prefix)
                }
                item += run.count
            }
        }
        if !pending.isEmpty { numbered[pendingPrefix, default: []] += pending }
        if !repeatedSections.isEmpty { throw .duplicateSections(repeatedSections) }
        for prefix in numbered.keys.sorted() {
            guard var entries = numbered[prefix] else { continue }
            if !zip(entries, entries.dropFirst()).allSatisfy({ $0.start + $0.count <= $1.start }) {
                entries.sort { $0.start < $1.start }
                var reach = Int.min
                for entry in entries {
                    if entry.start < reach {
                        for number in entry.start..<min(reach, entry.start + entry.count) {
                            repeated.append(prefix + String(number))
                        }
                    }
                    reach = max(reach, entry.start + entry.count)
                }
                numbered[prefix] = entries
            }
        }
        if !repeated.isEmpty { throw .duplicateItems(repeated) }
    }

    /// The first of `entries` (sorted, not overlapping) whose numbers reach past `number`.
    static func firstEntry(in entries: [Entry], endingAfter number: Int) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].start + entries[middle].count <= number { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `entry` is the first of `entries` whose numbers reach past `number` (what ``firstEntry(in:endingAfter:)``
    /// would find), in O(1).
    static func isFirstEntry(_ entry: Int, in entries: [Entry], endingAfter number: Int) -> Bool {
        guard entry <= entries.count else { return false }
        let after = entry == entries.count || entries[entry].start + entries[entry].count > number
        let before = entry == 0 || entries[entry - 1].start + entries[entry - 1].count <= number
        return after && before
    }

    /// Where `key` is, or `nil`.
    func locate(_ key: Key) -> IndexPath? {
        guard let number = key.number else {
            return literals[key.prefix].map { IndexPath(item: $0.item, section: $0.section) }
        }
        guard let entries = numbered[key.prefix] else { return nil }
        let index = Self.firstEntry(in: entries, endingAfter: number)
        guard index < entries.count, entries[index].start <= number else { return nil }
        let entry = entries[index]
        return IndexPath(item: entry.item + number - entry.start, section: entry.section)
    }
}
