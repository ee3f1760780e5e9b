/// A layout that moves by itself as time passes: springs settling after a scroll, an icon jiggle, a clock
/// hand.
///
/// UIKit's `UIDynamicAnimator` invalidates its layout on every tick while its bodies move and stops when
/// they come to rest; an app's timer does the same for a jiggle or a clock. The engine has no clock of its
/// own, so it hands the time to the layout instead: at the start of every frame, before the frame's events,
/// ``CollectionView/advanceAnimations(to:)`` calls ``advance(to:)`` with the frame's time. The layout moves
/// its own state there and invalidates itself — as a whole, or through a context naming what moved — when
/// anything moved; the frame's layout pass then shows it. A layout at rest invalidates nothing and costs
/// nothing but the call.
///
/// The same time is available to any layout, time-driven or not, as ``CollectionView/frameTime``.
public protocol TimeDrivenLayout: CollectionViewLayout {
    /// Moves the layout's own motion to `time` (seconds on the replay's clock, never decreasing).
    ///
    /// - Returns: `true` while the layout is *settling* — moving towards a rest it will reach, as springs
    ///   do after a scroll: the collection view then counts as animating (``CollectionView/isAnimating``),
    ///   so a replay does not end before the layout rests. `false` at rest, and for motion without an end
    ///   (a jiggle, a clock hand), which asks for layout passes by invalidating but never keeps a session
    ///   going.
    func advance(to time: Double) -> Bool
}
