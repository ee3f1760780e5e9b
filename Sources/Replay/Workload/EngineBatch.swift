import CollectionEngine
import TraceXML

/// A trace's `<batch>` in the engine's terms: the operations, and the data the trace gives for what they
/// add (the sizes of inserted items, the item counts of inserted and reloaded sections).
struct EngineBatch {
    var operations: [BatchOperation] = []
    var insertedSizes: [IndexPath: Size] = [:]
    /// Item counts of inserted sections, by their index after the update.
    var insertedSections: [Int: Int] = [:]
    /// Item counts of reloaded sections, by their index before the update.
    var reloadedSections: [Int: Int] = [:]

    init(_ batch: BatchUpdate) {
        for operation in batch.operations {
            switch operation {
            case .deleteItems(let section, let items):
                operations.append(.deleteItems(items.map { IndexPath(item: $0, section: section) }))
            case .reloadItems(let section, let items):
                operations.append(.reloadItems(items.map { IndexPath(item: $0, section: section) }))
            case .moveItem(let from, let to):
                operations.append(.moveItem(from: IndexPath(item: from.item, section: from.section),
                                            to: IndexPath(item: to.item, section: to.section)))
            case .insertItems(let section, let items, let sizes):
                operations.append(.insertItems(items.map { IndexPath(item: $0, section: section) }))
                for (item, size) in zip(items, sizes ?? []) {
                    insertedSizes[IndexPath(item: item, section: section)] = size
                }
            case .insertSection(let section, let items):
                operations.append(.insertSections([section]))
                insertedSections[section] = items
            case .deleteSection(let section):
                operations.append(.deleteSections([section]))
            case .reloadSection(let section, let items):
                operations.append(.reloadSections([section]))
                reloadedSections[section] = items
            case .moveSection(let from, let to):
                operations.append(.moveSection(from: from, to: to))
            }
        }
    }

    /// The plan of the data the operations imply on `counts`: what the app's data is after the batch.
    ///
    /// - Throws: ``BatchUpdateError`` when the operations themselves break UIKit's rules.
    func impliedPlan(on counts: [Int]) throws(BatchUpdateError) -> UpdatePlan {
        let base = try UpdatePlan(oldCounts: counts, operations: operations, newCounts: nil)
        var implied = base.newCounts
        for (section, items) in insertedSections where implied.indices.contains(section) { implied[section] = items }
        for (old, items) in reloadedSections {
            if let section = base.newSection(forOld: old) { implied[section] = items }
        }
        return try UpdatePlan(oldCounts: counts, operations: operations, newCounts: implied)
    }

    /// The message a replay or `reel validate` gives for `error`: UIKit's reason word for word, with no prefix
    /// of Reel's own.
    static func message(_ error: BatchUpdateError) -> String {
        error.message
    }
}
