/// Something the app did that UIKit tolerates but logs to the console: the engine goes on as UIKit does and
/// records the log line in ``CollectionView/warnings``, so a replay can report it.
public struct EngineWarning: Hashable, Sendable {
    /// What the warning is about.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The delegate's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` changed the target
        /// of a paging scroll view; the change is ignored.
        case pagingTargetModified = "paging-target-modified"
    }

    public let kind: Kind
    /// UIKit's console text, word for word.
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
}
