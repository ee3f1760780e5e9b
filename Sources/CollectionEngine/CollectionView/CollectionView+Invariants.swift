extension CollectionView {
    /// Checks the engine's invariants, trapping with what is wrong; returns `true` so that it can run
    /// inside `assert` (debug builds, and so every `swift test`).
    ///
    /// - The displayed elements are sorted by key, each once.
    /// - Every view is in at most one place: on display, disappearing, held off screen (prefetched or kept
    ///   within the prefetch region), or in one pool.
    /// - A held cell is not displayed, carries the attributes of its own item, and exists only with
    ///   prefetching on; when the held cells' extent says that every held frame intersects the prefetch
    ///   region, each does.
    /// - Every displayed view carries the attributes of the element it displays, not hidden unless animating.
    /// - Pooled views are filed under their own reuse identifier.
    func checkInvariants() -> Bool {
        for index in displayed.indices.dropFirst() {
            precondition(displayed[index - 1].key < displayed[index].key,
                         "displayed elements out of order: \(displayed[index - 1].key) before \(displayed[index].key)")
        }
        var seen = Set<ObjectIdentifier>()
        func place(_ view: ReusableView, _ where_: String) {
            precondition(seen.insert(ObjectIdentifier(view)).inserted, "a view is in two places, one of them \(where_)")
        }
        for element in displayed {
            place(element.view, "displayed as \(element.key)")
            precondition(element.view.layoutAttributes?.elementKey == element.key,
                         "the view displayed as \(element.key) carries attributes for "
                            + "\(element.view.layoutAttributes.map { "\($0.elementKey)" } ?? "nothing")")
            precondition(element.view.layoutAttributes?.isHidden == false || animations[ObjectIdentifier(element.view)] != nil,
                         "hidden element \(element.key) is displayed")
        }
        for element in disappearing {
            place(element.view, "disappearing as \(element.key)")
        }
        for (indexPath, held) in offscreenCells {
            let key = ElementKey(category: .cell, kind: nil, indexPath: indexPath)
            place(held.cell, "held off screen for \(indexPath)")
            precondition(displayedIndex(of: key) == nil, "cell \(indexPath) is both displayed and held off screen")
            precondition(held.cell.layoutAttributes?.elementKey == key,
                         "the cell held off screen for \(indexPath) carries attributes for "
                            + "\(held.cell.layoutAttributes.map { "\($0.elementKey)" } ?? "nothing")")
            precondition(isPrefetchingEnabled, "cell \(indexPath) is held off screen with prefetching off")
            if let region = prefetchRegion, prefetch.heldExtent.allIntersect(region) {
                precondition(held.cell.frame.intersects(region),
                             "the held cells' extent says cell \(indexPath) is within the prefetch region; it is not")
            }
        }
        for (identifier, pool) in cellPools {
            for cell in pool.views {
                place(cell, "in the pool of '\(identifier)'")
                precondition(cell.reuseIdentifier == identifier, "a '\(cell.reuseIdentifier ?? "")' cell is in the pool of '\(identifier)'")
            }
        }
        for (key, pool) in supplementaryPools {
            for view in pool.views {
                place(view, "in the pool of '\(key.kind)'/'\(key.identifier)'")
                precondition(view.reuseIdentifier == key.identifier, "a view is in the wrong supplementary pool")
            }
        }
        for (kind, pool) in decorationPools {
            for view in pool.views { place(view, "in the decoration pool of '\(kind)'") }
        }
        return true
    }
}
