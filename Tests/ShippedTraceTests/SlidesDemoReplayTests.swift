import Testing
import Foundation
import CollectionEngine
import Layouts
import Replay
import Reporting
import TestSupport

/// The slides' demo app's shipped sessions (`grid-shelves`, `stacks-pinch`) replayed in both modes.
@Suite("Slides' demo replays", .tags(.shippedTraces))
struct SlidesDemoReplayTests {
    static func trace(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Traces/\(name).xml").path
    }

    private let runner = ReplayRunner(makeClock: { ManualClock() })

    @Test("grid-shelves: the reader reaches the last conference, every section's shelves shown, taps selecting speakers",
          arguments: [ReplayMode.offsets, .gestures])
    func shelves(mode: ReplayMode) throws {
        var shelfSections = Set<Int>()
        var deepest = 0.0, bottom = 0.0
        let counters = try runner.forEachFrame(Self.trace("grid-shelves"), options: ReplayOptions(mode: mode)) { _, view in
            #expect(view.collectionViewLayout is GridLayout)
            for element in view.displayedElements where element.key.kind == GridLayout.shelfKind {
                shelfSections.insert(element.key.indexPath.section)
                #expect(element.view is ShelfView && element.view.zIndex == 0)
            }
            deepest = max(deepest, view.contentOffset.y)
            bottom = view.contentSize.height - view.bounds.height
        }
        #expect(shelfSections == Set(0..<11))
        // In gestures mode the fling that reaches the bottom bounces past it (UIScrollView.bounces) and comes back.
        #expect(deepest >= bottom - 1 && (mode == .gestures || abs(deepest - bottom) < 1) && bottom == 12_300 - 1004)
        #expect(counters.taps >= 10 && counters.selections >= 5)
        // The grid has no interactions of its own: taps select, and nothing reaches the layout.
        #expect(counters.layoutInteractions == 0)
    }

    @Test("stacks-pinch: stacks pinched and collapsed, others opened as the grid and switched back, in both modes",
          arguments: [ReplayMode.offsets, .gestures])
    func stacksPinch(mode: ReplayMode) throws {
        var layouts: [String] = []
        var pinched = Set<Int>()
        let counters = try runner.forEachFrame(Self.trace("stacks-pinch"), options: ReplayOptions(mode: mode)) { _, view in
            let layout = view.collectionViewLayout
            let name = layout is StacksLayout ? "stacks" : layout is GridLayout ? "grid"
                : layout is TransitionLayout ? "transition" : "other"
            if layouts.last != name { layouts.append(name) }
            if let stacks = layout as? StacksLayout, let section = stacks.pinchedStackIndex { pinched.insert(section) }
        }
        #expect(!layouts.contains("other"))
        // Five opens into the grid (each through the stacks' own transition), five returns to the stacks.
        let opens = zip(layouts, layouts.dropFirst().dropFirst()).count { $0 == "stacks" && $1 == "grid" }
        #expect(opens == 5 && layouts.count { $0 == "stacks" } >= 5, "\(layouts)")
        #expect(pinched.count >= 5)
        // Seven pinches released at 2.5 or less collapse in an animated empty batch.
        #expect(counters.batchUpdates == 7)
        #expect(counters.layoutInteractions > 500)
    }
}
