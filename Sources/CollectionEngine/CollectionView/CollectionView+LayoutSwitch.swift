extension CollectionView {
    /// Replaces the layout; with `animated`, every element moves from the old layout's attributes to the
    /// new one's over `duration` seconds (SPEC §5.6).
    ///
    /// In UIKit's order: `prepareForTransition(to:)` on the old layout and `prepareForTransition(from:)` on
    /// the new one; the new layout prepares; the content offset becomes the new layout's
    /// `targetContentOffset(forProposedContentOffset:)`; elements move. Elements the old layout did not
    /// display start from the old layout's attributes for them (faded in when it has none); elements that
    /// leave end at the new layout's attributes. When the animation ends, `finalizeLayoutTransition()` runs
    /// on both layouts and `completion` with `true`.
    public func setCollectionViewLayout(_ layout: CollectionViewLayout, animated: Bool, duration: Double = 0.3,
                                        completion: ((Bool) -> Void)? = nil) {
        let old = collectionViewLayout
        guard layout !== old else {
            completion?(true)
            return
        }
        old.prepareForTransition(to: layout)
        layout.prepareForTransition(from: old)
        switchLayout(to: layout, animated: animated, duration: duration) { finished in
            old.finalizeLayoutTransition()
            layout.finalizeLayoutTransition()
            completion?(finished)
        }
    }

    /// Starts an interactive transition to `layout`: the collection view's layout becomes a
    /// ``TransitionLayout`` between the two, whose `transitionProgress` the caller sets as the gesture
    /// moves (UIKit's `startInteractiveTransition(to:completion:)`).
    ///
    /// - Precondition: no interactive transition is running.
    @discardableResult
    public func startInteractiveTransition(to layout: CollectionViewLayout,
                                           completion: ((_ completed: Bool, _ finished: Bool) -> Void)? = nil) -> TransitionLayout {
        precondition(!(collectionViewLayout is TransitionLayout), "an interactive transition is already running")
        let old = collectionViewLayout
        old.prepareForTransition(to: layout)
        layout.prepareForTransition(from: old)
        let transition = TransitionLayout(currentLayout: old, nextLayout: layout)
        collectionViewLayout = transition
        old.collectionView = self
        layout.collectionView = self
        old.invalidateLayout()
        layout.invalidateLayout()
        interactiveCompletion = completion
        return transition
    }

    /// Ends the interactive transition on its next layout, animating from where it is.
    /// - Precondition: an interactive transition is running.
    public func finishInteractiveTransition() { endInteractiveTransition(finish: true) }

    /// Ends the interactive transition back on its current layout, animating from where it is.
    /// - Precondition: an interactive transition is running.
    public func cancelInteractiveTransition() { endInteractiveTransition(finish: false) }

    private func endInteractiveTransition(finish: Bool) {
        guard let transition = collectionViewLayout as? TransitionLayout else {
            preconditionFailure("no interactive transition is running")
        }
        let target = finish ? transition.nextLayout : transition.currentLayout
        let remaining = finish ? 1 - transition.transitionProgress : transition.transitionProgress
        let completion = interactiveCompletion
        interactiveCompletion = nil
        switchLayout(to: target, animated: true, duration: Self.transitionDuration * max(0, min(1, remaining))) { _ in
            transition.currentLayout.finalizeLayoutTransition()
            transition.nextLayout.finalizeLayoutTransition()
            completion?(true, finish)
        }
        (finish ? transition.currentLayout : transition.nextLayout).collectionView = nil
    }

    /// How long a layout switch animates when the caller gives no duration (UIKit's 0.3 s).
    static let transitionDuration = 0.3

    /// Installs `layout` and moves the display to it.
    private func switchLayout(to layout: CollectionViewLayout, animated: Bool, duration: Double,
                              completion: @escaping (Bool) -> Void) {
        let old = collectionViewLayout
        collectionViewLayout = layout
        guard animated, duration > 0 else {
            completion(true)
            return
        }
        // The old layout answers for the elements it had while the display moves.
        old.collectionView = self
        defer { old.collectionView = nil }
        prepareLayoutIfNeeded()
        let proposed = layout.targetContentOffset(forProposedContentOffset: contentOffset)
        contentOffset = clampedOffset(proposed)
        prepareLayoutIfNeeded()
        transitionDisplay(
            duration: duration, newKey: { $0 }, isReplaced: { _ in false },
            appearingFrom: { key, _ in old.attributes(for: key) },
            disappearingTo: { _, _, key in key.flatMap { layout.attributes(for: $0) } })
        completions.append((end: animationTime + duration, handler: completion))
    }

    /// `offset` within the content: from −inset to content size − bounds + inset on each axis.
    func clampedOffset(_ offset: Point) -> Point {
        // 0 − inset rather than −inset: no negative zero in offsets.
        let minX = 0 - contentInset.left, minY = 0 - contentInset.top
        let maxX = max(minX, contentSize.width - bounds.width + contentInset.right)
        let maxY = max(minY, contentSize.height - bounds.height + contentInset.bottom)
        return Point(x: min(max(offset.x, minX), maxX), y: min(max(offset.y, minY), maxY))
    }
}
