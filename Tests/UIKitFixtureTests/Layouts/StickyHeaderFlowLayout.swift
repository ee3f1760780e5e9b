#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif

/// A vertical flow layout whose section headers stay at the top of the screen while their section's items
/// scroll under them, each pushed up by the end of its section — written by hand over `super`'s attributes,
/// as before `sectionHeadersPinToVisibleBounds`.
final class StickyHeaderFlowLayout: UICollectionViewFlowLayout {
    /// Above every cell, as a pinned header must be.
    static let pinnedZIndex = 1024

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard var elements = super.layoutAttributesForElements(in: rect) else { return nil }
        // A section whose items are on screen keeps its header even once the header's own place scrolled off.
        var sectionsShown = Set<Int>()
        var sectionsWithHeader = Set<Int>()
        for element in elements {
            switch element.representedElementCategory {
            case .cell:
                sectionsShown.insert(element.indexPath.section)
            case .supplementaryView where element.representedElementKind == UICollectionView.elementKindSectionHeader:
                sectionsWithHeader.insert(element.indexPath.section)
            default:
                break
            }
        }
        for section in sectionsShown.subtracting(sectionsWithHeader).sorted() {
            if let header = super.layoutAttributesForSupplementaryView(
                ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section)) {
                elements.append(header)
            }
        }
        return elements.map { element in
            element.representedElementKind == UICollectionView.elementKindSectionHeader ? pinned(element) : element
        }
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                       at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attributes = super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
        guard elementKind == UICollectionView.elementKindSectionHeader, let header = attributes else {
            return attributes
        }
        return pinned(header)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        true
    }

    /// A copy of `header` moved down to the visible top, but never below its section's last item.
    private func pinned(_ header: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard let collectionView = collectionView,
              let pinned = header.copy() as? UICollectionViewLayoutAttributes else { return header }
        let section = header.indexPath.section
        let count = collectionView.numberOfItems(inSection: section)
        guard count > 0, let last = layoutAttributesForItem(at: IndexPath(item: count - 1, section: section)) else {
            return header
        }
        let visibleTop = collectionView.contentOffset.y + collectionView.adjustedContentInset.top
        let sectionEnd = last.frame.maxY + sectionInset.bottom
        pinned.frame.origin.y = min(max(visibleTop, header.frame.minY), sectionEnd - header.frame.height)
        pinned.zIndex = Self.pinnedZIndex
        return pinned
    }
}
