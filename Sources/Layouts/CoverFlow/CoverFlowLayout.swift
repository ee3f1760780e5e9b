public import CollectionEngine

/// The book's Cover Flow (`AFCoverFlowLayout`, ch. 4 Listings 4.26–4.33, with ch. 6's tap-to-center,
/// Listings 6.5–6.7): a horizontal flow of overlapping covers that turn toward the viewer as they near the
/// center of the viewport.
///
/// Items are laid out by ``FlowLayout`` (180 × 180, one per column, columns 120 apart: a line spacing of
/// −60 makes them overlap); each query then gives every cell a perspective transform from its distance `d`
/// to the viewport's center (``applyCoverFlow(to:visibleRect:)``): within ``activeDistance`` it is zoomed,
/// turned about the y axis up to 45° and brought forward; beyond it, it is turned 45° and pushed aside by
/// ``flowOffset``. Custom ``CoverFlowAttributes`` carry the mask that greys the covers out of the center.
///
/// As the book does, the layout invalidates itself on every change of bounds — every scroll frame — so
/// that it re-prepares before the transforms are recomputed: the habit the profiler reports, which
/// ``CachedCoverFlowLayout`` drops. Scrolling comes to rest with an item centered
/// (``targetContentOffset(forProposedContentOffset:withScrollingVelocity:)``), and a tap on an item that
/// is not centered scrolls it to the center.
open class CoverFlowLayout: FlowLayout, LayoutInteractionHandling {
    /// How far from the viewport's center (points) an item is still turning and zooming; 100.
    public var activeDistance = 100.0 { didSet { invalidateLayout() } }
    /// The distance over which an active item slides by ``flowOffset``; 100.
    public var translateDistance = 100.0 { didSet { invalidateLayout() } }
    /// How much larger the centered item is: it is scaled by 1 + zoomFactor; 0.2.
    public var zoomFactor = 0.2 { didSet { invalidateLayout() } }
    /// How far items out of the center slide away from it (points); 40.
    public var flowOffset = 40.0 { didSet { invalidateLayout() } }
    /// The mask's alpha on items out of the active distance; 0.6.
    public var inactiveGreyValue = 0.6 { didSet { invalidateLayout() } }

    /// The book's configuration (Listing 4.26, portrait insets from Listing 4.27): horizontal, 180 × 180
    /// items, line spacing −60, interitem spacing 200 (one item per column), insets 0 70 0 70.
    public override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = Size(width: 180, height: 180)
        minimumLineSpacing = -60
        minimumInteritemSpacing = 200
        sectionInset = EdgeInsets(top: 0, left: 70, bottom: 0, right: 70)
    }

    open override class var layoutAttributesClass: LayoutAttributes.Type { CoverFlowAttributes.self }

    // MARK: Invalidation

    /// `true`: the book re-lays out on every scroll frame, so that "transforms … are recalculated at every
    /// frame refresh" (Listing 4.30). The engine's flow layout asks its delegate for no sizes again when
    /// the size is kept, but the layout still re-prepares every frame.
    /// - Complexity: O(1).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    // MARK: Queries

    /// Flow's elements in `rect`, each cell transformed for the current bounds (Listing 4.30).
    ///
    /// Flow creates new attributes for every query, so the transforms are applied once to attributes no one
    /// else holds.
    /// - Complexity: flow's O(log n + k) for k results, plus O(1) per result.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        adjustedForBounds(super.layoutAttributesForElements(in: rect), meeting: rect, by: applyCoverFlow(to:visibleRect:))
    }

    /// Flow's attributes for the item, transformed for the current bounds (Listing 4.30).
    /// - Complexity: O(1).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        adjustedForBounds(super.layoutAttributesForItem(at: indexPath), by: applyCoverFlow(to:visibleRect:))
    }

    // MARK: Snapping

    /// Where scrolling comes to rest: the proposed offset moved so that the cell nearest to the viewport's
    /// center there is centered (Listing 4.32). The velocity is ignored, as in the book.
    ///
    /// The algorithm is the one the book took from WWDC 2012's `LineLayout`, shared with ``LineLayout``
    /// (`FlowLayout.offsetCenteringNearestCell`): cells in flow's order, the first of equally near ones wins,
    /// the proposal kept when no cell is in view, the result clamped to the content.
    /// - Complexity: one flow query of the viewport at the proposed offset: O(log n + k).
    open override func targetContentOffset(forProposedContentOffset proposedContentOffset: Point,
                                           withScrollingVelocity velocity: Point) -> Point {
        offsetCenteringNearestCell(forProposedContentOffset: proposedContentOffset) {
            // Flow's centers are the cells' own (the transforms turn them about their centers).
            super.layoutAttributesForElements(in: $0)
        }
    }

    // MARK: Tap to center

    /// Whether the item is at the viewport's center, within a point (Listing 6.6).
    /// - Complexity: O(1).
    public func indexPathIsCentered(_ indexPath: IndexPath) -> Bool {
        guard let collectionView, let attributes = super.layoutAttributesForItem(at: indexPath) else { return false }
        return abs(collectionView.bounds.midX - attributes.center.x) < 1
    }

    /// A tap on an item that is not centered scrolls it to the center, animated (Listing 6.7); a tap on
    /// the centered item changes nothing in the layout (the book's flip is drawn by the cell).
    ///
    /// The item is the one the collection view's hit test finds, as the user sees it, so the
    /// item centered is the one the tap selected. The book proposes `(i − 1) · pitch` in landscape, which
    /// snaps to the wrong item (E9); here the proposal is the item's own centered offset, which the
    /// snapping method then settles and clamps.
    /// - Complexity: the collection view's hit test, O(k) for k displayed elements, plus one snapping query.
    open func collectionView(_ collectionView: CollectionView, tapAt location: Point) {
        guard let hit = collectionView.hitTest(location), hit.category == .cell,
              !indexPathIsCentered(hit.indexPath),
              let attributes = super.layoutAttributesForItem(at: hit.indexPath)
        else { return }
        let proposed = Point(x: attributes.center.x - collectionView.bounds.width / 2, y: collectionView.contentOffset.y)
        let target = targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: .zero)
        collectionView.setContentOffset(target, animated: true)
    }
}
