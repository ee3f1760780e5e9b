import Foundation
internal import CollectionEngine

/// The replay's delegate under UIKit's names: the engine's flow delegate (the trace's sizes and section
/// metrics), asked on behalf of any layout — a flow layout's own engine side, else a flow layout with UIKit's
/// defaults that is never installed, so that what the trace leaves out falls back as UIKit's flow would.
final class DelegateBridge: UICollectionViewDelegateFlowLayout {
    let delegate: any FlowLayoutDelegate
    unowned(unsafe) let view: CollectionView
    private lazy var defaults = FlowLayout()

    init(delegate: any FlowLayoutDelegate, view: CollectionView) {
        self.delegate = delegate
        self.view = view
    }

    private func flow(_ layout: UICollectionViewLayout) -> FlowLayout {
        (layout as? UICollectionViewFlowLayout)?.flowAdapter ?? defaults
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: Foundation.IndexPath) -> CGSize {
        CGSize(delegate.collectionView(view, layout: flow(collectionViewLayout), sizeForItemAt: indexPath.engine))
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets {
        UIEdgeInsets(delegate.collectionView(view, layout: flow(collectionViewLayout), insetForSectionAt: section))
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        CGFloat(delegate.collectionView(view, layout: flow(collectionViewLayout),
                                        minimumLineSpacingForSectionAt: section))
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        CGFloat(delegate.collectionView(view, layout: flow(collectionViewLayout),
                                        minimumInteritemSpacingForSectionAt: section))
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize {
        CGSize(delegate.collectionView(view, layout: flow(collectionViewLayout),
                                       referenceSizeForHeaderInSection: section))
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize {
        CGSize(delegate.collectionView(view, layout: flow(collectionViewLayout),
                                       referenceSizeForFooterInSection: section))
    }
}
