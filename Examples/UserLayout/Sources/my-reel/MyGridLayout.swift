#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif

/// Square cells in `columns` columns across the width, one section after another.
final class MyGridLayout: UICollectionViewLayout {
    var columns = 3
    private var side: CGFloat = 0
    private var sectionTops: [CGFloat] = [0]  // each section's top, then the content's bottom

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        side = collectionView.bounds.width / CGFloat(columns)
        sectionTops = [0]
        for section in 0..<collectionView.numberOfSections {
            let rows = (collectionView.numberOfItems(inSection: section) + columns - 1) / columns
            sectionTops.append(sectionTops[section] + CGFloat(rows) * side)
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: sectionTops.last ?? 0)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = collectionView, side > 0 else { return nil }
        var found: [UICollectionViewLayoutAttributes] = []
        for section in 0..<sectionTops.count - 1
        where sectionTops[section] < rect.maxY && sectionTops[section + 1] > rect.minY {
            let firstRow = max(0, Int((rect.minY - sectionTops[section]) / side))
            let lastRow = Int((rect.maxY - sectionTops[section]) / side)
            let last = min(collectionView.numberOfItems(inSection: section) - 1, (lastRow + 1) * columns - 1)
            guard firstRow * columns <= last else { continue }
            for item in firstRow * columns...last {
                if let attributes = layoutAttributesForItem(at: IndexPath(item: item, section: section)) {
                    found.append(attributes)
                }
            }
        }
        return found
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section + 1 < sectionTops.count else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(x: CGFloat(indexPath.item % columns) * side,
                                  y: sectionTops[indexPath.section] + CGFloat(indexPath.item / columns) * side,
                                  width: side, height: side)
        return attributes
    }
}
