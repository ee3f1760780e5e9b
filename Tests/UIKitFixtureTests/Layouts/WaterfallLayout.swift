#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif

/// What a ``WaterfallLayout`` asks its owner: each item's height at the column width.
protocol WaterfallLayoutDelegate: AnyObject {
    func collectionView(_ collectionView: UICollectionView, layout: WaterfallLayout,
                        heightForItemAt indexPath: IndexPath, width: CGFloat) -> CGFloat
}

/// A Pinterest-style waterfall: items in `numberOfColumns` equal columns, each placed in the column that is
/// shortest so far; sections follow one another, each starting below the tallest column of the one before.
///
/// Every frame is worked out once, in `prepare()`, from the delegate's heights; a query then reads only the
/// items it returns: within each section and column the items are cached in order, top to bottom, so a binary
/// search finds the first one below the rect's top.
final class WaterfallLayout: UICollectionViewLayout {
    weak var delegate: WaterfallLayoutDelegate?
    var numberOfColumns = 2
    var columnSpacing: CGFloat = 8
    var itemSpacing: CGFloat = 8
    var sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    private var itemAttributes: [[UICollectionViewLayoutAttributes]] = []  // by section, then item
    private var columnItems: [[[Int]]] = []  // by section, then column: items top to bottom
    private var sectionFrames: [CGRect] = []
    private var contentHeight: CGFloat = 0

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func prepare() {
        super.prepare()
        itemAttributes = []
        columnItems = []
        sectionFrames = []
        contentHeight = 0
        guard let collectionView = collectionView, numberOfColumns > 0 else { return }
        let available = collectionView.bounds.width - sectionInset.left - sectionInset.right
        let columnWidth = (available - CGFloat(numberOfColumns - 1) * columnSpacing) / CGFloat(numberOfColumns)

        for section in 0..<collectionView.numberOfSections {
            let top = contentHeight + sectionInset.top
            var columnBottoms = [CGFloat](repeating: top, count: numberOfColumns)
            var attributesOfSection: [UICollectionViewLayoutAttributes] = []
            var itemsOfColumn = [[Int]](repeating: [], count: numberOfColumns)
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let height = delegate?.collectionView(collectionView, layout: self, heightForItemAt: indexPath,
                                                      width: columnWidth) ?? columnWidth
                // The shortest column; the leftmost of equals.
                var column = 0
                for candidate in 1..<numberOfColumns where columnBottoms[candidate] < columnBottoms[column] {
                    column = candidate
                }
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: sectionInset.left + CGFloat(column) * (columnWidth + columnSpacing),
                                          y: columnBottoms[column], width: columnWidth, height: height)
                attributesOfSection.append(attributes)
                itemsOfColumn[column].append(item)
                columnBottoms[column] = attributes.frame.maxY + itemSpacing
            }
            let tallest = columnBottoms.max() ?? top
            let bottom = (attributesOfSection.isEmpty ? top : tallest - itemSpacing) + sectionInset.bottom
            sectionFrames.append(CGRect(x: 0, y: contentHeight, width: collectionView.bounds.width,
                                        height: bottom - contentHeight))
            itemAttributes.append(attributesOfSection)
            columnItems.append(itemsOfColumn)
            contentHeight = bottom
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var found: [UICollectionViewLayoutAttributes] = []
        for (section, sectionFrame) in sectionFrames.enumerated() where sectionFrame.intersects(rect) {
            let attributes = itemAttributes[section]
            for items in columnItems[section] {
                // The first item of the column whose bottom is below the rect's top.
                var low = 0
                var high = items.count
                while low < high {
                    let middle = (low + high) / 2
                    if attributes[items[middle]].frame.maxY <= rect.minY { low = middle + 1 } else { high = middle }
                }
                for item in items[low...] {
                    let frame = attributes[item].frame
                    if frame.minY >= rect.maxY { break }
                    if frame.intersects(rect) { found.append(attributes[item]) }
                }
            }
        }
        return found
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section < itemAttributes.count, indexPath.item < itemAttributes[indexPath.section].count
        else { return nil }
        return itemAttributes[indexPath.section][indexPath.item]
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }
}
