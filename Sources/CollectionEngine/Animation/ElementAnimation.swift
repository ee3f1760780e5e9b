/// One view moving from one set of attributes to another.
struct ElementAnimation {
    let from: LayoutAttributes
    let to: LayoutAttributes
    let start: Double
    let duration: Double

    /// The attributes at `time`; the target once the animation is over.
    func attributes(at time: Double, curve: TimingCurve) -> LayoutAttributes {
        guard duration > 0, time < start + duration else { return to }
        let progress = curve.value(at: max(0, time - start) / duration)
        return from.interpolated(to: to, fraction: progress)
    }

    func isFinished(at time: Double) -> Bool { time >= start + duration }
}

/// A view that left the display but stays on screen until its animation ends (a deleted item, an item
/// that moved out of view, the old view of a reloaded item).
struct DisappearingElement {
    /// The element it displayed, with the index path it had before the update.
    let key: ElementKey
    let view: ReusableView
    let animation: ElementAnimation
}
