import CollectionEngine
import TraceXML

/// A trace's sections as a diffable data source's snapshot, for `<apply>`: the rules `validate` and the
/// replay share.
enum TraceSnapshot {
    /// The snapshot `sections` describe, or nil when a section has no `id`, or items but no identifiers.
    ///
    /// - Complexity: O(r) for r runs: identifier runs stay runs.
    static func sections(_ sections: [SectionDescription]) -> [SnapshotSection]? {
        var snapshot: [SnapshotSection] = []
        snapshot.reserveCapacity(sections.count)
        for section in sections {
            guard let identifier = section.identifier else { return nil }
            guard let list = section.itemIdentifiers else {
                guard section.items == 0 else { return nil }
                snapshot.append(SnapshotSection(identifier: identifier, items: IdentifierRuns()))
                continue
            }
            var runs = IdentifierRuns()
            for run in list.runs {
                if let start = run.start {
                    runs.append(IdentifierRuns.Run(prefix: run.prefix, start: start, count: run.count))
                } else {
                    runs.append(IdentifierRuns.Run(identifier: run.prefix))
                }
            }
            snapshot.append(SnapshotSection(identifier: identifier, items: runs))
        }
        return snapshot
    }

    /// Why an `<apply>` cannot diff: the data before it is not a snapshot.
    static let currentDataNotSnapshot = "<apply> needs the data it replaces as a snapshot: every <section> of <data> "
        + "(or of the last <reload-data> or <apply>) with an 'id' and its items as identifiers, and no <batch> since"

    /// Why an `<apply>`'s own sections are not a snapshot.
    static let newDataNotSnapshot = "<apply>'s sections must each have an 'id' and their items as identifiers "
        + "(items=\"m0…m99 x7\")"

    /// Whether a snapshot apply reloads the data rather than diffing it: `applySnapshotUsingReloadData`, or a
    /// non-animated apply before iOS 15.
    ///
    /// Tyler Fox (UIKit), quoted in the WWDC 2021 notes on "Make blazing fast lists and collection views":
    /// before iOS 15, `animatingDifferences: false` did `reloadData`; from iOS 15 it diffs and applies the
    /// updates without animation. Apple doc page "applySnapshotUsingReloadData(_:completion:)": it "resets the
    /// UI … without computing a diff".
    static func reloads(_ apply: SnapshotApply, iosVersion: Int) -> Bool {
        apply.reloadData || (!apply.animated && iosVersion < 15)
    }
}
