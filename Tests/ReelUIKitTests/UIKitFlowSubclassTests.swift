import Foundation
import Layouts
import ReelUIKit
import Replay
import Reporting
import ShippedTraceSupport
import Testing
import TestSupport

@Suite("A UIKit flow subclass replays through ReelUIKit", .tags(.fast))
struct UIKitFlowSubclassTests {
    static var registry: LayoutRegistry {
        var registry = LayoutRegistry.standard
        registry.register(LayoutDefinition(
            name: "left-aligned", summary: "flow lines aligned to the leading inset",
            parameters: [
                LayoutParameter("item-size", .size, default: "50 50", "the item size"),
                LayoutParameter("minimum-line-spacing", .number, default: "10", "between lines"),
                LayoutParameter("minimum-interitem-spacing", .number, default: "10", "between items"),
            ]
        ) { context in
            let layout = LeftAlignedFlowLayout()
            layout.itemSize = try context.cgSize("item-size")
            layout.minimumLineSpacing = try context.cgFloat("minimum-line-spacing")
            layout.minimumInteritemSpacing = try context.cgFloat("minimum-interitem-spacing")
            return layout
        })
        return registry
    }

    @Test("Lines of 128-point photos start at 0, 130, 260 instead of flow's 0, 131, 262")
    func leftAligned() throws {
        let runner = ReplayRunner(registry: Self.registry, makeClock: { ManualClock() })
        let path = ShippedReplays.path("photo-grid-browse.xml")
        let flow = try runner.snapshot(path, at: 0)
        let aligned = try runner.snapshot(path, at: 0, options: ReplayOptions(layout: "left-aligned"))
        func xs(_ report: SnapshotReport) -> [Double] {
            report.elements.filter { $0.category == .cell && $0.section == 0 && $0.item < 3 }
                .sorted { $0.item < $1.item }.map(\.frame.origin.x)
        }
        #expect(xs(flow) == [0, 131, 262])
        #expect(xs(aligned) == [0, 130, 260])
    }
}
