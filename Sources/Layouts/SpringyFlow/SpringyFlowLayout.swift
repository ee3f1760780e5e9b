public import CollectionEngine

/// The book's UIKit Dynamics layout, `ASHSpringyCollectionViewFlowLayout` (ch. 6, Listings 6.15–6.21; notes
/// §3.9): a flow layout whose items hang on attachment springs at their flow positions, lag behind the
/// content as it scrolls — the further from the finger, the more — and spring back.
///
/// The layout owns a ``SpringSystem`` as the book's owns a `UIDynamicAnimator`: one spring of rest length 0
/// per item, anchored at the item's flow center, with ``damping`` and ``frequency`` as UIKit defines them.
/// It answers element and item queries from the springs' positions. On a scroll of δ along the scrolling
/// axis, every spring's item moves by δ·min(r, 1), where r is its anchor's Manhattan distance to the finger
/// divided by ``resistance`` (Listing 6.20). As a ``TimeDrivenLayout`` it integrates the springs to each
/// frame's time and invalidates itself while they move, so the session lasts until they rest.
///
/// Two variants:
/// - naive (the book's, ``isTiled`` false): every `prepare()` asks `super` for the attributes of the whole
///   content (Listing 6.17), O(n) per pass, and the springs cover every item. This is the slow habit the
///   profiler must find, kept on purpose.
/// - tiled (the objc.io article's, [S-AF]): `prepare()` asks `super` only for the visible rect inset by
///   −100 points, adds springs for the items that entered it — pre-offset by the latest scroll while a
///   finger is known — and removes those that left.
///
/// At rest every item is exactly at its flow position. Decisions where the book is silent ([E15]): the
/// springs' invalidation asks flow to recompute nothing (only the springs moved); a change of the view's
/// size re-flows and moves the anchors (the book's anchors never move); the content size is flow's own
/// after `super.prepare()` (the book reads the collection view's, zero on the first pass); the tiled item
/// query falls back to flow for an item without a spring.
open class SpringyFlowLayout: FlowLayout, TimeDrivenLayout {
    /// The springs' damping ratio ζ; 0.8, the book's.
    public var damping = 0.8 { didSet { resetSprings() } }
    /// The springs' frequency in hertz; 1, the book's.
    public var frequency = 1.0 { didSet { resetSprings() } }
    /// How far from the finger (in points, Manhattan distance) an item follows the scroll fully: the
    /// smaller, the springier; 1500, the book's.
    public var resistance = 1500.0
    /// Whether springs exist only near the visible bounds (the objc.io variant) rather than for every item.
    public var isTiled = false { didSet { resetSprings() } }
    /// How far beyond the visible bounds the tiled variant keeps springs, in points; 100, the article's.
    public var tileMargin = 100.0

    /// The springs, by item.
    public private(set) var springs = SpringSystem<IndexPath>()
    /// The last scroll's delta along the scrolling axis (the tiled variant pre-offsets new items by it).
    public private(set) var latestDelta = 0.0
    /// Flow's attributes of each sprung item: what the queries answer, centered on the spring.
    var flowAttributes: [IndexPath: LayoutAttributes] = [:]
    /// The rect the tiled variant covered with springs at its last `prepare()`.
    var coveredRect = Rect.null

    /// The book's layout: 44 × 44 items, spacings 10, insets 10 on every side.
    public override init() {
        super.init()
        itemSize = Size(width: 44, height: 44)
        minimumLineSpacing = 10
        minimumInteritemSpacing = 10
        sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    }

    // MARK: Preparing

    /// Flows the items, then attaches springs: to every item (naive), or to those near the visible bounds
    /// (tiled).
    ///
    /// - Complexity: naive, O(n) for n items on every pass — the whole-content query of Listing 6.17;
    ///   tiled, O(k log n) for the k items near the visible bounds.
    open override func prepare() {
        super.prepare()
        guard let collectionView else {
            resetSprings()
            return
        }
        if isTiled {
            prepareTiled(in: collectionView)
        } else {
            prepareEveryItem()
        }
    }

    /// Listing 6.17: every item's attributes from `super`, on every pass; springs made once per item.
    private func prepareEveryItem() {
        let content = Rect(origin: .zero, size: collectionViewContentSize)
        let items = super.layoutAttributesForElements(in: content)
        var count = 0
        for item in items where item.representedElementCategory == .cell {
            attach(item)
            count += 1
        }
        if springs.count != count {
            // Items went away (a reload with fewer items): drop their springs.
            let present = Set(items.lazy.filter { $0.representedElementCategory == .cell }.map(\.indexPath))
            detach { !present.contains($0) }
        }
    }

    /// The objc.io variant: springs for the items within `tileMargin` of the visible bounds only.
    private func prepareTiled(in collectionView: CollectionView) {
        let region = collectionView.bounds.insetBy(dx: -tileMargin, dy: -tileMargin)
        coveredRect = region
        let items = super.layoutAttributesForElements(in: region).filter { $0.representedElementCategory == .cell }
        let present = Set(items.map(\.indexPath))
        detach { !present.contains($0) }
        let touch = collectionView.panGestureLocation
        for item in items {
            let isNew = !springs.contains(item.indexPath)
            attach(item)
            // An item that appears while a finger is known starts where the scroll would have put it.
            if isNew, let touch, latestDelta != 0 {
                springs.displace(item.indexPath, by: offset(forDelta: latestDelta, anchor: item.center, touch: touch))
            }
        }
    }

    /// Attaches a spring at `item`'s flow center (once), or moves its anchor there if the flow moved it.
    private func attach(_ item: LayoutAttributes) {
        let key = item.indexPath
        flowAttributes[key] = item
        if let spring = springs[key] {
            if spring.anchor != item.center { springs.moveAnchor(of: key, to: item.center) }
        } else {
            springs.add(key, anchor: item.center, damping: damping, frequency: frequency)
        }
    }

    private func detach(where shouldRemove: (IndexPath) -> Bool) {
        springs.removeAll(where: shouldRemove)
        flowAttributes = flowAttributes.filter { springs.contains($0.key) }
    }

    /// Drops every spring, keeping the clock: the next `prepare()` attaches new ones.
    private func resetSprings() {
        springs.removeAll { _ in true }
        flowAttributes = [:]
        coveredRect = .null
        invalidateLayout()
    }

    // MARK: Scrolling

    /// Listing 6.20: displaces every sprung item by δ·min(r, 1) and keeps the layout (the springs will
    /// invalidate it); a change of size re-flows, as flow does.
    ///
    /// The finger is the collection view's ``CollectionView/panGestureLocation`` (content coordinates, read
    /// while the bounds are still the old ones); before any drag there is none and nothing is displaced.
    /// The tiled variant invalidates at once when the new bounds leave the region its springs cover.
    ///
    /// - Complexity: O(s) for s springs.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let collectionView else { return false }
        if super.shouldInvalidateLayout(forBoundsChange: newBounds) { return true }
        let old = collectionView.bounds
        let delta = scrollDirection == .vertical ? newBounds.minY - old.minY : newBounds.minX - old.minX
        latestDelta = delta
        if delta != 0, let touch = collectionView.panGestureLocation {
            springs.displaceEach { _, spring in self.offset(forDelta: delta, anchor: spring.anchor, touch: touch) }
        }
        if isTiled && !coveredRect.contains(newBounds) {
            invalidateLayout(with: springsMovedContext())
        }
        return false
    }

    /// δ·min(r, 1) along the scrolling axis, r = (|touch.y − anchor.y| + |touch.x − anchor.x|) / resistance —
    /// Listing 6.20's `delta < 0 ? max(delta, delta·r) : min(delta, delta·r)`.
    func offset(forDelta delta: Double, anchor: Point, touch: Point) -> Point {
        let r = (abs(touch.y - anchor.y) + abs(touch.x - anchor.x)) / resistance
        let shift = delta < 0 ? max(delta, delta * r) : min(delta, delta * r)
        return scrollDirection == .vertical ? Point(x: 0, y: shift) : Point(x: shift, y: 0)
    }

    // MARK: Time

    /// Integrates the springs to `time` and invalidates the layout if they moved, as `UIDynamicAnimator`
    /// does on each tick.
    ///
    /// - Returns: whether the springs are still moving: the session lasts until they rest.
    /// - Complexity: O(m·s) for m moving springs and s milliseconds since the last frame; O(1) at rest.
    open func advance(to time: Double) -> Bool {
        let wasMoving = !springs.isAtRest
        let moving = springs.advance(to: time)
        if wasMoving { invalidateLayout(with: springsMovedContext()) }
        return moving
    }

    /// An invalidation that asks flow to recompute nothing: only the springs moved.
    private func springsMovedContext() -> InvalidationContext {
        let context = Self.invalidationContextClass.init()
        (context as? FlowLayoutInvalidationContext)?.invalidateFlowLayoutAttributes = false
        return context
    }

    // MARK: Queries

    /// The sprung items whose frames, centered on their springs, intersect `rect` (Listing 6.18's
    /// `dynamicAnimator.items(in:)`).
    ///
    /// - Complexity: O(s) for s springs: every spring is looked at, as the dynamic animator does.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for (key, spring) in springs.entries {
            guard let flow = flowAttributes[key] else { continue }
            let size = flow.size
            let frame = Rect(x: spring.position.x - size.width / 2, y: spring.position.y - size.height / 2,
                             width: size.width, height: size.height)
            guard frame.intersects(rect) else { continue }
            result.append(sprung(flow, at: spring.position))
        }
        return result
    }

    /// The item where its spring holds it (Listing 6.19); flow's attributes for an item without a spring
    /// (tiled, far from the bounds).
    /// - Complexity: O(1).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        if let spring = springs[indexPath], let flow = flowAttributes[indexPath] {
            return sprung(flow, at: spring.position)
        }
        return super.layoutAttributesForItem(at: indexPath)
    }

    private func sprung(_ flow: LayoutAttributes, at position: Point) -> LayoutAttributes {
        let attributes = flow.copy()
        attributes.center = position
        return attributes
    }
}
