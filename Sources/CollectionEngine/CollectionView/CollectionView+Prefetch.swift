/// Which way the content is moving, and the cells still to prefetch ahead of it.
struct PrefetchState {
    enum Axis { case horizontal, vertical }
    /// `nil` until the content first moves: the first screen is not prefetched.
    var axis: Axis?
    /// +1 towards the end of the content, −1 towards its start.
    var sign: Double = 1
    var lastOrigin: Point?
    /// The cells of the prefetch region ahead of the bounds not yet configured, the nearest last.
    var queue: [LayoutAttributes] = []
    /// Bounds on the frames of the held cells, so that a pass knows without looking at each that none
    /// left the prefetch region.
    var heldExtent = HeldCellsExtent()
}

/// The innermost edges of a set of frames — the largest minimum and the smallest maximum on each axis —
/// so that one comparison with a rectangle tells whether every frame of the set intersects it.
///
/// A frame intersects a rectangle when each of its minimums lies below the rectangle's maximum and each of
/// its maximums above the rectangle's minimum (`Rect.intersects(_:)`); every frame of a set does when its
/// innermost edges do. Frames that leave the set may leave the edges further in than the set's own: then
/// the answer errs towards "perhaps not", never the other way, and the caller looks at each frame, which
/// tightens the edges again.
struct HeldCellsExtent {
    private var largestMinX = -Double.infinity, smallestMaxX = Double.infinity
    private var largestMinY = -Double.infinity, smallestMaxY = Double.infinity
    /// Whether a frame of the set is null or has a NaN edge: its intersections are not decided by edges.
    private var holdsUndecided = false

    /// Adds `frame` to the set.
    mutating func include(_ frame: Rect) {
        let minX = frame.minX, maxX = frame.maxX, minY = frame.minY, maxY = frame.maxY
        if frame.isNull || minX.isNaN || maxX.isNaN || minY.isNaN || maxY.isNaN {
            holdsUndecided = true
            return
        }
        largestMinX = Swift.max(largestMinX, minX)
        smallestMaxX = Swift.min(smallestMaxX, maxX)
        largestMinY = Swift.max(largestMinY, minY)
        smallestMaxY = Swift.min(smallestMaxY, maxY)
    }

    /// Whether every frame of the set certainly intersects `area`.
    /// - Complexity: O(1).
    func allIntersect(_ area: Rect) -> Bool {
        !holdsUndecided && !area.isNull && largestMinX < area.maxX && area.minX < smallestMaxX
            && largestMinY < area.maxY && area.minY < smallestMaxY
    }
}

// The iOS 10 cell lifecycle. Sources:
// - WWDC 2016 session 219, "What's New in UICollectionView in iOS 10"
//   (https://developer.apple.com/videos/play/wwdc2016/219/): cells are requested ahead of display one at a
//   time rather than a line at once, spreading the work over the frames before they are needed;
//   `didEndDisplaying` no longer means the cell goes to the reuse queue: it is kept a while in case the user
//   scrolls back, and then shows again with `willDisplay` and no `cellForItemAt`. Summaries of the session:
//   https://adoptioncurve.net/2016/06/25/collection-view-updates-in-ios10-part-2/ ("cells are now dequeued
//   individually rather than row-by-row"; "the cell hangs around a bit longer in case it's scrolled back in
//   again") and https://littlebitesofcocoa.com/241-uicollectionview-cell-pre-fetching.
// - Apple's `isPrefetchingEnabled` documentation
//   (https://developer.apple.com/documentation/uikit/uicollectionview/isprefetchingenabled): on by default;
//   cells are requested in advance of when they will be displayed, "spreading the rendering over multiple
//   layout passes".
// - Stack Overflow question 39135347, "Getting 'loaded' vs 'visible' cells on a UITableView or
//   UICollectionView" (https://stackoverflow.com/questions/39135347), measured on iOS 10: no
//   `cellForItemAt` for invisible cells when the view loads, prefetching "only begins when the user
//   scrolls"; with 8 cells on screen, scrolling to show 2–10 asks for about 11–14 (half a screen ahead); a
//   cell scrolled back does not get `cellForItemAt` again.
//
// The prefetch region, Reel's reading of these: the bounds extended by half their length along the axis of
// scrolling on both sides — ahead, where cells are prefetched (the answer above: half a screen); behind,
// where cells that scrolled out are kept. UIKit's exact extent is not documented.
extension CollectionView {
    /// The prefetch region: the bounds extended by half their length along the axis of scrolling, on both
    /// sides; `nil` before the content first moved.
    var prefetchRegion: Rect? {
        guard let axis = prefetch.axis else { return nil }
        let visible = bounds
        switch axis {
        case .vertical:
            return Rect(x: visible.minX, y: visible.minY - visible.height / 2,
                        width: visible.width, height: visible.height * 2)
        case .horizontal:
            return Rect(x: visible.minX - visible.width / 2, y: visible.minY,
                        width: visible.width * 2, height: visible.height)
        }
    }

    /// The part of the prefetch region ahead of the bounds in the direction of travel.
    private func regionAhead(of visible: Rect, axis: PrefetchState.Axis) -> Rect {
        switch axis {
        case .vertical:
            Rect(x: visible.minX, y: prefetch.sign > 0 ? visible.maxY : visible.minY - visible.height / 2,
                 width: visible.width, height: visible.height / 2)
        case .horizontal:
            Rect(x: prefetch.sign > 0 ? visible.maxX : visible.minX - visible.width / 2, y: visible.minY,
                 width: visible.width / 2, height: visible.height)
        }
    }

    /// Configures at most one cell ahead of display — the next to appear in the direction of travel — and
    /// returns to their pools the held cells that left the prefetch region.
    ///
    /// `refresh` (the display, the direction or the layout changed) queries the layout for the region ahead
    /// and rebuilds the queue of cells to prefetch, in the order they will appear; other passes take the
    /// next cell from the queue without a query.
    /// - Complexity: O(r log r) for r elements in the region when refreshing, O(h) for h held cells otherwise.
    func prefetchNextCell(refresh: Bool) {
        guard let axis = prefetch.axis, let region = prefetchRegion else { return }
        discardOffscreenCells(outside: region)
        if refresh { queueUpcomingCells(ahead: regionAhead(of: bounds, axis: axis), axis: axis) }
        while let next = prefetch.queue.popLast() {
            let indexPath = next.indexPath
            guard offscreenCells[indexPath] == nil, displayedIndex(of: next.elementKey) == nil else { continue }
            measure(.prefetch, .cell) {
                let cell = configureCell(next)
                offscreenCells[indexPath] = OffscreenCell(cell: cell, wasDisplayed: false)
                selfSize(cell, next)
                prefetch.heldExtent.include(cell.frame)
            }
            counters.cellsPrefetched += 1
            return
        }
    }

    /// Fills the prefetch queue with the cells in `band` neither displayed nor held, the nearest along the
    /// direction of travel last (ties: the lower index path last), reusing the queue's and the candidates'
    /// storage.
    private func queueUpcomingCells(ahead band: Rect, axis: PrefetchState.Axis) {
        counters.elementQueries += 1
        let layout = collectionViewLayout
        let answer = callingLayout(query: true) {
            measure(.query, nil) { layout.layoutAttributesForElements(in: band) }
        }
        var candidates = passBuffers.candidates
        passBuffers.candidates = []
        candidates.removeAll(keepingCapacity: true)
        let visible = bounds, sign = prefetch.sign
        // Read once: nothing below calls out of the collection view.
        let held = offscreenCells
        for (position, attributes) in answer.enumerated() where attributes.representedElementCategory == .cell {
            let fields = attributes.standard, frame = attributes.frame
            guard !fields.isHidden && frame.intersects(band) && !frame.intersects(visible)
                && held[fields.indexPath] == nil else { continue }
            let lead = switch axis {
            case .vertical: sign > 0 ? frame.minY : -frame.maxY
            case .horizontal: sign > 0 ? frame.minX : -frame.maxX
            }
            candidates.append((lead, fields.indexPath, position))
        }
        // The flow layout answers in the order the cells lie, so that the queue's order is the answer's or its
        // reverse: checked in O(r), sorted only otherwise (a sort of more than a few elements allocates).
        func before(_ a: (lead: Double, indexPath: IndexPath, position: Int),
                    _ b: (lead: Double, indexPath: IndexPath, position: Int)) -> Bool {
            (a.lead, a.indexPath) > (b.lead, b.indexPath)
        }
        var ordered = true, reversed = true
        for index in candidates.indices.dropFirst() {
            if before(candidates[index], candidates[index - 1]) { ordered = false }
            if !before(candidates[index], candidates[index - 1]) { reversed = false }
            if !ordered && !reversed { break }
        }
        if !ordered {
            // Strictly in the opposite order: no ties, so that reversing gives what the sort would.
            if reversed { candidates.reverse() } else { candidates.sort(by: before) }
        }
        prefetch.queue.removeAll(keepingCapacity: true)
        for candidate in candidates { prefetch.queue.append(answer[candidate.position]) }
        candidates.removeAll(keepingCapacity: true)
        passBuffers.candidates = candidates
    }

    /// Updates the direction of travel from the movement since the last pass; returns whether it changed.
    /// The axis stays `nil` until the content first moves.
    func updatePrefetchDirection() -> Bool {
        let origin = bounds.origin
        let before = (prefetch.axis, prefetch.sign)
        if let last = prefetch.lastOrigin, last != origin {
            let dx = origin.x - last.x, dy = origin.y - last.y
            if abs(dy) >= abs(dx) {
                prefetch.axis = .vertical
                prefetch.sign = dy > 0 ? 1 : -1
            } else {
                prefetch.axis = .horizontal
                prefetch.sign = dx > 0 ? 1 : -1
            }
        }
        prefetch.lastOrigin = origin
        return before.0 != prefetch.axis || before.1 != prefetch.sign
    }

    /// Returns held cells (prefetched or kept) to their pools — all of them, or those whose frame is
    /// outside `area` — and forgets the cells queued for prefetching when all go.
    ///
    /// A held cell's frame does not change while it is held (attributes are applied to a cell when it is
    /// configured and when it is displayed again, which takes it out of the held cells), so that when the
    /// innermost edges of the held frames intersect `area`, every one does and none is looked at: most
    /// frames of a steady scroll.
    /// - Complexity: O(1) when no held cell can be outside `area`, else O(h + s log s) for h held cells of
    ///   which s go.
    func discardOffscreenCells(outside area: Rect? = nil) {
        if area == nil { prefetch.queue.removeAll() }
        guard !offscreenCells.isEmpty else { return }
        if let area, prefetch.heldExtent.allIntersect(area) { return }
        // Into a kept list rather than a filtered dictionary: a steady scroll frame allocates nothing.
        var stale = passBuffers.stale
        passBuffers.stale = []
        stale.removeAll(keepingCapacity: true)
        var extent = HeldCellsExtent()
        for (indexPath, held) in offscreenCells {
            if let area, held.cell.frame.intersects(area) {
                extent.include(held.cell.frame)
                continue
            }
            stale.append(indexPath)
        }
        prefetch.heldExtent = extent
        if !stale.isEmpty {
            stale.sort()
            for indexPath in stale {
                if let held = offscreenCells.removeValue(forKey: indexPath) {
                    enqueue(held.cell, ElementKey(category: .cell, kind: nil, indexPath: indexPath))
                }
            }
        }
        stale.removeAll(keepingCapacity: true)
        passBuffers.stale = stale
    }

    /// Holds a cell that just ended its display out of the pool while it is within the prefetch region;
    /// returns whether it did.
    func keepCellWithinPrefetchRegion(_ view: ReusableView, _ key: ElementKey) -> Bool {
        guard isPrefetchingEnabled, key.category == .cell, let cell = view as? CollectionViewCell,
              let region = prefetchRegion, cell.frame.intersects(region) else { return false }
        offscreenCells[key.indexPath] = OffscreenCell(cell: cell, wasDisplayed: true)
        prefetch.heldExtent.include(cell.frame)
        return true
    }
}
