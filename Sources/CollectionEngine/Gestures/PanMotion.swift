/// How the finger of the scrolling pan moves: UIKit's `panGestureRecognizer.velocity(in:)` and
/// `translation(in:)`, for layouts that read them.
struct PanMotion {
    /// Points per second, viewport coordinates.
    var velocity = Point.zero
    /// Where the finger went down, viewport coordinates.
    var start = Point.zero
    /// Where the finger is, viewport coordinates.
    var location = Point.zero
    /// The time of the last move, seconds.
    var time = 0.0

    /// Records a move of the finger to `location` at `time`: the velocity is `given` (the release's), else the
    /// move since the last one over the time between them (zero when a drag begins, or with no time between).
    mutating func track(_ state: GestureState, at location: Point, time: Double, previous: Point?,
                        velocity given: Point?) {
        switch state {
        case .began:
            start = location
            velocity = .zero
        case .changed:
            if let given {
                velocity = given
            } else if let previous, time > self.time {
                velocity = Point(x: (location.x - previous.x) / (time - self.time),
                                 y: (location.y - previous.y) / (time - self.time))
            }
        case .ended, .cancelled:
            velocity = given ?? .zero
        }
        self.location = location
        self.time = time
    }
}

extension CollectionView {
    /// The dragging finger's velocity in points per second, viewport coordinates, as UIKit's
    /// `panGestureRecognizer.velocity(in:)`: measured between its last two moves while it drags, the release's
    /// velocity once it lifted, zero before the first drag and when a drag begins.
    /// - Complexity: O(1).
    public var panGestureVelocity: Point { panMotion.velocity }

    /// How far the finger moved since the drag began, as UIKit's `panGestureRecognizer.translation(in:)`; zero
    /// before the first drag.
    /// - Complexity: O(1).
    public var panGestureTranslation: Point {
        Point(x: panMotion.location.x - panMotion.start.x, y: panMotion.location.y - panMotion.start.y)
    }
}
