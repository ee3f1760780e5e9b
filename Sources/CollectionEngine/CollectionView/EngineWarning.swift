/// Something the app did that UIKit tolerates but logs to the console: the engine goes on as UIKit does and
/// records the log line in ``CollectionView/warnings``, so a replay can report it.
public struct EngineWarning: Hashable, Sendable {
    /// What the warning is about.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The delegate's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` changed the target
        /// of a paging scroll view; the change is ignored.
        case pagingTargetModified = "paging-target-modified"
        /// A flow layout's item is wider than the available width (taller than the available height,
        /// scrolling horizontally): the collection view's width minus the section and content insets.
        case flowItemTooLarge = "flow-item-too-large"
        /// A batch update inserted the same index path more than once; it is inserted once, as UIKit does.
        case duplicateInsertion = "duplicate-insertion"
        /// Self-sizing invalidations that did not settle within ``CollectionView/selfSizingPassLimit`` nested
        /// layout passes.
        case selfSizingRecursion = "self-sizing-recursion"
    }

    public let kind: Kind
    /// UIKit's console text, word for word; where UIKit tolerates the fault silently, Reel's sentence.
    public let message: String
    /// The time of the frame it happened in, seconds on the replay's clock (``CollectionView/frameTime``).
    public let time: Double

    public init(kind: Kind, message: String, time: Double) {
        self.kind = kind
        self.message = message
        self.time = time
    }

    /// UIKit's log line when a delegate moves a paging scroll view's target offset.
    public static let pagingTargetModifiedMessage = "Stop offset can not be modified for paging scroll views"

    /// UIKit's log lines, joined into one, when a vertical flow layout's item is wider than the collection
    /// view minus the section and content insets, as quoted in
    /// https://github.com/patchthecode/JTAppleCalendar/issues/823,
    /// https://github.com/apptekstudios/ASCollectionView/issues/81 and
    /// https://github.com/Instagram/IGListKit/issues/444.
    public static let flowItemTooWideMessage = "The behavior of the UICollectionViewFlowLayout is not defined because: "
        + "the item width must be less than the width of the UICollectionView minus the section insets left "
        + "and right values, minus the content insets left and right values."

    /// The same for a horizontal flow layout's item taller than the available height, as quoted in
    /// https://github.com/uxmstudio/UXMPDFKit/issues/11 and https://github.com/uxmstudio/UXMPDFKit/issues/40.
    public static let flowItemTooTallMessage = "The behavior of the UICollectionViewFlowLayout is not defined because: "
        + "the item height must be less than the height of the UICollectionView minus the section insets top "
        + "and bottom values, minus the content insets top and bottom values."
    /// Reel's sentence for an index path a batch inserts twice: UIKit logs nothing and inserts it once
    /// (github.com/Instagram/IGListKit/issues/651).
    public static func duplicateInsertionMessage(_ indexPath: IndexPath) -> String {
        "index path (\(indexPath.uikitDescription)) inserted more than once in one batch update; UIKit accepts this and inserts it once"
    }
}
