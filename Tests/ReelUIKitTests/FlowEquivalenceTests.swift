import Foundation
import Layouts
import ReelUIKit
import Replay
import Reporting
import ShippedTraceSupport
import Testing
import TestSupport

/// UIKit's flow layout subclassed without overriding anything, as the benchmark's.
final class PlainFlowLayout: UICollectionViewFlowLayout {}

extension LayoutRegistry {
    /// The catalogue and `uikit-flow`: flow's parameters on a `UICollectionViewFlowLayout` subclass.
    static var withUIKitFlow: LayoutRegistry {
        var registry = LayoutRegistry.standard
        registry.register(LayoutDefinition(
            name: "uikit-flow", summary: "UIKit's flow layout through ReelUIKit",
            parameters: LayoutDefinition.flow.parameters
        ) { context in
            let layout = PlainFlowLayout()
            try layout.setFlowParameters(from: context)
            return layout
        })
        return registry
    }
}

@Suite("A flow subclass that overrides nothing replays as the engine's flow layout", .tags(.fast))
struct FlowEquivalenceTests {
    static let traces = ["photo-grid-browse.xml", "contacts-list.xml", "chat-messages.xml", "horizontal-carousel.xml"]

    @Test("Every counter equal to flow's over the whole session", arguments: traces)
    func counters(trace: String) throws {
        let runner = ReplayRunner(registry: .withUIKitFlow, makeClock: { ManualClock() })
        let flow = try runner.replay(ShippedReplays.path(trace), options: ReplayOptions(layout: "flow", repeats: 1, warmup: 0))
        let uikit = try runner.replay(ShippedReplays.path(trace),
                                      options: ReplayOptions(layout: "uikit-flow", repeats: 1, warmup: 0))
        #expect(uikit.complete && uikit.failure == nil)
        #expect(uikit.counters == flow.counters)
    }

    @Test("The same elements with the same attributes at several moments", arguments: traces)
    func snapshots(trace: String) throws {
        let runner = ReplayRunner(registry: .withUIKitFlow, makeClock: { ManualClock() })
        for time in [0.0, 1.0, 2.5, 4.0] {
            let flow = try runner.snapshot(ShippedReplays.path(trace), at: time, options: ReplayOptions(layout: "flow"))
            let uikit = try runner.snapshot(ShippedReplays.path(trace), at: time,
                                            options: ReplayOptions(layout: "uikit-flow"))
            #expect(uikit == flow, "at \(time) s")
        }
    }

    @Test("Pinned headers: the subclass's sectionHeadersPinToVisibleBounds pins them as flow's pin-headers does")
    func pinnedHeaders() throws {
        let text = try String(contentsOfFile: ShippedReplays.path("chat-messages.xml"), encoding: .utf8)
        func variant(_ layout: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasPrefix("  <layout ")
                    ? line.replacingOccurrences(of: "name=\"flow\"", with: "name=\"\(layout)\"")
                        .replacingOccurrences(of: "/>", with: " pin-headers=\"true\"/>")
                    : String(line)
            }.joined(separator: "\n")
        }
        try ScratchDirectory.withFreshFolder { folder in
            let runner = ReplayRunner(registry: .withUIKitFlow, makeClock: { ManualClock() })
            var pinnedAtTop = 0
            for time in [1.0, 2.5] {
                var reports: [SnapshotReport] = []
                for layout in ["flow", "uikit-flow"] {
                    let path = folder + "/\(layout).xml"
                    try variant(layout).write(toFile: path, atomically: true, encoding: .utf8)
                    reports.append(try runner.snapshot(path, at: time))
                }
                #expect(reports[1] == reports[0], "at \(time) s")
                // A header drawn at the top of the visible bounds, above the cells, is a pinned one.
                pinnedAtTop += reports[1].elements.filter { element in
                    element.category == .supplementary && element.zIndex == 1024
                }.count
            }
            #expect(pinnedAtTop > 0)
        }
    }
}
