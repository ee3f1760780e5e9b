public import CollectionEngine

/// A flow delegate that chooses the layout mode of single items (the book's
/// `AFCollectionViewDelegateFlowLayout`, Listing 4.20). ``DimensionsFlowLayout`` asks it when the
/// collection view's delegate adopts it, as the book checks `respondsToSelector:`.
public protocol DimensionsFlowLayoutDelegate: FlowLayoutDelegate {
    /// The mode of the item at `indexPath`.
    func collectionView(_ collectionView: CollectionView, layout: DimensionsFlowLayout,
                        layoutModeForItemAt indexPath: IndexPath) -> DimensionsFlowLayout.LayoutMode
}
