import Benchmark
import CollectionEngine

/// The catalogue layouts measured, each with the motion its users give it.
let catalogue: [LayoutBenchmark] = [
    LayoutBenchmark(layout: "flow", parameters: [("item-size", "100 100")]),
    // Never scrolls: every item is on the circle, and a pinch moves and resizes it every frame.
    LayoutBenchmark(layout: "circle", motion: .pinch),
    // One Hundred Pixels' albums of 20 photos, one stack each, with its label.
    LayoutBenchmark(layout: "stacked", itemsPerSection: 20, supplementaryKinds: ["stack-label"]),
    // The finger drags the content at the view's center; the springs read it on every bounds change.
    LayoutBenchmark(layout: "springy-flow", motion: .drag(step: 12)),
    LayoutBenchmark(layout: "springy-flow", parameters: [("tiled", "true")], motion: .drag(step: 12),
                    name: "springy-flow-tiled"),
    // The book's portrait phone; the covers scroll horizontally.
    LayoutBenchmark(layout: "cover-flow", size: Size(width: 320, height: 480), motion: .scroll(step: 23)),
    LayoutBenchmark(layout: "cover-flow-cached", size: Size(width: 320, height: 480), motion: .scroll(step: 23)),
    // The survey on the book's iPad: 333 sections, so 3 photos a section at 1k as in the app; at 100k a section
    // holds 300, and each binder on screen asks for every item of its section (the book's tallest-item scan).
    LayoutBenchmark(layout: "decorated-flow", sections: 333, size: Size(width: 768, height: 1024),
                    supplementaryKinds: ["header"]),
    LayoutBenchmark(layout: "dimensions-flow"),
    // Tutorial 001 on its iPhone 5: albums of 4 photos, a title each; every query scans the whole cache.
    LayoutBenchmark(layout: "photo-album", itemsPerSection: 4, size: Size(width: 320, height: 548),
                    supplementaryKinds: ["album-title"]),
    // The slides' demo line on the phone: zoom near the center, re-prepared on every scroll frame.
    LayoutBenchmark(layout: "line", size: Size(width: 320, height: 480), motion: .scroll(step: 23)),
    // The slides' demo spiral on the phone: 20 speakers a page, a header each; every page in view rebuilt per query.
    LayoutBenchmark(layout: "spiral", itemsPerSection: 20, motion: .scroll(step: 23),
                    supplementaryKinds: [CollectionView.elementKindSectionHeader]),
    // The slides' demo on its iPad: conferences of 18 speakers (the demo's average), shelves under the rows;
    // every query scans every shelf, as the demo enumerates its dictionary.
    LayoutBenchmark(layout: "grid", itemsPerSection: 18, size: Size(width: 768, height: 1004),
                    supplementaryKinds: ["header", "footer"]),
    // The slides' stacks of the same conferences: every query walks every stack and builds each met stack's items.
    LayoutBenchmark(layout: "stacks", parameters: [("interstack-spacing", "50")], itemsPerSection: 18,
                    size: Size(width: 768, height: 1004), supplementaryKinds: ["small-conference-header"]),
    // Tutorial 002's iPad, scrolling through the pages; then the same in edit mode, every displayed icon
    // jiggling (re-queried every frame) after a long press on the first one.
    LayoutBenchmark(layout: "springboard", size: Size(width: 768, height: 1004)),
    LayoutBenchmark(layout: "springboard", size: Size(width: 768, height: 1004), name: "springboard-editing",
                    setUp: { view in
                        try view.handleLongPress(.began, at: Point(x: 104, y: 104))
                        try view.handleLongPress(.ended, at: Point(x: 104, y: 104))
                    }),
]

let counts: [(label: String, count: Int)] = [("1k", 1_000), ("100k", 100_000)]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 2_000
    )

    // The cost of one frame once the first screen is displayed: time, the layout's motion, the layout pass;
    // and at the largest count the layout's seeded habits allow (1M where they allow it).
    for spec in catalogue {
        let extra: [(label: String, count: Int)] = allowsMillion(spec) ? [("1M", 1_000_000)] : []
        for (label, count) in counts + extra {
            Benchmark("Layout.\(spec.name ?? spec.layout).frame.\(label)") { benchmark in
                let fixture = try LayoutFixture(spec, items: count)
                for _ in 0..<10 { try fixture.step() }
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations { try fixture.step() }
                benchmark.stopMeasurement()
                blackHole(fixture.collectionView.counters)
            }
        }
    }
}

/// Whether a layout is measured at 1,000,000 items too: not when its seeded slow habits make a frame
/// or its preparation grow with the items so much that a run would take minutes — every item on screen
/// (circle), a scan of every cached attribute, shelf or stack per query (photo-album, grid, stacks), a binder
/// asking for every item of its section (decorated-flow), the whole content re-prepared per frame (line,
/// cover-flow) or springs for every item (springy-flow); their largest is 100k.
func allowsMillion(_ spec: LayoutBenchmark) -> Bool {
    switch spec.name ?? spec.layout {
    case "circle", "photo-album", "grid", "stacks", "decorated-flow", "line", "cover-flow", "springy-flow": false
    default: true
    }
}
