// Written as for iOS: only the import differs, and it compiles with UIKit unchanged.
#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif
import Foundation

/// A flow layout whose lines start at the leading inset with exactly the minimum spacing between items,
/// rather than spreading the leftover space (a common UIKit subclass).
final class LeftAlignedFlowLayout: UICollectionViewFlowLayout {
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let original = super.layoutAttributesForElements(in: rect) else { return nil }
        var attributes: [UICollectionViewLayoutAttributes] = []
        for item in original {
            guard let copied = item.copy() as? UICollectionViewLayoutAttributes else { continue }
            if copied.representedElementCategory == .cell {
                copied.frame = alignedFrame(of: copied)
            }
            attributes.append(copied)
        }
        return attributes
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let copied = super.layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes else {
            return nil
        }
        copied.frame = alignedFrame(of: copied)
        return copied
    }

    /// The frame of `attributes` moved to follow the item before it on its line, or to the section's inset.
    private func alignedFrame(of attributes: UICollectionViewLayoutAttributes) -> CGRect {
        var frame = attributes.frame
        let indexPath = attributes.indexPath
        let inset = delegateInset(forSection: indexPath.section)
        guard indexPath.item > 0,
              let previous = super.layoutAttributesForItem(at: IndexPath(item: indexPath.item - 1,
                                                                          section: indexPath.section)) else {
            frame.origin.x = inset.left
            return frame
        }
        let previousFrame = alignedFrame(of: previous)
        if previousFrame.midY.rounded() == frame.midY.rounded() {
            frame.origin.x = previousFrame.maxX + minimumInteritemSpacing
        } else {
            frame.origin.x = inset.left
        }
        return frame
    }

    private func delegateInset(forSection section: Int) -> UIEdgeInsets {
        guard let collectionView else { return sectionInset }
        let delegate = collectionView.delegate as? any UICollectionViewDelegateFlowLayout
        return delegate?.collectionView?(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
    }
}
