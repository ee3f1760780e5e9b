import CollectionEngine
import Layouts
import TraceXML

extension SimulatedUser {
    /// One Hundred Pixels on an iPad (ch. 5–6): the user pinches stacks open part-way to peek and lets them
    /// collapse, then, after a dozen seconds or so, pinches one past half so that it opens as a flow layout
    /// (Listing 6.11), and browses its photos with flings. The stacks fit on the screen, so there is
    /// nothing to scroll until a stack is open.
    mutating func decideInStacksApp(at frame: Int) {
        let layout = collectionView.collectionViewLayout
        if let stacks = layout as? StackedLayout {
            guard !stacks.isPinching, !collectionView.isAnimating else {
                nextDecision = frame + seconds(0.2)
                return
            }
            let peeking = Double(frame) / rate < 12 || rng.chance(0.35)
            let end = pinchStack(at: frame, open: !peeking)
            nextDecision = end + seconds(rng.uniform(0.8...2.0))
        } else if layout is TransitionLayout || collectionView.isAnimating {
            nextDecision = frame + seconds(0.2)
        } else {
            let end = fling(at: frame, speed: 500...3200)
            nextDecision = end + (rng.chance(0.2) ? seconds(rng.uniform(0.3...0.6)) : seconds(rng.uniform(0.8...2.6)))
        }
    }

    /// Two fingers over a random stack spreading to a scale past 2.5 when `open` (the stack opens), else to
    /// between 1.2 and 2.4 (it collapses back when they lift); returns the frame the pinch ends on.
    mutating func pinchStack(at frame: Int, open: Bool) -> Int {
        let sections = collectionView.numberOfSections
        guard sections > 0 else { return frame }
        let section = Int(rng.next() % UInt64(sections))
        guard collectionView.numberOfItems(inSection: section) > 0,
              let top = collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: section)) else {
            return frame
        }
        let size = collectionView.bounds.size, origin = collectionView.contentOffset
        let x = min(size.width - 1, max(1, top.center.x - origin.x + rng.uniform(-30...30)))
        let y = min(size.height - 1, max(1, top.center.y - origin.y + rng.uniform(-30...30)))
        let start = Point(x: (x * 100).rounded() / 100, y: (y * 100).rounded() / 100)
        let target = open ? rng.uniform(2.9...3.8) : rng.uniform(1.2...2.4)
        let steps = max(8, seconds(open ? rng.uniform(0.6...1.1) : rng.uniform(0.4...0.9)))
        let drift = (x: rng.uniform(-20...20), y: rng.uniform(-20...20))
        plan(.pinch(phase: .began, location: start, scale: 1), at: frame)
        for step in 1...steps {
            let u = Double(step) / Double(steps)
            let eased = 3 * u * u - 2 * u * u * u
            let location = Point(x: ((start.x + drift.x * eased) * 100).rounded() / 100,
                                 y: ((start.y + drift.y * eased) * 100).rounded() / 100)
            let scale = ((1 + (target - 1) * eased) * 1000).rounded() / 1000
            plan(.pinch(phase: step == steps ? .ended : .changed, location: location, scale: scale), at: frame + step)
        }
        return frame + steps
    }
}
