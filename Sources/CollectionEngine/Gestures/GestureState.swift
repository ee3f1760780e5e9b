/// The phase of a continuous gesture (a long press, a pinch), as `UIGestureRecognizer.State` reports it.
public enum GestureState: String, Hashable, Sendable, CaseIterable {
    /// The gesture was recognized: the long press held long enough, the two fingers of a pinch moved.
    case began
    /// The fingers moved (or the pinch's scale changed).
    case changed
    /// The fingers lifted.
    case ended
    /// The system cancelled the gesture.
    case cancelled
}
