/// Per-item and per-section metrics for a ``FlowLayout``: the engine's `UICollectionViewDelegateFlowLayout`.
///
/// Every method is optional: the defaults return the layout's own property, so a delegate that implements
/// a method overrides the property for the items or sections it answers.
public protocol FlowLayoutDelegate: CollectionViewDelegate {
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                        minimumLineSpacingForSectionAt section: Int) -> Double
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> Double
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                        referenceSizeForHeaderInSection section: Int) -> Size
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                        referenceSizeForFooterInSection section: Int) -> Size
}

extension FlowLayoutDelegate {
    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                               sizeForItemAt indexPath: IndexPath) -> Size { layout.itemSize }
    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                               insetForSectionAt section: Int) -> EdgeInsets { layout.sectionInset }
    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                               minimumLineSpacingForSectionAt section: Int) -> Double { layout.minimumLineSpacing }
    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> Double {
        layout.minimumInteritemSpacing
    }
    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                               referenceSizeForHeaderInSection section: Int) -> Size { layout.headerReferenceSize }
    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                               referenceSizeForFooterInSection section: Int) -> Size { layout.footerReferenceSize }
}

/// What a flow layout must recompute: the engine's `UICollectionViewFlowLayoutInvalidationContext`.
open class FlowLayoutInvalidationContext: InvalidationContext {
    /// Whether sizes, insets, spacings or reference sizes from the delegate may have changed: the layout
    /// asks again — for the invalidated items and sections when the context names some, else for all.
    /// `false` by default, as in UIKit.
    public var invalidateFlowLayoutDelegateMetrics = false

    /// Whether the positions must be recomputed from the metrics the layout already has. `true` by default.
    public var invalidateFlowLayoutAttributes = true

    public required init() {}
}
