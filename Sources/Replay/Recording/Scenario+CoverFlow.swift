import CollectionEngine
import TraceXML

extension SimulatedUser {
    /// One decision of someone leafing through albums in Cover Flow (the `cover-flow` scenario); returns the
    /// frame of the next one.
    ///
    /// While the covers move (a swipe settling on its album, a tap's scroll to the center) the user watches.
    /// Then: a horizontal swipe — a flick or a slow drag — whose release the layout's snapping settles on
    /// an album (half the time); a tap on the album beside the centered one, which the layout scrolls to
    /// the center (about four times in ten); or a tap on the centered album itself, which only selects it.
    /// Pauses between gestures are a reader's: a fraction of a second to two seconds.
    mutating func browseCovers(at frame: Int) -> Int {
        if collectionView.isAnimating { return frame + seconds(0.1) }
        let roll = rng.uniform(0...1)
        if roll < 0.5 {
            let end = swipeAcross(at: frame)
            return end + seconds(rng.uniform(0.3...1.3))
        }
        if roll < 0.9, tapNeighbourCover(at: frame) {
            // The scroll to the center takes 0.3 s; then the user looks at the album.
            return frame + seconds(0.3) + seconds(rng.uniform(0.4...1.5))
        }
        tapCenteredCover(at: frame)
        return frame + seconds(rng.uniform(0.7...1.8))
    }

    /// The horizontal scrolling range and where the content is in it, in points.
    var coverRange: (offset: Double, end: Double) {
        (collectionView.contentOffset.x, max(0, collectionView.contentSize.width - collectionView.bounds.width))
    }

    /// A horizontal swipe across a line of items that snaps (Cover Flow's covers, the `line` scenario's
    /// speakers): a flick that leaves the glass at its fastest, or a slow drag that lets go almost at rest;
    /// returns the frame it ends on.
    mutating func swipeAcross(at frame: Int) -> Int {
        let size = collectionView.bounds.size
        let (offset, end) = coverRange
        let forward = offset < 1 ? true : offset > end - 1 ? false : rng.chance(0.62)
        // The finger moves against the content: forward (to later albums) is a swipe to the left.
        let sign = forward ? -1.0 : 1.0
        let flick = rng.chance(0.7)
        let steps = flick ? max(3, seconds(rng.uniform(0.10...0.26))) : max(8, seconds(rng.uniform(0.35...0.8)))
        let duration = Double(steps) / rate
        let distance = flick ? min(rng.uniform(350...2600) * duration / 2, size.width * 0.55)
                             : rng.uniform(from: 40, to: min(150, size.width * 0.45))
        let start = size.width * (forward ? rng.uniform(0.62...0.85) : rng.uniform(0.15...0.38))
        let y = size.height / 2 + rng.uniform(-60...60)
        return planHorizontalSwipe(at: frame, from: start, y: y, by: sign * distance, steps: steps, flick: flick)
    }

    /// Plans a horizontal swipe of `steps` frames from `start` at height `y` (view coordinates) that moves the
    /// finger by `distance` (negative: to the left): a flick accelerates (u²) and leaves the glass at its
    /// fastest; a slow drag eases out and lets go nearly still. Returns the frame it ends on.
    mutating func planHorizontalSwipe(at frame: Int, from start: Double, y: Double, by distance: Double, steps: Int,
                                      flick: Bool) -> Int {
        let duration = Double(steps) / rate
        let sign: Double = distance < 0 ? -1 : 1
        func point(_ x: Double, _ y: Double) -> Point {
            Point(x: (x * 100).rounded() / 100, y: (y * 100).rounded() / 100)
        }
        plan(.drag(phase: .began, location: point(start, y), velocity: nil), at: frame)
        for step in 1...steps {
            let u = Double(step) / Double(steps)
            let progress = flick ? u * u : 1 - (1 - u) * (1 - u)
            let finger = point(start + distance * progress, y + u * rng.uniform(-4...4))
            if step == steps {
                let speed = flick ? 2 * abs(distance) / duration : rng.uniform(0...40)
                let velocity = Point(x: (sign * speed * 100).rounded() / 100, y: 0)
                plan(.drag(phase: .ended, location: finger, velocity: velocity), at: frame + step)
            } else {
                plan(.drag(phase: .changed, location: finger, velocity: nil), at: frame + step)
            }
        }
        return frame + steps
    }

    /// The displayed item nearest to the viewport's center, by its untransformed center.
    private var centeredCover: Int? {
        let middle = collectionView.bounds.midX
        var best: (item: Int, distance: Double)?
        for (key, view) in collectionView.displayedElements where key.category == .cell {
            guard let center = view.layoutAttributes?.center else { continue }
            let distance = abs(center.x - middle)
            if best.map({ distance < $0.distance }) ?? true { best = (key.indexPath.item, distance) }
        }
        return best?.item
    }

    /// A tap where the user sees the album left or right of the centered one; returns `false` when there
    /// is none to tap.
    private mutating func tapNeighbourCover(at frame: Int) -> Bool {
        guard let centered = centeredCover else { return false }
        let (offset, end) = coverRange
        let right = offset < 1 ? true : offset > end - 1 ? false : rng.chance(0.6)
        let target = centered + (right ? 1 : -1)
        let bounds = collectionView.bounds
        let y = bounds.height / 2 + rng.uniform(-50...50)
        // Where the cover shows: the points of a row across the viewport that the collection view's hit test
        // gives to it (the covers are turned and overlap, so this is not their frame). Only points within
        // the cover's drawn extent can be given to it, so only those are tested: a tap costs the cover's
        // width in hit tests, whatever the view's.
        let extent = drawnExtent(ofItem: target)
        if let extent, extent.low > extent.high { return false }
        let scanStart = max(2, extent.map { (($0.low - bounds.minX) / 2).rounded(.down) * 2 - 2 } ?? 2)
        let scanEnd = min(bounds.width - 1, extent.map { $0.high - bounds.minX + 4 } ?? bounds.width)
        var hits: [Double] = []
        for x in stride(from: scanStart, to: scanEnd, by: 2) {
            let point = Point(x: bounds.minX + x, y: bounds.minY + y)
            if let hit = hitTest(point), hit.category == .cell, hit.indexPath.item == target {
                hits.append(x)
            }
        }
        guard let first = hits.first, let last = hits.last else { return false }
        let x = first + (last - first) * rng.uniform(0.25...0.75)
        plan(.tap(location: Point(x: (x * 100).rounded() / 100, y: (y * 100).rounded() / 100)), at: frame)
        return true
    }

    /// The horizontal extent, in content coordinates, of every displayed item numbered `item` as its transform
    /// draws it: a hit test gives it no point outside. `nil` when a cover's plane reaches behind the viewer,
    /// where its drawing has no bounded extent; `low > high` when no such item is displayed.
    private func drawnExtent(ofItem item: Int) -> (low: Double, high: Double)? {
        var low = Double.infinity, high = -Double.infinity
        for (key, view) in collectionView.displayedElements where key.category == .cell && key.indexPath.item == item {
            let frame = view.frame.standardized, t = view.transform3D
            for (x, y) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
                let corner = (x: x * frame.width / 2, y: y * frame.height / 2)
                // Where the plane homography that `Transform3D.planePoint(projectingTo:_:)` inverts draws the
                // corner, around the view's center; the rectangle is drawn inside its corners' hull.
                let w = corner.x * t.m14 + corner.y * t.m24 + t.m44
                guard w > 0 else { return nil }
                let drawn = frame.center.x + (corner.x * t.m11 + corner.y * t.m21 + t.m41) / w
                low = min(low, drawn)
                high = max(high, drawn)
            }
        }
        return (low, high)
    }

    /// A tap on the centered album (the book flips it; the layout does nothing).
    private mutating func tapCenteredCover(at frame: Int) {
        let bounds = collectionView.bounds
        let x = bounds.width / 2 + rng.uniform(-40...40), y = bounds.height / 2 + rng.uniform(-50...50)
        plan(.tap(location: Point(x: (x * 100).rounded() / 100, y: (y * 100).rounded() / 100)), at: frame)
    }
}
