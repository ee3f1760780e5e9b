// Written as for iOS: only the import differs, and it compiles with UIKit unchanged.
#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif
import Foundation

/// The springy flow layout of UIKit Dynamics' collection-view examples: every item near the visible bounds
/// hangs on a spring at its flow position, and a scroll drags the items by the pan, more the farther they are
/// from the touch, so that they trail behind and spring back.
final class SpringyFlowLayout: UICollectionViewFlowLayout {
    /// The animator of the items; it keeps this layout weakly.
    private(set) lazy var animator = UIDynamicAnimator(collectionViewLayout: self)
    private var attached: Set<IndexPath> = []
    private var latestDelta: CGFloat = 0
    /// Points of distance from the touch per point of lag.
    var scrollResistance: CGFloat = 1500
    var damping: CGFloat = 0.8
    var frequency: CGFloat = 2

    override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        let visible = collectionView.bounds.insetBy(dx: -100, dy: -100)
        let near = super.layoutAttributesForElements(in: visible) ?? []
        let nearPaths = Set(near.filter { $0.representedElementCategory == .cell }.map(\.indexPath))
        for case let spring as UIAttachmentBehavior in animator.behaviors {
            guard let item = spring.items.first as? UICollectionViewLayoutAttributes,
                  !nearPaths.contains(item.indexPath) else { continue }
            animator.removeBehavior(spring)
            attached.remove(item.indexPath)
        }
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)
        for original in near where original.representedElementCategory == .cell && !attached.contains(original.indexPath) {
            guard let item = original.copy() as? UICollectionViewLayoutAttributes else { continue }
            let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
            spring.length = 0
            spring.damping = damping
            spring.frequency = frequency
            if touch != .zero {
                item.center.y += lag(of: spring.anchorPoint, touch: touch)
            }
            animator.addBehavior(spring)
            attached.insert(item.indexPath)
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        animator.items(in: rect).compactMap { $0 as? UICollectionViewLayoutAttributes }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        animator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        latestDelta = newBounds.origin.y - collectionView.bounds.origin.y
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)
        for case let spring as UIAttachmentBehavior in animator.behaviors {
            guard let item = spring.items.first else { continue }
            item.center.y += lag(of: spring.anchorPoint, touch: touch)
            animator.updateItem(usingCurrentState: item)
        }
        return false
    }

    /// How far an item anchored at `anchor` moves with the latest scroll: the scroll, scaled by the
    /// item's distance from the touch, never more than the scroll itself.
    private func lag(of anchor: CGPoint, touch: CGPoint) -> CGFloat {
        let resistance = abs(touch.y - anchor.y) / scrollResistance
        return latestDelta < 0 ? max(latestDelta, latestDelta * resistance) : min(latestDelta, latestDelta * resistance)
    }
}
