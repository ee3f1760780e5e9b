import CollectionEngine

/// Square cells in `columns` columns across the width, one section after another.
final class MyGridLayout: CollectionViewLayout {
    let columns: Int
    private var side = 0.0
    private var sectionTops: [Double] = [0]  // each section's top, then the content's bottom

    init(columns: Int) { self.columns = columns }

    override func prepare() {
        guard let view = collectionView else { return }
        side = view.bounds.width / Double(columns)
        sectionTops = [0]
        for section in 0..<view.numberOfSections {
            let rows = (view.numberOfItems(inSection: section) + columns - 1) / columns
            sectionTops.append(sectionTops[section] + Double(rows) * side)
        }
    }

    override var collectionViewContentSize: Size {
        Size(width: collectionView?.bounds.width ?? 0, height: sectionTops.last ?? 0)
    }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard let view = collectionView, side > 0 else { return [] }
        var found: [LayoutAttributes] = []
        for section in 0..<min(view.numberOfSections, sectionTops.count - 1)
        where sectionTops[section] < rect.maxY && sectionTops[section + 1] > rect.minY {
            let firstRow = max(0, Int((rect.minY - sectionTops[section]) / side))
            let lastRow = Int((rect.maxY - sectionTops[section]) / side)
            let last = min(view.numberOfItems(inSection: section) - 1, (lastRow + 1) * columns - 1)
            guard firstRow * columns <= last else { continue }
            for item in firstRow * columns...last {
                if let attributes = layoutAttributesForItem(at: IndexPath(item: item, section: section)) {
                    found.append(attributes)
                }
            }
        }
        return found
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section + 1 < sectionTops.count else { return nil }
        let attributes = LayoutAttributes(forCellWith: indexPath)
        attributes.frame = Rect(x: Double(indexPath.item % columns) * side,
                                y: sectionTops[indexPath.section] + Double(indexPath.item / columns) * side,
                                width: side, height: side)
        return attributes
    }
}
