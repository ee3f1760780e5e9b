public import Foundation
internal import CollectionEngine

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
