import CollectionEngine
import TraceXML

extension SimulatedUser {
    /// The share of the session, from its start, at which the user turns the phone to landscape and back:
    /// twice, for a few seconds each time.
    static let albumsLandscapeWindows: [ClosedRange<Double>] = [0.3...0.45, 0.7...0.82]

    /// One decision of the `albums` user (tutorial 001's photo album on an iPhone 5): browsing the albums up
    /// and down with drags and flings at a reader's pace, tapping a photo stack now and then to look at it,
    /// and turning the phone to landscape (568 × 300, three columns) and back twice; the rotation handler
    /// is the layout's (`willResizeTo`).
    mutating func decideAlbums(at frame: Int) {
        // The first screen is looked at before anything else.
        if frame < seconds(1.2) {
            nextDecision = seconds(rng.uniform(1.2...2.0))
            return
        }
        let progress = Double(frame) / (scenario.duration * rate)
        let landscape = Self.albumsLandscapeWindows.contains { $0.contains(progress) }
        let portrait = scenario.header.collectionView.size
        let turned = collectionView.bounds.size != portrait
        if landscape != turned && collectionView.isAnimating {
            // Time to turn the phone: the user lets the content come to rest first.
            nextDecision = frame + seconds(0.2)
        } else if landscape != turned {
            let newSize = landscape ? Self.landscape(of: portrait) : portrait
            plan(.resize(newSize), at: frame)
            // The user looks at the new arrangement before touching it.
            nextDecision = frame + seconds(rng.uniform(1.0...2.0))
        } else if collectionView.isAnimating {
            // The content still glides: mostly the user waits for it, sometimes pushes it on.
            if rng.chance(0.2) {
                let end = fling(at: frame, speed: 600...3000)
                nextDecision = end + seconds(rng.uniform(0.6...1.6))
            } else {
                nextDecision = frame + seconds(rng.uniform(0.2...0.5))
            }
        } else if rng.chance(0.35), let stack = topPhotoOnScreen() {
            plan(.tap(location: stack), at: frame)
            nextDecision = frame + seconds(rng.uniform(1.2...2.6))
        } else {
            let end = fling(at: frame, speed: rng.chance(0.4) ? 200...700 : 900...3200)
            nextDecision = end + (rng.chance(0.2) ? seconds(rng.uniform(0.3...0.6)) : seconds(rng.uniform(0.8...2.2)))
        }
    }

    /// The view's size when the phone turns to landscape. The trace's size is the portrait one, below a
    /// 20-point status bar (320 × 548 on an iPhone 5); in landscape the bar lies along the long side:
    /// 568 × 300. A view too narrow for the bar keeps a point of height, and one as long as a view may be
    /// stays that long.
    static func landscape(of portrait: Size) -> Size {
        let length = TraceLimits.viewLength
        return Size(width: min(portrait.height + 20, length.upperBound), height: max(portrait.width - 20, length.lowerBound))
    }

    /// A point on the top photo of a random stack on screen, in view coordinates, inside the view.
    private mutating func topPhotoOnScreen() -> Point? {
        let origin = collectionView.contentOffset, size = collectionView.bounds.size
        let tops = collectionView.visibleCells.compactMap { cell -> Point? in
            guard collectionView.indexPath(for: cell)?.item == 0, let center = cell.layoutAttributes?.center else {
                return nil
            }
            let point = Point(x: center.x - origin.x, y: center.y - origin.y)
            return point.y > 20 && point.y < size.height - 20 ? point : nil
        }
        guard let top = tops.randomElement(using: &rng) else { return nil }
        let x = min(size.width - 1, max(1, top.x + rng.uniform(-25...25)))
        let y = min(size.height - 1, max(1, top.y + rng.uniform(-25...25)))
        return Point(x: (x * 100).rounded() / 100, y: (y * 100).rounded() / 100)
    }
}
