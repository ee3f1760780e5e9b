/// A paging scroll view's settle onto its page after the finger lifts: a short animation, not a deceleration.
///
/// Why this duration and curve: Apple documents neither, and no public source states UIKit's exact
/// figures, so this is a choice, made on the closest evidence there is.
/// - Real UIKit, observed: "it takes about 0.3s for the page to 'settle' and reach its final destination"
///   on a UIScrollView with `isPagingEnabled` (stefanceriu/SCPageViewController issue #35,
///   https://github.com/stefanceriu/SCPageViewController/issues/35, 2016).
/// - A re-implementation of UIKit tuned against the real one: The Iconfactory's Chameleon
///   (BigZaphod/Chameleon, `UIKit/Classes/UIScrollView.m`, `_pageSnapAnimation`) snaps a paging scroll view
///   with a scroll animation of `UIScrollViewQuickAnimationDuration` (0.22 s) on a quadratic ease-out curve,
///   not with its 0.998 deceleration.
/// We take the duration observed on UIKit itself, 0.3 s (``duration``), and Chameleon's curve, the quadratic
/// ease-out 1 − (1 − t)²: it leaves at speed, as the content does under a lifting finger, and arrives with no
/// velocity, as a deceleration does. It is the cubic Bézier (1/3, 2/3, 2/3, 1) exactly, so it runs on
/// ``TimingCurve``. The duration does not depend on the distance, as with UIKit's animated offsets.
struct PageSettle {
    let from: Point
    let to: Point
    let start: Double

    /// How long the settle takes, in seconds.
    static let duration = 0.3
    /// The quadratic ease-out, 1 − (1 − t)², as a cubic Bézier.
    static let curve = TimingCurve(1.0 / 3, 2.0 / 3, 2.0 / 3, 1)

    /// The offset at `time`: `from` before the start, `to` from the end on.
    func offset(at time: Double) -> Point {
        if isFinished(at: time) { return to }
        let progress = Self.curve.value(at: max(0, time - start) / Self.duration)
        return Point(x: from.x + (to.x - from.x) * progress, y: from.y + (to.y - from.y) * progress)
    }

    func isFinished(at time: Double) -> Bool { time >= start + Self.duration }
}
