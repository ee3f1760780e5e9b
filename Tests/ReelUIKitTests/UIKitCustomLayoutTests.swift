import Foundation
import Layouts
import ReelUIKit
import Replay
import Reporting
import ShippedTraceSupport
import Testing
import TestSupport

@Suite("A UIKit layout of its own, with its own attributes class, replays through ReelUIKit", .tags(.fast))
struct UIKitCustomLayoutTests {
    static var registry: LayoutRegistry {
        var registry = LayoutRegistry.standard
        registry.register(LayoutDefinition(
            name: "timeline", summary: "entries down a rail, as tall as the delegate says",
            parameters: [LayoutParameter("spacing", .number, default: "8", "between entries", range: 0...100)]
        ) { context in
            let layout = TimelineLayout()
            layout.spacing = try context.cgFloat("spacing")
            return layout
        })
        return registry
    }

    static let chat = ShippedReplays.path("chat-messages.xml")

    static func cells(_ report: SnapshotReport, section: Int = 0) -> [SnapshotReport.Element] {
        report.elements.filter { $0.category == .cell && $0.section == section }.sorted { $0.item < $1.item }
    }

    @Test("Entries take the trace's heights through the delegate, although the layout is not a flow layout")
    func delegateSizes() throws {
        let runner = ReplayRunner(registry: Self.registry, makeClock: { ManualClock() })
        let report = try runner.snapshot(Self.chat, at: 0, options: ReplayOptions(layout: "timeline"))
        let cells = Self.cells(report)
        // chat-messages.xml's first section: 390 × 128, 390 × 56, 390 × 112, 390 × 66; 8 points apart, after a
        // 24-point rail.
        let frames = cells.prefix(4).map { [$0.frame.origin.x, $0.frame.origin.y, $0.frame.size.width, $0.frame.size.height] }
        #expect(frames == [[24, 0, 366, 128], [24, 136, 366, 56], [24, 200, 366, 112], [24, 320, 366, 66]])
    }

    @Test("A trace that names the layout gives its parameter: entries 20 points apart")
    func parameter() throws {
        let text = try String(contentsOfFile: Self.chat, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("  <layout ") ? "  <layout name=\"timeline\" spacing=\"20\"/>" : String(line)
        }
        try ScratchDirectory.withFreshFolder { folder in
            let path = folder + "/timeline.xml"
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let runner = ReplayRunner(registry: Self.registry, makeClock: { ManualClock() })
            let report = try runner.snapshot(path, at: 0)
            #expect(Self.cells(report).prefix(3).map(\.frame.origin.y) == [0, 148, 224])
        }
    }

    @Test("Alpha 1.5 shows as 1; the second entry's affine scale reaches the engine as a 3-D transform")
    func alphaAndTransform() throws {
        let runner = ReplayRunner(registry: Self.registry, makeClock: { ManualClock() })
        let cells = Self.cells(try runner.snapshot(Self.chat, at: 0, options: ReplayOptions(layout: "timeline")))
        try #require(cells.count > 2)
        #expect(cells[0].alpha == 1)
        #expect(cells[1].transform == [0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(cells[2].transform == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    @Test("The subclass's own fields show in snapshots, in kebab-case")
    func customFields() throws {
        let runner = ReplayRunner(registry: Self.registry, makeClock: { ManualClock() })
        let cells = Self.cells(try runner.snapshot(Self.chat, at: 0, options: ReplayOptions(layout: "timeline")))
        try #require(cells.count > 1)
        #expect(cells[0].custom.map(\.name) == ["is-first-in-section", "rail-offset"])
        #expect(cells[0].custom.map(\.value) == [.bool(true), .number(12)])
        #expect(cells[1].custom.map(\.value) == [.bool(false), .number(12)])
    }

    @Test("After the session's batch updates the layout holds the data they leave: its height follows flow's")
    func wholeSession() throws {
        let runner = ReplayRunner(registry: Self.registry, makeClock: { ManualClock() })
        let measurement = try runner.replay(Self.chat, options: ReplayOptions(layout: "timeline", repeats: 1, warmup: 0))
        #expect(measurement.complete && measurement.failure == nil)
        let timeline = try runner.snapshot(Self.chat, at: 1_000, options: ReplayOptions(layout: "timeline"),
                                           finalStatePastTheEnd: true)
        let flow = try runner.snapshot(Self.chat, at: 1_000, options: ReplayOptions(layout: "flow"),
                                       finalStatePastTheEnd: true)
        // The batches leave 57, 47 and 12 items (116). Flow stacks each section as a 32-point header, an 8-point
        // inset, its items 6 points apart and an 8-point inset; the timeline stacks every item 8 points apart:
        // flow's height − 3 × 48 − 6 × (116 − 3) + 8 × (116 − 1) = flow's height + 98. One item has no size in the
        // trace (the inserted section's first): flow gives it its item size, 60 points high; the delegate answers a
        // layout that is not a flow layout with UIKit's default item size, 50: 10 points less.
        #expect(timeline.contentSize.height == flow.contentSize.height + 88)
    }
}
