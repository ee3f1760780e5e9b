extension CollectionView {
    /// The offset of the nested scroller `id` along its axis: 0 until it scrolls (see ``NestedScroller``).
    /// - Complexity: O(1) on average.
    public func nestedScrollOffset(of id: Int) -> Double {
        nestedScrollOffsets[id] ?? 0
    }

    /// Moves the nested scroller `id` to `offset` along its axis, clamped to its content, and invalidates the
    /// layout with a context naming the scroller (``InvalidationContext/invalidatedNestedScrollers``); the next
    /// layout pass displays what the layout then places. Does nothing when the layout has no such scroller or
    /// the offset does not change.
    /// - Complexity: O(1) plus the layout's invalidation.
    public func setNestedScrollOffset(_ offset: Double, of id: Int) {
        guard let scroller = collectionViewLayout.nestedScroller(withID: id) else { return }
        let clamped = min(max(offset, 0), scroller.maximumOffset)
        guard clamped != nestedScrollOffset(of: id) else { return }
        nestedScrollOffsets[id] = clamped
        // One context object, reused while the layout keeps its class of contexts: a steady nested scroll
        // allocates nothing.
        let contextClass = type(of: collectionViewLayout).invalidationContextClass
        let context: InvalidationContext
        if let reused = nestedScrollContext, type(of: reused) == contextClass {
            context = reused
        } else {
            context = contextClass.init()
            nestedScrollContext = context
        }
        context.invalidatedNestedScrollers = context.invalidatedNestedScrollers ?? []
        context.invalidatedNestedScrollers?.removeAll(keepingCapacity: true)
        context.invalidatedNestedScrollers?.append(id)
        collectionViewLayout.invalidateLayout(with: context)
    }

    // MARK: Dragging a nested scroller

    /// A drag begins at `location` (viewport coordinates): inside a nested scroller, the scroller's fling
    /// stops, and the first move decides whether the drag scrolls it.
    func beginNestedDrag(at location: Point) {
        nestedDrag = nil
        pendingNestedDrag = nil
        let point = Point(x: contentOffset.x + location.x, y: contentOffset.y + location.y)
        guard let scroller = collectionViewLayout.nestedScroller(containing: point) else { return }
        nestedDecelerations.removeAll { $0.id == scroller.id }
        pendingNestedDrag = (scroller.id, scroller.axis, location)
    }

    /// Moves the nested scroller the drag scrolls; returns whether one does.
    ///
    /// The first move of a drag that began inside a nested scroller decides: mostly along the scroller's axis,
    /// the drag scrolls it and the content stays; otherwise the content scrolls. This is Reel's model of how
    /// UIKit arbitrates between nested scroll views, whose inner pan gesture recognizer takes pans along the
    /// axis it scrolls and leaves the others to the outer one. Offsets clamp at the scroller's edges (no
    /// rubber-banding).
    func moveNestedScroller(withFingerAt location: Point) -> Bool {
        if let pending = pendingNestedDrag {
            let dx = abs(location.x - pending.finger.x), dy = abs(location.y - pending.finger.y)
            guard dx != dy || dx > 0 else { return true }
            pendingNestedDrag = nil
            let along = pending.axis == .horizontal ? dx > dy : dy > dx
            guard along else { return false }
            let finger = pending.axis == .horizontal ? pending.finger.x : pending.finger.y
            nestedDrag = (pending.id, pending.axis, finger, nestedScrollOffset(of: pending.id))
        }
        guard let nested = nestedDrag else { return false }
        let finger = nested.axis == .horizontal ? location.x : location.y
        setNestedScrollOffset(nested.offset - (finger - nested.finger), of: nested.id)
        return true
    }

    /// Ends a drag that scrolls a nested scroller: a fling at the scroller's deceleration rate toward its
    /// natural rest, v·r/(1−r)/1000 points away, passed through the layout's
    /// ``CollectionViewLayout/targetOffset(forNestedScroller:proposedOffset:velocity:)`` and clamped. Returns
    /// whether the drag was a nested one (a drag still undecided at release scrolled nothing).
    func releaseNestedScroller(at location: Point, velocity: Point) -> Bool {
        if pendingNestedDrag != nil {
            pendingNestedDrag = nil
            return true
        }
        guard let nested = nestedDrag else { return false }
        _ = moveNestedScroller(withFingerAt: location)
        nestedDrag = nil
        guard let scroller = collectionViewLayout.nestedScroller(withID: nested.id) else { return true }
        // The content moves against the finger.
        let speed = -(nested.axis == .horizontal ? velocity.x : velocity.y)
        let current = nestedScrollOffset(of: nested.id)
        let proposed = current + scroller.decelerationRate.restingDistance(forVelocity: speed)
        let target = min(max(collectionViewLayout.targetOffset(forNestedScroller: scroller, proposedOffset: proposed, velocity: speed),
                             0), scroller.maximumOffset)
        guard target != current else { return true }
        nestedDecelerations.append((nested.id, Deceleration(from: Point(x: current, y: 0), to: Point(x: target, y: 0),
                                                            at: animationTime, rate: scroller.decelerationRate)))
        return true
    }

    /// Moves the nested scrollers' flings to `time`; part of ``advanceAnimations(to:)``.
    func advanceNestedScrollers(to time: Double) {
        var index = nestedDecelerations.count - 1
        while index >= 0 {
            let (id, motion) = nestedDecelerations[index]
            setNestedScrollOffset(motion.offset(at: time).x, of: id)
            if motion.isFinished(at: time) { nestedDecelerations.remove(at: index) }
            index -= 1
        }
    }
}
