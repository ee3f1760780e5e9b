public import CollectionEngine
import RealModule

/// The slides' demo app's spiral (`SpiralLayout.m` of mpospese/IntroducingCollectionViews, notes A.5,
/// adapted from Apple's WWDC 2012 `CircleLayout`): one page per section, each section's speakers on a
/// 1.5-turn spiral out from the page's center, small at the center and full size at its end.
///
/// A direct ``CollectionViewLayout`` subclass. Page `k` is `(k·W, 0, W, H)` and the content is
/// `(W · sections, H)`; the trace's collection view pages (`paging="true"`, the demo's
/// `pagingEnabled = YES`). Item `i` of `n` (`den = max(n − 1, 1)`) is at
/// `pageCenter + (radius·i/den) · (cos 3πi/den, sin 3πi/den)`, scaled by `(0.25 + 0.75·i/den) · scale`,
/// with `radius = min(W − 170s, (H − 170s) · 1.2) / 2 − 5`; each page has a header 50 high across it,
/// centered 35 from the top.
///
/// The demo's habits are kept: it invalidates only when the size changes, but builds every attribute of
/// every page that meets a query anew on each query (notes A.5, P1/P2). Inserted speakers appear from the
/// page's center at a quarter size and transparent; deleted ones fly up off the screen, fading; only they
/// — the others move to their new places by default (the slides' "custom delete animation", notes §3).
public final class SpiralLayout: CollectionViewLayout {
    /// Every item's size before its scale (the demo's `ITEM_SIZE`, 170 × 170).
    public var itemSize: Size { didSet { invalidateLayout() } }
    /// The idiom's scale factor: 1 on the iPad, 0.5 on the phone (the demo's `scaleFactor`).
    public var scale: Double { didSet { invalidateLayout() } }

    /// The bounds' size when the layout was last prepared: one page.
    public private(set) var pageSize = Size.zero
    /// The spiral's outer radius for ``pageSize``.
    public private(set) var radius = 0.0
    private var cellCounts: [Int] = []
    private var deletedIndexPaths: [IndexPath] = []
    private var insertedIndexPaths: [IndexPath] = []

    /// The header's height and the distance of its center from the page's top.
    static let headerHeight = 50.0, headerCenterY = 35.0

    /// Creates the layout with the demo's phone values unless given others.
    public init(itemSize: Size = Size(width: 170, height: 170), scale: Double = 0.5) {
        self.itemSize = itemSize
        self.scale = scale
        super.init()
    }

    /// The spiral's radius on a page of `size`: `min(W − w·s, (H − h·s) · 1.2) / 2 − 5` (1024 × 748 at
    /// s = 1 → 341.8; 768 × 1004 → 294).
    /// - Complexity: O(1).
    public func radius(forPageSize size: Size) -> Double {
        min(size.width - itemSize.width * scale, (size.height - itemSize.height * scale) * 1.2) / 2 - 5
    }

    // MARK: Preparing (the demo's `prepareLayout`)

    /// Reads the page size, the radius and every section's count.
    /// - Complexity: O(s) for s sections.
    public override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        pageSize = collectionView.bounds.size
        radius = radius(forPageSize: pageSize)
        cellCounts = (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
    }

    /// One page per section: `(W · sections, H)`.
    public override var collectionViewContentSize: Size {
        Size(width: pageSize.width * Double(cellCounts.count), height: pageSize.height)
    }

    /// Only when the size changes (rotation): scrolling keeps the pages (the demo's
    /// `!CGSizeEqualToSize(self.pageSize, newBounds.size)`).
    /// - Complexity: O(1).
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size != pageSize
    }

    /// Page `section`: `(section · W, 0, W, H)`.
    /// - Complexity: O(1).
    public func pageRect(forSection section: Int) -> Rect {
        Rect(x: Double(section) * pageSize.width, y: 0, width: pageSize.width, height: pageSize.height)
    }

    // MARK: Queries

    /// Item `i` of its section's `n` on the spiral.
    /// - Complexity: O(1).
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard cellCounts.indices.contains(indexPath.section), indexPath.item >= 0,
              indexPath.item < cellCounts[indexPath.section] else { return nil }
        return itemAttributes(at: indexPath)
    }

    private func itemAttributes(at indexPath: IndexPath) -> LayoutAttributes {
        let attributes = LayoutAttributes(forCellWith: indexPath)
        attributes.size = itemSize
        let fraction = self.fraction(indexPath)
        attributes.center = itemCenter(indexPath, fraction: fraction)
        let itemScale = (0.25 + 0.75 * fraction) * scale
        attributes.transform3D = .scale(x: itemScale, y: itemScale)
        return attributes
    }

    /// How far along its section's spiral the item is, from 0 (the center) to 1.
    private func fraction(_ indexPath: IndexPath) -> Double {
        Double(indexPath.item) / Double(max(cellCounts[indexPath.section] - 1, 1))
    }

    private func itemCenter(_ indexPath: IndexPath, fraction: Double) -> Point {
        let page = pageRect(forSection: indexPath.section)
        let angle = 3 * Double.pi * fraction
        return Point(x: page.midX + radius * fraction * Double.cos(angle),
                     y: page.midY + radius * fraction * Double.sin(angle))
    }

    /// The item's frame as its attributes give it, without building them.
    private func itemFrame(_ indexPath: IndexPath) -> Rect {
        let center = itemCenter(indexPath, fraction: fraction(indexPath))
        return Rect(x: center.x - itemSize.width / 2, y: center.y - itemSize.height / 2,
                    width: itemSize.width, height: itemSize.height)
    }

    /// The section's header: the page's width, 50 high, centered at (page midX, 35).
    /// - Complexity: O(1).
    public override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == CollectionView.elementKindSectionHeader, indexPath.item == 0,
              cellCounts.indices.contains(indexPath.section) else { return nil }
        let attributes = LayoutAttributes(forSupplementaryViewOfKind: kind, with: indexPath)
        let page = pageRect(forSection: indexPath.section)
        attributes.size = Size(width: page.width, height: Self.headerHeight)
        attributes.center = Point(x: page.midX, y: Self.headerCenterY)
        return attributes
    }

    /// For each page that meets `rect`, all its items and its header, built anew (the demo's habit).
    ///
    /// Within a limited query (``CollectionViewLayout/elementQueryLimit``, a replay's display limit) of more
    /// elements than the limit, the displayable ones are counted from the spirals' geometry before any is
    /// built: past the limit the layout answers none and records the count in
    /// ``CollectionViewLayout/elementQueryOverflow``, as the flow layout does; within it, it builds only the
    /// elements in `rect`.
    /// - Complexity: O(s + k): every page is tested, and every item of a page that meets `rect` is built;
    ///   past the limit, O(s) for the pages whose spiral lies inside `rect` and O(k) without building for the others.
    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let pages = cellCounts.indices.filter { pageRect(forSection: $0).intersects(rect) }
        if let limit = elementQueryLimit, pages.reduce(pages.count, { $0 + cellCounts[$1] }) > limit {
            return limitedAnswer(limit, pages: pages, in: rect)
        }
        var result: [LayoutAttributes] = []
        for section in pages {
            for item in 0..<cellCounts[section] {
                result.append(itemAttributes(at: IndexPath(item: item, section: section)))
            }
            let header = IndexPath(item: 0, section: section)
            if let attributes = layoutAttributesForSupplementaryView(ofKind: CollectionView.elementKindSectionHeader,
                                                                     at: header) {
                result.append(attributes)
            }
        }
        return result
    }

    /// The answer of a query limited to `limit` elements that the items and headers of `pages` may pass: the
    /// displayable ones counted first, each item's frame computed as its attributes would have it, and built
    /// only when they are within the limit.
    private func limitedAnswer(_ limit: Int, pages: [Int], in rect: Rect) -> [LayoutAttributes] {
        func header(_ section: Int) -> LayoutAttributes? {
            layoutAttributesForSupplementaryView(ofKind: CollectionView.elementKindSectionHeader,
                                                 at: IndexPath(item: 0, section: section))
                .flatMap { !$0.isHidden && $0.frame.intersects(rect) ? $0 : nil }
        }
        func items(_ section: Int) -> some Collection<IndexPath> {
            (0..<cellCounts[section]).lazy.map { IndexPath(item: $0, section: section) }
        }
        var shown = 0
        for section in pages {
            // With every item's center inside `rect`, all are shown; the margin covers rounding.
            let page = pageRect(forSection: section)
            let reach = abs(radius) + 1
            let inside = page.midX - reach > rect.minX && page.midX + reach < rect.maxX
                && page.midY - reach > rect.minY && page.midY + reach < rect.maxY
            shown += inside ? cellCounts[section] : items(section).count { itemFrame($0).intersects(rect) }
            shown += header(section) == nil ? 0 : 1
        }
        if shown > limit {
            elementQueryOverflow = shown
            return []
        }
        var result: [LayoutAttributes] = []
        for section in pages {
            result += items(section).filter { itemFrame($0).intersects(rect) }.map(itemAttributes(at:))
            if let header = header(section) { result.append(header) }
        }
        return result
    }

    /// The page nearest to the proposed offset, within the pages (the demo's
    /// `targetContentOffsetForProposedContentOffset:…`); used when the collection view does not page —
    /// with paging, the collection view chooses the page itself, as UIKit does.
    /// - Complexity: O(1).
    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: Point,
                                             withScrollingVelocity velocity: Point) -> Point {
        guard pageSize.width > 0, !cellCounts.isEmpty else { return proposedContentOffset }
        let page = min(max((proposedContentOffset.x / pageSize.width).rounded(), 0), Double(cellCounts.count - 1))
        return Point(x: page * pageSize.width, y: proposedContentOffset.y)
    }

    // MARK: Updates (the slides' "custom delete animation")

    /// Remembers the deleted items (old index paths) and the inserted ones (new index paths).
    /// - Complexity: O(u) for u update items.
    public override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        deletedIndexPaths = []
        insertedIndexPaths = []
        for update in updateItems where !update.isSectionOperation {
            switch update.updateAction {
            case .delete: if let path = update.indexPathBeforeUpdate { deletedIndexPaths.append(path) }
            case .insert: if let path = update.indexPathAfterUpdate { insertedIndexPaths.append(path) }
            default: break
            }
        }
    }

    /// Forgets the batch's items.
    /// - Complexity: O(1).
    public override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        deletedIndexPaths = []
        insertedIndexPaths = []
    }

    /// An inserted item starts at its page's center, transparent, at scale 0.25 (the demo's
    /// `CATransform3DMakeScale(0.25, 0.25, 1)`, not multiplied by the idiom's scale); the others appear by
    /// default.
    ///
    /// The demo keeps the index paths in an array and scans it per call (`containsObject:`), which is kept
    /// (notes P18: O(k) per call for k inserted items).
    /// - Complexity: O(k) for k inserted items.
    public override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        let attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
        guard insertedIndexPaths.contains(itemIndexPath),
              let inserted = attributes ?? layoutAttributesForItem(at: itemIndexPath) else { return attributes }
        inserted.alpha = 0
        let page = pageRect(forSection: itemIndexPath.section)
        inserted.center = Point(x: page.midX, y: page.midY)
        inserted.transform3D = .scale(x: 0.25, y: 0.25)
        return inserted
    }

    /// A deleted item ends above the screen (center y = −170, the demo's `0 − ITEM_SIZE`) at its old x,
    /// transparent; the others disappear by default.
    /// - Complexity: O(k) for k deleted items.
    public override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        let attributes = super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
        guard deletedIndexPaths.contains(itemIndexPath),
              let deleted = attributes ?? deletedItemAttributes(at: itemIndexPath) else { return attributes }
        deleted.alpha = 0
        deleted.center = Point(x: deleted.center.x, y: -itemSize.height)
        return deleted
    }

    /// Where a deleted item was: the demo asks `layoutAttributesForItemAtIndexPath:` with the old index
    /// path, but the layout holds the new counts by now; the item's place is computed with its section's
    /// old count (the new count plus the section's deleted items).
    private func deletedItemAttributes(at indexPath: IndexPath) -> LayoutAttributes? {
        guard cellCounts.indices.contains(indexPath.section) else { return nil }
        let current = cellCounts[indexPath.section]
        let deleted = deletedIndexPaths.count { $0.section == indexPath.section }
        let inserted = insertedIndexPaths.count { $0.section == indexPath.section }
        cellCounts[indexPath.section] = current + deleted - inserted
        defer { cellCounts[indexPath.section] = current }
        return layoutAttributesForItem(at: indexPath)
    }
}
