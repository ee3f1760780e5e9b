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

/// The collection view's scrolling pan: UIKit's `UIPanGestureRecognizer` as
/// `collectionView.panGestureRecognizer`.
///
/// https://developer.apple.com/documentation/uikit/uipangesturerecognizer
public final class UIPanGestureRecognizer: UIGestureRecognizer {
    /// The phase of the last drag: `possible` before the first, `began` or `changed` while the finger is down,
    /// `ended` or `cancelled` after it lifted.
    public override var state: State {
        switch view.panGestureState {
        case nil: .possible
        case .began?: .began
        case .changed?: .changed
        case .ended?: .ended
        case .cancelled?: .cancelled
        }
    }

    /// Where the finger is (where it lifted, after the drag), in content coordinates.
    public override func location(in view: AnyObject?) -> CGPoint {
        self.view.panGestureLocation.map(CGPoint.init) ?? .zero
    }

    /// The finger's velocity in points per second, in the view's coordinates; zero when no finger drags.
    public func velocity(in view: AnyObject?) -> CGPoint { CGPoint(self.view.panGestureVelocity) }

    /// The finger's travel since the drag began.
    public func translation(in view: AnyObject?) -> CGPoint { CGPoint(self.view.panGestureTranslation) }
}
