import Testing
@testable import Replay
import CollectionEngine
import TraceXML
import TestSupport

/// The sizes the replay's app gives the flow layout: one size for a section that has one, so a
/// 10,000,000-item section is laid out in closed form, and each item's own size from the trace's runs.
@Suite("Trace data source sizes", .tags(.fast))
struct TraceDataSourceSizeTests {
    private func dataSource(_ sections: [SectionDescription]) -> (TraceDataSource, CollectionView, FlowLayout) {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 50, height: 60)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        return (TraceDataSource(sections: sections, workload: nil, charge: .spend(ManualClock())), view, layout)
    }

    @Test("A section without sizes, or with one run, has one size the layout need not ask item by item")
    func uniform() {
        let run = TraceSizeList(runs: [.init(size: Size(width: 40, height: 30), count: 10_000_000)])
        let varying = TraceSizeList([Size(width: 1, height: 2), Size(width: 3, height: 4)])
        let (source, view, layout) = dataSource([SectionDescription(items: 10_000_000),
                                                 SectionDescription(items: 10_000_000, itemSizes: run),
                                                 SectionDescription(items: 2, itemSizes: varying)])
        #expect(source.collectionView(view, layout: layout, uniformItemSizeInSection: 0) == Size(width: 50, height: 60))
        #expect(source.collectionView(view, layout: layout, uniformItemSizeInSection: 1) == Size(width: 40, height: 30))
        #expect(source.collectionView(view, layout: layout, uniformItemSizeInSection: 2) == nil)
    }

    @Test("Each item's size comes from its run, in order and out of order")
    func runs() {
        var list = TraceSizeList()
        for run in 0..<100 { list.append(Size(width: Double(run), height: 1), count: run % 3 + 1) }
        let (source, view, layout) = dataSource([SectionDescription(items: 5), SectionDescription(items: list.count, itemSizes: list)])
        let expected = Array(list).map { Size(width: $0.width, height: $0.height) }
        let inOrder = (0..<list.count).map { source.collectionView(view, layout: layout, sizeForItemAt: IndexPath(item: $0, section: 1)) }
        #expect(inOrder == expected)
        let shuffled = [150, 3, 198, 0, 42, 43, 41, 100]
        #expect(shuffled.map { source.collectionView(view, layout: layout, sizeForItemAt: IndexPath(item: $0, section: 1)) }
                    == shuffled.map { expected[$0] })
        #expect(source.collectionView(view, layout: layout, sizeForItemAt: IndexPath(item: 2, section: 0)) == Size(width: 50, height: 60))
    }
}
