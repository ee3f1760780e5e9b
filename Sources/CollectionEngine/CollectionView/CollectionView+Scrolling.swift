extension CollectionView {
    /// ``contentInset`` plus the safe area on the edges of each axis the content scrolls along: the insets the
    /// scrollable range and pinned headers and footers use (`UIScrollView.adjustedContentInset`).
    ///
    /// As UIKit's default `contentInsetAdjustmentBehavior`, `.automatic`, does for a collection view that is
    /// not the content view of a navigation or tab bar controller — like `.scrollableAxes`: "the top and bottom
    /// insets include the safe area inset values when the vertical content size is greater than the height of
    /// the scroll view itself … similarly, the left and right insets … when the horizontal content size is greater
    /// than the width" (https://developer.apple.com/documentation/uikit/uiscrollview/contentinsetadjustmentbehavior-swift.enum/scrollableaxes,
    /// https://developer.apple.com/documentation/uikit/uiscrollview/contentinsetadjustmentbehavior-swift.enum/automatic).
    /// Equal to ``contentInset`` while the safe area is zero.
    /// - Complexity: O(1).
    public var adjustedContentInset: EdgeInsets {
        var inset = contentInset
        let safe = safeAreaInsets
        guard safe != .zero else { return inset }
        let size = contentSize
        if size.height > bounds.height {
            inset.top += safe.top
            inset.bottom += safe.bottom
        }
        if size.width > bounds.width {
            inset.left += safe.left
            inset.right += safe.right
        }
        return inset
    }

    /// Whether the content moves along x: it is wider than the visible area.
    var scrollsHorizontally: Bool { contentSize.width + adjustedContentInset.horizontal > bounds.width }
    /// Whether the content moves along y: it is taller than the visible area.
    var scrollsVertically: Bool { contentSize.height + adjustedContentInset.vertical > bounds.height }

    /// Whether the content rubber-bands along x: it bounces, and it is wider than the view or always bounces
    /// horizontally. UIKit's rule (`UIScrollView.alwaysBounceHorizontal`: "If this property is set to true and
    /// bounces is true, horizontal dragging is allowed even if the content is smaller than the bounds of the
    /// scroll view").
    var bouncesHorizontally: Bool { bounces && (scrollsHorizontally || alwaysBounceHorizontal) }
    /// Whether the content rubber-bands along y (`UIScrollView.alwaysBounceVertical`'s rule, as along x).
    var bouncesVertically: Bool { bounces && (scrollsVertically || alwaysBounceVertical) }

    /// Whether `offset` is past an edge of the content on an axis.
    func isPastEdge(_ offset: Point) -> Bool { clampedOffset(offset) != offset }

    /// Where the finger dragging the content is, in content coordinates, as UIKit's
    /// `panGestureRecognizer.location(in: collectionView)`: its last position in the viewport seen from the
    /// current content offset. `nil` before the first drag; after the finger lifts, where it lifted (so a
    /// layout that reads it while the content decelerates sees the finger's last place, as in UIKit).
    public var panGestureLocation: Point? {
        panFinger.map { Point(x: contentOffset.x + $0.location.x, y: contentOffset.y + $0.location.y) }
    }

    /// The phase of the last drag: `began` or `changed` while the finger is down, `ended` or `cancelled`
    /// after it lifted; `nil` before the first drag.
    public var panGestureState: GestureState? { panFinger?.state }

    /// Records the finger's viewport `location` and `state`, and tells a layout that handles interactions.
    private func trackFinger(_ state: GestureState, at location: Point, velocity: Point? = nil) {
        panMotion.track(state, at: location, time: animationTime, previous: panFinger?.location, velocity: velocity)
        panFinger = (state, location)
        if let handler = collectionViewLayout as? any LayoutInteractionHandling {
            counters.layoutInteractions += 1
            let at = panGestureLocation ?? location
            callingLayout { handler.collectionView(self, drag: state, at: at) }
        }
    }

    /// A finger starts dragging the content at `location`, in viewport coordinates. Catches a
    /// running deceleration or scrolling animation.
    public func beginDragging(at location: Point) {
        deceleration = nil
        pageSettle = nil
        springBack = nil
        scrollAnimation = nil
        prepareLayoutIfNeeded()
        // Content caught past an edge stays under the finger: the drag starts from where the finger would have
        // had to travel to put it there.
        let (lower, upper) = (clampedOffset(Point(x: -.infinity, y: -.infinity)), clampedOffset(Point(x: .infinity, y: .infinity)))
        let start = Point(
            x: RubberBand.unbanded(contentOffset.x, lower: lower.x, upper: upper.x, extent: bounds.width),
            y: RubberBand.unbanded(contentOffset.y, lower: lower.y, upper: upper.y, extent: bounds.height))
        drag = (finger: location, offset: start)
        dragStartOffset = contentOffset
        beginNestedDrag(at: location)
        trackFinger(.began, at: location)
        delegate?.scrollViewWillBeginDragging(self)
    }

    /// The dragging finger moved to `location`: the content follows it on the axes it scrolls or bounces
    /// along; past an edge it rubber-bands (``RubberBand``) when it bounces on that axis, else it stops there.
    /// - Complexity: O(1) plus the layout's `shouldInvalidateLayout(forBoundsChange:)`.
    public func dragChanged(to location: Point) {
        guard drag != nil else { return }
        trackFinger(.changed, at: location)
        if moveNestedScroller(withFingerAt: location) { return }
        moveContent(withFingerAt: location)
    }

    /// Moves the content so that the point under the finger when the drag began is under `location`.
    private func moveContent(withFingerAt location: Point) {
        guard let drag else { return }
        let (bandsX, bandsY) = (bouncesHorizontally, bouncesVertically)
        let dx = scrollsHorizontally || bandsX ? location.x - drag.finger.x : 0
        let dy = scrollsVertically || bandsY ? location.y - drag.finger.y : 0
        let unclamped = Point(x: drag.offset.x - dx, y: drag.offset.y - dy)
        let clamped = clampedOffset(unclamped)
        guard bandsX || bandsY else {
            contentOffset = clamped
            return
        }
        let (lower, upper) = (clampedOffset(Point(x: -.infinity, y: -.infinity)), clampedOffset(Point(x: .infinity, y: .infinity)))
        contentOffset = Point(
            x: bandsX ? RubberBand.banded(unclamped.x, lower: lower.x, upper: upper.x, extent: bounds.width) : clamped.x,
            y: bandsY ? RubberBand.banded(unclamped.y, lower: lower.y, upper: upper.y, extent: bounds.height) : clamped.y)
    }

    /// The finger lifted at `location`, moving at `velocity` (the finger's, in points per second, viewport
    /// coordinates; the content moves the other way).
    ///
    /// Where the content comes to rest: the fling's natural rest, v·r/(1−r)/1000 points away,
    /// clamped to the content and passed through the layout's
    /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`; the delegate's
    /// `scrollViewWillEndDragging` may change it, and the deceleration is retargeted to end exactly there.
    /// With paging, the page chosen by `pageTarget(velocity:from:)`, which the delegate may not change (see
    /// ``warnings``), reached in UIKit's short paging settle (0.3 s, see `PageSettle`). Callbacks in UIKit's
    /// order: will end dragging, did end dragging (will decelerate), will begin decelerating; did end
    /// decelerating when it comes to rest.
    public func endDragging(at location: Point, velocity: Point) {
        releaseDrag(.ended, at: location, velocity: velocity)
    }

    /// The system cancelled the drag with the finger at `location`: it ends as a release without velocity.
    public func cancelDragging(at location: Point) {
        releaseDrag(.cancelled, at: location, velocity: .zero)
    }

    private func releaseDrag(_ state: GestureState, at location: Point, velocity: Point) {
        guard drag != nil else { return }
        trackFinger(state, at: location, velocity: velocity)
        if releaseNestedScroller(at: location, velocity: velocity) {
            drag = nil
            return
        }
        moveContent(withFingerAt: location)
        drag = nil
        // Released past an edge, the content springs back to it, whatever the finger's velocity.
        let pastEdge = isPastEdge(contentOffset)
        let target = releaseTarget(fingerVelocity: pastEdge ? .zero : velocity)
        let decelerate = target != contentOffset
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
        guard decelerate else { return }
        delegate?.scrollViewWillBeginDecelerating(self)
        if isPagingEnabled {
            pageSettle = PageSettle(from: contentOffset, to: target, start: animationTime)
        } else if pastEdge {
            springBack = SpringBack(from: contentOffset, velocity: .zero, to: target, at: animationTime)
        } else {
            deceleration = fling(to: target, fingerVelocity: velocity)
        }
    }

    /// The deceleration of a fling released at the finger's `velocity` and coming to rest on `target`.
    ///
    /// When the content bounces and the fling's natural rest lies past an edge that `target` stops at (the
    /// layout and the delegate left it there), the fling keeps its natural motion until it reaches the edge,
    /// then overshoots it and springs back (``SpringBack``, from the edge at the fling's velocity there), as
    /// UIScrollView's flings bounce off the ends of the content. Otherwise it is retargeted to come to rest on
    /// `target` exactly.
    private func fling(to target: Point, fingerVelocity velocity: Point) -> Deceleration {
        let scrolling = Point(x: scrollsHorizontally ? -velocity.x : 0, y: scrollsVertically ? -velocity.y : 0)
        let natural = Point(x: contentOffset.x + decelerationRate.restingDistance(forVelocity: scrolling.x),
                            y: contentOffset.y + decelerationRate.restingDistance(forVelocity: scrolling.y))
        guard (bouncesHorizontally || bouncesVertically), natural != target, clampedOffset(natural) == target else {
            return Deceleration(from: contentOffset, to: target, at: animationTime, rate: decelerationRate)
        }
        var motion = Deceleration(from: contentOffset, to: natural, at: animationTime, rate: decelerationRate)
        // The fraction of the way at which it first reaches an edge it would pass.
        var fraction = 1.0
        for (start, rest, edge, bounces) in [(contentOffset.x, natural.x, target.x, bouncesHorizontally),
                                             (contentOffset.y, natural.y, target.y, bouncesVertically)]
        where bounces && rest != edge && start != rest {
            fraction = min(fraction, max(0, (edge - start) / (rest - start)))
        }
        guard fraction < 1 else {
            return Deceleration(from: contentOffset, to: target, at: animationTime, rate: decelerationRate)
        }
        motion.bounce = (motion.time(atFraction: fraction), target)
        return motion
    }

    /// Delivers a drag whose motion is replayed from recorded offsets (offsets mode): the delegate
    /// and the layout hear it as they would a real drag — will begin dragging; at release, the target offset
    /// asked of the layout (or paging) and of the delegate's `scrollViewWillEndDragging`, then did end
    /// dragging — but the content does not move. The finger's `location` (viewport coordinates) goes to
    /// ``panGestureLocation`` and to a layout that handles interactions, as in gestures mode. `velocity` is
    /// the finger's at release, as in ``endDragging(at:velocity:)``.
    public func deliverRecordedDrag(_ state: GestureState, at location: Point, velocity: Point) {
        trackFinger(state, at: location, velocity: state == .ended ? velocity : state == .cancelled ? .zero : nil)
        switch state {
        case .began:
            dragStartOffset = contentOffset
            delegate?.scrollViewWillBeginDragging(self)
        case .ended, .cancelled:
            let target = releaseTarget(fingerVelocity: state == .ended ? velocity : .zero)
            delegate?.scrollViewDidEndDragging(self, willDecelerate: target != contentOffset)
        case .changed:
            break
        }
    }

    /// Where a release at the finger's `velocity` comes to rest: the fling's natural rest, clamped, through
    /// the layout's target offset, then the delegate's `scrollViewWillEndDragging`, clamped again. With
    /// paging, the page; the delegate hears it but its change is ignored with UIKit's log line in
    /// ``warnings``, as UIKit ignores it.
    private func releaseTarget(fingerVelocity velocity: Point) -> Point {
        let scrolling = Point(x: scrollsHorizontally ? -velocity.x : 0, y: scrollsVertically ? -velocity.y : 0)
        let delegateVelocity = Point(x: scrolling.x / 1000, y: scrolling.y / 1000)
        if isPagingEnabled {
            let page = pageTarget(velocity: scrolling, from: dragStartOffset ?? contentOffset)
            var proposed = page
            delegate?.scrollViewWillEndDragging(self, withVelocity: delegateVelocity, targetContentOffset: &proposed)
            if proposed != page {
                warnings.append(EngineWarning(kind: .pagingTargetModified,
                                              message: EngineWarning.pagingTargetModifiedMessage, time: animationTime))
            }
            return page
        }
        let proposed = clampedOffset(Point(
            x: contentOffset.x + decelerationRate.restingDistance(forVelocity: scrolling.x),
            y: contentOffset.y + decelerationRate.restingDistance(forVelocity: scrolling.y)))
        let layout = collectionViewLayout
        var target = callingLayout {
            layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: scrolling)
        }
        delegate?.scrollViewWillEndDragging(self, withVelocity: delegateVelocity, targetContentOffset: &target)
        return clampedOffset(target)
    }

    /// Whether a finger is dragging the content.
    public var isDragging: Bool { drag != nil }

    /// Whether the content is decelerating after a drag.
    public var isDecelerating: Bool {
        deceleration != nil || pageSettle != nil || springBack != nil || !nestedDecelerations.isEmpty
    }

    /// Moves the content to `offset`; animated, over 0.3 s on the ease-in-ease-out curve, ending with
    /// `scrollViewDidEndScrollingAnimation`. As UIKit's, the offset is not clamped.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        deceleration = nil
        pageSettle = nil
        springBack = nil
        guard animated, offset != contentOffset else {
            scrollAnimation = nil
            contentOffset = offset
            return
        }
        scrollAnimation = ScrollAnimation(from: contentOffset, to: offset, start: animationTime, duration: Self.transitionDuration)
    }

    /// Scrolls so that the item at `indexPath` is at `position`, within the content.
    ///
    /// - Precondition: the item exists.
    /// - Complexity: one item query of the layout.
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        prepareLayoutIfNeeded()
        precondition(itemExists(indexPath), "attempt to scroll to invalid index path: \(indexPath)")
        let layout = collectionViewLayout
        guard let frame = callingLayout(query: true, { layout.layoutAttributesForItem(at: indexPath)?.frame }) else {
            return
        }
        setContentOffset(clampedOffset(offset(showing: frame, at: position)), animated: animated)
    }

    /// The content offset that puts `frame` at `position`.
    func offset(showing frame: Rect, at position: ScrollPosition) -> Point {
        var offset = contentOffset
        let inset = adjustedContentInset, size = bounds.size
        switch position {
        case .top: offset.y = frame.minY - inset.top
        case .centeredVertically: offset.y = frame.midY - size.height / 2
        case .bottom: offset.y = frame.maxY - size.height + inset.bottom
        case .left: offset.x = frame.minX - inset.left
        case .centeredHorizontally: offset.x = frame.midX - size.width / 2
        case .right: offset.x = frame.maxX - size.width + inset.right
        case .nearest:
            if frame.minY < offset.y + inset.top {
                offset.y = frame.minY - inset.top
            } else if frame.maxY > offset.y + size.height - inset.bottom {
                offset.y = frame.maxY - size.height + inset.bottom
            }
            if frame.minX < offset.x + inset.left {
                offset.x = frame.minX - inset.left
            } else if frame.maxX > offset.x + size.width - inset.right {
                offset.x = frame.maxX - size.width + inset.right
            }
        }
        return offset
    }

    /// The page a paging scroll view settles on, on each axis (pages are multiples of the bounds' size): with
    /// velocity, the nearest page in its direction; without, the nearest page, so a drag past half a page
    /// goes on to the next one and a shorter one goes back. Never more than one page from the page the drag
    /// began on (`start`, rounded to the nearest page): as in UIKit, a fling never skips pages, however
    /// strong. Clamped to the content.
    private func pageTarget(velocity: Point, from start: Point) -> Point {
        func page(_ offset: Double, _ start: Double, _ size: Double, _ velocity: Double) -> Double {
            guard size > 0 else { return offset }
            let position = offset / size
            let index = velocity > 0 ? position.rounded(.up) : velocity < 0 ? position.rounded(.down) : position.rounded()
            let origin = (start / size).rounded()
            return min(max(index, origin - 1), origin + 1) * size
        }
        return clampedOffset(Point(x: page(contentOffset.x, start.x, bounds.width, velocity.x),
                                   y: page(contentOffset.y, start.y, bounds.height, velocity.y)))
    }

    /// Moves a deceleration or a scrolling animation to `time`; part of ``advanceAnimations(to:)``.
    func advanceScrolling(to time: Double) {
        advanceNestedScrollers(to: time)
        if let animation = scrollAnimation {
            let progress = animationCurve.value(at: animation.duration > 0 ? (time - animation.start) / animation.duration : 1)
            let from = animation.from, to = animation.to
            contentOffset = Point(x: from.x + (to.x - from.x) * progress, y: from.y + (to.y - from.y) * progress)
            if time >= animation.start + animation.duration {
                scrollAnimation = nil
                delegate?.scrollViewDidEndScrollingAnimation(self)
            }
        }
        if let pageSettle {
            contentOffset = pageSettle.offset(at: time)
            if pageSettle.isFinished(at: time) {
                self.pageSettle = nil
                delegate?.scrollViewDidEndDecelerating(self)
            }
        }
        if let deceleration {
            if let bounce = deceleration.bounce, time >= bounce.time {
                // The fling reached the edge: from there it overshoots and comes back.
                springBack = SpringBack(from: deceleration.offset(at: bounce.time), velocity: deceleration.velocity(at: bounce.time),
                                        to: bounce.target, at: bounce.time)
                self.deceleration = nil
            } else {
                contentOffset = deceleration.offset(at: time)
                if deceleration.isFinished(at: time) {
                    self.deceleration = nil
                    delegate?.scrollViewDidEndDecelerating(self)
                }
            }
        }
        if let springBack {
            contentOffset = springBack.offset(at: time)
            if springBack.isFinished(at: time) {
                self.springBack = nil
                delegate?.scrollViewDidEndDecelerating(self)
            }
        }
    }
}

/// An animated change of the content offset.
struct ScrollAnimation {
    let from: Point
    let to: Point
    let start: Double
    let duration: Double
}
