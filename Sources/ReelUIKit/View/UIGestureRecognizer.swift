public import Foundation
internal import CollectionEngine

/// The state of a gesture: UIKit's `UIGestureRecognizer.State`.
///
/// https://developer.apple.com/documentation/uikit/uigesturerecognizer/state
public enum UIGestureRecognizerState: Int, Sendable {
    case possible, began, changed, ended, cancelled, failed
    /// `ended`'s other name.
    public static var recognized: UIGestureRecognizerState { .ended }
}

/// A gesture: the parts of UIKit's `UIGestureRecognizer` a layout reads.
public class UIGestureRecognizer: NSObject {
    public typealias State = UIGestureRecognizerState

    unowned(unsafe) let view: CollectionView

    init(view: CollectionView) {
        self.view = view
        super.init()
    }

    /// The gesture's state: `possible` before it began.
    public var state: State { .possible }

    /// Where the gesture is, in the collection view's content coordinates (the coordinates a layout uses).
    /// `view` is ignored: the engine has one coordinate space.
    public func location(in view: AnyObject?) -> CGPoint { .zero }
}
