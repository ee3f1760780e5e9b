public import CollectionEngine

/// The slides' demo app's line (`LineLayout.m` of mpospese/IntroducingCollectionViews, notes A.2, adapted
/// from WWDC 2012 session 219's `LineLayout`): one horizontal line of speakers whose cells zoom up as they
/// near the viewport's center, and which comes to rest with a cell centered.
///
/// Items are laid out by ``FlowLayout`` (170 × 200, one per column — the interitem spacing of 200 leaves
/// no room for a second — columns 30 apart, insets 0 35 0 35 on the phone). Each query then scales every
/// cell within ``activeDistance`` of the viewport's center by `1 + zoomFactor · (1 − |d| / activeDistance)`
/// and brings it forward (z-index 1); the others keep flow's identity transform and z-index 0.
///
/// As the demo (and the slides' "always return YES") does, the layout invalidates itself on every change
/// of bounds — every scroll frame — so it re-prepares before the zoom is recomputed: the habit the
/// profiler's "layout invalidated on every scroll frame" names (notes P15). Scrolling comes to rest with
/// the nearest cell centered (``targetContentOffset(forProposedContentOffset:withScrollingVelocity:)``).
open class LineLayout: FlowLayout {
    /// How far from the viewport's center (points) a cell still zooms: the demo's `ACTIVE_DISTANCE`, 200.
    public var activeDistance = 200.0 { didSet { invalidateLayout() } }
    /// How much larger the centered cell is: it is scaled by 1 + zoomFactor; the demo's `ZOOM_FACTOR`, 0.3.
    public var zoomFactor = 0.3 { didSet { invalidateLayout() } }

    /// The demo's phone configuration (notes A.2): horizontal, 170 × 200 items, line spacing 30, interitem
    /// spacing 200, insets 0 35 0 35 (the iPad's are 225 35 225 35).
    public override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = Size(width: 170, height: 200)
        minimumLineSpacing = 30
        minimumInteritemSpacing = 200
        sectionInset = EdgeInsets(top: 0, left: 35, bottom: 0, right: 35)
    }

    // MARK: Invalidation

    /// `true`, on every bounds change: the demo's `shouldInvalidateLayoutForBoundsChange:` returns `YES`, so
    /// the line re-prepares on every scroll frame (the slides' "called when contentOffset changes").
    /// - Complexity: O(1).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    // MARK: Queries

    /// Flow's elements in `rect`, each cell that meets `rect` zoomed for the current bounds (the demo's
    /// `layoutAttributesForElementsInRect:`).
    ///
    /// Flow creates new attributes for every query, so the zoom is applied to attributes no one else holds.
    /// - Complexity: flow's O(log n + k) for k results, plus O(1) per result.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        adjustedForBounds(super.layoutAttributesForElements(in: rect), meeting: rect, by: applyZoom(to:visibleRect:))
    }

    /// Flow's attributes for the item, zoomed for the current bounds.
    ///
    /// The demo leaves this to flow (unzoomed); zooming here too keeps an item's attributes the same
    /// whichever way the collection view asks for them (updates, scroll-to-item).
    /// - Complexity: O(1).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        adjustedForBounds(super.layoutAttributesForItem(at: indexPath), by: applyZoom(to:visibleRect:))
    }

    /// The zoom of a cell at distance `d = visibleRect.midX − center.x` from the viewport's center: within
    /// the active distance, `scale(z, z, 1)` with `z = 1 + zoomFactor · (1 − |d| / activeDistance)` and
    /// z-index 1; beyond it, identity and z-index 0. Only cells zoom.
    /// - Complexity: O(1).
    public func applyZoom(to attributes: LayoutAttributes, visibleRect: Rect) {
        guard attributes.representedElementCategory == .cell else { return }
        let distance = visibleRect.midX - attributes.center.x
        if abs(distance) < activeDistance {
            let zoom = 1 + zoomFactor * (1 - abs(distance) / activeDistance)
            attributes.transform3D = .scale(x: zoom, y: zoom)
            attributes.zIndex = 1
        } else {
            attributes.transform3D = .identity
            attributes.zIndex = 0
        }
    }

    // MARK: Snapping

    /// Where scrolling comes to rest: the proposed offset moved so that the cell nearest to the viewport's
    /// center there is centered (the demo's `targetContentOffsetForProposedContentOffset:…`, notes A.2,
    /// shared with ``CoverFlowLayout``). The velocity is ignored, as in the demo.
    /// - Complexity: one flow query of the viewport at the proposed offset: O(log n + k).
    open override func targetContentOffset(forProposedContentOffset proposedContentOffset: Point,
                                           withScrollingVelocity velocity: Point) -> Point {
        offsetCenteringNearestCell(forProposedContentOffset: proposedContentOffset) {
            super.layoutAttributesForElements(in: $0)
        }
    }
}
