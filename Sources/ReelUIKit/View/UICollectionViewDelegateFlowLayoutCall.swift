public import Foundation

/// The methods of a ``UICollectionViewDelegateFlowLayout``, callable with their labels, so that UIKit's optional
/// calls `delegate?.collectionView?(…)` compile.
public struct UICollectionViewDelegateFlowLayoutCall {
    private let delegate: any UICollectionViewDelegateFlowLayout

    init(_ delegate: any UICollectionViewDelegateFlowLayout) { self.delegate = delegate }

    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: Foundation.IndexPath) -> CGSize {
        delegate.collectionView(collectionView, layout: collectionViewLayout, sizeForItemAt: indexPath)
    }

    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        delegate.collectionView(collectionView, layout: collectionViewLayout, insetForSectionAt: section)
    }

    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        delegate.collectionView(collectionView, layout: collectionViewLayout, minimumLineSpacingForSectionAt: section)
    }

    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        delegate.collectionView(collectionView, layout: collectionViewLayout,
                                minimumInteritemSpacingForSectionAt: section)
    }

    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize {
        delegate.collectionView(collectionView, layout: collectionViewLayout, referenceSizeForHeaderInSection: section)
    }

    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> CGSize {
        delegate.collectionView(collectionView, layout: collectionViewLayout, referenceSizeForFooterInSection: section)
    }
}
