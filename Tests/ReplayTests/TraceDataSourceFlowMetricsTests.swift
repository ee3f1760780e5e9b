import Testing
@testable import Replay
import CollectionEngine
import TraceXML
import TestSupport

/// A `<section>`'s own flow metrics reach the flow layout through the replay's delegate; a section without
/// them keeps the layout's.
@Suite("Trace data source flow metrics", .tags(.fast))
struct TraceDataSourceFlowMetricsTests {
    /// Section 0: 10 items of 50 × 60, insets 20 20 30 20, spacings 5 and 0, a 40-point header and a 25-point
    /// footer: 350 points across hold 7 items 50 apart; lines start at 40 + 20 = 60 and 60 + 60 + 5 = 125;
    /// the section ends at 125 + 60 + 30 + 25 = 240. Section 1 keeps the layout's (no insets, spacing 10, no
    /// header): 6 a line ((390 + 10) / 60), its last line spaced as a full one, (390 − 300) / 5 + 50 = 68 apart.
    @Test("Item, header and footer frames follow each section's own metrics, worked by hand")
    func frames() {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 50, height: 60)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let own = SectionDescription.FlowMetrics(
            inset: EdgeInsets(top: 20, left: 20, bottom: 30, right: 20), minimumLineSpacing: 5, minimumInteritemSpacing: 0,
            headerSize: Size(width: 0, height: 40), footerSize: Size(width: 0, height: 25))
        let source = TraceDataSource(sections: [SectionDescription(items: 10, flow: own), SectionDescription(items: 3)],
                                     workload: nil, charge: .spend(ManualClock()))
        view.dataSource = source
        view.delegate = source
        view.layoutIfNeeded()
        func item(_ item: Int, _ section: Int) -> Rect? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
        }
        #expect(item(0, 0) == Rect(x: 20, y: 60, width: 50, height: 60))
        #expect(item(6, 0) == Rect(x: 320, y: 60, width: 50, height: 60))
        #expect(item(7, 0) == Rect(x: 20, y: 125, width: 50, height: 60))
        #expect(item(9, 0) == Rect(x: 120, y: 125, width: 50, height: 60))
        let header = layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        let footer = layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == Rect(x: 0, y: 0, width: 390, height: 40))
        #expect(footer?.frame == Rect(x: 0, y: 215, width: 390, height: 25))
        #expect(item(0, 1) == Rect(x: 0, y: 240, width: 50, height: 60))
        #expect(item(2, 1) == Rect(x: 136, y: 240, width: 50, height: 60))
        #expect(layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)) == nil)
        #expect(view.contentSize == Size(width: 390, height: 300))
    }
}
