extension CollectionView {
    /// Replaces the layout; with `animated`, every element moves from the old layout's attributes to the
    /// new one's over `duration` seconds.
    ///
    /// In UIKit's order: `prepareForTransition(to:)` on the old layout and `prepareForTransition(from:)` on
    /// the new one; the new layout prepares; the content offset becomes the new layout's
    /// `targetContentOffset(forProposedContentOffset:)`; elements move. Elements the old layout did not
    /// display start from the old layout's attributes for them (faded in when it has none); elements that
    /// leave end at the new layout's attributes. When the animation ends, `finalizeLayoutTransition()` runs
    /// on both layouts and `completion` with `true`. When the old layout supplies its own transition layout
    /// (``CollectionViewLayout/transitionLayout(to:)``), the switch animates that layout's progress instead.
    ///
    /// During an interactive transition (or while one animates to its end) the transition is abandoned
    /// where it stands: its completion runs with `completed` and `finished` both `false`, its two layouts
    /// are finalized and leave the collection view, and the switch starts from the transition layout's
    /// attributes, so that elements move from where they are shown. UIKit documents no behaviour for this
    /// call during a transition; this one never leaves a transition layout whose layouts no longer belong
    /// to the collection view, and a `finishInteractiveTransition()` that follows is then a call without
    /// a transition (UIKit's exception: ``CollectionView/noInteractiveTransitionMessage``).
    public func setCollectionViewLayout(_ layout: CollectionViewLayout, animated: Bool, duration: Double = 0.3,
                                        completion: ((Bool) -> Void)? = nil) {
        let old = collectionViewLayout
        guard layout !== old else {
            completion?(true)
            return
        }
        let abandoned = abandonTransition()
        defer {
            if let abandoned {
                for inner in [abandoned.currentLayout, abandoned.nextLayout] where inner !== layout && inner.collectionView === self {
                    inner.collectionView = nil
                }
            }
        }
        callingLayout {
            old.prepareForTransition(to: layout)
            layout.prepareForTransition(from: old)
        }
        if animated, duration > 0, let transition = ownTransition(from: old, to: layout) {
            install(transition)
            animateTransition(transition, to: 1, duration: duration) { [unowned self] finished in
                callingLayout {
                    old.finalizeLayoutTransition()
                    layout.finalizeLayoutTransition()
                }
                completion?(finished)
            }
            return
        }
        switchLayout(to: layout, animated: animated, duration: duration) { [unowned self] finished in
            callingLayout {
                old.finalizeLayoutTransition()
                layout.finalizeLayoutTransition()
            }
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
        precondition(!(collectionViewLayout is TransitionLayout), Self.transitionAlreadyRunningMessage)
        let old = collectionViewLayout
        callingLayout {
            old.prepareForTransition(to: layout)
            layout.prepareForTransition(from: old)
        }
        let transition = ownTransition(from: old, to: layout) ?? TransitionLayout(currentLayout: old, nextLayout: layout)
        install(transition)
        interactiveCompletion = completion
        return transition
    }

    /// Ends the running interactive transition, or the animation of a layout's own transition, where it
    /// stands, for a layout switch that replaces it; returns the transition, whose layouts the caller
    /// detaches once the switch no longer needs them to answer for the elements shown.
    private func abandonTransition() -> TransitionLayout? {
        guard let transition = collectionViewLayout as? TransitionLayout else { return nil }
        let animation = layoutTransitionAnimation
        let interactive = interactiveCompletion
        layoutTransitionAnimation = nil
        interactiveCompletion = nil
        if let animation {
            // Its completion finalizes both layouts and tells whoever started it.
            animation.completion(false)
        } else {
            transition.currentLayout.finalizeLayoutTransition()
            transition.nextLayout.finalizeLayoutTransition()
            interactive?(false, false)
        }
        return transition
    }

    /// UIKit's words when an interactive transition is finished or cancelled and none is running
    /// (`-[UICollectionView _finishInteractiveTransitionShouldFinish:finalAnimation:]`, as quoted in
    /// https://github.com/SwiftKickMobile/TLLayoutTransitioning/issues/17).
    public static let noInteractiveTransitionMessage =
        "the collection was not prepared for an interactive transition. see startInteractiveTransitionToCollectionViewLayout:completion:"

    /// UIKit's words when an interactive transition starts while another one runs, as quoted in
    /// https://github.com/SwiftKickMobile/TLLayoutTransitioning/issues/7.
    public static let transitionAlreadyRunningMessage = "the collection is already in the middle of an interactive transition"

    /// Whether an interactive transition is running (the layout is a ``TransitionLayout`` whose progress the
    /// caller sets), not counting one that is animating to its end.
    public var isInteractivelyTransitioning: Bool {
        collectionViewLayout is TransitionLayout && layoutTransitionAnimation == nil
    }

    /// The old layout's own transition layout to `layout`, checked.
    private func ownTransition(from old: CollectionViewLayout, to layout: CollectionViewLayout) -> TransitionLayout? {
        guard let transition = old.transitionLayout(to: layout) else { return nil }
        precondition(transition.currentLayout === old && transition.nextLayout === layout,
                     "transitionLayout(to:) must return a transition layout from the layout to the new layout")
        return transition
    }

    /// Makes `transition` the layout, with both of its layouts answering for this collection view.
    private func install(_ transition: TransitionLayout) {
        collectionViewLayout = transition
        transition.currentLayout.collectionView = self
        transition.nextLayout.collectionView = self
        transition.currentLayout.invalidateLayout()
        transition.nextLayout.invalidateLayout()
    }

    /// Animates `transition`'s progress from where it is to `target` (0 or 1) over `duration` seconds on the
    /// timing curve; then installs the layout it reached and calls `completion`.
    private func animateTransition(_ transition: TransitionLayout, to target: Double, duration: Double,
                                   completion: @escaping (Bool) -> Void) {
        layoutTransitionAnimation = LayoutTransitionAnimation(
            transition: transition, from: transition.transitionProgress, to: target, start: animationTime,
            duration: duration, completion: completion)
        if duration <= 0 { advanceLayoutTransition(to: animationTime) }
    }

    /// Moves the running transition animation to `time`; part of ``advanceAnimations(to:)``.
    func advanceLayoutTransition(to time: Double) {
        guard let animation = layoutTransitionAnimation else { return }
        let fraction = animation.duration > 0 ? min(1, max(0, (time - animation.start) / animation.duration)) : 1
        let transition = animation.transition
        transition.transitionProgress = animation.from + (animation.to - animation.from) * animationCurve.value(at: fraction)
        guard fraction >= 1 else { return }
        layoutTransitionAnimation = nil
        let reached = animation.to >= 1 ? transition.nextLayout : transition.currentLayout
        let left = animation.to >= 1 ? transition.currentLayout : transition.nextLayout
        collectionViewLayout = reached
        left.collectionView = nil
        animation.completion(true)
    }

    /// Ends the interactive transition on its next layout, animating from where it is.
    /// - Precondition: an interactive transition is running.
    public func finishInteractiveTransition() { endInteractiveTransition(finish: true) }

    /// Ends the interactive transition back on its current layout, animating from where it is.
    /// - Precondition: an interactive transition is running.
    public func cancelInteractiveTransition() { endInteractiveTransition(finish: false) }

    private func endInteractiveTransition(finish: Bool) {
        guard let transition = collectionViewLayout as? TransitionLayout, layoutTransitionAnimation == nil else {
            preconditionFailure(Self.noInteractiveTransitionMessage)
        }
        let target = finish ? transition.nextLayout : transition.currentLayout
        let remaining = finish ? 1 - transition.transitionProgress : transition.transitionProgress
        let completion = interactiveCompletion
        interactiveCompletion = nil
        if type(of: transition) != TransitionLayout.self {
            // A layout's own transition finishes along its own path.
            animateTransition(transition, to: finish ? 1 : 0,
                              duration: Self.transitionDuration * max(0, min(1, remaining))) { _ in
                transition.currentLayout.finalizeLayoutTransition()
                transition.nextLayout.finalizeLayoutTransition()
                completion?(true, finish)
            }
            return
        }
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
        let offset = contentOffset
        let proposed = callingLayout { layout.targetContentOffset(forProposedContentOffset: offset) }
        contentOffset = clampedOffset(proposed)
        prepareLayoutIfNeeded()
        transitionDisplay(
            duration: duration, newKey: { $0 }, isReplaced: { _ in false },
            appearingFrom: { [unowned self] key, _ in callingLayout(query: true) { old.attributes(for: key) } },
            disappearingTo: { [unowned self] _, _, key in
                key.flatMap { key in callingLayout(query: true) { layout.attributes(for: key) } }
            })
        completions.append((end: animationTime + duration, handler: completion))
    }

    /// `offset` within the content: from −inset to content size − bounds + inset on each axis (the adjusted inset,
    /// ``adjustedContentInset``).
    func clampedOffset(_ offset: Point) -> Point {
        // 0 − inset rather than −inset: no negative zero in offsets.
        let inset = adjustedContentInset
        let minX = 0 - inset.left, minY = 0 - inset.top
        let maxX = max(minX, contentSize.width - bounds.width + inset.right)
        let maxY = max(minY, contentSize.height - bounds.height + inset.bottom)
        return Point(x: min(max(offset.x, minX), maxX), y: min(max(offset.y, minY), maxY))
    }
}

/// An animated change of a transition layout's progress: an animated switch through a layout's own
/// transition, or the end of an interactive one.
struct LayoutTransitionAnimation {
    let transition: TransitionLayout
    let from: Double
    let to: Double
    let start: Double
    let duration: Double
    let completion: (Bool) -> Void
}
