/// One operation of a batch update, in UIKit's coordinates: deletes, reloads and move sources name index paths
/// and sections *before* the update; inserts and move destinations name them *after* the update.
///
/// A batch is a list of operations, validated and mapped as a whole by ``UpdatePlan``; the order in which the
/// operations are given does not change their meaning, only which error is reported first when several apply.
public enum BatchOperation: Hashable, Sendable {
    /// Items inserted, at their index paths after the update.
    case insertItems([IndexPath])
    /// Items deleted, at their index paths before the update.
    case deleteItems([IndexPath])
    /// Items whose content is replaced, at their index paths before the update. A reloaded item keeps its
    /// place among the items that stay, and its view is replaced.
    case reloadItems([IndexPath])
    /// An item moved from its index path before the update to its index path after it, within its section or
    /// to another.
    case moveItem(from: IndexPath, to: IndexPath)
    /// Sections inserted, at their indices after the update.
    case insertSections([Int])
    /// Sections deleted, at their indices before the update.
    case deleteSections([Int])
    /// Sections whose items are all replaced, at their indices before the update. A reloaded section keeps its
    /// place among the sections that stay.
    case reloadSections([Int])
    /// A section moved, with its items, from its index before the update to its index after it.
    case moveSection(from: Int, to: Int)
}
