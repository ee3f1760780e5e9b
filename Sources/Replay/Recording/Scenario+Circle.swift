import CollectionEngine
import Layouts
import TraceXML

extension SimulatedUser {
    /// The book's Circle app (ch. 5–6): the user taps Add and Trash (an animated batch inserting or deleting
    /// the last item, Listing 5.12), keeping between 12 and 30 items and never fewer than one, and pinches
    /// with two fingers to move and resize the circle (Listing 6.10). Nothing scrolls.
    mutating func decideInCircleApp(at frame: Int) {
        var counts = collectionView.itemCountsBySection
        let count = counts.first ?? 0
        let roll = rng.uniform(0...1)
        if roll < 0.35 {
            let end = pinchCircle(at: frame)
            nextDecision = end + seconds(rng.uniform(0.6...1.6))
            return
        }
        // Add more often while there are few items, Trash more often when there are many.
        let addShare = count <= 12 ? 0.9 : count >= 30 ? 0.1 : 0.55
        let add = count < 1 || rng.chance(addShare)
        // The app's one section; without it (`reel record` refuses that) the buttons do nothing.
        if add, !counts.isEmpty, roomFor(items: 1) {
            counts[0] += 1
            plan(.batch(BatchUpdate(countsAfter: counts,
                                    operations: [.insertItems(section: 0, items: [count], sizes: nil)])), at: frame)
        } else if !add, count > 1 {
            counts[0] -= 1
            plan(.batch(BatchUpdate(countsAfter: counts, operations: [.deleteItems(section: 0, items: [count - 1])])),
                 at: frame)
        }
        // Taps on a bar button come in bursts now and then.
        nextDecision = frame + (rng.chance(0.3) ? seconds(rng.uniform(0.35...0.6)) : seconds(rng.uniform(0.8...2.2)))
    }

    /// Two fingers on the circle moving its center somewhere else on the screen while spreading or closing
    /// to a new radius between 80 and 150 points; returns the frame the pinch ends on.
    private mutating func pinchCircle(at frame: Int) -> Int {
        let size = collectionView.bounds.size
        let layout = collectionView.collectionViewLayout as? CircleLayout
        let center = layout?.center ?? Point(x: size.width / 2, y: size.height / 2)
        let radius = max(1, layout?.radius ?? min(size.width, size.height) / 2.5)
        let targetRadius = min(150, max(80, radius * rng.uniform(0.7...1.35)))
        // Within the scales a trace holds, written to the thousandth: a circle far larger than 150 points
        // shrinks as far as that goes.
        let scale = min(max(targetRadius / radius, 0.002), 1_000)
        let margin = 50.0
        let target = Point(x: min(size.width - margin, max(margin, center.x + rng.uniform(-60...60))),
                           y: min(size.height - margin, max(margin, center.y + rng.uniform(-80...80))))
        func inside(_ x: Double, _ y: Double) -> Point {
            Point(x: (min(size.width - 1, max(1, x)) * 100).rounded() / 100,
                  y: (min(size.height - 1, max(1, y)) * 100).rounded() / 100)
        }
        let start = inside(center.x + rng.uniform(-25...25), center.y + rng.uniform(-25...25))
        let steps = max(6, seconds(rng.uniform(0.45...1.0)))
        plan(.pinch(phase: .began, location: start, scale: 1), at: frame)
        for step in 1...steps {
            let u = Double(step) / Double(steps)
            let eased = 3 * u * u - 2 * u * u * u
            let location = inside(start.x + (target.x - center.x) * eased, start.y + (target.y - center.y) * eased)
            let s = max(((1 + (scale - 1) * eased) * 1000).rounded() / 1000, 0.002)
            plan(.pinch(phase: step == steps ? .ended : .changed, location: location, scale: s), at: frame + step)
        }
        return frame + steps
    }
}
