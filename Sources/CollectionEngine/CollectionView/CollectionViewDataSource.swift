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

    /// The app's work in a compositional section's `visibleItemsInvalidationHandler`, which just ran over
    /// `itemCount` visible items of `section`, inside the `visible-items-handler` phase; nothing by default.
    /// Reel's addition (UIKit has no such method): where a replay charges the handler's modelled cost.
    func collectionView(_ collectionView: CollectionView, visibleItemsHandlerWorkFor itemCount: Int, inSection section: Int)
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    public func collectionView(_ collectionView: CollectionView, visibleItemsHandlerWorkFor itemCount: Int,
                               inSection section: Int) {}

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

    // MARK: Selection
    // User interaction only: programmatic `selectItem(at:)` and `deselectItem(at:)` call none of these.

    /// Whether a finger down on the item highlights it; `true` by default. `false` also means that the
    /// touch does not select or deselect it.
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// The item's cell was highlighted (its `isHighlighted` is already `true`).
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
    /// The finger lifted and the item's cell is no longer highlighted.
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// Whether a tap selects the item; `true` by default.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// Whether a tap deselects the selected item (multiple selection only); `true` by default.
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    /// A tap selected the item.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// A tap deselected the item (or selected another one, with single selection).
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Whether a long press on the item shows the edit menu; `false` by default, as in UIKit.
    func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool
    /// Whether the menu's `action` ("cut", "copy", "paste", or an app's own) applies to the item; `false`
    /// by default.
    func collectionView(_ collectionView: CollectionView, canPerformAction action: String,
                        forItemAt indexPath: IndexPath) -> Bool
    /// Performs the menu's `action` on the item.
    func collectionView(_ collectionView: CollectionView, performAction action: String, forItemAt indexPath: IndexPath)
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

    // MARK: Selection

    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
        false
    }
    public func collectionView(_ collectionView: CollectionView, canPerformAction action: String,
                               forItemAt indexPath: IndexPath) -> Bool { false }
    public func collectionView(_ collectionView: CollectionView, performAction action: String,
                               forItemAt indexPath: IndexPath) {}
}
