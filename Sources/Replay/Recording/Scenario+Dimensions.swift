import CollectionEngine
import TraceXML

extension SimulatedUser {
    /// One decision of the `dimensions` user (the book's Dimensions, ch. 4): browsing photos with flings and
    /// turning the view between aspect-fit and square every few seconds. The book toggles from a segmented
    /// control; `dimensions-flow` toggles on a tap, so the user taps a photo (which also selects it) while
    /// the content is at rest.
    mutating func decideDimensions(at frame: Int) {
        // The first screen is looked at before anything else.
        if frame < seconds(1.5) {
            nextDecision = seconds(rng.uniform(1.5...2.5))
            return
        }
        if collectionView.isAnimating {
            // The content still glides: mostly the user waits for it, sometimes pushes it on.
            if rng.chance(0.15) {
                let end = fling(at: frame, speed: 500...3600)
                nextDecision = end + seconds(rng.uniform(0.8...2.2))
            } else {
                nextDecision = frame + seconds(rng.uniform(0.25...0.5))
            }
        } else if rng.chance(0.7), let photo = photosOnScreen().randomElement(using: &rng) {
            let x = ((photo.point.x + rng.uniform(-15...15)) * 100).rounded() / 100
            let y = ((photo.point.y + rng.uniform(-15...15)) * 100).rounded() / 100
            plan(.tap(location: Point(x: x, y: y)), at: frame)
            // Looking at the photos change, then at them in their new shape.
            nextDecision = frame + seconds(rng.uniform(1.5...3.0))
        } else {
            let end = fling(at: frame, speed: 500...3600)
            nextDecision = end + seconds(rng.uniform(0.8...2.2))
        }
    }
}
