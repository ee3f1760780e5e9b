/// Supplies the data: counts and configured views. The engine's `UICollectionViewDataSource`.
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections; 1 by default.
    func numberOfSections(in collectionView: CollectionView) -> Int

    /// The number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int

    /// A configured cell for the item at `indexPath`, obtained from
    /// ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)``.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell

    /// A configured supplementary view, obtained from
    /// ``CollectionView/dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)``.
    ///
    /// Required as soon as the layout produces supplementary views.
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> ReusableView
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> ReusableView {
        preconditionFailure(
            "the layout asked for a supplementary view of kind '\(kind)' at \(indexPath), but the data source "
                + "does not implement collectionView(_:viewForSupplementaryElementOfKind:at:)")
    }
}

/// Hears what the collection view displays. The engine's `UICollectionViewDelegate`; every method is
/// optional.
public protocol CollectionViewDelegate: AnyObject {
    /// A cell is about to be displayed (after it was configured and its attributes applied).
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
                        forItemAt indexPath: IndexPath)
    /// A cell left the display and is going back to its reuse pool.
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
                        forItemAt indexPath: IndexPath)
    /// A supplementary view is about to be displayed.
    func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
                        forElementKind kind: String, at indexPath: IndexPath)
    /// A supplementary view left the display.
    func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
                        forElementOfKind kind: String, at indexPath: IndexPath)

    // MARK: Scrolling (UIScrollViewDelegate)

    /// The content offset changed.
    func scrollViewDidScroll(_ collectionView: CollectionView)
    /// A drag began moving the content.
    func scrollViewWillBeginDragging(_ collectionView: CollectionView)
    /// The finger lifted. `velocity` is the content's, in points per millisecond (UIKit's unit here);
    /// `targetContentOffset` is where the deceleration will come to rest, and the delegate may change it.
    func scrollViewWillEndDragging(_ collectionView: CollectionView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point)
    /// The drag ended; `decelerate` says whether the content goes on moving.
    func scrollViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool)
    /// The content starts decelerating after a drag.
    func scrollViewWillBeginDecelerating(_ collectionView: CollectionView)
    /// The deceleration came to rest.
    func scrollViewDidEndDecelerating(_ collectionView: CollectionView)
    /// An animated `setContentOffset` or `scrollToItem` finished.
    func scrollViewDidEndScrollingAnimation(_ collectionView: CollectionView)
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
                               forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
                               forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
                               forElementKind kind: String, at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
                               forElementOfKind kind: String, at indexPath: IndexPath) {}

    public func scrollViewDidScroll(_ collectionView: CollectionView) {}
    public func scrollViewWillBeginDragging(_ collectionView: CollectionView) {}
    public func scrollViewWillEndDragging(_ collectionView: CollectionView, withVelocity velocity: Point,
                                          targetContentOffset: inout Point) {}
    public func scrollViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ collectionView: CollectionView) {}
    public func scrollViewDidEndDecelerating(_ collectionView: CollectionView) {}
    public func scrollViewDidEndScrollingAnimation(_ collectionView: CollectionView) {}
}
