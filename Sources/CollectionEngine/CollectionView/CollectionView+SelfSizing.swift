/// The self-sizing cascade of one layout pass: whether a view's preferred attributes invalidated the layout
/// during the pass, and which items did so how often.
struct SelfSizingCascade {
    /// Whether a measurement invalidated the layout since the pass (or nested pass) began.
    var invalidated = false
    /// The items (and supplementary views) whose measurement invalidated the layout in this layout pass, with
    /// how many times: empty, and not allocated, while nothing self-sizes.
    var invalidations: [ElementKey: Int] = [:]
}

/// A layout pass stopped by self-sizing recursion: after ``CollectionView/selfSizingPassLimit`` nested passes
/// in one layout pass, views still answered sizes that invalidated the layout.
public struct SelfSizingRecursion: Hashable, Sendable {
    /// The time of the frame whose layout pass stopped, in seconds.
    public var time: Double
    /// The nested passes run.
    public var passes: Int
    /// The items whose measurements invalidated the layout in most of those passes, in index-path order: the
    /// ones that never settle.
    public var oscillatingItems: [IndexPath]
}

extension CollectionView {
    /// The most nested layout passes one layout pass runs for self-sizing invalidations.
    ///
    /// UIKit on iOS 18 and later stops an app whose collection view keeps invalidating its layout from its
    /// cells' preferred attributes, after logging `[UICollectionViewRecursion]` (reported in the crash logs of
    /// meshtastic/Meshtastic-Apple#1931 and xmtplabs/convos-ios#1349, about 100 passes).
    public static let selfSizingPassLimit = 100

    /// UIKit's console line when it gives up on a collection view's layout recursion.
    ///
    /// UIKit prints the collection view's address after `cv ==`. A replay has no stable address, and its
    /// output must be the same on every run, so Reel prints `0x0` there: the rest of the line is UIKit's, so a
    /// search for the line in a log finds it.
    public static let selfSizingRecursionMessage =
        "[UICollectionViewRecursion] cv == 0x0 Disabling recursion trigger logging"

    /// Asks `view`, which shows `attributes`, for its preferred attributes, and invalidates the layout when the
    /// layout says the answer requires it; returns whether it did.
    ///
    /// As UIKit's `_checkForPreferredAttributesInView:originalAttributes:`: the view's
    /// ``ReusableView/preferredLayoutAttributesFitting(_:)`` runs inside a `measure` span (charged whatever
    /// the layout's estimates, rdar://26887172), then, when its answer differs,
    /// ``CollectionViewLayout/shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)``
    /// and the layout's context, whose content-offset adjustment moves the content offset.
    /// - Complexity: O(1) plus the view's and the layout's own code.
    @discardableResult
    func selfSize(_ view: ReusableView, _ attributes: LayoutAttributes) -> Bool {
        view.measuredAt = attributes.size
        counters.preferredAttributesQueries += 1
        let category = attributes.representedElementCategory
        let preferred = measure(.measure, category) { view.preferredLayoutAttributesFitting(attributes) }
        guard preferred !== attributes, !preferred.isEqual(to: attributes) else { return false }
        let layout = collectionViewLayout
        guard callingLayout({
            layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
        }) else { return false }
        let context = callingLayout {
            layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
        }
        counters.selfSizingInvalidations += 1
        selfSizing.invalidated = true
        selfSizing.invalidations[attributes.elementKey, default: 0] += 1
        countVisibleShift(attributes.frame, preferred.size, context.contentOffsetAdjustment)
        callingLayout { layout.invalidateLayout(with: context) }
        if context.contentOffsetAdjustment != .zero {
            let offset = contentOffset
            contentOffset = Point(x: offset.x + context.contentOffsetAdjustment.x,
                                  y: offset.y + context.contentOffsetAdjustment.y)
        }
        return true
    }

    /// Counts a size change of an element wholly above (before, scrolling horizontally) the visible area that
    /// the context's offset adjustment does not make up for: what the user sees moves by the difference.
    private func countVisibleShift(_ frame: Rect, _ preferred: Size, _ adjustment: Point) {
        let visible = bounds
        if frame.maxY <= visible.minY, preferred.height != frame.height,
           adjustment.y != preferred.height - frame.height {
            counters.visibleContentShifts += 1
        } else if frame.maxX <= visible.minX, preferred.width != frame.width,
                  adjustment.x != preferred.width - frame.width {
            counters.visibleContentShifts += 1
        }
    }

    /// Asks a displayed view for its preferred attributes again when the layout gave it a size other than the
    /// one it was asked at: UIKit checks the preferred attributes of a self-sizing cell whenever it applies
    /// new attributes to it, which is how a cell whose answer depends on its size keeps a layout from settling.
    @inline(__always)
    func selfSizeIfResized(_ view: ReusableView, _ attributes: LayoutAttributes) {
        guard let measuredAt = view.measuredAt, measuredAt != attributes.size else { return }
        selfSize(view, attributes)
    }

    /// Asks the prepared cell of the item at `indexPath` (displayed, or prefetched or kept off screen) for its
    /// preferred attributes again, as UIKit does after a reconfigure ("After cells are reconfigured, they're
    /// always self-sized again", WWDC 2021 session 10252); the next layout pass runs the cascade. Returns
    /// whether the item had a prepared cell.
    /// - Complexity: O(log d) for d displayed elements, plus the measurement.
    @discardableResult
    func selfSizeCell(at indexPath: IndexPath) -> Bool {
        let key = ElementKey(category: .cell, kind: nil, indexPath: indexPath)
        let view: ReusableView
        if let index = displayedIndex(of: key) {
            view = displayed[index].view
        } else if let held = offscreenCells[indexPath] {
            view = held.cell
        } else {
            return false
        }
        guard let attributes = view.layoutAttributes else { return false }
        selfSize(view, attributes)
        return true
    }

    /// Runs the nested passes of a layout pass: while a measurement in the last pass invalidated the layout,
    /// prepares it again and updates the displayed elements again, in the same frame, which may measure more
    /// views; at ``selfSizingPassLimit`` passes, logs UIKit's line and stops the pass
    /// (``selfSizingRecursion``). Returns whether the display changed in any pass.
    func runSelfSizingCascade(_ pass: () -> Bool) -> Bool {
        selfSizing = SelfSizingCascade()
        var changed = false
        var passes = 0
        while true {
            prepareLayoutIfNeeded()
            changed = pass() || changed
            passes += 1
            guard selfSizing.invalidated, selfSizingRecursion == nil else { break }
            selfSizing.invalidated = false
            if passes >= Self.selfSizingPassLimit {
                warnings.append(EngineWarning(kind: .selfSizingRecursion, message: Self.selfSizingRecursionMessage,
                                              time: frameTime))
                // The items that invalidated in at least half the passes: the rest settled.
                let oscillating = selfSizing.invalidations.filter { $0.value * 2 >= passes }.keys
                    .filter { $0.category == .cell }.map(\.indexPath).sorted()
                selfSizingRecursion = SelfSizingRecursion(time: frameTime, passes: passes, oscillatingItems: oscillating)
                break
            }
            needsLayout = false
        }
        if passes > 1 || !selfSizing.invalidations.isEmpty { selfSizing = SelfSizingCascade() }
        return changed
    }
}
