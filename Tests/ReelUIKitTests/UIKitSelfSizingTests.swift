import Foundation
import Layouts
import ReelUIKit
import Replay
import Reporting
import Testing
import TestSupport

/// A `UICollectionViewFlowLayout` subclass that keeps what the user sees still, as Airbnb's MagazineLayout
/// discusses (airbnb/MagazineLayout#9): when a cell above the visible top changes size, its context moves the
/// content offset by the difference.
final class AnchoredUIKitFlowLayout: UICollectionViewFlowLayout {
    override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes,
                                                withOriginalAttributes: originalAttributes)
        if let collectionView, originalAttributes.frame.maxY <= collectionView.bounds.minY {
            context.contentOffsetAdjustment = CGPoint(x: 0, y: preferredAttributes.size.height - originalAttributes.size.height)
        }
        return context
    }
}

@Suite("Self-sizing through ReelUIKit", .tags(.fast))
struct UIKitSelfSizingTests {
    /// A 390 × 844 list of 2,000 rows estimated at 60 points, whose cells answer 60 to 136: a jump to the middle,
    /// then a scroll up through rows never measured.
    static func trace(layout: String) -> String {
        let sizes = (0..<20).map { "390 \(60 + 4 * $0)*100" }.joined(separator: ", ")
        let events = (1...240).map { frame in
            let y = 60_000 - Double(frame) * 100
            return #"    <scroll t="\#(Double(frame) / 60)" x="0" y="\#(y)"/>"#
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <trace version="1">
              <collection-view width="390" height="844" refresh-rate="60"/>
              <layout name="\(layout)" item-size="390 60" minimum-line-spacing="0" estimated-item-size="390 60"/>
              <data><section items="2000" item-sizes="\(sizes)"/></data>
              <workload><cell reuse-identifier="cell" configure="0.5" measure="1"/></workload>
              <events>
            \(events)
              </events>
            </trace>

            """
    }

    // Apple's documentation of `estimatedItemSize` and of `invalidationContext(forPreferredLayoutAttributes:
    // withOriginalAttributes:)`: the UIKit names reach the engine's flow layout, which sizes the cells.
    @Test("A UIKit flow subclass with estimatedItemSize replays as the engine's flow, counter for counter")
    func sameAsEngineFlow() throws {
        var registry = LayoutRegistry.withUIKitFlow
        registry.register(LayoutDefinition(name: "anchored-flow", summary: "anchored self-sizing",
                                           parameters: LayoutDefinition.flow.parameters) { context in
            let layout = AnchoredUIKitFlowLayout()
            try layout.setFlowParameters(from: context)
            return layout
        })
        let runner = ReplayRunner(registry: registry, makeClock: { ManualClock() })
        try ScratchDirectory.withFreshFolder { folder in
            var results: [String: ReplayMeasurement] = [:]
            for layout in ["flow", "uikit-flow", "anchored-flow"] {
                let path = folder + "/\(layout).xml"
                try Self.trace(layout: layout).write(toFile: path, atomically: true, encoding: .utf8)
                results[layout] = try runner.replay(path, options: ReplayOptions(repeats: 1, warmup: 0))
            }
            let flow = try #require(results["flow"]), uikit = try #require(results["uikit-flow"])
            #expect(uikit.complete && flow.complete, "\(uikit.failure ?? flow.failure ?? "")")
            #expect(uikit.counters == flow.counters)
            #expect((flow.counters[.selfSizingInvalidations] ?? 0) > 0)
            #expect((flow.counters[.visibleContentShifts] ?? 0) > 0, "scrolling up through measured-late rows moves the view")
            let anchored = try #require(results["anchored-flow"])
            #expect(anchored.counters[.visibleContentShifts] == 0)
        }
    }
}
