public import CollectionEngine

/// The stacked layout's own transition to another layout: like ``TransitionLayout``, except that an item
/// hidden in a stack (past the visible ones) comes out of the stack fading in along the whole transition,
/// instead of appearing at the midpoint where the hidden flag steps.
///
/// Used for every switch away from ``StackedLayout``: a pinch that opens a stack as a flow layout, an
/// animated `<set-layout>`, an interactive `<transition>`.
public final class StackedTransitionLayout: TransitionLayout {
    /// The elements of either layout in `rect`, interpolated; hidden items start visible at alpha 0.
    /// - Complexity: both layouts' queries, plus O(k log k) for k results.
    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var from: [ElementKey: LayoutAttributes] = [:], to: [ElementKey: LayoutAttributes] = [:]
        for attributes in currentLayout.layoutAttributesForElements(in: rect) { from[attributes.elementKey] = attributes }
        for attributes in nextLayout.layoutAttributesForElements(in: rect) { to[attributes.elementKey] = attributes }
        return Set(from.keys).union(to.keys).sorted().compactMap { key in
            blend(from[key] ?? Self.attributes(of: currentLayout, for: key), to[key] ?? Self.attributes(of: nextLayout, for: key))
        }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        blend(currentLayout.layoutAttributesForItem(at: indexPath), nextLayout.layoutAttributesForItem(at: indexPath))
    }

    public override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        blend(currentLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath),
              nextLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath))
    }

    public override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        blend(currentLayout.layoutAttributesForDecorationView(ofKind: kind, at: indexPath),
              nextLayout.layoutAttributesForDecorationView(ofKind: kind, at: indexPath))
    }

    private func blend(_ a: LayoutAttributes?, _ b: LayoutAttributes?) -> LayoutAttributes? {
        let progress = transitionProgress
        switch (a, b) {
        case let (a?, b?) where a.isHidden && !b.isHidden:
            // Out of the stack: visible from the start, transparent, fading in as it moves.
            let start = a.copy()
            start.isHidden = false
            start.alpha = 0
            return start.interpolated(to: b, fraction: progress)
        case let (a?, b?): return a.interpolated(to: b, fraction: progress)
        case let (a?, nil): return a.interpolated(to: Self.faded(a), fraction: progress)
        case let (nil, b?): return Self.faded(b).interpolated(to: b, fraction: progress)
        case (nil, nil): return nil
        }
    }

    private static func faded(_ attributes: LayoutAttributes) -> LayoutAttributes {
        let result = attributes.copy()
        result.alpha = 0
        return result
    }

    private static func attributes(of layout: CollectionViewLayout, for key: ElementKey) -> LayoutAttributes? {
        switch key.category {
        case .cell: layout.layoutAttributesForItem(at: key.indexPath)
        case .supplementaryView: layout.layoutAttributesForSupplementaryView(ofKind: key.kind ?? "", at: key.indexPath)
        case .decorationView: layout.layoutAttributesForDecorationView(ofKind: key.kind ?? "", at: key.indexPath)
        }
    }
}
