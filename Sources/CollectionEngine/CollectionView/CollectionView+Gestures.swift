/// The gestures a collection view is following: the running long press and pinch, and the item whose
/// edit menu is shown.
struct GestureTracking {
    var isLongPressing = false
    var isPinching = false
    var menuItem: IndexPath?
}

extension CollectionView {
    /// The item whose edit menu a long press opened, or `nil` when no menu is shown.
    ///
    /// The menu closes when an action is chosen, on a tap, on the next long press and on `reloadData()`;
    /// across a batch update it follows its item, and closes when the item is deleted or reloaded.
    public var indexPathForMenuItem: IndexPath? { gestures.menuItem }

    /// A tap at `point` (content coordinates): the finger goes down and lifts at once.
    ///
    /// The tap closes any edit menu and hit-tests the displayed elements (``hitTest(_:)``). On a cell, with
    /// ``allowsSelection`` on, it runs UIKit's sequence with the delegate: `shouldHighlightItemAt` →
    /// the cell's `isHighlighted` becomes `true` → `didHighlightItemAt` → (the finger lifts) `isHighlighted`
    /// becomes `false` → `didUnhighlightItemAt` → then, if the highlight was allowed:
    /// - single selection: `shouldSelectItemAt` (the delegate's, then a ``LayoutInteractionHandling``
    ///   layout's); if allowed, every other selected item is deselected with
    ///   `didDeselectItemAt` (UIKit asks no `shouldDeselectItemAt` for these), then the item is selected
    ///   with `didSelectItemAt`. Tapping the selected item selects it again: it stays selected and the
    ///   delegate hears `shouldSelectItemAt` and `didSelectItemAt` again, as in UIKit.
    /// - multiple selection: a selected item is deselected (`shouldDeselectItemAt`, `didDeselectItemAt`),
    ///   another is added to the selection (`shouldSelectItemAt`, `didSelectItemAt`).
    ///
    /// With ``allowsSelection`` off nothing is highlighted or asked, as in UIKit. A tap that hits a
    /// supplementary or decoration view, or nothing, selects nothing. Finally a layout that adopts
    /// ``LayoutInteractionHandling`` hears the tap.
    ///
    /// - Parameter point: Where the finger touched, in content coordinates.
    /// - Returns: The element the tap hit, or `nil`.
    /// - Complexity: O(k) for k displayed elements, plus O(s) for s selected items with single selection,
    ///   plus the delegate's and the layout's handlers.
    @discardableResult
    public func handleTap(at point: Point) -> ElementKey? {
        counters.taps += 1
        gestures.menuItem = nil
        let hit = hitTest(point)
        if let hit, hit.category == .cell, allowsSelection { selectByUser(hit.indexPath) }
        if let handler = collectionViewLayout as? any LayoutInteractionHandling {
            counters.layoutInteractions += 1
            callingLayout { handler.collectionView(self, tapAt: point) }
        }
        return hit
    }

    /// The highlight-then-select sequence of a finger on the item at `indexPath`.
    private func selectByUser(_ indexPath: IndexPath) {
        guard delegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else { return }
        cellForItem(at: indexPath)?.isHighlighted = true
        counters.highlights += 1
        delegate?.collectionView(self, didHighlightItemAt: indexPath)
        cellForItem(at: indexPath)?.isHighlighted = false
        delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
        // The delegate may have changed the data or the selection rules while the finger was down.
        guard allowsSelection, itemExists(indexPath) else { return }
        if allowsMultipleSelection && selectedItems.contains(indexPath) {
            guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return }
            deselectItem(at: indexPath)
            counters.deselections += 1
            delegate?.collectionView(self, didDeselectItemAt: indexPath)
            return
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true,
              callingLayout({
                  (collectionViewLayout as? any LayoutInteractionHandling)?.collectionView(self, shouldSelectItemAt: indexPath)
              }) ?? true
        else { return }
        if !allowsMultipleSelection {
            for other in selectedItems.sorted() where other != indexPath {
                deselectItem(at: other)
                counters.deselections += 1
                delegate?.collectionView(self, didDeselectItemAt: other)
            }
        }
        guard itemExists(indexPath) else { return }
        selectItem(at: indexPath)
        counters.selections += 1
        delegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    /// A phase of a long press at `point` (content coordinates).
    ///
    /// At `began` any open menu closes and the element under the finger is hit-tested; on a cell, the
    /// delegate's `shouldShowMenuForItemAt` decides whether the edit menu opens for its item
    /// (``indexPathForMenuItem``). A long press neither highlights nor selects. Every phase then goes to a
    /// layout that adopts ``LayoutInteractionHandling``.
    ///
    /// - Throws: ``GestureError`` when `began` comes while a long press is running, or another phase comes
    ///   without a `began` before it. Nothing happens then.
    /// - Complexity: O(k) for k displayed elements at `began`, O(1) otherwise, plus the handlers.
    public func handleLongPress(_ state: GestureState, at point: Point) throws(GestureError) {
        try Self.advance(&gestures.isLongPressing, to: state, gesture: "long press")
        if state == .began {
            gestures.menuItem = nil
            if let hit = hitTest(point), hit.category == .cell,
               delegate?.collectionView(self, shouldShowMenuForItemAt: hit.indexPath) == true {
                gestures.menuItem = hit.indexPath
                counters.menusShown += 1
            }
        }
        if let handler = collectionViewLayout as? any LayoutInteractionHandling {
            counters.layoutInteractions += 1
            callingLayout { handler.collectionView(self, longPress: state, at: point) }
        }
    }

    /// The user chose `action` in the edit menu of the item at `indexPath`.
    ///
    /// The menu closes; the delegate's `canPerformAction(_:forItemAt:)` decides whether its
    /// `performAction(_:forItemAt:)` runs. Actions are UIKit's selectors without the colon (`"cut"`,
    /// `"copy"`, `"paste"`) or an app's own.
    ///
    /// - Returns: Whether the action was performed.
    /// - Throws: ``GestureError`` when no menu is shown for `indexPath`. Nothing happens then.
    /// - Complexity: O(1) plus the delegate's handlers.
    @discardableResult
    public func performMenuAction(_ action: String, forItemAt indexPath: IndexPath) throws(GestureError) -> Bool {
        guard gestures.menuItem == indexPath else {
            let shown = gestures.menuItem.map { "the menu is shown for item \($0)" } ?? "no menu is shown"
            throw GestureError("menu action '\(action)' on item \(indexPath), but \(shown)")
        }
        gestures.menuItem = nil
        guard delegate?.collectionView(self, canPerformAction: action, forItemAt: indexPath) == true else { return false }
        counters.menuActions += 1
        delegate?.collectionView(self, performAction: action, forItemAt: indexPath)
        return true
    }

    /// A phase of a pinch centred at `point` (content coordinates) with the cumulative `scale` (1 when it
    /// begins), delivered to a layout that adopts ``LayoutInteractionHandling``; other layouts ignore it.
    ///
    /// - Throws: ``GestureError`` when `began` comes while a pinch is running, or another phase comes
    ///   without a `began` before it. Nothing happens then.
    /// - Complexity: O(1) plus the layout's handler.
    public func handlePinch(_ state: GestureState, at point: Point, scale: Double) throws(GestureError) {
        try Self.advance(&gestures.isPinching, to: state, gesture: "pinch")
        if let handler = collectionViewLayout as? any LayoutInteractionHandling {
            counters.layoutInteractions += 1
            callingLayout { handler.collectionView(self, pinch: state, at: point, scale: scale) }
        }
    }

    /// Moves a continuous gesture's running flag to `state`, refusing phases out of order.
    private static func advance(_ running: inout Bool, to state: GestureState, gesture: String) throws(GestureError) {
        switch state {
        case .began:
            guard !running else { throw GestureError("a \(gesture) begins while the previous one has not ended") }
            running = true
        case .changed, .ended, .cancelled:
            guard running else {
                throw GestureError("a \(gesture) '\(state.rawValue)' phase without a 'began' before it")
            }
            if state != .changed { running = false }
        }
    }
}
