#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif

/// A flow layout whose lines start at the section's left inset, each item the section's minimum interitem
/// spacing after the one before it, instead of being spread across the line.
///
/// Written the way such a layout is usually first written: each item asks `super` for its whole line again to
/// find the items before it, so a line of k items costs k line queries of k attributes each — O(k²) per line.
class LeftAlignedFlowLayout: UICollectionViewFlowLayout {
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let elements = super.layoutAttributesForElements(in: rect) else { return nil }
        return elements.map { attributes in
            guard attributes.representedElementCategory == .cell else { return attributes }
            return layoutAttributesForItem(at: attributes.indexPath) ?? attributes
        }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        // `super`'s attributes may be cached by the flow layout: change a copy only.
        guard let item = super.layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes,
              let collectionView = collectionView else { return nil }
        // The section's metrics as the delegate answers them, else the layout's own.
        let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        let section = indexPath.section
        let inset = delegate?.collectionView?(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
        let spacing = delegate?.collectionView?(collectionView, layout: self,
                                                minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing

        // The line the item is on, as wide as the content: every item on it overlaps this band.
        let line = CGRect(x: 0, y: item.frame.minY, width: collectionViewContentSize.width, height: item.frame.height)
        let before = (super.layoutAttributesForElements(in: line) ?? []).filter {
            $0.representedElementCategory == .cell && $0.indexPath.section == section
                && $0.indexPath.item < indexPath.item
                && $0.frame.maxY > line.minY && $0.frame.minY < line.maxY
        }
        item.frame.origin.x = before.reduce(inset.left) { $0 + $1.frame.width + spacing }
        return item
    }
}
