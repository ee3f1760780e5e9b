import CollectionEngine

extension SimulatedUser {
    /// The slides' demo app on its grid (notes Appendix A.1): the reader works down through the
    /// conferences, looks at a shelf, taps one or two speakers (the demo shows nothing more for a tap: the
    /// selection is the collection view's), then flings on to the next shelves; once in a while a fling goes
    /// back up to look again. Flings are strong enough that the whole list is read in under a minute.
    mutating func decideOnShelves(at frame: Int) {
        guard !collectionView.isAnimating else {
            nextDecision = frame + seconds(0.2)
            return
        }
        if rng.chance(0.45) {
            tap(at: frame)
            nextDecision = frame + seconds(rng.uniform(0.5...1.6))
        } else {
            let end = fling(at: frame, speed: 1200...4200)
            nextDecision = end + (rng.chance(0.25) ? seconds(rng.uniform(0.3...0.7)) : seconds(rng.uniform(0.9...2.2)))
        }
    }
}
