import CollectionEngine
import TraceXML

extension SimulatedUser {
    /// The questions of the book's survey: its model array (ch. 3–4) holds a dozen sets of photos.
    static let surveyQuestions = 12

    /// One decision of the `survey` user (the book's BetterSurvey, ch. 3 Listing 3.8, ch. 4, ch. 6 menu).
    ///
    /// The last section is the open question. The user reads its photos, then taps one: the app, in
    /// `didSelectItemAt`, inserts the next question and reloads the answered one in one animated batch,
    /// and when the batch's 0.3 s animation completes it scrolls the new question to the top. Now and then
    /// the user long-presses a photo and copies its name from the menu, or looks back at earlier answers.
    /// Only the open question's photos can be selected (the app's `shouldHighlightItemAt`), so the user
    /// taps them only when they are on screen; once every question is answered they browse and copy.
    mutating func decideSurvey(at frame: Int) {
        // The first question's photos are read before anything else.
        if frame < seconds(2) {
            nextDecision = seconds(rng.uniform(2.5...4.0))
            return
        }
        // With no section there is no question to answer (`reel record` refuses that); the user waits.
        if collectionView.isAnimating || collectionView.numberOfSections == 0 {
            nextDecision = frame + seconds(0.2)
            return
        }
        let open = collectionView.numberOfSections - 1
        let finished = collectionView.numberOfSections >= Self.surveyQuestions
        let openPhotos = photosOnScreen().filter { $0.indexPath.section == open }
        let scrollable = collectionView.contentSize.height > collectionView.bounds.height
        if rng.chance(0.2), let photo = photosOnScreen().randomElement(using: &rng) {
            copyName(of: photo, at: frame)
            nextDecision = frame + seconds(rng.uniform(1.6...2.6))
        } else if !finished, roomFor(items: 3, sections: 1), openPhotos.count == collectionView.numberOfItems(inSection: open),
                  let answer = openPhotos.randomElement(using: &rng), !(scrollable && rng.chance(0.12)) {
            self.answer(answer, at: frame)
            // Reading the next question's photos.
            nextDecision = frame + seconds(rng.uniform(2.2...4.5))
        } else if scrollable {
            let end = fling(at: frame, speed: 500...2400)
            nextDecision = end + seconds(rng.uniform(0.8...2.0))
        } else {
            nextDecision = frame + seconds(rng.uniform(0.5...1.0))
        }
    }

    /// The cells whose centers are on screen, with the finger's point over each (viewport coordinates).
    func photosOnScreen() -> [(indexPath: IndexPath, point: Point)] {
        let origin = collectionView.contentOffset, size = collectionView.bounds.size
        return collectionView.visibleCells.compactMap { cell in
            guard let indexPath = cell.layoutAttributes?.indexPath else { return nil }
            let x = cell.frame.midX - origin.x, y = cell.frame.midY - origin.y
            guard x > 0, x < size.width, y > 0, y < size.height else { return nil }
            return (indexPath, Point(x: x, y: y))
        }
    }

    /// A point near `point`, as a finger lands: within 12 points, rounded to the hundredth.
    private mutating func near(_ point: Point) -> Point {
        Point(x: ((point.x + rng.uniform(-12...12)) * 100).rounded() / 100,
              y: ((point.y + rng.uniform(-12...12)) * 100).rounded() / 100)
    }

    /// Taps the photo; the app inserts the next question, reloads this one, and scrolls to the new one.
    private mutating func answer(_ photo: (indexPath: IndexPath, point: Point), at frame: Int) {
        let sections = collectionView.numberOfSections
        let counts = (0..<sections).map { collectionView.numberOfItems(inSection: $0) }
        let answered = sections - 1
        plan(.tap(location: near(photo.point)), at: frame)
        plan(.batch(BatchUpdate(countsAfter: counts + [3], operations: [
            .insertSection(at: sections, items: 3),
            .reloadSection(at: answered, items: counts[answered]),
        ])), at: frame)
        // The batch's completion handler, once its animation is over.
        plan(.scrollToItem(item: TraceIndexPath(section: sections, item: 0), position: .top, animated: true),
             at: frame + seconds(BatchUpdate.defaultDuration) + 1)
    }

    /// A long press on the photo opens its menu (ch. 6, Listings 6.1–6.4); the user chooses Copy, if the
    /// menu opened and is still open.
    private mutating func copyName(of photo: (indexPath: IndexPath, point: Point), at frame: Int) {
        let point = near(photo.point)
        let held = seconds(rng.uniform(0.5...0.8))
        plan(.longPress(phase: .began, location: point), at: frame)
        plan(.longPress(phase: .ended, location: point), at: frame + held)
        planMenuAction("copy", at: frame + held + seconds(rng.uniform(0.4...0.9)))
    }
}
