public import CollectionEngine
import RealModule

/// The book's circle layout (`AFCollectionViewCircleLayout`, ch. 5 Listings 5.1–5.18, improved in ch. 6
/// Listings 6.8–6.10): the items of section 0 on a circle, item 0 at twelve o'clock, each turned so that its
/// bottom edge follows the circle, and a clock hand at the center that turns once an hour.
///
/// A direct ``CollectionViewLayout`` subclass. The content is the bounds: it never scrolls. The center and
/// the radius are seeded from the first non-zero bounds (notes [E11]); from then on only a pinch moves them
/// (the ch. 6 version, where a rotation no longer recentres the circle). Inserted items grow out of the
/// center at their final angle; deleted ones shrink to 10 % into it at their old angle (Listing 5.13).
///
/// The clock hand reads the replay's clock (``CollectionView/frameTime``, notes [E10]) rather than the
/// date: minute `floor(startMinute + t / 60) mod 60`. The layout is a ``TimeDrivenLayout`` that invalidates
/// itself when the minute changes, once a minute, and never keeps a session alive for it.
public final class CircleLayout: CollectionViewLayout, TimeDrivenLayout, LayoutInteractionHandling {
    /// The clock hand's decoration kind (the book's `"DecorationView"`).
    public static let clockHandKind = "clock-hand"

    /// Every item's size (the sample's `kItemDimension`, 70).
    public var itemSize: Size { didSet { invalidateLayout() } }
    /// The radius the circle is seeded with is `min(width, height) / radiusRatio`.
    public var radiusRatio: Double
    /// The clock hand's size.
    public var clockSize: Size { didSet { invalidateLayout() } }
    /// Where the minute hand's minute stands at time 0, from 0 up to 60: 14.5 shows minute 14 and turns
    /// to 15 thirty seconds in.
    public var startMinute: Double { didSet { invalidateLayout() } }

    /// The circle's center in content coordinates; `nil` until the first non-zero bounds seed it.
    /// Setting it invalidates the layout (Listing 6.8).
    public var center: Point? {
        get { seeded ? circleCenter : nil }
        set {
            guard let newValue else { return }
            circleCenter = newValue
            seeded = true
            invalidateLayout()
        }
    }

    /// The circle's radius; setting it invalidates the layout (Listing 6.8).
    public var radius: Double {
        get { circleRadius }
        set {
            circleRadius = newValue
            invalidateLayout()
        }
    }

    /// The minute the clock hand shows now.
    public private(set) var minute: Int

    private var circleCenter = Point.zero
    private var circleRadius = 0.0
    private var seeded = false
    private var cellCount = 0
    private var insertedItems: Set<Int> = []
    private var deletedItems: Set<Int> = []
    /// The center, finger and radius when the pinch began (Listing 6.10).
    private var pinchStart: (center: Point, finger: Point, radius: Double)?

    /// Creates the layout with the book's constants unless given others.
    public init(itemSize: Size = Size(width: 70, height: 70), radiusRatio: Double = 2.5,
                clockSize: Size = Size(width: 20, height: 200), startMinute: Double = 0) {
        self.itemSize = itemSize
        self.radiusRatio = radiusRatio
        self.clockSize = clockSize
        self.startMinute = startMinute
        minute = Self.minute(at: 0, startingAt: startMinute)
        super.init()
        register(ReusableView.self, forDecorationViewOfKind: Self.clockHandKind)
    }

    /// The minute hand's minute at `time` seconds: `floor(startMinute + time / 60) mod 60`.
    public static func minute(at time: Double, startingAt startMinute: Double) -> Int {
        let minutes = (startMinute + max(0, time) / 60).flooredInt(in: Int.min...Int.max)
        return minutes % 60
    }

    // MARK: Preparing (Listings 5.2, 6.9)

    /// Reads the item count; seeds the center and radius from the first non-zero bounds ([E11]) and the
    /// minute from the frame's time.
    /// - Complexity: O(1).
    public override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        cellCount = collectionView.numberOfSections > 0 ? collectionView.numberOfItems(inSection: 0) : 0
        let size = collectionView.bounds.size
        if !seeded && size.width > 0 && size.height > 0 {
            circleCenter = Point(x: size.width / 2, y: size.height / 2)
            circleRadius = min(size.width, size.height) / radiusRatio
            seeded = true
        }
        minute = Self.minute(at: collectionView.frameTime, startingAt: startMinute)
    }

    /// The bounds: the circle never scrolls.
    public override var collectionViewContentSize: Size { collectionView?.bounds.size ?? .zero }

    /// `true`: the content is the bounds, so a new size is a new layout (the book's rotation support).
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    // MARK: Queries (Listings 5.3–5.4, 5.6)

    /// Item `i` of `n` at angle `2πi/n − π/2` from the center, turned by `2πi/n`.
    /// - Complexity: O(1).
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < cellCount else { return nil }
        return itemAttributes(at: indexPath, count: cellCount)
    }

    /// Every cell, whatever `rect` (the book's habit), and the clock hand when `rect` contains the center.
    ///
    /// Within a limited query (``CollectionViewLayout/elementQueryLimit``, a replay's display limit) of more
    /// elements than the limit, the items are counted from the circle's geometry before any is built: past the
    /// limit the layout answers none and records the count in ``CollectionViewLayout/elementQueryOverflow``, as
    /// the flow layout does; within it (a circle pinched far beyond the bounds) it builds only the items in `rect`.
    /// - Complexity: O(n) for n items; past the limit O(1) when the circle lies inside `rect`, O(n) without
    ///   building anything otherwise.
    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var hand: LayoutAttributes?
        if rect.contains(circleCenter) {
            hand = layoutAttributesForDecorationView(ofKind: Self.clockHandKind, at: IndexPath(item: 0, section: 0))
        }
        if let limit = elementQueryLimit, cellCount + (hand == nil ? 0 : 1) > limit {
            return limitedAnswer(limit, in: rect, hand: hand)
        }
        var result: [LayoutAttributes] = []
        result.reserveCapacity(cellCount + 1)
        for item in 0..<cellCount {
            result.append(itemAttributes(at: IndexPath(item: item, section: 0), count: cellCount))
        }
        if let hand { result.append(hand) }
        return result
    }

    /// The answer of a query limited to `limit` elements that the items and `hand` may pass: the displayable
    /// ones counted first, each item's frame computed as its attributes would have it, and built only when
    /// they are within the limit.
    private func limitedAnswer(_ limit: Int, in rect: Rect, hand: LayoutAttributes?) -> [LayoutAttributes] {
        let shownHand = hand.flatMap { !$0.isHidden && $0.frame.intersects(rect) ? $0 : nil }
        let count = cellCount
        func isShown(_ item: Int) -> Bool { itemFrame(item, count: count).intersects(rect) }
        // With every item's center inside `rect`, all are shown; the margin covers rounding.
        let reach = abs(circleRadius) + 1
        let inside = circleCenter.x - reach > rect.minX && circleCenter.x + reach < rect.maxX
            && circleCenter.y - reach > rect.minY && circleCenter.y + reach < rect.maxY
        let shown = (inside ? count : (0..<count).count(where: isShown)) + (shownHand == nil ? 0 : 1)
        if shown > limit {
            elementQueryOverflow = shown
            return []
        }
        var result = (0..<count).filter(isShown).map { itemAttributes(at: IndexPath(item: $0, section: 0), count: count) }
        if let shownHand { result.append(shownHand) }
        return result
    }

    /// The clock hand: at the center, behind the items (z −1), turned by `2π · minute / 60`.
    /// - Complexity: O(1).
    public override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == Self.clockHandKind, indexPath == IndexPath(item: 0, section: 0) else { return nil }
        let attributes = LayoutAttributes(category: .decorationView, kind: kind, indexPath: indexPath)
        attributes.size = clockSize
        attributes.center = circleCenter
        attributes.transform3D = .rotation(angle: 2 * .pi * Double(minute) / 60, x: 0, y: 0, z: 1)
        attributes.zIndex = -1
        return attributes
    }

    private func itemAttributes(at indexPath: IndexPath, count: Int) -> LayoutAttributes {
        let attributes = LayoutAttributes(forCellWith: indexPath)
        attributes.size = itemSize
        attributes.center = itemCenter(indexPath.item, count: count)
        attributes.transform3D = .rotation(angle: Self.turn(indexPath.item, count: count), x: 0, y: 0, z: 1)
        return attributes
    }

    /// Item `item`'s turn from twelve o'clock, of `count`.
    private static func turn(_ item: Int, count: Int) -> Double { 2 * Double.pi * Double(item) / Double(count) }

    private func itemCenter(_ item: Int, count: Int) -> Point {
        let angle = Self.turn(item, count: count) - .pi / 2
        return Point(x: circleCenter.x + circleRadius * Double.cos(angle),
                     y: circleCenter.y + circleRadius * Double.sin(angle))
    }

    /// Item `item`'s frame as its attributes give it, without building them.
    private func itemFrame(_ item: Int, count: Int) -> Rect {
        let center = itemCenter(item, count: count)
        return Rect(x: center.x - itemSize.width / 2, y: center.y - itemSize.height / 2,
                    width: itemSize.width, height: itemSize.height)
    }

    // MARK: Updates (Listing 5.13)

    /// Remembers the inserted items (new numbers) and the deleted ones (old numbers).
    /// - Complexity: O(u) for u update items.
    public override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        for update in updateItems {
            switch update.updateAction {
            case .insert: if let path = update.indexPathAfterUpdate, !update.isSectionOperation { insertedItems.insert(path.item) }
            case .delete: if let path = update.indexPathBeforeUpdate, !update.isSectionOperation { deletedItems.insert(path.item) }
            default: break
            }
        }
    }

    public override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        insertedItems = []
        deletedItems = []
    }

    /// An inserted item starts at the center, transparent, already at its final angle and size.
    /// - Complexity: O(1).
    public override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        guard insertedItems.contains(itemIndexPath.item), let attributes = layoutAttributesForItem(at: itemIndexPath) else {
            return super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
        }
        attributes.alpha = 0
        attributes.center = circleCenter
        return attributes
    }

    /// A deleted item ends at the center, transparent, scaled to 10 %, at its old angle
    /// `2π · item / (count + 1)`: the count is already the new one (the book's explanation).
    /// - Complexity: O(1).
    public override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        guard deletedItems.contains(itemIndexPath.item) else {
            return super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
        }
        let attributes = itemAttributes(at: itemIndexPath, count: cellCount + 1)
        attributes.alpha = 0
        attributes.center = circleCenter
        attributes.transform3D = Transform3D.scale(x: 0.1, y: 0.1)
            .concatenating(.rotation(angle: Self.turn(itemIndexPath.item, count: cellCount + 1), x: 0, y: 0, z: 1))
        return attributes
    }

    // MARK: Time and fingers

    /// Moves the clock hand to the minute at `time`, invalidating the layout only when the minute changes.
    /// - Returns: `false`: a clock never comes to rest, so it never keeps a session going.
    /// - Complexity: O(1).
    public func advance(to time: Double) -> Bool {
        let now = Self.minute(at: time, startingAt: startMinute)
        if now != minute {
            minute = now
            invalidateLayout()
        }
        return false
    }

    /// The pinch below moves and resizes the circle.
    public var handlesPinches: Bool { true }

    /// Listing 6.10: the center follows the fingers' centroid and the radius scales with the pinch; both
    /// persist when the fingers lift.
    public func collectionView(_ collectionView: CollectionView, pinch state: GestureState, at location: Point,
                               scale: Double) {
        switch state {
        case .began:
            pinchStart = (circleCenter, location, circleRadius)
        case .changed:
            guard let start = pinchStart else { return }
            circleCenter = Point(x: start.center.x + (location.x - start.finger.x),
                                 y: start.center.y + (location.y - start.finger.y))
            circleRadius = start.radius * scale
            seeded = true
            invalidateLayout()
        case .ended, .cancelled:
            pinchStart = nil
        }
    }
}
