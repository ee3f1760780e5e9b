/// Per-item and per-section metrics for a ``FlowLayout``: the engine's `UICollectionViewDelegateFlowLayout`.
///
/// Every method is optional: the defaults return the layout's own property, so a delegate that implements
/// a method overrides the property for the items or sections it answers.
public protocol FlowLayoutDelegate: CollectionViewDelegate {
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size
    /// The one size every item of `section` has, when the delegate knows they all share it — what
    /// `sizeForItemAt` would answer for each — so that the layout lays the section out in closed form
    /// without asking item by item (O(1) instead of O(items) for a section of 10,000,000 items); `nil`, the
    /// default, to be asked for each item. Reel's addition: UIKit's delegate has no such method and asks
    /// for every item's size in `prepare()`.
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, uniformItemSizeInSection section: Int) -> Size?
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
                               uniformItemSizeInSection section: Int) -> Size? { nil }
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

    /// The sizes self-sizing cells answered, by item, for the layout to give them
    /// (``FlowLayout/invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)``).
    public internal(set) var preferredItemSizes: [IndexPath: Size] = [:]

    public required init() {}
}
