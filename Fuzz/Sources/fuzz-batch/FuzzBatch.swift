import CollectionEngine
import TraceXML

/// libFuzzer's entry point: the bytes are decoded (``BatchDecoder``) into item counts before a batch, a batch
/// of up to 16 operations and, or not, the data source's counts after it; ``UpdatePlan`` — the validator and
/// planner behind `performBatchUpdates`, with UIKit's exception messages — must throw a `BatchUpdateError`
/// or build a plan, never trap.
///
/// A plan it builds must also be consistent (``checkPlan(_:)``): every old item it keeps maps to an item
/// after the update that maps back to it, and the other way round. A plan that contradicts itself traps
/// with what and where, which libFuzzer reports as a crash.
///
/// Then, for up to 1,000 items, the same batch goes through a collection view with a flow layout and a data
/// source that holds the counts (``applyToEngine(oldCounts:operations:newCounts:mustAccept:mustRefuse:)``):
/// `performBatchUpdates` must judge it as the plan did and lay out its animation without breaking the
/// engine's invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var decoder = BatchDecoder(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    let (oldCounts, operations, newCounts) = decoder.batch()
    let plan: UpdatePlan?
    do throws(BatchUpdateError) {
        plan = try UpdatePlan(oldCounts: oldCounts, operations: operations, newCounts: newCounts)
    } catch {
        _ = error.description
        plan = nil
    }
    if let plan { checkPlan(plan) }
    // The counts the data source reports after the update: the input's, or the plan's when the input has
    // none (the counts the batch implies), or the old ones. A data source never reports a negative count.
    let engineCounts = newCounts.flatMap { $0.allSatisfy { $0 >= 0 } ? $0 : nil } ?? plan?.newCounts ?? oldCounts
    // A collection view with a flow layout lays out every item of its sections: small data only (a data
    // source is trusted with its counts; a trace's are checked against the item limit before they get here).
    if isSmall(oldCounts) && isSmall(engineCounts) {
        applyToEngine(oldCounts: oldCounts, operations: operations, newCounts: engineCounts,
                      mustAccept: plan != nil && engineCounts == plan?.newCounts,
                      mustRefuse: plan == nil && engineCounts == newCounts)
    }
    return 0
}

/// Whether `counts` total at most 1,000 items (each is checked first, so the sum cannot overflow).
func isSmall(_ counts: [Int]) -> Bool {
    counts.allSatisfy { $0 >= 0 && $0 <= 1_000 } && counts.reduce(0, +) <= 1_000
}

/// The data model a collection view reads: items per section.
final class CountsDataSource: CollectionViewDataSource {
    var counts: [Int]

    init(counts: [Int]) {
        self.counts = counts
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
}

/// Shows `oldCounts` in a 320 × 480 collection view with a flow layout, changes the data source to
/// `newCounts` and performs the batch, animated over 0.3 s, laying out at 0, 0.1 and 0.4 s.
///
/// When `UpdatePlan` judged the same counts, `performBatchUpdates` must judge alike: `mustAccept` or
/// `mustRefuse` says which.
func applyToEngine(oldCounts: [Int], operations: [BatchOperation], newCounts: [Int], mustAccept: Bool,
                   mustRefuse: Bool) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 60, height: 60)
    let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let dataSource = CountsDataSource(counts: oldCounts)
    collectionView.dataSource = dataSource
    collectionView.layoutIfNeeded()
    dataSource.counts = newCounts
    do {
        try collectionView.performBatchUpdates(operations, animated: true, duration: 0.3)
        precondition(!mustRefuse, "performBatchUpdates accepted a batch UpdatePlan refuses: \(operations)")
    } catch {
        precondition(!mustAccept, "performBatchUpdates refused a batch UpdatePlan accepts: \(error.description)")
        return
    }
    for time in [0.0, 0.1, 0.4] {
        collectionView.advanceAnimations(to: time)
        collectionView.layoutIfNeeded()
    }
}

/// Turns bytes into a batch: a few small sections, and values that are mostly small indices with, now and
/// then, the numbers a hostile trace can write (−1, `Int.max`, the item limit).
struct BatchDecoder {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Numbers a trace can carry that small indices never reach: the machine limits of `TraceLimits` and one
    /// past them among them.
    private static let extremes = [-1, -2, Int.min, Int.max, Int.max - 1, Int(Int32.max), 1 << 32,
                                   TraceLimits.sections, TraceLimits.items, TraceLimits.items + 1, 1_000, 64, 8, 9,
                                   10, -100]

    private mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// An index or count: 0–9 mostly, one of ``extremes`` for bytes from 0xF0.
    mutating func value() -> Int {
        let b = byte()
        return b >= 0xF0 ? Self.extremes[Int(b & 0x0F)] : Int(b % 10)
    }

    /// Items in a section before the update: what a data source can report, 0–9 mostly, up to the
    /// trace limit of `TraceLimits.items` (10,000,000).
    mutating func count() -> Int {
        let b = byte()
        switch b {
        case 0xFC: return 100_000
        case 0xFD: return 1_000_000
        case 0xFE, 0xFF: return TraceLimits.items
        default: return Int(b % 10)
        }
    }

    mutating func indexPath() -> IndexPath {
        let section = value()
        return IndexPath(item: value(), section: section)
    }

    mutating func indexPaths() -> [IndexPath] {
        (0...Int(byte() % 4)).map { _ in indexPath() }
    }

    mutating func sections() -> [Int] {
        (0...Int(byte() % 4)).map { _ in value() }
    }

    mutating func operation() -> BatchOperation {
        switch byte() % 8 {
        case 0: return .insertItems(indexPaths())
        case 1: return .deleteItems(indexPaths())
        case 2: return .reloadItems(indexPaths())
        case 3: return .moveItem(from: indexPath(), to: indexPath())
        case 4: return .insertSections(sections())
        case 5: return .deleteSections(sections())
        case 6: return .reloadSections(sections())
        default: return .moveSection(from: value(), to: value())
        }
    }

    /// Old counts (0–5 sections), then the data source's counts after the update (absent, or 0–6 values,
    /// −1 and `Int.max` among them), then operations up to the end of the input (at most 16).
    mutating func batch() -> (oldCounts: [Int], operations: [BatchOperation], newCounts: [Int]?) {
        let oldCounts = (0..<Int(byte() % 6)).map { _ in count() }
        let header = byte()
        let newCounts = header & 1 == 0 ? nil : (0..<Int((header >> 1) % 7)).map { _ in value() }
        var operations: [BatchOperation] = []
        while !isAtEnd && operations.count < 16 {
            operations.append(operation())
        }
        return (oldCounts, operations, newCounts)
    }
}

/// Traps if `plan` contradicts itself: checked item by item for sections of up to 64 items (larger ones
/// only at their ends), so that every input stays fast.
func checkPlan(_ plan: UpdatePlan) {
    precondition(plan.newCounts.allSatisfy { $0 >= 0 }, "negative counts after the update: \(plan.newCounts)")
    for (section, count) in plan.oldCounts.enumerated() {
        for item in sample(count) {
            let old = IndexPath(item: item, section: section)
            guard let new = plan.newIndexPath(forOld: old) else { continue }
            precondition(new.section >= 0 && new.section < plan.newCounts.count
                             && new.item >= 0 && new.item < plan.newCounts[new.section],
                         "\(old) maps to \(new), outside the counts after the update \(plan.newCounts)")
            let back = plan.oldIndexPath(forNew: new)
            precondition(back == old, "\(old) maps to \(new), which maps back to \(String(describing: back))")
        }
    }
    for (section, count) in plan.newCounts.enumerated() {
        for item in sample(count) {
            let new = IndexPath(item: item, section: section)
            guard let old = plan.oldIndexPath(forNew: new) else { continue }
            let forth = plan.newIndexPath(forOld: old)
            precondition(forth == new, "\(new) comes from \(old), which maps to \(String(describing: forth))")
        }
    }
    _ = plan.updateItems.count
}

/// Every index of a section of up to 64 items; the first and last 8 of a larger one.
private func sample(_ count: Int) -> [Int] {
    count <= 64 ? Array(0..<count) : Array(0..<8) + Array((count - 8)..<count)
}
