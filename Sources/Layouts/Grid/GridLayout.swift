public import CollectionEngine

/// The slides' demo grid (`mpospese/IntroducingCollectionViews` `GridLayout.m`; notes Appendix A.1): a
/// vertical flow layout of speakers with a shelf decoration under every row of items.
///
/// Flow lays out the cells, headers and footers; ``prepare()`` then walks the sections with the demo's own
/// arithmetic — `y` accumulates the header and the top inset, every row adds the item height (a shelf at
/// `(0, y − 32, contentWidth, 37)`) and the line spacing between rows, every section its bottom inset and
/// footer — using the layout's properties, not the flow delegate's per-section sizes, as the demo does.
/// The shelves lie at z-index 0 and everything flow returns at z-index 1, so the shelves are drawn behind
/// the items they carry. A shelf's index path is (section, row).
///
/// As the demo does, every query scans every shelf — the demo's `layoutAttributesForElementsInRect:` runs
/// `[self.shelfRects enumerateKeysAndObjectsUsingBlock:…]` and tests each rect with `CGRectIntersectsRect`:
/// O(rows) per query. The habit is kept, as the catalogue keeps its sources' slow habits: no counter sees it
/// (the shelves built are the ones shown, at any item count), and it is what `reel compare --scale` finds —
/// the grid's `frame/layout/query` grows with the item count (×25 per steady frame from 1,000 to 100,000
/// items, 1.35 → 33.4 µs in a release build) where flow's does not.
///
/// The grid has no interactions of its own: the demo's single-tap handler (`handleTap:`) returns at once
/// on it (it restores speakers only in the spiral), so a tap only selects, which is the collection view's
/// own work.
///
/// The demo's attributes class (`ConferenceLayoutAttributes`) is left out: the grid only ever sets its
/// header text alignment to Left and never changes its shadow opacity from the default, so neither can
/// change what a view applies.
open class GridLayout: FlowLayout {
    /// The decoration kind of the shelves (the demo's `[ShelfView kind]`).
    public static let shelfKind = "shelf"

    /// Every shelf's frame, section by section, row by row.
    public private(set) var shelfFrames: [Rect] = []
    /// The index in ``shelfFrames`` of each section's first shelf.
    private var firstShelf: [Int] = []

    /// A layout with the demo's configuration: vertical, 170 × 197 items, insets 4 10 14 10, spacings 10,
    /// header 43 × 43 (the phone's; the demo's iPad uses 50 × 50), footer 44 × 44, the shelf registered.
    public override init() {
        super.init()
        scrollDirection = .vertical
        itemSize = Size(width: 170, height: 197)
        sectionInset = EdgeInsets(top: 4, left: 10, bottom: 14, right: 10)
        headerReferenceSize = Size(width: 43, height: 43)
        footerReferenceSize = Size(width: 44, height: 44)
        minimumInteritemSpacing = 10
        minimumLineSpacing = 10
        register(ShelfView.self, forDecorationViewOfKind: Self.shelfKind)
    }

    // MARK: Preparing

    /// Flow's layout, then the shelves (`GridLayout.prepareLayout`, vertical branch): the items across are
    /// `floor((available + interitem) / (item width + interitem))`, at least one.
    /// - Complexity: O(s + r) for s sections and r rows, after flow's own preparation.
    open override func prepare() {
        super.prepare()
        shelfFrames.removeAll(keepingCapacity: true)
        firstShelf.removeAll(keepingCapacity: true)
        guard let collectionView else { return }
        let width = collectionViewContentSize.width
        let available = width - (sectionInset.left + sectionInset.right)
        let across = ((available + minimumInteritemSpacing) / (itemSize.width + minimumInteritemSpacing))
            .flooredInt(in: 1...Int.geometricCountLimit)
        var y = 0.0
        for section in 0..<collectionView.numberOfSections {
            firstShelf.append(shelfFrames.count)
            y += headerReferenceSize.height + sectionInset.top
            let rows = (collectionView.numberOfItems(inSection: section) + across - 1) / across
            for row in 0..<rows {
                y += itemSize.height
                shelfFrames.append(Rect(x: 0, y: y - 32, width: width, height: 37))
                if row < rows - 1 { y += minimumLineSpacing }
            }
            y += sectionInset.bottom + footerReferenceSize.height
        }
    }

    // MARK: Queries

    /// Flow's elements at z-index 1, then every shelf meeting `rect` at z-index 0.
    /// - Complexity: O(log n + k) for flow's query, plus O(r) for the scan of all r shelves.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var elements = super.layoutAttributesForElements(in: rect)
        for attributes in elements { attributes.zIndex = 1 }
        var section = 0
        for (index, frame) in shelfFrames.enumerated() where frame.intersects(rect) {
            while section + 1 < firstShelf.count, firstShelf[section + 1] <= index { section += 1 }
            elements.append(shelf(frame, at: IndexPath(item: index - firstShelf[section], section: section)))
        }
        return elements
    }

    /// Flow's item at z-index 1.
    /// - Complexity: O(1).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        let attributes = super.layoutAttributesForItem(at: indexPath)
        attributes?.zIndex = 1
        return attributes
    }

    /// Flow's header or footer at z-index 1.
    /// - Complexity: O(1).
    open override func layoutAttributesForSupplementaryView(ofKind kind: String,
                                                           at indexPath: IndexPath) -> LayoutAttributes? {
        let attributes = super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
        attributes?.zIndex = 1
        return attributes
    }

    /// The shelf under row `indexPath.item` of section `indexPath.section`, or `nil` when there is none.
    /// - Complexity: O(1).
    open override func layoutAttributesForDecorationView(ofKind kind: String,
                                                        at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == Self.shelfKind, indexPath.section >= 0, indexPath.section < firstShelf.count,
              indexPath.item >= 0 else { return nil }
        let index = firstShelf[indexPath.section] + indexPath.item
        let end = indexPath.section + 1 < firstShelf.count ? firstShelf[indexPath.section + 1] : shelfFrames.count
        guard index < end else { return nil }
        return shelf(shelfFrames[index], at: indexPath)
    }

    private func shelf(_ frame: Rect, at indexPath: IndexPath) -> LayoutAttributes {
        let attributes = Self.layoutAttributesClass.init(category: .decorationView, kind: Self.shelfKind,
                                                         indexPath: indexPath)
        attributes.frame = frame
        attributes.zIndex = 0
        return attributes
    }
}
