/// A snapshot UIKit's diffable data source refuses, with UIKit's reason word for word.
public struct DiffableError: Error, Hashable, Sendable {
    /// The reason, as UIKit's `NSInternalInconsistencyException` gives it.
    public var message: String

    public init(message: String) {
        self.message = message
    }

    /// UIKit's reason for item identifiers that occur more than once in a snapshot.
    ///
    /// UIKit prints the duplicates as an `NSSet` describes itself: `{(`, one identifier a line indented by
    /// four spaces with a comma after all but the last, then `)}`. The reason is quoted this way, with one
    /// and with two identifiers, in app READMEs' troubleshooting notes on GitHub (a GithubSearchApp note shows
    /// two `RepositoryItem` values, a Japanese blog post on `UITableViewDiffableDataSource` one `<UUID>`).
    /// An `NSSet` has no order; Reel lists the duplicates in the order the snapshot first repeats them.
    public static func duplicateItems(_ identifiers: [String]) -> DiffableError {
        DiffableError(message: "Fatal: supplied item identifiers are not unique. Duplicate identifiers: "
                        + setDescription(identifiers))
    }

    /// The same check on section identifiers. UIKit's section wording is not quoted in public sources that
    /// Reel could check; the message follows the item message with "section".
    public static func duplicateSections(_ identifiers: [String]) -> DiffableError {
        DiffableError(message: "Fatal: supplied section identifiers are not unique. Duplicate identifiers: "
                        + setDescription(identifiers))
    }

    /// UIKit's reason for reloading an identifier the snapshot does not hold (`reloadItems(_:)` on
    /// `NSDiffableDataSourceSnapshot`), as quoted in articles on the method ("Attempted to reload item
    /// identifier that does not exist in the snapshot: …"); reconfiguring has the same check.
    public static func missingItem(_ identifier: String, reconfigure: Bool) -> DiffableError {
        DiffableError(message: "Attempted to \(reconfigure ? "reconfigure" : "reload") item identifier that does not "
                        + "exist in the snapshot: \(identifier)")
    }

    /// `{(\n    a,\n    b\n)}`: how an `NSSet` of strings describes itself.
    static func setDescription(_ identifiers: [String]) -> String {
        "{(\n" + identifiers.map { "    " + $0 }.joined(separator: ",\n") + "\n)}"
    }
}
