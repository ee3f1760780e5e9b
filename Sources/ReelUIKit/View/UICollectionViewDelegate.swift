public import Foundation
internal import CollectionEngine

/// The collection view's delegate: UIKit's `UICollectionViewDelegate`, as a layout sees it — the protocol that
/// ``UICollectionViewDelegateFlowLayout`` refines and `collectionView.delegate` is typed as.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate
public protocol UICollectionViewDelegate: AnyObject {}

/// Per-item sizes and per-section metrics for a layout: UIKit's `UICollectionViewDelegateFlowLayout`.
///
/// In a replay, `collectionView.delegate as? UICollectionViewDelegateFlowLayout` is the replay's delegate, which
/// answers the trace's sizes and metrics for any layout, flow or not.
///
/// UIKit's methods are Objective-C `optional` requirements, which Linux cannot compile: here each is an ordinary
/// requirement with a default (the flow layout's own value, or UIKit's flow defaults for another layout), and
/// both ways of calling compile: `delegate.collectionView(cv, layout: self, sizeForItemAt: indexPath)` and
/// UIKit's optional call `delegate?.collectionView?(cv, layout: self, sizeForItemAt: indexPath)` (through
/// ``collectionView-swift.property``, which answers for the delegate; it is never `nil`).
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewdelegateflowlayout
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: Foundation.IndexPath) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: Foundation.IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 10
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 10
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }

    /// UIKit's optional call, `delegate?.collectionView?(cv, layout: self, sizeForItemAt: indexPath)`: the
    /// delegate's methods as a value that may be called with their labels. Never `nil`: every method has an
    /// answer.
    public var collectionView: UICollectionViewDelegateFlowLayoutCall? { UICollectionViewDelegateFlowLayoutCall(self) }
}
