#if canImport(UIKit)
import UIKit
#else
import ReelUIKit
#endif

/// A flow layout whose items grow as they near the middle of the screen, up to `maximumZoom` there.
final class MyZoomingFlowLayout: UICollectionViewFlowLayout {
    var maximumZoom: CGFloat = 1.3

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = collectionView,
              let elements = super.layoutAttributesForElements(in: rect) else { return nil }
        let middle = collectionView.bounds.midY
        let reach = collectionView.bounds.height / 2
        return elements.map { element in
            // `super` may cache its attributes: change copies only.
            guard element.representedElementCategory == .cell,
                  let zoomed = element.copy() as? UICollectionViewLayoutAttributes else { return element }
            let nearness = max(0, 1 - abs(zoomed.center.y - middle) / reach)
            let zoom = 1 + (maximumZoom - 1) * nearness
            zoomed.transform = CGAffineTransform(scaleX: zoom, y: zoom)
            zoomed.zIndex = Int(nearness * 100)
            return zoomed
        }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        true
    }
}
