import CollectionEngine
import Layouts
import TraceXML

extension SimulatedUser {
    /// One decision of the `springboard` user (tutorial 002 on an iPad: `--paging`, one icon per font
    /// family).
    ///
    /// The user swipes through the pages (one page per swipe, however hard) and now and then opens an
    /// icon's font list (a tap, then a pause while reading it). After a few seconds, on the second page, a long press
    /// on an icon starts edit mode; the icons jiggle and the user deletes three with their delete buttons —
    /// first the last icon of the page, so the first icon of the next page moves onto it — each tap
    /// followed by the app's animated batch deleting that item (the tutorial's `delete:` action), with the
    /// odd tap on an icon, which opens nothing in edit mode; then a tap on the background ends edit mode.
    /// Later, on the last page, a second edit session deletes two more: the fifth delete leaves a column
    /// empty, so the content shrinks and the offset is clamped. Then the user pages back.
    /// With another layout the user only swipes.
    mutating func decideSpringboard(at frame: Int) {
        if collectionView.isAnimating {
            nextDecision = frame + seconds(0.2)
            return
        }
        let deleted = scenario.header.sections.reduce(0) { $0 + $1.items } - collectionView.itemCountsBySection.reduce(0, +)
        let width = collectionView.bounds.width
        let lastPage = collectionView.contentOffset.x >= collectionView.contentSize.width - width - 1
        let page = Int((collectionView.contentOffset.x / width).rounded())
        let time = Double(frame) / rate
        guard let layout = collectionView.collectionViewLayout as? SpringboardLayout else {
            nextDecision = swipePage(forward: !lastPage, at: frame) + seconds(rng.uniform(1.2...3.0))
            return
        }
        if layout.isEditing {
            let sessionOver = deleted >= 5 || (deleted == 3 && !lastPage)
            if sessionOver {
                tapSpringboardBackground(at: frame)
            } else if deleted > 0, rng.chance(0.3), let icon = photosOnScreen().randomElement(using: &rng) {
                plan(.tap(location: icon.point), at: frame)  // refused: no font list in edit mode
            } else {
                deleteIcon(lastOfPage: deleted == 0 ? page : nil, at: frame)
            }
            nextDecision = frame + seconds(rng.uniform(0.9...1.8))
        } else if (deleted == 0 && time >= 6 && page == 1) || (deleted == 3 && lastPage),
                  let icon = photosOnScreen().randomElement(using: &rng) {
            let held = seconds(rng.uniform(0.6...0.9))
            plan(.longPress(phase: .began, location: icon.point), at: frame)
            plan(.longPress(phase: .ended, location: icon.point), at: frame + held)
            nextDecision = frame + held + seconds(rng.uniform(0.8...1.4))
        } else if rng.chance(0.3), let icon = photosOnScreen().randomElement(using: &rng) {
            plan(.tap(location: icon.point), at: frame)  // the font list opens; the user reads it and closes it
            nextDecision = frame + seconds(rng.uniform(2.0...3.5))
        } else {
            // Toward the second page for the first edit session, toward the last for the second one.
            let forward = deleted == 0 && time >= 6 ? page < 1
                : deleted == 3 ? true
                : lastPage ? false : page == 0 ? true : rng.chance(deleted >= 5 ? 0.35 : 0.6)
            nextDecision = swipePage(forward: forward, at: frame) + seconds(rng.uniform(1.2...3.0))
        }
    }

    /// A flick of the finger across the screen, 60 to 220 points in 0.1 to 0.25 s, that pages once;
    /// returns the frame the finger lifts on. The places are an iPad's, in proportion on a narrower screen.
    private mutating func swipePage(forward: Bool, at frame: Int) -> Int {
        let size = collectionView.bounds.size
        let sign = forward ? -1.0 : 1.0
        let steps = max(3, seconds(rng.uniform(0.1...0.25)))
        let travel = rng.uniform(60...220)
        let narrowing = min(1, size.width / 768)
        let startX = forward ? rng.uniform((420 * narrowing)...(640 * narrowing)) : rng.uniform((130 * narrowing)...(350 * narrowing))
        let margin = min(200, size.height / 4)
        let y = rng.uniform(from: margin, to: size.height - margin)
        func at(_ u: Double) -> Point {
            Point(x: ((startX + sign * travel * u) * 100).rounded() / 100, y: ((y + 4 * u) * 100).rounded() / 100)
        }
        plan(.drag(phase: .began, location: at(0), velocity: nil), at: frame)
        for step in 1..<steps { plan(.drag(phase: .changed, location: at(Double(step) / Double(steps)), velocity: nil), at: frame + step) }
        let speed = (sign * travel / (Double(steps) / rate) * 1.5 * 100).rounded() / 100
        plan(.drag(phase: .ended, location: at(1), velocity: Point(x: speed, y: 0)), at: frame + steps)
        return frame + steps
    }

    /// A tap on an icon's delete button — the last icon of `lastOfPage` when given, else one on screen —
    /// and the app's animated batch deleting it.
    private mutating func deleteIcon(lastOfPage page: Int?, at frame: Int) {
        let icons = collectionView.visibleCells.compactMap { cell in cell.layoutAttributes.map { (cell.frame, $0.indexPath) } }
            .filter { collectionView.bounds.contains($0.0.origin) }
        let wanted = page.map { 20 * $0 + 19 }
        guard let (frameOfIcon, indexPath) = icons.first(where: { $0.1.item == wanted }) ?? icons.randomElement(using: &rng)
        else { return }
        let button = SpringboardLayout.deleteButtonFrame(inIconFrame: frameOfIcon)
        let origin = collectionView.contentOffset
        let x = button.midX - origin.x + rng.uniform(-7...7), y = button.midY - origin.y + rng.uniform(-7...7)
        plan(.tap(location: Point(x: (x * 100).rounded() / 100, y: (y * 100).rounded() / 100)), at: frame)
        var counts = collectionView.itemCountsBySection
        counts[indexPath.section] -= 1
        plan(.batch(BatchUpdate(countsAfter: counts,
                                operations: [.deleteItems(section: indexPath.section, items: [indexPath.item])])), at: frame)
    }

    /// A tap between the first two rows of icons (y 176…231 on every page of an iPad), clear of their jiggle:
    /// the background; across an iPad's width, in proportion on a narrower screen.
    private mutating func tapSpringboardBackground(at frame: Int) {
        let narrowing = min(1, collectionView.bounds.width / 768)
        let x = (rng.uniform((100 * narrowing)...(660 * narrowing)) * 100).rounded() / 100
        let y = (rng.uniform(193...213) * 100).rounded() / 100
        plan(.tap(location: Point(x: x, y: y)), at: frame)
    }
}
