// Written as for iOS: only the import differs, and it compiles with UIKit unchanged.
#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif
import Foundation

/// The attributes of a timeline entry: where its rail runs and whether it starts a section.
final class TimelineAttributes: UICollectionViewLayoutAttributes {
    var railOffset: CGFloat = 0
    var isFirstInSection = false

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! TimelineAttributes
        copy.railOffset = railOffset
        copy.isFirstInSection = isFirstInSection
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? TimelineAttributes else { return false }
        return railOffset == other.railOffset && isFirstInSection == other.isFirstInSection && super.isEqual(object)
    }
}

/// Entries stacked down a rail at the leading edge, each as tall as the delegate says, `spacing` apart; the
/// first entry of a section is emphasized (alpha above 1, as some apps write it) and the second shrunk.
final class TimelineLayout: UICollectionViewLayout {
    var railWidth: CGFloat = 24
    var spacing: CGFloat = 8
    private var cache: [TimelineAttributes] = []
    private var contentHeight: CGFloat = 0

    override class var layoutAttributesClass: AnyClass { TimelineAttributes.self }

    override func prepare() {
        super.prepare()
        cache.removeAll()
        guard let collectionView = collectionView else { return }
        let delegate = collectionView.delegate as? any UICollectionViewDelegateFlowLayout
        let width = collectionView.bounds.width - railWidth
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let size = delegate?.collectionView?(collectionView, layout: self, sizeForItemAt: indexPath)
                    ?? CGSize(width: width, height: 44)
                let attributes = TimelineAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: railWidth, y: y, width: width, height: size.height)
                attributes.railOffset = railWidth / 2
                attributes.isFirstInSection = item == 0
                if item == 0 { attributes.alpha = 1.5 }
                if item == 1 { attributes.transform = CGAffineTransform(scaleX: 0.5, y: 0.5) }
                cache.append(attributes)
                y += size.height + spacing
            }
        }
        contentHeight = max(0, y - spacing)
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.first { $0.indexPath == indexPath }
    }
}
