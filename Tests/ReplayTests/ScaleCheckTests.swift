import Testing
import CollectionEngine
import Layouts
import Replay
import Reporting
import TestSupport
import TraceXML

/// The scale check: a trace's data scaled to other item counts, and the layouts whose cost per frame grows
/// with them.
@Suite("The scale check", .tags(.fast))
struct ScaleCheckTests {
    // MARK: Scaling the data

    @Test("Sections keep their shares, the leftover items going to the largest remainders; empty ones stay empty")
    func proportionalCounts() {
        let sections = [3, 0, 1, 6].map { SectionDescription(items: $0) }
        #expect(ItemScaling.sections(sections, toItems: 20).map(\.items) == [6, 0, 2, 12])
        // 7 × 3/10 = 2.1, 7 × 1/10 = 0.7, 7 × 6/10 = 4.2: 6 whole, the one left to the 0.7.
        #expect(ItemScaling.sections(sections, toItems: 7).map(\.items) == [2, 0, 1, 4])
        // Equal remainders go to the earlier section.
        #expect(ItemScaling.sections([1, 1, 1].map { SectionDescription(items: $0) }, toItems: 5).map(\.items) == [2, 2, 1])
        #expect(ItemScaling.sections(sections, toItems: 10_000_000).map(\.items).reduce(0, +) == 10_000_000)
    }

    @Test("Counts add up to the total asked at every total from 1 to 200 over uneven sections")
    func totalsAreExact() {
        let sections = [7, 1, 0, 13, 2].map { SectionDescription(items: $0) }
        for total in 1...200 {
            #expect(ItemScaling.sections(sections, toItems: total).map(\.items).reduce(0, +) == total, "\(total)")
        }
    }

    @Test("A section's own item sizes repeat cyclically at any count")
    func sizesRepeat() {
        let a = Size(width: 10, height: 10), b = Size(width: 20, height: 30)
        let section = SectionDescription(items: 3, itemSizes: [a, a, b])
        let scaled = ItemScaling.sections([section], toItems: 7)[0]
        #expect(scaled.items == 7)
        #expect(scaled.itemSizes.map(Array.init) == [a, a, b, a, a, b, a])
        #expect(ItemScaling.sections([section], toItems: 2)[0].itemSizes.map(Array.init) == [a, a])
    }

    @Test("A count that an event's item does not survive is refused, naming the event and the count")
    func brokenEventRefused() throws {
        let file = try TraceFile(header: """
              <collection-view width="400" height="800" refresh-rate="60"/>
              <layout name="flow"/>
              <data><section items="300"/><section items="100"/></data>
            """, events: #"<select t="0.5" section="0" item="250"/>"#)
        try ItemScaling.check(trace: file.path, itemCount: 400)
        try ItemScaling.check(trace: file.path, itemCount: 4000)
        let error = #expect(throws: ReplayError.self) { try ItemScaling.check(trace: file.path, itemCount: 40) }
        #expect(error?.location?.line == 7)
        #expect(error?.message.hasPrefix("at 40 items, ") == true, "\(String(describing: error))")
        #expect(error?.message.contains("250") == true, "\(String(describing: error))")
    }

    // MARK: Growth

    /// A one-column list that keeps every item's frame and, on every query, tests them all: the habit the
    /// check exists to find, hidden in the query where no counter sees it.
    final class ScanningListLayout: CollectionViewLayout {
        private var frames: [Rect] = []

        override func prepare() {
            let count = (collectionView?.numberOfSections ?? 0) > 0 ? collectionView?.numberOfItems(inSection: 0) ?? 0 : 0
            let width = collectionView?.bounds.width ?? 0
            frames = (0..<count).map { Rect(x: 0, y: Double($0) * 44, width: width, height: 44) }
        }

        override var collectionViewContentSize: Size {
            Size(width: collectionView?.bounds.width ?? 0, height: Double(frames.count) * 44)
        }

        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            frames.indices.filter { frames[$0].intersects(rect) }.compactMap {
                layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
            }
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            guard indexPath.item < frames.count else { return nil }
            let attributes = LayoutAttributes(forCellWith: indexPath)
            attributes.frame = frames[indexPath.item]
            return attributes
        }
    }

    private static var registry: LayoutRegistry {
        var layouts = LayoutRegistry.standard
        layouts.register(LayoutDefinition(name: "scanning-list", summary: "a list whose query tests every item",
                                          parameters: []) { _ in ScanningListLayout() })
        return layouts
    }

    /// 1.5 s of scrolling by recorded offsets, 10 points a frame down (or 20 across), well inside the content
    /// of every layout checked at the smaller count, so that both counts scroll the same way.
    private static func trace(horizontal: Bool) throws -> TraceFile {
        try TraceFile(header: """
              <collection-view width="400" height="800" refresh-rate="60"/>
              <layout name="flow"/>
              <data><section items="100"/></data>
            """, events: (1...90).map { frame in
                let t = Double(frame) / 60
                return horizontal ? #"<scroll t="\#(t)" x="\#(frame * 20)" y="0"/>"#
                    : #"<scroll t="\#(t)" x="0" y="\#(frame * 10)"/>"#
            }.joined(separator: "\n"), name: horizontal ? "across" : "down")
    }

    /// The check at 500 and 50,000 items, 5 repeats each.
    ///
    /// The verdicts are timing-based but cannot flip on a busy machine: frames are measured on the thread's
    /// CPU clock, which does not count the time other processes take; an O(n) query does 100 times the work
    /// at 50,000 items (×20 and more even in a debug build, against the 3× the check asks for), while a
    /// layout whose query does not depend on the count stays within ×1.5 — a slower machine slows both
    /// counts alike, the passes being interleaved, and to be called growth a flat phase would have to triple
    /// in all five repeats at one count and in none at the other.
    private static func check(_ layouts: [String], horizontal: Bool = false) throws -> ScaleCheck {
        let file = try trace(horizontal: horizontal)
        return try ScaleCheckRun(trace: file.path, layouts: layouts, counts: [500, 50_000],
                                 options: ReplayOptions(mode: .offsets, repeats: 5, warmup: 1),
                                 registry: registry).run()
    }

    private static func text(_ check: ScaleCheck) -> Comment {
        Comment(rawValue: ComparisonFormat.text.render(scaleChecks: [.success(check)], asArray: false, width: 100))
    }

    @Test("A layout whose query tests every item grows, in frame/layout/query; flow and grid's flow part do not")
    func scanningQueryGrows() throws {
        let check = try Self.check(["scanning-list", "flow", "grid"])
        let scanning = check.layouts[0], flow = check.layouts[1], grid = check.layouts[2]
        #expect(scanning.growing.map(\.path) == ["frame/layout/query"], Self.text(check))
        #expect(!flow.grows, Self.text(check))
        // The grid keeps the demo's scan of every shelf in its query.
        #expect(grid.growing.map(\.path) == ["frame/layout/query"], Self.text(check))
        #expect(check.grows)
        #expect(check.complete)
        #expect(!check.layouts[0].phases.contains { ScaleCheck.isWorkloadPhase($0.path) })
    }

    @Test("Line and cover-flow-cached, which re-lay out only what they show, are flat")
    func horizontalLayoutsAreFlat() throws {
        let check = try Self.check(["line", "cover-flow-cached"], horizontal: true)
        for layout in check.layouts {
            #expect(!layout.grows, Self.text(check))
        }
    }

    // MARK: The rule

    @Test("Growth needs the ratio, the absolute rise and significance together")
    func rule() {
        let small = [0.010, 0.011, 0.012, 0.010, 0.011], tripled = small.map { $0 * 3.2 }
        #expect(ScaleCheck.Phase(path: "p", values: [small, tripled]).grows)
        // The replay's own self time is shown, never judged.
        #expect(!ScaleCheck.Phase(path: "frame", values: [small, tripled]).grows)
        // Below the ratio.
        #expect(!ScaleCheck.Phase(path: "p", values: [small, small.map { $0 * 2.5 }]).grows)
        // Tripled but by less than a microsecond a frame.
        #expect(!ScaleCheck.Phase(path: "p", values: [small.map { $0 / 100 }, tripled.map { $0 / 100 }]).grows)
        // Medians tripled, but the samples overlap: not significant.
        #expect(!ScaleCheck.Phase(path: "p", values: [[0.01, 0.01, 0.1, 0.1, 0.01], [0.03, 0.03, 0.01, 0.01, 0.1]]).grows)
        // From nothing to a rise past the floor.
        #expect(ScaleCheck.Phase(path: "p", values: [[0, 0, 0, 0, 0], [0.01, 0.01, 0.01, 0.01, 0.01]]).grows)
    }
}
