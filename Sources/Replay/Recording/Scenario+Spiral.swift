import CollectionEngine
import TraceXML

extension SimulatedUser {
    /// One decision of someone in the slides' demo spiral (the `spiral` scenario): the collection view pages
    /// (`paging="true"`), one conference a page.
    ///
    /// While something moves (a page settling, an update animating) the user watches. Then, on the way
    /// through the conferences to the last: mostly swipes to the next page (now and then back), and on the
    /// pages passed a swipe up on a speaker — which the demo's swipe-up recognizer answers by deleting it
    /// with an animated batch — or, on a page missing speakers, a tap on its header, which restores one at
    /// the section's end with an animated batch. On the last page the user clears it: swipe after swipe up
    /// until its last speaker goes (the demo's `reloadData`, its workaround for iOS 6), looks at the empty
    /// page, then, in the session's last quarter, taps its header to bring speakers back (`reloadData` again into the empty
    /// section, batches after that).
    mutating func decideInSpiral(at frame: Int) {
        if collectionView.isAnimating || collectionView.isDecelerating {
            nextDecision = frame + seconds(0.1)
            return
        }
        let counts = collectionView.itemCountsBySection
        let section = currentPage
        guard counts.indices.contains(section) else {
            nextDecision = frame + seconds(0.5)
            return
        }
        let missing = scenario.header.sections[section].items - counts[section]
        let lastPage = section == counts.count - 1
        let restoring = Double(frame) > scenario.duration * rate * 0.75
        if lastPage && counts[section] == 0 && !restoring {
            // The cleared page: the user looks at it until it is time to bring speakers back.
            nextDecision = frame + seconds(rng.uniform(1.0...2.5))
            return
        }
        let roll = rng.uniform(0...1)
        let (swipeShare, deleteShare) = !lastPage ? (0.72, 0.88) : restoring ? (0.0, 0.3) : (0.0, 0.9)
        if roll < swipeShare {
            nextDecision = swipeToPage(at: frame) + seconds(rng.uniform(0.5...1.4))
        } else if roll < deleteShare || missing == 0, let end = swipeUpOnSpeaker(at: frame, in: section) {
            nextDecision = end + seconds(rng.uniform(0.5...1.3))
        } else if missing > 0 {
            tapHeader(at: frame, restoringIn: section)
            nextDecision = frame + seconds(rng.uniform(0.6...1.5))
        } else {
            nextDecision = frame + seconds(rng.uniform(0.3...0.8))
        }
    }

    /// The page in view.
    private var currentPage: Int {
        let width = collectionView.bounds.width
        return width > 0 ? Int((collectionView.contentOffset.x / width).rounded()) : 0
    }

    private func point(_ x: Double, _ y: Double) -> Point {
        Point(x: (x * 100).rounded() / 100, y: (y * 100).rounded() / 100)
    }

    /// A horizontal swipe to the next page (nine times in ten) or the previous one: a flick, or now and then a slow
    /// drag past half the page let go almost at rest; returns the frame it ends on.
    private mutating func swipeToPage(at frame: Int) -> Int {
        let size = collectionView.bounds.size
        let pages = collectionView.numberOfSections
        let page = currentPage
        let forward = page == 0 ? true : page >= pages - 1 ? false : rng.chance(0.9)
        let sign = forward ? -1.0 : 1.0
        let flick = rng.chance(0.8)
        let steps = flick ? max(3, seconds(rng.uniform(0.10...0.22))) : max(12, seconds(rng.uniform(0.5...0.9)))
        let distance = flick ? rng.uniform(90...260) : size.width * rng.uniform(0.55...0.7)
        let start = size.width * (forward ? rng.uniform(0.7...0.9) : rng.uniform(0.1...0.3))
        let y = size.height * rng.uniform(0.35...0.8)
        return planHorizontalSwipe(at: frame, from: start, y: y, by: sign * distance, steps: steps, flick: flick)
    }

    /// A short swipe up on a speaker the user sees on top at its center, then the app's update deleting it;
    /// returns the frame the swipe ends on, or `nil` when no speaker is low enough on the screen to swipe.
    private mutating func swipeUpOnSpeaker(at frame: Int, in section: Int) -> Int? {
        let bounds = collectionView.bounds
        let candidates = collectionView.displayedElements
            .filter { $0.key.category == .cell && $0.key.indexPath.section == section }
            .compactMap { $0.view.layoutAttributes }
            .filter { bounds.contains($0.center) && $0.center.y - bounds.minY > 140 }
            .filter { speaker in
                let hit = hitTest(speaker.center)
                return hit?.indexPath == speaker.indexPath && hit?.category == .cell
            }
        guard let speaker = candidates.randomElement(using: &rng) else { return nil }
        let x = speaker.center.x - bounds.minX, y = speaker.center.y - bounds.minY
        let rise = rng.uniform(60...min(130, y - 10))
        let steps = max(4, seconds(rng.uniform(0.08...0.16)))
        let duration = Double(steps) / rate
        plan(.drag(phase: .began, location: point(x, y), velocity: nil), at: frame)
        for step in 1...steps {
            let u = Double(step) / Double(steps)
            let finger = point(x, y - rise * u * u)
            if step == steps {
                plan(.drag(phase: .ended, location: finger,
                           velocity: Point(x: 0, y: (-2 * rise / duration * 100).rounded() / 100)), at: frame + step)
            } else {
                plan(.drag(phase: .changed, location: finger, velocity: nil), at: frame + step)
            }
        }
        var counts = collectionView.itemCountsBySection
        counts[section] -= 1
        if counts[section] == 0 {
            plan(.reloadData(sections: sections(counts)), at: frame + steps + 1)
        } else {
            plan(.batch(BatchUpdate(countsAfter: counts,
                                    operations: [.deleteItems(section: section, items: [speaker.indexPath.item])])),
                 at: frame + steps + 1)
        }
        return frame + steps + 1
    }

    /// A tap on the page's header, then the app's update restoring a speaker at the section's end.
    private mutating func tapHeader(at frame: Int, restoringIn section: Int) {
        let size = collectionView.bounds.size
        plan(.tap(location: point(size.width * rng.uniform(0.3...0.7), rng.uniform(18...52))), at: frame)
        var counts = collectionView.itemCountsBySection
        let end = counts[section]
        counts[section] += 1
        if end == 0 {
            plan(.reloadData(sections: sections(counts)), at: frame + 1)
        } else {
            plan(.batch(BatchUpdate(countsAfter: counts, operations: [.insertItems(section: section, items: [end], sizes: nil)])),
                 at: frame + 1)
        }
    }

    /// The data source's sections with `counts` items.
    private func sections(_ counts: [Int]) -> [SectionDescription] {
        zip(scenario.header.sections, counts).map { SectionDescription(items: $1, reuseIdentifier: $0.reuseIdentifier) }
    }
}
