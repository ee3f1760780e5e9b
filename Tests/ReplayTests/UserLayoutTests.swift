import Testing
import CollectionEngine
import Layouts
import Replay
import Reporting
import TestSupport

/// A user's own layout, written on the engine's public API alone (the README's own-layout example,
/// `Examples/UserLayout`, writes its layouts as UIKit code) and registered as that example registers its own: it
/// replays like a catalogue layout, and its parameters are checked and reported the same way.
@Suite("A user's own layout", .tags(.fast))
struct UserLayoutTests {
    /// An engine form of the README's `MyGridLayout`, one section: square cells in `columns` columns, filling the
    /// width.
    final class MyGridLayout: CollectionViewLayout {
        let columns: Int
        init(columns: Int) { self.columns = columns }

        private var side: Double { (collectionView?.bounds.width ?? 0) / Double(columns) }
        private var count: Int { (collectionView?.numberOfSections ?? 0) > 0 ? collectionView?.numberOfItems(inSection: 0) ?? 0 : 0 }

        override var collectionViewContentSize: Size {
            Size(width: collectionView?.bounds.width ?? 0, height: side * Double((count + columns - 1) / columns))
        }

        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            guard side > 0, count > 0 else { return [] }
            let firstRow = max(0, Int(rect.minY / side)), lastRow = Int(rect.maxY / side)
            let first = firstRow * columns, last = min(count - 1, (lastRow + 1) * columns - 1)
            guard first <= last else { return [] }
            return (first...last).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            let attributes = LayoutAttributes(forCellWith: indexPath)
            attributes.frame = Rect(x: Double(indexPath.item % columns) * side, y: Double(indexPath.item / columns) * side,
                                    width: side, height: side)
            return attributes
        }
    }

    private static var registry: LayoutRegistry {
        var layouts = LayoutRegistry.standard
        layouts.register(LayoutDefinition(
            name: "my-grid", summary: "my app's grid",
            parameters: [LayoutParameter("columns", .integer, default: "3", "columns across", range: 1...12)]
        ) { context in
            MyGridLayout(columns: try context.integer("columns"))
        })
        return layouts
    }

    private func trace(columns: String) throws -> TraceFile {
        try TraceFile(header: """
              <collection-view width="390" height="844" refresh-rate="60"/>
              <layout name="my-grid" columns="\(columns)"/>
              <data><section items="600"/></data>
            """, events: (1...120).map { #"<scroll t="\#(Double($0) / 60)" x="0" y="\#(Double($0) * 20)"/>"# }
                .joined(separator: "\n"), name: "grid\(columns)")
    }

    @Test("It replays, with its parameter, like a catalogue layout")
    func replays() throws {
        let runner = ReplayRunner(registry: Self.registry, makeClock: { ManualClock() })
        let measurement = try runner.replay(try trace(columns: "5").path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(measurement.complete && measurement.layout == "my-grid")
        // 390 / 5 = 78-point cells: 11 rows of 5 on the first screen (the 11th cut by the bottom edge), one
        // row more as the content moves, and the cells of the prefetch region, 422 points (at most 6 rows)
        // each side of the bounds.
        let created = try #require(measurement.counters[.cellsCreated])
        #expect(created >= 55 && created <= 55 + 5 + 2 * 6 * 5)
    }

    @Test("Its parameters are checked at the <layout> element, with the declared range")
    func parameterRange() throws {
        let bad = try trace(columns: "0")
        let runner = ReplayRunner(registry: Self.registry, makeClock: { ManualClock() })
        #expect {
            _ = try runner.replay(bad.path, options: ReplayOptions(repeats: 1, warmup: 0))
        } throws: { error in
            "\(error)" == "\(bad.path):4:3: value '0' for parameter 'columns' of layout 'my-grid' is out of range; "
                + "expected a value from 1 to 12"
        }
        let diagnostics = TraceChecker.validate(path: bad.path, registry: Self.registry).map(\.description)
        #expect(diagnostics.first?.hasSuffix(":4:3: value '0' for parameter 'columns' of layout 'my-grid' is out of range; expected a value from 1 to 12") == true)
    }
}
