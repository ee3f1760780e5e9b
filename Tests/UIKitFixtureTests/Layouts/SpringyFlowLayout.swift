#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif

/// A flow layout whose items hang on springs: while the user drags, items far from the finger lag behind
/// and then settle, as in the Messages app of iOS 7.
///
/// Each item is attached to its flow position by a `UIAttachmentBehavior` of length 0. A scroll moves the
/// items by the scroll's delta scaled by their distance from the finger (`resistance`); the dynamic
/// animator then pulls them back and invalidates the layout while they move.
///
/// `prepare()` asks `super` for the whole content on every pass to find items without a spring — the simple
/// way, whose cost grows with the content rather than with what is on screen.
class SpringyFlowLayout: UICollectionViewFlowLayout {
    var damping: CGFloat = 0.8
    var frequency: CGFloat = 1.0
    /// Points of distance from the finger per point of lag: a larger value, a stiffer list.
    var resistance: CGFloat = 1500

    private lazy var animator = UIDynamicAnimator(collectionViewLayout: self)
    private var attached = Set<IndexPath>()

    override func prepare() {
        super.prepare()
        let content = CGRect(origin: .zero, size: collectionViewContentSize)
        guard let items = super.layoutAttributesForElements(in: content) else { return }
        for item in items where !attached.contains(item.indexPath) && item.representedElementCategory == .cell {
            let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
            spring.length = 0
            spring.damping = damping
            spring.frequency = frequency
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
        guard let collectionView = collectionView else { return false }
        let delta = scrollDirection == .vertical
            ? newBounds.origin.y - collectionView.bounds.origin.y
            : newBounds.origin.x - collectionView.bounds.origin.x
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)

        for case let spring as UIAttachmentBehavior in animator.behaviors {
            guard let item = spring.items.first else { continue }
            let distance = scrollDirection == .vertical
                ? abs(touch.y - spring.anchorPoint.y)
                : abs(touch.x - spring.anchorPoint.x)
            let lag = delta * distance / resistance
            // Never further than the scroll itself.
            let shift = delta < 0 ? max(delta, lag) : min(delta, lag)
            var center = item.center
            if scrollDirection == .vertical { center.y += shift } else { center.x += shift }
            item.center = center
            animator.updateItem(usingCurrentState: item)
        }
        return false
    }
}
