extension CollectionView {
    /// Whether anything moves with time: an update, a layout switch, a fling, a scrolling animation.
    public var isAnimating: Bool {
        !animations.isEmpty || !disappearing.isEmpty || !completions.isEmpty || deceleration != nil
            || pageSettle != nil || springBack != nil || scrollAnimation != nil || !nestedDecelerations.isEmpty || isLayoutSettling || layoutTransitionAnimation != nil
    }

    /// The time of the frame being laid out: the last time given to ``advanceAnimations(to:)``, in seconds
    /// on the replay's clock (0 before the first frame).
    ///
    /// Layouts that depend on the time (a clock hand, springs, a jiggle) read it here, never from a clock of
    /// their own, so that replays are reproducible.
    public var frameTime: Double { animationTime }

    /// Moves everything that moves with time to `time` (seconds, on the replay's clock): a fling or a
    /// scrolling animation moves the content; every animating view gets its interpolated attributes;
    /// finished animations end — views that left end their display and go back to their pools, and
    /// completion handlers run with `true`.
    ///
    /// A layout that adopts ``TimeDrivenLayout`` moves its own state to the same time first.
    ///
    /// The engine has no clock of its own: the replay calls this at the start of every frame.
    /// - Complexity: O(a) for a animating elements, plus a time-driven layout's `advance(to:)`.
    public func advanceAnimations(to time: Double) {
        animationTime = max(animationTime, time)
        if let timeDrivenLayout {
            let time = animationTime
            isLayoutSettling = callingLayout { timeDrivenLayout.advance(to: time) }
        } else {
            isLayoutSettling = false
        }
        guard isAnimating else { return }
        let now = animationTime
        advanceLayoutTransition(to: now)
        advanceScrolling(to: now)
        for element in displayed {
            let id = ObjectIdentifier(element.view)
            guard let animation = animations[id] else { continue }
            applyIfChanged(animation.attributes(at: now, curve: animationCurve), to: element.view)
            if animation.isFinished(at: now) { animations[id] = nil }
        }
        var remaining: [DisappearingElement] = []
        for element in disappearing {
            if element.animation.isFinished(at: now) {
                finishDisappearing(element)
            } else {
                applyIfChanged(element.animation.attributes(at: now, curve: animationCurve), to: element.view)
                remaining.append(element)
            }
        }
        disappearing = remaining
        // Animations of views that are no longer displayed (scrolled away) have nothing left to move.
        if !animations.isEmpty {
            let live = Set(displayed.map { ObjectIdentifier($0.view) })
            animations = animations.filter { live.contains($0.key) }
        }
        let due = completions.filter { $0.end <= now }
        completions.removeAll { $0.end <= now }
        for completion in due { completion.handler(true) }
    }

    /// Starts moving `view` from `from` to `to` over `duration` seconds from the current animation time.
    func animate(_ view: ReusableView, from: LayoutAttributes, to: LayoutAttributes, duration: Double) {
        if from.isEqual(to: to) || duration <= 0 {
            animations[ObjectIdentifier(view)] = nil
            applyIfChanged(to, to: view)
            return
        }
        animations[ObjectIdentifier(view)] = ElementAnimation(from: from, to: to, start: animationTime, duration: duration)
        applyIfChanged(from, to: view)
    }

    /// Ends the display of a view whose disappearing animation is over.
    private func finishDisappearing(_ element: DisappearingElement) {
        announceEndOfDisplay(element.view, element.key)
        enqueue(element.view, element.key)
    }

    /// Rebuilds the display for the layout's current state, animating every element over `duration`
    /// (a batch update or a layout switch), in UIKit's order: elements that go away start to disappear,
    /// then each element of the new display moves from where it is, or appears.
    ///
    /// - Parameters:
    ///   - newKey: where a displayed element is now; `nil` when it is gone (deleted).
    ///   - isReplaced: whether a displayed element's view is replaced by a new one (a reload).
    ///   - appearingFrom: where an element that was not displayed starts; `nil` for the default, its new
    ///     attributes with alpha 0.
    ///   - disappearingTo: where an element that goes away ends (its old key, its last attributes, its new
    ///     key when it still exists); `nil` for the default, its last attributes with alpha 0.
    func transitionDisplay(duration: Double,
                           newKey: (ElementKey) -> ElementKey?,
                           isReplaced: (ElementKey) -> Bool,
                           appearingFrom: (ElementKey, LayoutAttributes) -> LayoutAttributes?,
                           disappearingTo: (ElementKey, LayoutAttributes, ElementKey?) -> LayoutAttributes?) {
        discardOffscreenCells()
        let incoming = visibleElements()
        var survivors: [ElementKey: DisplayedElement] = [:]
        var leaving: [(old: DisplayedElement, new: ElementKey?)] = []
        for element in displayed {
            let target = newKey(element.key)
            if let target, !isReplaced(element.key) {
                survivors[target] = element
            } else {
                leaving.append((element, target))
            }
        }
        let incomingKeys = Set(incoming.map(\.key))
        for (target, element) in survivors.sorted(by: { $0.key < $1.key }) where !incomingKeys.contains(target) {
            survivors[target] = nil
            leaving.append((element, target))
        }
        for (old, target) in leaving.sorted(by: { $0.old.key < $1.old.key }) {
            animations[ObjectIdentifier(old.view)] = nil
            guard duration > 0 else {
                announceEndOfDisplay(old.view, old.key)
                enqueue(old.view, old.key)
                continue
            }
            let last = old.view.layoutAttributes ?? LayoutAttributes(category: old.key.category, kind: old.key.kind,
                                                                     indexPath: old.key.indexPath)
            let end = disappearingTo(old.key, last, target) ?? Self.faded(last)
            disappearing.append(DisappearingElement(
                key: old.key, view: old.view,
                animation: ElementAnimation(from: last, to: end, start: animationTime, duration: duration)))
        }
        var next: [DisplayedElement] = []
        next.reserveCapacity(incoming.count)
        for (key, attributes) in incoming {
            if let survivor = survivors[key] {
                let from = survivor.view.layoutAttributes ?? attributes
                animate(survivor.view, from: from.rekeyed(to: attributes), to: attributes, duration: duration)
                next.append(DisplayedElement(key: key, view: survivor.view))
            } else {
                let start = appearingFrom(key, attributes) ?? Self.faded(attributes)
                let view = display(start.rekeyed(to: attributes))
                animate(view, from: start.rekeyed(to: attributes), to: attributes, duration: duration)
                next.append(DisplayedElement(key: key, view: view))
            }
        }
        displayed = next
        counters.maxVisibleElements = max(counters.maxVisibleElements, displayed.count + disappearing.count)
        // Up to date, unless a cell displayed here preferred another size: the next pass runs its cascade.
        needsLayout = collectionViewLayout.needsPrepare
        assert(checkInvariants())
    }

    /// A copy of `attributes` with alpha 0: UIKit's default crossfade.
    static func faded(_ attributes: LayoutAttributes) -> LayoutAttributes {
        let result = attributes.copy()
        result.alpha = 0
        return result
    }
}

extension LayoutAttributes {
    /// A copy that describes `other`'s element (category, kind and index path), with these attributes.
    func rekeyed(to other: LayoutAttributes) -> LayoutAttributes {
        if elementKey == other.elementKey { return self }
        let result = type(of: other).init(category: other.representedElementCategory, kind: other.representedElementKind,
                                          indexPath: other.indexPath)
        result.assign(from: self)
        result.indexPath = other.indexPath
        return result
    }
}
