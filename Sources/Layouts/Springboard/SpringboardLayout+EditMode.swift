public import CollectionEngine

extension SpringboardLayout {
    /// A long press: when it begins on an icon, edit mode goes on — again if it is on already, which
    /// restarts every quiver with a new offset — with a full invalidation; on the background it does
    /// nothing (tutorial 002, `ViewController.activateDeletionMode:`).
    ///
    /// "On an icon" is the tutorial's `indexPathForItemAtPoint:` test of the untransformed frames.
    /// - Complexity: one point query, plus O(1).
    public func collectionView(_ collectionView: CollectionView, longPress state: GestureState, at location: Point) {
        guard state == .began, collectionView.indexPathForItem(at: location) != nil else { return }
        setEditing(true)
    }

    /// A tap. In edit mode, on a visible delete button it asks for the icon's deletion (counted in
    /// ``deleteButtonTaps``), on an icon it does nothing, and on the background it leaves edit mode
    /// (`endDeletionMode:`). Out of edit mode the collection view has already selected the icon tapped;
    /// the layout does nothing.
    ///
    /// The button lies above the icon's label (`Icon.m` adds it last), so it is tested first; a hidden
    /// button takes no taps (alpha 0, below UIKit's hit-testing threshold).
    /// - Complexity: O(k) for k displayed icons, plus one point query.
    public func collectionView(_ collectionView: CollectionView, tapAt location: Point) {
        guard isEditing else { return }
        if let icon = deleteButton(at: location, in: collectionView) {
            deleteButtonTaps += 1
            lastDeleteRequest = icon
        } else if collectionView.indexPathForItem(at: location) == nil {
            setEditing(false)
        }
    }

    /// `!isEditing`: icons do not select (and open no font list) in edit mode (the tutorial's
    /// `collectionView:shouldSelectItemAtIndexPath:`).
    /// - Complexity: O(1).
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        !isEditing
    }

    /// The displayed icon whose visible delete button covers `location` (content coordinates), if any:
    /// the button's frame scaled with the icon (w/16, w/16, w/4, w/4), untransformed.
    /// - Complexity: O(k) for k displayed icons.
    public func deleteButton(at location: Point, in collectionView: CollectionView) -> IndexPath? {
        guard isEditing else { return nil }
        for indexPath in collectionView.indexPathsForVisibleItems.reversed() {
            guard let frame = collectionView.cellForItem(at: indexPath)?.frame,
                  Self.deleteButtonFrame(inIconFrame: frame).contains(location) else { continue }
            return indexPath
        }
        return nil
    }

    /// The delete button's frame for an icon at `frame`, in the same coordinates (`Icon.m`: (w/16, w/16,
    /// w/4, w/4); (9, 9, 36, 36) in a 144-point icon).
    /// - Complexity: O(1).
    public static func deleteButtonFrame(inIconFrame frame: Rect) -> Rect {
        let width = frame.width
        return Rect(x: frame.minX + width / 16, y: frame.minY + width / 16, width: width / 4, height: width / 4)
    }

    /// Turns edit mode on or off with the tutorial's full `invalidateLayout()`; every quiver restarts.
    /// - Complexity: O(1), then a full `prepare()` at the next layout pass.
    public func setEditing(_ editing: Bool) {
        isEditing = editing
        jiggles.removeAll()
        invalidateLayout()
    }
}
