import Foundation
import Testing
import CollectionEngine
import Layouts
import Replay
import Reporting
import TestSupport

/// No JSON that Reel writes holds a non-finite number (a 10^308-point-wide view made `snapshot`
/// print `inf`): a layout that answers infinite and NaN geometry still gives valid JSON, with `null` where
/// a number is not finite. Elements whose frame is not finite are not displayed at all (a frame is kept
/// as a center and a size, so an infinite extent makes its origin NaN), so the infinities that reach the
/// output are in what a displayed element carries besides its frame: its transform.
@Suite("Non-finite geometry in JSON output", .tags(.fast))
struct NonFiniteOutputTests {
    /// Item 0 scaled by an infinite factor, item 1 infinitely wide, item 2 with a NaN height, the rest
    /// 100-point rows; the content infinitely tall.
    final class InfiniteLayout: CollectionViewLayout {
        private var count: Int { (collectionView?.numberOfSections ?? 0) > 0 ? collectionView?.numberOfItems(inSection: 0) ?? 0 : 0 }
        override var collectionViewContentSize: CollectionEngine.Size { CollectionEngine.Size(width: 390, height: .infinity) }
        override func layoutAttributesForElements(in rect: CollectionEngine.Rect) -> [LayoutAttributes] {
            (0..<min(count, 8)).compactMap { layoutAttributesForItem(at: CollectionEngine.IndexPath(item: $0, section: 0)) }
        }
        override func layoutAttributesForItem(at indexPath: CollectionEngine.IndexPath) -> LayoutAttributes? {
            let attributes = LayoutAttributes(forCellWith: indexPath)
            let y = Double(indexPath.item) * 100
            attributes.frame = switch indexPath.item {
            case 1: CollectionEngine.Rect(x: 0, y: y, width: .infinity, height: 100)
            case 2: CollectionEngine.Rect(x: 0, y: y, width: 100, height: .nan)
            default: CollectionEngine.Rect(x: 0, y: y, width: 100, height: 100)
            }
            if indexPath.item == 0 { attributes.transform3D = .scale(x: .infinity, y: 1) }
            return attributes
        }
    }

    private static var runner: ReplayRunner {
        var layouts = LayoutRegistry.standard
        layouts.register(LayoutDefinition(name: "unbounded", summary: "answers infinite geometry", parameters: []) { _ in
            InfiniteLayout()
        })
        return ReplayRunner(registry: layouts, makeClock: { ManualClock() })
    }

    @Test("Snapshot and report JSON print null for infinite numbers, and parse")
    func nullNotInf() throws {
        let trace = try TraceFile(header: """
              <collection-view width="390" height="844" refresh-rate="60"/>
              <layout name="unbounded"/>
              <data><section items="20"/></data>
            """, events: #"<scroll t="0.1" x="0" y="1e10"/>"# + "\n" + #"<scroll t="0.2" x="0" y="0"/>"#)
        let snapshot = try Self.runner.snapshot(trace.path, at: 0.2)
        let json = snapshot.render(.json)
        #expect(json.contains(#""transform": [null, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]"#))
        // The infinitely wide and the NaN-high items are not displayed; the content size is the largest
        // finite double.
        #expect(snapshot.elements.map(\.item) == [0, 3, 4, 5, 6, 7])
        #expect(snapshot.contentSize.height == .greatestFiniteMagnitude)
        let measurement = try Self.runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        let report = ReportFormat.json.render([Report(measurement)], includeFrames: true)
        for text in [json, report] {
            #expect(text.firstMatch(of: /[\[ ,:]-?(inf|nan)\b/) == nil)
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil)
        }
    }
}
