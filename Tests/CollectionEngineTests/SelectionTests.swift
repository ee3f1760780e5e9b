import Testing
import CollectionEngine
import TestSupport

@Suite("Tap, highlight and selection", .tags(.fast))
struct SelectionTests {
    /// Three 100-point cells in a row; item i is centred at (60 + 110 i, 60).
    private func row(items: Int = 3, multiple: Bool = false) -> (CollectionView, SelectionLog) {
        let cells = (0..<items).map { element($0, Rect(x: 10 + 110 * Double($0), y: 10, width: 100, height: 100)) }
        let (view, _, log) = gestureView(FixedLayout(cells), items: items)
        view.allowsMultipleSelection = multiple
        return (view, log)
    }

    private func center(_ item: Int) -> Point { Point(x: 60 + 110 * Double(item), y: 60) }
    private func path(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    @Test("A tap runs UIKit's order; the cell is highlighted while the finger is down and selected after")
    func delegateOrder() {
        let (view, log) = row()
        let hit = view.handleTap(at: center(1))
        #expect(hit == ElementKey(category: .cell, kind: nil, indexPath: path(1)))
        #expect(log.entries == [
            "shouldHighlight [0, 1]", "didHighlight [0, 1] H", "didUnhighlight [0, 1]",
            "shouldSelect [0, 1]", "didSelect [0, 1] S",
        ])
        #expect(view.indexPathsForSelectedItems == [path(1)])
        #expect(view.cellForItem(at: path(1))?.isSelected == true)
        #expect(view.cellForItem(at: path(1))?.isHighlighted == false)
        #expect(view.counters.taps == 1 && view.counters.highlights == 1 && view.counters.selections == 1)
    }

    @Test("Single selection: another item replaces the selection, with didDeselect before didSelect")
    func singleReplaces() {
        let (view, log) = row()
        view.handleTap(at: center(0))
        log.entries.removeAll()
        view.handleTap(at: center(2))
        #expect(log.entries == [
            "shouldHighlight [0, 2]", "didHighlight [0, 2] H", "didUnhighlight [0, 2]",
            "shouldSelect [0, 2]", "didDeselect [0, 0]", "didSelect [0, 2] S",
        ])
        #expect(view.indexPathsForSelectedItems == [path(2)])
        #expect(view.cellForItem(at: path(0))?.isSelected == false)
        #expect(view.counters.deselections == 1 && view.counters.selections == 2)
    }

    @Test("Single selection: tapping the selected item keeps it selected and selects it again")
    func singleRetap() {
        let (view, log) = row()
        view.handleTap(at: center(1))
        log.entries.removeAll()
        view.handleTap(at: center(1))
        #expect(log.entries == [
            "shouldHighlight [0, 1] S", "didHighlight [0, 1] H S", "didUnhighlight [0, 1] S",
            "shouldSelect [0, 1] S", "didSelect [0, 1] S",
        ])
        #expect(view.indexPathsForSelectedItems == [path(1)])
        #expect(view.counters.deselections == 0)
    }

    @Test("Multiple selection: a tap toggles, asking shouldDeselect for a selected item")
    func multipleToggles() {
        let (view, log) = row(multiple: true)
        view.handleTap(at: center(0))
        view.handleTap(at: center(2))
        #expect(view.indexPathsForSelectedItems == [path(0), path(2)])
        log.entries.removeAll()
        view.handleTap(at: center(0))
        #expect(log.entries == [
            "shouldHighlight [0, 0] S", "didHighlight [0, 0] H S", "didUnhighlight [0, 0] S",
            "shouldDeselect [0, 0] S", "didDeselect [0, 0]",
        ])
        #expect(view.indexPathsForSelectedItems == [path(2)])
        #expect(view.cellForItem(at: path(0))?.isSelected == false)
    }

    @Test("Any tap sequence of up to 4 taps on 3 items matches the naive model", arguments: [false, true])
    func exhaustive(multiple: Bool) {
        var sequences: [[Int]] = [[]]
        for _ in 0..<4 { sequences += sequences.filter { $0.count == sequences.last?.count }.flatMap { s in (0..<3).map { s + [$0] } } }
        for taps in sequences {
            let (view, _) = row(multiple: multiple)
            var model = Set<Int>()
            for item in taps {
                view.handleTap(at: center(item))
                if multiple && model.contains(item) { model.remove(item) } else if multiple { model.insert(item) } else { model = [item] }
            }
            #expect(view.indexPathsForSelectedItems == model.sorted().map(path), "taps \(taps)")
            #expect(view.visibleCells.filter(\.isSelected).count == model.count, "taps \(taps)")
        }
        #expect(sequences.count == 1 + 3 + 9 + 27 + 81)
    }

    @Test("shouldHighlight false: no highlight and no selection from that touch")
    func highlightRefused() {
        let (view, log) = row()
        log.allowHighlight = { _ in false }
        view.handleTap(at: center(1))
        #expect(log.entries == ["shouldHighlight [0, 1]"])
        #expect(view.indexPathsForSelectedItems.isEmpty)
        #expect(view.counters.highlights == 0)
    }

    @Test("shouldSelect false keeps the previous selection; shouldDeselect false keeps the item selected")
    func selectionRefused() {
        let (view, log) = row()
        view.handleTap(at: center(0))
        log.allowSelect = { $0.item != 1 }
        log.entries.removeAll()
        view.handleTap(at: center(1))
        #expect(log.entries.last == "shouldSelect [0, 1]")
        #expect(view.indexPathsForSelectedItems == [path(0)])

        let (multiple, multipleLog) = row(multiple: true)
        multiple.handleTap(at: center(2))
        multipleLog.allowDeselect = { _ in false }
        multiple.handleTap(at: center(2))
        #expect(multipleLog.entries.last == "shouldDeselect [0, 2] S")
        #expect(multiple.indexPathsForSelectedItems == [path(2)])
    }

    @Test("With allowsSelection off a tap neither highlights nor selects, and asks nothing")
    func selectionOff() {
        let (view, log) = row()
        view.allowsSelection = false
        #expect(view.handleTap(at: center(1)) != nil)
        #expect(log.entries.isEmpty)
        #expect(view.indexPathsForSelectedItems.isEmpty)
        #expect(view.counters.taps == 1 && view.counters.highlights == 0)
    }

    @Test("Programmatic selection calls no delegate method and still shows on the cell")
    func programmatic() {
        let (view, log) = row(multiple: true)
        view.selectItem(at: path(0))
        view.selectItem(at: path(2))
        view.deselectItem(at: path(0))
        #expect(log.entries.isEmpty)
        #expect(view.indexPathsForSelectedItems == [path(2)])
        #expect(view.cellForItem(at: path(2))?.isSelected == true)
        #expect(view.counters.selections == 0 && view.counters.deselections == 0)
    }

    @Test("A tap on a header over a cell, or on nothing, selects nothing")
    func notACell() {
        let cellFrame = Rect(x: 10, y: 10, width: 100, height: 100)
        let header = element(.supplementaryView, 0, Rect(x: 0, y: 0, width: 390, height: 50),
                             kind: CollectionView.elementKindSectionHeader)
        let (view, _, log) = gestureView(FixedLayout([element(0, cellFrame), header]), items: 1)
        #expect(view.handleTap(at: Point(x: 60, y: 30))?.category == .supplementaryView)
        #expect(view.handleTap(at: Point(x: 300, y: 300)) == nil)
        #expect(log.entries.isEmpty && view.indexPathsForSelectedItems.isEmpty)
        // Below the header the cell is hit.
        #expect(view.handleTap(at: Point(x: 60, y: 80))?.category == .cell)
        #expect(view.indexPathsForSelectedItems == [path(0)])
    }

    @Test("A selected item scrolled off and back shows as selected; a tap on it still counts as selected")
    func offscreenSelection() {
        let cells = [element(0, Rect(x: 10, y: 10, width: 100, height: 100)),
                     element(1, Rect(x: 10, y: 1500, width: 100, height: 100))]
        let (view, _, log) = gestureView(FixedLayout(cells), items: 2)
        view.allowsMultipleSelection = true
        view.selectItem(at: path(1))
        view.contentOffset = Point(x: 0, y: 1000)
        view.handleTap(at: Point(x: 60, y: 1550))
        #expect(log.entries.contains("shouldDeselect [0, 1] S"))
        #expect(view.indexPathsForSelectedItems.isEmpty)
    }
}
