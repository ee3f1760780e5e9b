import Testing
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

/// `springy-flow` (book ch. 6 Listings 6.15–6.21, notes §3.9): the scroll displacement of §7's vector, the
/// springs' motion frame by frame, rest at the flow positions, and the tiled variant's springs.
@Suite("Springy flow", .tags(.fast))
struct SpringyFlowTests {
    /// A 320 × 568 phone showing `count` book items: five 44-point items per line (centers x = 32, 96, 160,
    /// 224, 288), lines 54 points apart (centers y = 32 + 54·line).
    final class Phone {
        let layout: SpringyFlowLayout
        let view: CollectionView
        let data: FixtureDataSource

        init(count: Int = 2000, tiled: Bool = false, layout: SpringyFlowLayout = SpringyFlowLayout()) {
            self.layout = layout
            layout.isTiled = tiled
            data = FixtureDataSource(counts: [count])
            view = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 568), collectionViewLayout: layout)
            data.register(on: view)
            view.dataSource = data
            view.delegate = data
            view.layoutIfNeeded()
        }

        /// Runs frames at 60 Hz from `start` for `seconds`, laying out each; returns the frame times.
        @discardableResult
        func frames(from start: Double, seconds: Double, each: (Double) throws -> Void = { _ in }) throws -> [Double] {
            var times: [Double] = []
            var frame = Int((start * 60).rounded())
            while Double(frame) / 60 <= start + seconds + 1e-9 {
                let time = Double(frame) / 60
                view.advanceAnimations(to: time)
                view.layoutIfNeeded()
                try each(time)
                times.append(time)
                frame += 1
            }
            return times
        }

        func center(_ item: Int) -> Point? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.center
        }
    }

    /// The plain flow layout with the book's metrics, for the positions at rest.
    static func flowReference(count: Int = 2000) -> (FlowLayout, CollectionView, FixtureDataSource) {
        let flow = FlowLayout()
        flow.itemSize = Size(width: 44, height: 44)
        flow.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let data = FixtureDataSource(counts: [count])
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 568), collectionViewLayout: flow)
        data.register(on: view)
        view.dataSource = data
        view.delegate = data
        view.layoutIfNeeded()
        return (flow, view, data)
    }

    @Test("The catalogue entry takes the book's defaults and every parameter")
    func definition() throws {
        let layout = try #require(try LayoutDefinition.springyFlow.makeLayout(parameters: []) as? SpringyFlowLayout)
        #expect(layout.itemSize == Size(width: 44, height: 44) && layout.minimumLineSpacing == 10
            && layout.minimumInteritemSpacing == 10 && layout.sectionInset == EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        #expect(layout.damping == 0.8 && layout.frequency == 1 && layout.resistance == 1500 && !layout.isTiled)
        let tiled = try #require(try LayoutDefinition.springyFlow.makeLayout(parameters: [
            ("tiled", "true"), ("resistance", "800"), ("damping", "1"), ("frequency", "2"),
        ]) as? SpringyFlowLayout)
        #expect(tiled.isTiled && tiled.resistance == 800 && tiled.damping == 1 && tiled.frequency == 2)
        #expect(throws: LayoutParameterError.self) {
            try LayoutDefinition.springyFlow.makeLayout(parameters: [("resistance", "0")])
        }
        #expect(Catalogue.definitions.contains { $0.name == "springy-flow" })
    }

    @Test("Notes §7: an anchor 300 points from the finger moves by 2 for a scroll of +10, −2 for −10; 3000 points away, the full 10")
    func displacementVector() throws {
        let phone = Phone()
        // Item 0 is at (32, 32); item 300 (line 60, first column) at (32, 3272).
        #expect(phone.center(0) == Point(x: 32, y: 32) && phone.center(300) == Point(x: 32, y: 3272))
        // Offsets mode: the finger at (32, 332) in content coordinates, then the content moves by +10.
        phone.view.deliverRecordedDrag(.began, at: Point(x: 32, y: 332), velocity: .zero)
        phone.view.contentOffset = Point(x: 0, y: 10)
        let near = try #require(phone.center(0))
        #expect(near.x == 32 && abs(near.y - 34) < 1e-12)
        // 2940 points away: r = 1.96, capped at 1.
        #expect(phone.center(300) == Point(x: 32, y: 3282))
        // Item 4 at (288, 32): r = (300 + 256) / 1500.
        let side = try #require(phone.center(4))
        #expect(abs(side.y - (32 + 10 * 556.0 / 1500)) < 1e-12)

        let back = Phone()
        back.view.contentOffset = Point(x: 0, y: 100)
        back.view.layoutIfNeeded()
        back.view.deliverRecordedDrag(.began, at: Point(x: 32, y: 232), velocity: .zero)
        back.view.contentOffset = Point(x: 0, y: 90)
        let moved = try #require(back.center(0))
        #expect(abs(moved.y - 30) < 1e-12)
        #expect(back.layout.latestDelta == -10)
    }

    @Test("Without a finger (no drag yet) a scroll displaces nothing and nothing moves")
    func noTouch() throws {
        let phone = Phone()
        phone.view.contentOffset = Point(x: 0, y: 300)
        try phone.frames(from: 1.0 / 60, seconds: 0.2)
        #expect(phone.layout.springs.isAtRest && !phone.view.isAnimating)
        #expect(phone.center(10) == Point(x: 32, y: 32 + 2 * 54))
    }

    @Test("After a drag every displayed item moves as the spring model says, frame by frame, then rests at its flow position")
    func framesAgainstModel() throws {
        let phone = Phone()
        let (flow, flowView, flowData) = Self.flowReference()
        defer { withExtendedLifetime((flowView, flowData)) {} }
        // A real drag (gestures mode) from (160, 400) up by 60 points over three frames.
        var model = SpringSystem<IndexPath>()
        for entry in phone.layout.springs.entries {
            model.add(entry.key, anchor: entry.spring.anchor, damping: 0.8, frequency: 1)
        }
        phone.view.advanceAnimations(to: 1.0 / 60)
        phone.view.beginDragging(at: Point(x: 160, y: 400))
        var offset = 0.0
        for (step, y) in [380.0, 350.0, 340.0].enumerated() {
            let time = Double(step + 2) / 60
            phone.view.advanceAnimations(to: time)
            model.advance(to: time)
            // The finger in content coordinates while the bounds are the old ones.
            let touch = Point(x: 160, y: offset + y)
            let delta = (400 - y) - offset
            model.displaceEach { _, spring in
                let r = (abs(touch.y - spring.anchor.y) + abs(touch.x - spring.anchor.x)) / 1500
                return Point(x: 0, y: delta * min(r, 1))
            }
            phone.view.dragChanged(to: Point(x: 160, y: y))
            offset = 400 - y
            phone.view.layoutIfNeeded()
        }
        phone.view.endDragging(at: Point(x: 160, y: 340), velocity: .zero)
        #expect(phone.view.contentOffset == Point(x: 0, y: 60))
        #expect(!phone.layout.springs.isAtRest && phone.view.isAnimating)

        var restedAt: Double?
        try phone.frames(from: 5.0 / 60, seconds: 3) { time in
            model.advance(to: time)
            for cell in phone.view.visibleCells {
                let indexPath = try #require(cell.layoutAttributes?.indexPath)
                let expected = try #require(model[indexPath])
                #expect(cell.layoutAttributes?.center == expected.position, "\(indexPath) at \(time)")
            }
            if restedAt == nil && !phone.view.isAnimating { restedAt = time }
        }
        // The session lasts until the springs rest: within two seconds of the drag (60 points, ζ = 0.8).
        let rested = try #require(restedAt)
        #expect(rested > 0.5 && rested < 2.2)
        #expect(phone.layout.springs.isAtRest)
        // At rest every item is exactly where flow puts it.
        flowView.contentOffset = Point(x: 0, y: 60)
        flowView.layoutIfNeeded()
        let sprung = phone.view.visibleCells.compactMap(\.layoutAttributes).map { "\($0.indexPath) \($0.frame)" }
        let flat = flowView.visibleCells.compactMap(\.layoutAttributes).map { "\($0.indexPath) \($0.frame)" }
        #expect(!sprung.isEmpty && sprung.sorted() == flat.sorted())
        #expect(phone.layout.layoutAttributesForItem(at: IndexPath(item: 1999, section: 0))?.frame
            == flow.layoutAttributesForItem(at: IndexPath(item: 1999, section: 0))?.frame)
    }

    @Test("Springs invalidate the layout while they move and not at rest; the naive pass queries the whole content")
    func passes() throws {
        let phone = Phone(count: 600)
        let prepares = phone.view.counters.layoutPrepares
        let built = phone.view.counters.layoutAttributesBuilt
        let queries = phone.view.counters.elementQueries
        phone.view.deliverRecordedDrag(.began, at: Point(x: 160, y: 300), velocity: .zero)
        phone.view.contentOffset = Point(x: 0, y: 20)
        phone.view.layoutIfNeeded()
        var moving = 0
        try phone.frames(from: 1.0 / 60, seconds: 3) { _ in if phone.view.isAnimating { moving += 1 } }
        let passes = phone.view.counters.layoutPrepares - prepares
        // One prepare per frame while moving (and the frame that finds them at rest), none after.
        #expect(moving > 20 && (passes == moving || passes == moving + 1))
        // Each of them built all 600 items' attributes through super; each query copied the sprung items it
        // answered, at most what is displayed (a 568-point screen of 5 items a line shows well under 100).
        let copies = phone.view.counters.layoutAttributesBuilt - built - 600 * passes
        let answered = phone.view.counters.elementQueries - queries
        #expect(answered > 0 && copies >= answered && copies <= 100 * answered)
    }

    @Test("Tiled: springs only near the visible bounds, added and removed as it scrolls, new ones pre-offset")
    func tiled() throws {
        let phone = Phone(tiled: true)
        func sprungLines() -> ClosedRange<Int> {
            let items = phone.layout.springs.entries.map(\.key.item)
            return (items.min() ?? 0) / 5...(items.max() ?? 0) / 5
        }
        // Bounds 0…568 inset by 100: lines whose frames reach −100…668, lines 0…12.
        #expect(sprungLines() == 0...12 && phone.layout.springs.count == 65)
        let built = phone.view.counters.layoutAttributesBuilt
        let queries = phone.view.counters.elementQueries
        phone.view.deliverRecordedDrag(.began, at: Point(x: 160, y: 400), velocity: .zero)
        // Within the covered region: the springs stay, displaced.
        phone.view.contentOffset = Point(x: 0, y: 50)
        #expect(phone.layout.springs.count == 65 && !phone.layout.springs.isAtRest)
        // Leaving it: the layout re-tiles in the same pass.
        phone.view.contentOffset = Point(x: 0, y: 5000)
        phone.view.layoutIfNeeded()
        // Bounds 5000…5568 inset by 100: lines 90…104 (frames 10 + 54·line … 54 + 54·line within reach).
        #expect(sprungLines() == 90...104 && phone.layout.springs.count == 75)
        #expect(!phone.layout.springs.contains(IndexPath(item: 0, section: 0)))
        // A new item starts where the latest delta (4950) would have put it: the finger is at (160, 5400) in
        // content coordinates, item 460's anchor at (32, 5000).
        let newcomer = try #require(phone.layout.springs[IndexPath(item: 460, section: 0)])
        #expect(newcomer.anchor == Point(x: 32, y: 5000))
        #expect(newcomer.displacement.x == 0 && abs(newcomer.displacement.y - 4950 * 528 / 1500) < 1e-9)
        // Its prepare asked flow for the region only, not the content.
        #expect(phone.view.counters.layoutAttributesBuilt - built < 200)
        // And at rest the tiled layout shows flow's positions.
        try phone.frames(from: 1.0 / 60, seconds: 4)
        #expect(!phone.view.isAnimating)
        let (_, flowView, flowData) = Self.flowReference()
        defer { withExtendedLifetime(flowData) {} }
        flowView.contentOffset = Point(x: 0, y: 5000)
        flowView.layoutIfNeeded()
        #expect(phone.view.visibleCells.compactMap(\.layoutAttributes).map(\.frame).sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
            == flowView.visibleCells.compactMap(\.layoutAttributes).map(\.frame).sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) })
    }

    @Test("Horizontal scrolling displaces items along x")
    func horizontal() throws {
        let layout = SpringyFlowLayout()
        layout.scrollDirection = .horizontal
        let phone = Phone(count: 2000, layout: layout)
        let before = try #require(phone.center(0))
        phone.view.deliverRecordedDrag(.began, at: Point(x: before.x + 300, y: before.y), velocity: .zero)
        phone.view.contentOffset = Point(x: 10, y: 0)
        let after = try #require(phone.center(0))
        #expect(after.y == before.y && abs(after.x - before.x - 2) < 1e-12)
    }
}
