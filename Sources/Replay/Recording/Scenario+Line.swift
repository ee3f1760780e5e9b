import CollectionEngine
import TraceXML

extension SimulatedUser {
    /// One decision of someone swiping through the slides' demo line of speakers (the `line` scenario);
    /// returns the frame of the next one.
    ///
    /// While the line moves (a swipe settling on a speaker) the user mostly watches. Then: a horizontal swipe — a
    /// flick or a slow drag, the one Cover Flow's users make — whose release the layout's snapping settles
    /// on the nearest speaker (six times in ten), or a tap on a speaker in view, the centered one more
    /// often than its neighbours (the demo only selects it). Before each gesture the user looks at the
    /// speaker for a viewer's moment.
    mutating func swipeThroughLine(at frame: Int) -> Int {
        // Most of the time the user lets the line come to rest on a speaker; now and then swipes on while it
        // still glides.
        if collectionView.isAnimating || (collectionView.isDecelerating && !rng.chance(0.1)) { return frame + seconds(0.1) }
        // A look at the speaker before the next gesture.
        let start = frame + seconds(rng.uniform(0.3...1.4))
        if rng.chance(0.6) {
            return swipeAcross(at: start) + seconds(0.2)
        }
        tapSpeakerInLine(at: start)
        return start + seconds(rng.uniform(0.5...1.2))
    }

    /// A tap on a speaker in view: the one nearest the viewport's center (two times in three) or another
    /// visible one, at a point the collection view's hit test gives to it.
    private mutating func tapSpeakerInLine(at frame: Int) {
        let bounds = collectionView.bounds
        let cells = collectionView.displayedElements.filter { $0.key.category == .cell }
            .compactMap { $0.view.layoutAttributes }
            .filter { bounds.contains($0.center) }
            .sorted { abs($0.center.x - bounds.midX) < abs($1.center.x - bounds.midX) }
        guard let nearest = cells.first else { return }
        let target = rng.chance(0.67) ? nearest : cells.randomElement(using: &rng) ?? nearest
        let x = min(bounds.maxX - 2, max(bounds.minX + 2, target.center.x + rng.uniform(-40...40)))
        let y = min(bounds.maxY - 2, max(bounds.minY + 2, target.center.y + rng.uniform(-60...60)))
        guard hitTest(Point(x: x, y: y))?.category == .cell else { return }
        plan(.tap(location: Point(x: ((x - bounds.minX) * 100).rounded() / 100,
                                  y: ((y - bounds.minY) * 100).rounded() / 100)), at: frame)
    }
}
