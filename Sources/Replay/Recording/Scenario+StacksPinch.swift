import CollectionEngine
import Layouts
import TraceXML

extension SimulatedUser {
    /// The slides' demo app on its stacks (notes Appendix A.4): the user pinches stacks to peek (released
    /// at 2.4 or less, they collapse back) and, after the first few seconds, now and then past 2.5 so that
    /// the app switches to the grid; there they browse a little (flings and a tap) and go back to the
    /// stacks — the demo's two- and three-finger taps cycle the layouts, which the trace records as the
    /// app's animated `<set-layout>` to the trace's own stacks.
    mutating func decideInSlidesStacks(at frame: Int) {
        let layout = collectionView.collectionViewLayout
        if layout is TransitionLayout || collectionView.isAnimating {
            nextDecision = frame + seconds(0.2)
        } else if let stacks = layout as? StacksLayout {
            guard !stacks.isPinching else {
                nextDecision = frame + seconds(0.2)
                return
            }
            let open = Double(frame) / rate > 6 && rng.chance(0.4)
            let end = pinchStack(at: frame, open: open)
            nextDecision = end + seconds(rng.uniform(0.8...2.0))
        } else if rng.chance(0.3) {
            plan(.setLayout(scenario.header.layout, animated: true, duration: 0.3), at: frame)
            nextDecision = frame + seconds(rng.uniform(1.0...1.8))
        } else if rng.chance(0.3) {
            tap(at: frame)
            nextDecision = frame + seconds(rng.uniform(0.6...1.4))
        } else {
            let end = fling(at: frame, speed: 500...3000)
            nextDecision = end + seconds(rng.uniform(0.8...2.2))
        }
    }
}
