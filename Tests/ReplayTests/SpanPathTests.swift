import Testing
import CollectionEngine
import TestSupport
@_spi(Benchmarks) @testable import Replay

@Suite("Span paths: every engine phase on every category has its own path", .tags(.fast))
struct SpanPathTests {
    @Test("An element phase maps to frame/<category>/<phase>; the layout's and the updates' phases to their own")
    func everyPhase() {
        let categories: [(ElementCategory?, String)] = [
            (nil, "cells"), (.cell, "cells"), (.supplementaryView, "supplementary"), (.decorationView, "decoration"),
        ]
        let own: [EnginePhase: String] = [
            .prepare: "frame/layout/prepare", .query: "frame/layout/query",
            .validateUpdates: "frame/updates/validate", .applyUpdates: "frame/updates/apply",
            .snapshotDiff: "frame/updates/snapshot-diff", .visibleItemsHandler: "frame/layout/visible-items-handler",
        ]
        var seen = Set<Int>()
        for phase in EnginePhase.allCases {
            for (category, name) in categories {
                let path = SpanPath(phase, category)
                #expect(path.name == own[phase] ?? "frame/\(name)/\(phase.rawValue)", "\(phase) \(String(describing: category))")
                seen.insert(path.index)
            }
        }
        // Every path but the frame, the events, the scroll and the animation is some phase's.
        #expect(seen.count == SpanPath.count - 4)
    }
}
