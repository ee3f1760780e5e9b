/// Which way the content is moving, for prefetching.
struct PrefetchState {
    enum Axis { case horizontal, vertical }
    var axis: Axis?
    /// +1 towards the end of the content, −1 towards its start.
    var sign: Double = 1
    var lastOrigin: Point?
}

extension CollectionView {
    /// Configures the cells of the next line in the direction of scrolling, so that they are ready when
    /// they scroll in (UIKit's cell prefetching).
    ///
    /// The "next line" is layout-independent: the layout is queried for the screen beyond the leading
    /// edge, and the cells that overlap, along the scrolling axis, the nearest cell not yet displayed are
    /// prefetched. It runs only when the displayed set or the direction changed, so slow scrolling within
    /// a line costs no query. Prefetched cells that fell behind (the direction reversed) go back to their pool.
    func prefetchNextLine(displayChanged: Bool) {
        let directionChanged = updatePrefetchDirection()
        guard displayChanged || directionChanged, let axis = prefetch.axis else { return }

        let visible = bounds
        let band: Rect
        switch axis {
        case .vertical:
            band = Rect(x: visible.minX, y: prefetch.sign > 0 ? visible.maxY : visible.minY - visible.height,
                        width: visible.width, height: visible.height)
        case .horizontal:
            band = Rect(x: prefetch.sign > 0 ? visible.maxX : visible.minX - visible.width, y: visible.minY,
                        width: visible.width, height: visible.height)
        }
        discardPrefetchedCells(outside: visible.union(band))

        counters.elementQueries += 1
        let answer = measure(.query, nil) { collectionViewLayout.layoutAttributesForElements(in: band) }
        // Cells beyond the display, prefetched or not: the nearest of them defines the next line.
        var candidates: [LayoutAttributes] = []
        for attributes in answer
        where attributes.representedElementCategory == .cell && !attributes.isHidden
            && attributes.frame.intersects(band) && displayedIndex(of: attributes.elementKey) == nil {
            candidates.append(attributes)
        }
        guard !candidates.isEmpty else { return }

        // Leading edge along the axis, in the direction of travel.
        func lead(_ r: Rect) -> Double {
            switch axis {
            case .vertical: prefetch.sign > 0 ? r.minY : -r.maxY
            case .horizontal: prefetch.sign > 0 ? r.minX : -r.maxX
            }
        }
        func trail(_ r: Rect) -> Double {
            switch axis {
            case .vertical: prefetch.sign > 0 ? r.maxY : -r.minY
            case .horizontal: prefetch.sign > 0 ? r.maxX : -r.minX
            }
        }
        guard let nearest = candidates.min(by: { lead($0.frame) < lead($1.frame) }) else { return }
        let lineEnd = trail(nearest.frame)
        let line = candidates.filter { lead($0.frame) < lineEnd && prefetchedCells[$0.indexPath] == nil }
            .sorted { $0.indexPath < $1.indexPath }

        measure(.prefetch, .cell) {
            for attributes in line {
                prefetchedCells[attributes.indexPath] = configureCell(attributes)
                counters.cellsPrefetched += 1
            }
        }
    }

    /// Updates the direction of travel from the movement since the last pass; returns whether it changed.
    private func updatePrefetchDirection() -> Bool {
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
        } else if prefetch.axis == nil {
            // Before any movement, the content will scroll forward along the axis it overflows.
            if contentSize.height > bounds.height {
                prefetch.axis = .vertical
            } else if contentSize.width > bounds.width {
                prefetch.axis = .horizontal
            }
            prefetch.sign = 1
        }
        prefetch.lastOrigin = origin
        return before.0 != prefetch.axis || before.1 != prefetch.sign
    }

    /// Returns prefetched cells to their pools — all of them, or those whose frame is outside `area`.
    func discardPrefetchedCells(outside area: Rect? = nil) {
        guard !prefetchedCells.isEmpty else { return }
        let stale = prefetchedCells.filter { _, cell in
            guard let area else { return true }
            return !cell.frame.intersects(area)
        }.keys.sorted()
        for indexPath in stale {
            if let cell = prefetchedCells.removeValue(forKey: indexPath) {
                enqueue(cell, ElementKey(category: .cell, kind: nil, indexPath: indexPath))
            }
        }
    }
}
