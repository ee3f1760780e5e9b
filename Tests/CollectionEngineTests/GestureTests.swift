import Testing
import CollectionEngine
import TestSupport

@Suite("Long press, menu and pinch", .tags(.fast))
struct GestureTests {
    private func path(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    /// Three 100-point cells in a row on a layout that logs the gestures it hears.
    private func row() -> (CollectionView, FixedLayout, SelectionLog) {
        let layout = FixedLayout((0..<3).map { element($0, Rect(x: 10 + 110 * Double($0), y: 10, width: 100, height: 100)) })
        let (view, _, log) = gestureView(layout, items: 3)
        return (view, layout, log)
    }

    @Test("Long press opens the menu; a menu action asks canPerformAction, then performs it and closes the menu")
    func menuFlow() throws {
        let (view, _, log) = row()
        try view.handleLongPress(.began, at: Point(x: 170, y: 60))
        #expect(view.indexPathForMenuItem == path(1))
        try view.handleLongPress(.ended, at: Point(x: 170, y: 60))
        #expect(view.indexPathForMenuItem == path(1))
        #expect(try view.performMenuAction("copy", forItemAt: path(1)))
        #expect(log.entries == ["shouldShowMenu [0, 1]", "canPerform copy [0, 1]", "perform copy [0, 1]"])
        #expect(view.indexPathForMenuItem == nil)
        // A long press neither highlights nor selects.
        #expect(view.indexPathsForSelectedItems.isEmpty && view.counters.highlights == 0)
        #expect(view.counters.menusShown == 1 && view.counters.menuActions == 1)
    }

    @Test("An action the delegate refuses is not performed, and the menu still closes")
    func refusedAction() throws {
        let (view, _, log) = row()
        try view.handleLongPress(.began, at: Point(x: 60, y: 60))
        #expect(try view.performMenuAction("cut", forItemAt: path(0)) == false)
        #expect(log.entries == ["shouldShowMenu [0, 0]", "canPerform cut [0, 0]"])
        #expect(view.indexPathForMenuItem == nil && view.counters.menuActions == 0)
    }

    @Test("A menu action needs a menu shown for its item")
    func actionWithoutMenu() throws {
        let (view, _, log) = row()
        #expect(throws: GestureError("menu action 'copy' on item [0, 1], but no menu is shown")) {
            try view.performMenuAction("copy", forItemAt: path(1))
        }
        try view.handleLongPress(.began, at: Point(x: 60, y: 60))
        #expect(throws: GestureError("menu action 'copy' on item [0, 1], but the menu is shown for item [0, 0]")) {
            try view.performMenuAction("copy", forItemAt: path(1))
        }
        // The delegate may refuse the menu; a long press on nothing shows none.
        try view.handleLongPress(.ended, at: Point(x: 60, y: 60))
        log.showMenu = { _ in false }
        try view.handleLongPress(.began, at: Point(x: 170, y: 60))
        #expect(view.indexPathForMenuItem == nil)
        try view.handleLongPress(.ended, at: Point(x: 170, y: 60))
        log.showMenu = { _ in true }
        try view.handleLongPress(.began, at: Point(x: 300, y: 500))
        #expect(view.indexPathForMenuItem == nil)
        #expect(view.counters.menusShown == 1)
    }

    @Test("A tap and a data reload close the menu")
    func menuCloses() throws {
        let (view, _, _) = row()
        try view.handleLongPress(.began, at: Point(x: 60, y: 60))
        #expect(view.indexPathForMenuItem == path(0))
        view.handleTap(at: Point(x: 300, y: 500))
        #expect(view.indexPathForMenuItem == nil)
        try view.handleLongPress(.ended, at: Point(x: 60, y: 60))
        try view.handleLongPress(.began, at: Point(x: 60, y: 60))
        #expect(view.indexPathForMenuItem == path(0))
        view.reloadData()
        #expect(view.indexPathForMenuItem == nil)
    }

    @Test("Across a batch update the menu follows its item, and closes when the item is deleted")
    func menuFollowsItem() throws {
        let (view, _, log) = row()
        let data = try #require(log.dataSource)
        try view.handleLongPress(.began, at: Point(x: 60, y: 60))
        data.counts = [4]
        try view.performBatchUpdates([.insertItems([path(0)])], animated: false)
        #expect(view.indexPathForMenuItem == path(1))
        data.counts = [3]
        try view.performBatchUpdates([.deleteItems([path(1)])], animated: false)
        #expect(view.indexPathForMenuItem == nil)
    }

    @Test("Pinch and long press reach an interaction-handling layout with content coordinates, in order")
    func deliveredToLayout() throws {
        let (view, layout, _) = row()
        view.contentOffset = Point(x: 0, y: 5)
        try view.handlePinch(.began, at: Point(x: 100, y: 105), scale: 1)
        try view.handlePinch(.changed, at: Point(x: 110, y: 105), scale: 1.8)
        try view.handlePinch(.ended, at: Point(x: 110, y: 105), scale: 2.4)
        try view.handleLongPress(.began, at: Point(x: 60, y: 60))
        try view.handleLongPress(.changed, at: Point(x: 70, y: 60))
        try view.handleLongPress(.cancelled, at: Point(x: 70, y: 60))
        view.handleTap(at: Point(x: 60, y: 60))
        #expect(layout.log == [
            "pinch began (100.0, 105.0) 1.0", "pinch changed (110.0, 105.0) 1.8", "pinch ended (110.0, 105.0) 2.4",
            "longPress began (60.0, 60.0)", "longPress changed (70.0, 60.0)", "longPress cancelled (70.0, 60.0)",
            // The layout hears the tap after the selection changed.
            "tap (60.0, 60.0) selected [[0, 0]]",
        ])
        #expect(view.counters.layoutInteractions == 7)
    }

    @Test("A layout that does not handle interaction is left alone")
    func ignoredByPlainLayouts() throws {
        let harness = Harness(counts: [10], configure: Harness.grid)
        try harness.collectionView.handlePinch(.began, at: Point(x: 60, y: 60), scale: 1)
        try harness.collectionView.handlePinch(.ended, at: Point(x: 60, y: 60), scale: 2)
        #expect(harness.collectionView.counters.layoutInteractions == 0)
    }

    @Test("Continuous gestures go through their phases in order", arguments: [GestureState.changed, .ended, .cancelled])
    func phaseOrder(state: GestureState) throws {
        let (view, layout, _) = row()
        #expect(throws: GestureError("a pinch '\(state.rawValue)' phase without a 'began' before it")) {
            try view.handlePinch(state, at: .zero, scale: 1)
        }
        #expect(throws: GestureError("a long press '\(state.rawValue)' phase without a 'began' before it")) {
            try view.handleLongPress(state, at: .zero)
        }
        try view.handlePinch(.began, at: .zero, scale: 1)
        #expect(throws: GestureError("a pinch begins while the previous one has not ended")) {
            try view.handlePinch(.began, at: .zero, scale: 1)
        }
        try view.handlePinch(.ended, at: .zero, scale: 1)
        #expect(throws: GestureError.self) { try view.handlePinch(.changed, at: .zero, scale: 1) }
        // Refused phases never reach the layout.
        #expect(layout.log == ["pinch began (0.0, 0.0) 1.0", "pinch ended (0.0, 0.0) 1.0"])
    }
}
