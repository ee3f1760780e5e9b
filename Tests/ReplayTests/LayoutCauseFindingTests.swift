import Testing
import CollectionEngine
import Layouts
import Replay
import Reporting
import TestSupport

/// Users' own layouts, written on the engine's public API and replayed through the Replay API: the engine
/// counts the attributes they create, and each finding about the cost of their queries names the cause it
/// measured — a whole-content query, a per-item query that re-queries its line, or a scan per query — and
/// fires only for the layout that has it.
@Suite("Findings name the cause a user's layout has", .tags(.fast))
struct LayoutCauseFindingTests {
    /// Square cells in 5 columns filling the width, one section; the layouts below differ only in how they
    /// answer an element query.
    class GridLayout: CollectionViewLayout {
        static let columns = 5
        var side: Double { (collectionView?.bounds.width ?? 0) / Double(Self.columns) }
        var count: Int {
            (collectionView?.numberOfSections ?? 0) > 0 ? collectionView?.numberOfItems(inSection: 0) ?? 0 : 0
        }

        override var collectionViewContentSize: Size {
            Size(width: collectionView?.bounds.width ?? 0,
                 height: side * Double((count + Self.columns - 1) / Self.columns))
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            let attributes = LayoutAttributes(forCellWith: indexPath)
            attributes.frame = Rect(x: Double(indexPath.item % Self.columns) * side,
                                    y: Double(indexPath.item / Self.columns) * side, width: side, height: side)
            return attributes
        }
    }

    /// Answers a query with the rows the rect reaches: what it builds follows what is displayed.
    final class VisibleRowsLayout: GridLayout {
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            guard side > 0, count > 0 else { return [] }
            let first = max(0, Int(rect.minY / side)) * Self.columns
            let last = min(count - 1, (Int(rect.maxY / side) + 1) * Self.columns - 1)
            guard first <= last else { return [] }
            return (first...last).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
        }
    }

    /// Makes every item's attributes for each query and keeps those in the rect: a whole-content query.
    final class EveryItemLayout: GridLayout {
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
                .filter { $0.frame.intersects(rect) }
        }
    }

    /// Builds every item's attributes once per `prepare()` and, per query, looks at all of them and says so:
    /// a scan per query, as tutorial 001's cache.
    final class ScanningLayout: GridLayout {
        private var cache: [LayoutAttributes] = []

        override func prepare() {
            super.prepare()
            cache = (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
        }

        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            recordAttributesExamined(cache.count)
            return cache.filter { $0.frame.intersects(rect) }
        }
    }

    /// A flow subclass that left-aligns each line, asking `super` for the item's whole line for every item it
    /// answers: O(k²) per line of k items.
    final class LineRealigningLayout: FlowLayout {
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            super.layoutAttributesForElements(in: rect).map { attributes in
                guard attributes.representedElementCategory == .cell else { return attributes }
                return layoutAttributesForItem(at: attributes.indexPath) ?? attributes
            }
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            guard let attributes = super.layoutAttributesForItem(at: indexPath)?.copy() else { return nil }
            let line = Rect(x: 0, y: attributes.frame.minY, width: collectionView?.bounds.width ?? 0,
                            height: attributes.frame.height)
            let before = super.layoutAttributesForElements(in: line)
                .filter { $0.representedElementCategory == .cell && $0.indexPath.item < indexPath.item }
            attributes.frame.origin.x = before.reduce(0) { $0 + $1.frame.width + minimumInteritemSpacing }
            return attributes
        }
    }

    private static var registry: LayoutRegistry {
        var layouts = LayoutRegistry.standard
        func register(_ name: String, _ make: @escaping @Sendable () -> CollectionViewLayout) {
            layouts.register(LayoutDefinition(name: name, summary: "a test's layout", parameters: []) { _ in make() })
        }
        register("visible-rows") { VisibleRowsLayout() }
        register("every-item") { EveryItemLayout() }
        register("scanning") { ScanningLayout() }
        register("line-realigning") { LineRealigningLayout() }
        return layouts
    }

    /// 2,000 items, two seconds of scrolling down at 20 points a frame.
    private func replay(_ layout: String) throws -> ReplayMeasurement {
        let trace = try TraceFile(header: """
              <collection-view width="390" height="844" refresh-rate="60"/>
              <layout name="\(layout)"/>
              <data><section items="2000"/></data>
            """, events: (1...120).map { #"<scroll t="\#(Double($0) / 60)" x="0" y="\#(Double($0) * 20)"/>"# }
                .joined(separator: "\n"), name: layout)
        let runner = ReplayRunner(registry: Self.registry, makeClock: { ManualClock() })
        let measurement = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(measurement.complete)
        return measurement
    }

    private static let costRules: [Finding.Rule] = [.wholeContentQueries, .lineRequeries, .scanPerQuery]

    private func costFindings(_ measurement: ReplayMeasurement) -> [Finding] {
        Report(measurement).findings.filter { Self.costRules.contains($0.rule) }
    }

    @Test("A custom layout that builds every item per query is found to query its whole content")
    func wholeContent() throws {
        let measurement = try replay("every-item")
        let queries = try #require(measurement.counters[.elementQueries])
        // Every query builds all 2,000 items' attributes: the engine counts what a user's layout creates.
        #expect(measurement.counters[.layoutAttributesBuilt] == 2_000 * queries)
        let findings = costFindings(measurement)
        #expect(findings.map(\.rule) == [.wholeContentQueries])
        #expect(findings.first?.message.hasPrefix("whole-content query: the layout builds 2,000 attributes per layout pass") == true)
    }

    @Test("A custom layout that answers only the rows it is asked for has no cost finding")
    func visibleOnly() throws {
        let measurement = try replay("visible-rows")
        let built = try #require(measurement.counters[.layoutAttributesBuilt])
        let queries = try #require(measurement.counters[.elementQueries])
        let displayed = try #require(measurement.counters[.maxVisibleElements])
        // Counted, and about what is displayed per query (the prefetch band's queries build a few rows).
        #expect(built > 0 && built < 2 * displayed * queries)
        #expect(costFindings(measurement).isEmpty)
    }

    @Test("A flow subclass that re-queries its line for every item is found to, not to query its whole content")
    func lineRequeries() throws {
        let measurement = try replay("line-realigning")
        let nested = try #require(measurement.counters[.nestedQueries])
        let queries = try #require(measurement.counters[.elementQueries])
        // One line query and one item query of `super` per displayed item per query.
        #expect(nested > 10 * queries)
        let findings = costFindings(measurement)
        #expect(findings.map(\.rule) == [.lineRequeries])
        #expect(findings.first?.message.hasPrefix("per-item query that re-queries its line: the layout queries the flow layout again") == true)
    }

    @Test("A layout that looks at its whole cache per query is found to scan, not to query its whole content")
    func scan() throws {
        let measurement = try replay("scanning")
        // Its one prepare builds every item's attributes: counted, though spread over many queries.
        let built = try #require(measurement.counters[.layoutAttributesBuilt])
        #expect(built == 2_000 * (measurement.counters[.layoutPrepares] ?? 0))
        let findings = costFindings(measurement)
        #expect(findings.map(\.rule) == [.scanPerQuery])
        #expect(findings.first?.message.hasPrefix("scan per query: every element query scanned 2,000 attributes") == true)
    }

    @Test("The plain flow layout has no cost finding and makes no nested queries")
    func plainFlow() throws {
        let measurement = try replay("flow")
        #expect(measurement.counters[.nestedQueries] == 0)
        #expect(costFindings(measurement).isEmpty)
    }
}
