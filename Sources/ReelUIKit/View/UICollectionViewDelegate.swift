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
