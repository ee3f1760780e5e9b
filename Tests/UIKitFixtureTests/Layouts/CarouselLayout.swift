import Foundation
#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif

/// A carousel's attributes: how far the item is from the middle of the screen, in items, for a cell that
/// draws something more than its transform (a shadow, a caption) from it.
final class CarouselLayoutAttributes: UICollectionViewLayoutAttributes {
    var distanceFromCenter: CGFloat = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        (copy as? CarouselLayoutAttributes)?.distanceFromCenter = distanceFromCenter
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CarouselLayoutAttributes else { return false }
        return other.distanceFromCenter == distanceFromCenter && super.isEqual(object)
    }
}

/// One horizontal row of cards; the card in the middle of the screen faces the user and the others turn
/// away in perspective, shrink and fade, so that only the middle one and its neighbours show. Scrolling
/// comes to rest with a card in the middle.
final class CarouselLayout: UICollectionViewLayout {
    var itemSize = CGSize(width: 160, height: 220)
    var spacing: CGFloat = 12
    /// The angle a card one item or more from the middle turns by.
    var maximumAngle: CGFloat = .pi / 4
    /// The eye's distance from the screen, in points, for the perspective.
    var eyeDistance: CGFloat = 600

    private var pitch: CGFloat { itemSize.width + spacing }

    override class var layoutAttributesClass: AnyClass { CarouselLayoutAttributes.self }

    private var numberOfItems: Int {
        guard let collectionView = collectionView, collectionView.numberOfSections > 0 else { return 0 }
        return collectionView.numberOfItems(inSection: 0)
    }

    /// The first and last cards are centred when scrolled to an end.
    private var sideInset: CGFloat { ((collectionView?.bounds.width ?? 0) - itemSize.width) / 2 }

    override var collectionViewContentSize: CGSize {
        let count = CGFloat(numberOfItems)
        let width = count > 0 ? 2 * sideInset + count * pitch - spacing : 0
        return CGSize(width: width, height: collectionView?.bounds.height ?? 0)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let count = numberOfItems
        guard count > 0 else { return [] }
        let first = max(0, Int(floor((rect.minX - sideInset) / pitch)))
        let last = min(count - 1, Int(ceil((rect.maxX - sideInset) / pitch)))
        guard first <= last else { return [] }
        return (first...last).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
            .filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let collectionView = collectionView, indexPath.section == 0, indexPath.item < numberOfItems
        else { return nil }
        let attributes = CarouselLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(x: sideInset + CGFloat(indexPath.item) * pitch,
                                  y: (collectionView.bounds.height - itemSize.height) / 2,
                                  width: itemSize.width, height: itemSize.height)
        let distance = (attributes.center.x - collectionView.bounds.midX) / pitch
        attributes.distanceFromCenter = distance

        let turn = max(-1, min(1, distance))
        var transform = CATransform3DIdentity
        transform.m34 = -1 / eyeDistance
        transform = CATransform3DRotate(transform, -turn * maximumAngle, 0, 1, 0)
        let scale = 1 - 0.2 * abs(turn)
        transform = CATransform3DScale(transform, scale, scale, 1)
        attributes.transform3D = transform
        // Fully opaque within half a card of the middle (UIKit clamps alpha to 1), gone 1.5 cards away.
        attributes.alpha = 1.5 - abs(distance)
        attributes.zIndex = -Int(abs(distance) * 10)
        return attributes
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        true
    }

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                      withScrollingVelocity velocity: CGPoint) -> CGPoint {
        guard numberOfItems > 0 else { return proposedContentOffset }
        let nearest = max(0, min(CGFloat(numberOfItems - 1), (proposedContentOffset.x / pitch).rounded()))
        return CGPoint(x: nearest * pitch, y: proposedContentOffset.y)
    }
}
