public import CollectionEngine

/// A store screen written by hand, the way apps built one before compositional layout: a subclass of the
/// flow layout that stacks sections vertically, lays out a section of items narrower than the content as
/// one horizontal carousel that scrolls on its own (a nested scroller, as the inner collection view of a
/// row was), and a section of full-width items as rows.
///
/// Sizes, insets, spacings and header sizes come from the flow delegate, as a flow layout's do (a row's
/// height is what the app computed for it, not a measurement). Carousels rest with an item's leading edge at
/// the section's leading inset, at the fast deceleration rate, as such carousels were commonly written
/// (`decelerationRate = .fast` and a `targetContentOffset` that snaps to the nearest item).
///
/// Like many hand-written layouts with sticky headers, it recomputes everything on every change of bounds
/// while headers pin: `shouldInvalidateLayout(forBoundsChange:)` returns `true` and `prepare()` starts over,
/// asking the delegate for every size again ("re-calculate the positions of all items … every time it
/// moves", RBCollectionViewInfoFolderLayout issue 8; the fix, invalidating only the pinned headers through a
/// context, is zenangst/Blueprints pull request 95). A carousel's scroll invalidates the layout the same way.
/// Queries look at the sections that meet the rect, then at their items.
open class StoreFlowLayout: FlowLayout {
    /// One section as `prepare()` laid it out: frames in content coordinates, carousels at their nested offset.
    struct Section {
        var frame: Rect
        var header: LayoutAttributes?
        var items: [LayoutAttributes]
        /// A carousel: its band, its content's width, its leading inset, and its items' unscrolled origins.
        typealias Carousel = (band: Rect, contentWidth: Double, leadingInset: Double, origins: [Double])
        /// The section's carousel, or `nil` for rows.
        var carousel: Carousel?
    }

    private var laidOut: [Section] = []
    private var contentHeight = 0.0

    public override init() {
        super.init()
        scrollDirection = .vertical
    }

    // MARK: Invalidation

    /// `true` while headers pin (every scroll frame then re-prepares everything), else on a change of size.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        sectionHeadersPinToVisibleBounds || newBounds.size != (collectionView?.bounds.size ?? newBounds.size)
    }

    open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        let context = InvalidationContext()
        context.invalidateEverything = true
        return context
    }

    open override func invalidateLayout(with context: InvalidationContext) {
        let everything = InvalidationContext()
        everything.invalidateEverything = true
        super.invalidateLayout(with: everything)
    }

    // MARK: Preparation

    /// Lays every section out from the delegate's metrics.
    /// - Complexity: O(n) for n items: one size query each.
    open override func prepare() {
        guard let collectionView else { return }
        let delegate = collectionView.delegate as? any FlowLayoutDelegate
        let width = collectionView.bounds.size.width
        let offset = collectionView.contentOffset
        laidOut.removeAll(keepingCapacity: true)
        var y = 0.0
        for section in 0..<collectionView.numberOfSections {
            let count = collectionView.numberOfItems(inSection: section)
            let inset = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
            let headerSize = delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section)
                ?? headerReferenceSize
            let top = y
            var header: LayoutAttributes?
            if headerSize.height > 0 {
                let attributes = LayoutAttributes(forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                                                  with: IndexPath(item: 0, section: section))
                attributes.frame = Rect(x: 0, y: y, width: width, height: headerSize.height)
                header = attributes
                y += headerSize.height
            }
            y += inset.top
            let sizes = (0..<count).map { item in
                delegate?.collectionView(collectionView, layout: self, sizeForItemAt: IndexPath(item: item, section: section))
                    ?? itemSize
            }
            let available = width - inset.left - inset.right
            var items: [LayoutAttributes] = []
            items.reserveCapacity(count)
            var carousel: Section.Carousel?
            if let first = sizes.first, first.width < available {
                let spacing = delegate?.collectionView(collectionView, layout: self,
                                                       minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing
                let height = sizes.map(\.height).max() ?? 0
                let nested = collectionView.nestedScrollOffset(of: section)
                var x = inset.left
                var origins: [Double] = []
                for (item, size) in sizes.enumerated() {
                    let attributes = LayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                    attributes.frame = Rect(x: x - nested, y: y + (height - size.height) / 2, width: size.width, height: size.height)
                    items.append(attributes)
                    origins.append(x)
                    x += size.width + spacing
                }
                let contentWidth = x - (sizes.isEmpty ? 0 : spacing) + inset.right
                carousel = (Rect(x: 0, y: y - inset.top, width: width, height: height + inset.top + inset.bottom),
                            contentWidth, inset.left, origins)
                y += height
            } else {
                let spacing = delegate?.collectionView(collectionView, layout: self,
                                                       minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
                for (item, size) in sizes.enumerated() {
                    let attributes = LayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                    attributes.frame = Rect(x: inset.left, y: y, width: size.width, height: size.height)
                    items.append(attributes)
                    y += size.height + (item + 1 < count ? spacing : 0)
                }
            }
            y += inset.bottom
            laidOut.append(Section(frame: Rect(x: 0, y: top, width: width, height: y - top), header: header, items: items,
                                   carousel: carousel))
        }
        contentHeight = y
        if sectionHeadersPinToVisibleBounds { pinHeaders(at: offset.y + collectionView.adjustedContentInset.top) }
    }

    /// Holds each header at the top of the visible bounds while its section is there, pushed up by the
    /// section's end, as UIKit's pinned flow headers are.
    private func pinHeaders(at top: Double) {
        for section in laidOut {
            guard let header = section.header else { continue }
            let height = header.frame.size.height
            let pinned = min(max(section.frame.origin.y, top), section.frame.maxY - height)
            header.frame = Rect(x: 0, y: pinned, width: header.frame.size.width, height: height)
            header.zIndex = FlowLayout.pinnedZIndex
        }
    }

    open override var collectionViewContentSize: Size {
        Size(width: collectionView?.bounds.size.width ?? 0, height: contentHeight)
    }

    // MARK: Queries

    /// The elements of the sections that meet `rect`.
    /// - Complexity: O(s + k) for s sections and the k elements of the sections that meet it.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        var examined = 0
        for section in laidOut where section.frame.intersects(rect) {
            if let header = section.header, header.frame.intersects(rect) { result.append(header) }
            examined += section.items.count
            for item in section.items where item.frame.intersects(rect) { result.append(item) }
        }
        recordAttributesExamined(examined)
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard laidOut.indices.contains(indexPath.section), laidOut[indexPath.section].items.indices.contains(indexPath.item)
        else { return nil }
        return laidOut[indexPath.section].items[indexPath.item]
    }

    open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == CollectionView.elementKindSectionHeader, laidOut.indices.contains(indexPath.section) else { return nil }
        return laidOut[indexPath.section].header
    }

    // MARK: Carousels

    open override func nestedScroller(containing point: Point) -> NestedScroller? {
        laidOut.indices.lazy.compactMap { self.scroller(of: $0) }.first { $0.frame.contains(point) }
    }

    open override func nestedScroller(withID id: Int) -> NestedScroller? { scroller(of: id) }

    /// Rests with the item nearest to the proposed offset at the section's leading inset.
    open override func targetOffset(forNestedScroller scroller: NestedScroller, proposedOffset: Double,
                                    velocity: Double) -> Double {
        guard laidOut.indices.contains(scroller.id), let carousel = laidOut[scroller.id].carousel else { return proposedOffset }
        let target = proposedOffset + carousel.leadingInset
        let nearest = carousel.origins.min { abs($0 - target) < abs($1 - target) } ?? carousel.leadingInset
        return min(max(nearest - carousel.leadingInset, 0), scroller.maximumOffset)
    }

    private func scroller(of section: Int) -> NestedScroller? {
        guard laidOut.indices.contains(section), let carousel = laidOut[section].carousel else { return nil }
        return NestedScroller(id: section, frame: carousel.band, axis: .horizontal, contentLength: carousel.contentWidth,
                              decelerationRate: .fast)
    }
}
