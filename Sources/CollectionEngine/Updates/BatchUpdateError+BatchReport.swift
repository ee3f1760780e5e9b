/// The report iOS 16.4 and later print for a count violation: the counts before and after and every update of
/// the batch.
///
/// Quoted from a real report (developer.apple.com/forums/thread/728797, answered by a Frameworks Engineer:
/// "This particular exception is new as of iOS 16.4"): "Invalid batch updates detected: the number of sections
/// and/or items returned by the data source before and/or after performing the batch updates are inconsistent
/// with the updates. Data source before updates = { 1 section with item counts: [27386] } Data source after
/// updates = { 1 section with item counts: [27385] } Updates = [ Delete item (0 - 27384), Insert item (0 -
/// 27384) ]". An empty batch prints `Updates = [ ]` (github.com/xmartlabs/XLPagerTabStrip/issues/859); deletes
/// come in descending order ("Updates = [ Delete row (0 - 1), Delete row (0 - 0) ]", a table view:
/// github.com/exyte/Chat/issues/56).
///
/// Not found in any report, so in the same pattern: "sections" for any count but 1, counts separated by ", ",
/// and the words for the other kinds of update — `Reload item (0 - 2)`, `Move item (0 - 3) -> (0 - 9)`,
/// `Insert section (2)`, `Delete section (4)`, `Reload section (1)`, `Move section (1) -> (3)`. The updates
/// follow UIKit's canonical order: deletes and reloads by their index path before the update,
/// descending, then moves as given, then inserts by their index path after the update, ascending.
///
/// Reel prints this report after UIKit's classic sentence (which iOS 16.4 no longer shows), separated by one
/// space, so that one message reads on one line and says both what the classic check found and the whole batch.
extension BatchUpdateError {
    /// The iOS 16.4 report of a batch whose counts do not add up.
    ///
    /// - Complexity: O(S + k log k) for S sections and k operations.
    static func batchReport(oldCounts: [Int], newCounts: [Int], operations: [BatchOperation]) -> String {
        "Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = \(dataSourceDescription(oldCounts)) Data source after updates = \(dataSourceDescription(newCounts)) Updates = \(updatesDescription(operations))"
    }

    /// `{ 1 section with item counts: [27386] }`.
    static func dataSourceDescription(_ counts: [Int]) -> String {
        let sections = counts.count == 1 ? "1 section" : "\(counts.count) sections"
        return "{ \(sections) with item counts: [\(counts.map(String.init).joined(separator: ", "))] }"
    }

    /// `[ Delete item (0 - 27384), Insert item (0 - 27384) ]`, or `[ ]`.
    static func updatesDescription(_ operations: [BatchOperation]) -> String {
        var removals: [IndexPath: String] = [:]
        var moves: [String] = []
        var insertions: [IndexPath: String] = [:]
        for operation in operations {
            switch operation {
            case .deleteItems(let indexPaths):
                for indexPath in indexPaths { removals[indexPath] = "Delete item (\(indexPath.uikitPath))" }
            case .reloadItems(let indexPaths):
                for indexPath in indexPaths { removals[indexPath] = removals[indexPath] ?? "Reload item (\(indexPath.uikitPath))" }
            case .insertItems(let indexPaths):
                for indexPath in indexPaths { insertions[indexPath] = "Insert item (\(indexPath.uikitPath))" }
            case .moveItem(let from, let to):
                moves.append("Move item (\(from.uikitPath)) -> (\(to.uikitPath))")
            case .deleteSections(let sections):
                for section in sections { removals[.section(section)] = "Delete section (\(section))" }
            case .reloadSections(let sections):
                for section in sections { removals[.section(section)] = removals[.section(section)] ?? "Reload section (\(section))" }
            case .insertSections(let sections):
                for section in sections { insertions[.section(section)] = "Insert section (\(section))" }
            case .moveSection(let from, let to):
                moves.append("Move section (\(from)) -> (\(to))")
            }
        }
        let updates = removals.sorted { $0.key > $1.key }.map(\.value) + moves
            + insertions.sorted { $0.key < $1.key }.map(\.value)
        return updates.isEmpty ? "[ ]" : "[ \(updates.joined(separator: ", ")) ]"
    }
}
