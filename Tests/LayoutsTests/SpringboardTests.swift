import Testing
import RealModule
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

/// `springboard`, tutorial 002 (notes §2): the paged icon grid on a 768 × 1004 iPad, the edit-mode state
/// machine of §2.6, the quiver of §2.7 and the delete flow of §2.8, through a real collection view.
@Suite("Springboard layout", .tags(.fast))
struct SpringboardTests {
    final class Home {
        let data: FixtureDataSource
        let layout: SpringboardLayout
        let collectionView: CollectionView

        /// `count` icons on the tutorial's iPad (768 × 1004 with the status bar), paging on, laid out.
        init(_ count: Int, seed: UInt64 = 1) {
            data = FixtureDataSource(counts: [count])
            layout = SpringboardLayout(seed: seed)
            collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 768, height: 1004),
                                            collectionViewLayout: layout)
            collectionView.isPagingEnabled = true
            data.register(on: collectionView)
            collectionView.dataSource = data
            collectionView.delegate = data
            collectionView.layoutIfNeeded()
        }

        /// Moves the clock to `time` (frame start) and runs the frame's layout pass.
        func frame(at time: Double) {
            collectionView.advanceAnimations(to: time)
            collectionView.layoutIfNeeded()
        }

        /// A long press held on `point` (content coordinates): `began`, then `ended`.
        func longPress(at point: Point) throws {
            try collectionView.handleLongPress(.began, at: point)
            try collectionView.handleLongPress(.ended, at: point)
            collectionView.layoutIfNeeded()
        }

        func tap(at point: Point) {
            collectionView.handleTap(at: point)
            collectionView.layoutIfNeeded()
        }

        /// Drags the content by `distance` points leftward and lets go at `velocity` (points/s, negative
        /// forward), then lets the content settle.
        func fling(distance: Double = 100, velocity: Double) {
            let cv = collectionView
            cv.beginDragging(at: Point(x: 600, y: 500))
            cv.dragChanged(to: Point(x: 600 - distance, y: 500))
            cv.endDragging(at: Point(x: 600 - distance, y: 500), velocity: Point(x: velocity, y: 0))
            frame(at: cv.frameTime + 3)
        }

        func cell(_ item: Int) -> CollectionViewCell? { collectionView.cellForItem(at: IndexPath(item: item, section: 0)) }

        func attributes(_ item: Int) -> SpringboardLayoutAttributes? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0)) as? SpringboardLayoutAttributes
        }
    }

    /// The frame of item `item`: column i / 5 at x = 32 + 192·column, row i % 5 at y = 32 + 199·row.
    static func slot(_ item: Int) -> Rect {
        Rect(x: 32 + 192 * Double(item / 5), y: 32 + 199 * Double(item % 5), width: 144, height: 144)
    }

    static func degrees(_ transform: Transform3D?) -> Double? {
        transform.map { Double.atan2(y: $0.m12, x: $0.m11) * 180 / .pi }
    }

    /// The points of §2.6's inputs on the first page: icon 6 (column 1, row 1) at (224, 231).
    static let iconCenter = Point(x: 296, y: 303)
    static let deleteButtonPoint = Point(x: 224 + 20, y: 231 + 20)
    static let background = Point(x: 200, y: 200)

    // MARK: Geometry

    @Test("Columns of 5 icons at y = 32 + 199·row, x = 32 + 192·column; content 192·C + 16 wide", arguments: [1, 20, 61, 75, 100])
    func geometry(count: Int) {
        let home = Home(count)
        for item in 0..<count {
            #expect(home.attributes(item)?.frame == Self.slot(item))
        }
        let columns = (count + 4) / 5
        #expect(home.collectionView.contentSize == Size(width: 192 * Double(columns) + 16, height: 1004))
    }

    @Test("A page of 768 points shows 20 icons: page p holds items 20p…20p+19", arguments: [0, 1, 2, 3])
    func pages(page: Int) {
        let home = Home(75)
        let rect = Rect(x: 768 * Double(page), y: 0, width: 768, height: 1004)
        let items = home.layout.layoutAttributesForElements(in: rect).filter { $0.frame.intersects(rect) }
            .map(\.indexPath.item)
        #expect(items == Array(20 * page..<min(75, 20 * page + 20)))
        home.collectionView.setContentOffset(Point(x: min(768 * Double(page), 2896 - 768), y: 0), animated: false)
        home.collectionView.layoutIfNeeded()
        if page < 3 {
            #expect(home.collectionView.indexPathsForVisibleItems.map(\.item) == Array(20 * page..<20 * page + 20))
        }
    }

    @Test("The definition has the tutorial's defaults and builds a horizontal springboard")
    func definition() throws {
        let definition = LayoutDefinition.springboard
        #expect(definition.name == "springboard")
        let defaults = Dictionary(uniqueKeysWithValues: definition.parameters.map { ($0.name, $0.defaultValue) })
        #expect(defaults == ["item-size": "144 144", "minimum-line-spacing": "48", "minimum-interitem-spacing": "48",
                             "section-inset": "32 32 32 32", "seed": "1"])
        #expect(definition.parameters.allSatisfy { $0.range != LayoutParameter.Kind.number.defaultRange })
        #expect(Catalogue.definitions.contains { $0.name == "springboard" })
    }

    // MARK: Custom attribute

    @Test("delete-button-hidden is true out of edit mode and false in it, in queries and on the cells")
    func deleteButtonHidden() throws {
        let home = Home(45)
        let all = Rect(x: 0, y: 0, width: 10_000, height: 1004)
        func hidden() -> Set<Bool> {
            Set(home.layout.layoutAttributesForElements(in: all).compactMap { ($0 as? SpringboardLayoutAttributes)?.deleteButtonHidden })
        }
        func cellsHidden() -> Set<Bool> {
            Set(home.collectionView.visibleCells.compactMap { ($0.layoutAttributes as? SpringboardLayoutAttributes)?.deleteButtonHidden })
        }
        #expect(hidden() == [true] && cellsHidden() == [true] && home.attributes(7)?.deleteButtonHidden == true)
        #expect(home.cell(0)?.layoutAttributes?.transform3D == .identity)
        try home.longPress(at: Self.iconCenter)
        #expect(hidden() == [false] && cellsHidden() == [false] && home.attributes(7)?.deleteButtonHidden == false)
        #expect(home.cell(0)?.layoutAttributes?.description.hasSuffix("delete-button-hidden false") == true)
        home.tap(at: Self.background)
        #expect(hidden() == [true] && cellsHidden() == [true])
        #expect(home.collectionView.visibleCells.allSatisfy { $0.layoutAttributes?.transform3D == .identity })
    }

    @Test("The button's visibility takes part in equality, copies and assignment")
    func customAttribute() {
        let a = SpringboardLayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
        a.frame = Self.slot(3)
        let b = a.copy()
        #expect(a == b && (b as? SpringboardLayoutAttributes)?.deleteButtonHidden == false)
        a.deleteButtonHidden = true
        #expect(a != b)
        let c = SpringboardLayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
        c.assign(from: a)
        #expect(c == a && c.deleteButtonHidden)
        let plain = LayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
        plain.frame = a.frame
        #expect(plain != c && c != plain)
    }

    // MARK: The edit-mode state machine (notes §2.6)

    enum Input: String, CaseIterable, CustomStringConvertible {
        case longPressIcon, longPressBackground, tapIcon, tapDeleteButton, tapBackground
        var description: String { rawValue }
    }

    /// What §2.6's table says an input does: edit mode after it, whether icon 6 is selected, the delete
    /// requests, and whether the layout was fully invalidated (every icon's size asked again).
    struct Outcome: Equatable {
        var editing: Bool
        var selected: [Int]
        var deletes: Int
        var fullInvalidation: Bool
    }

    static let table: [(Input, Bool, Outcome)] = [
        (.longPressIcon, false, Outcome(editing: true, selected: [], deletes: 0, fullInvalidation: true)),
        (.longPressIcon, true, Outcome(editing: true, selected: [], deletes: 0, fullInvalidation: true)),
        (.longPressBackground, false, Outcome(editing: false, selected: [], deletes: 0, fullInvalidation: false)),
        (.longPressBackground, true, Outcome(editing: true, selected: [], deletes: 0, fullInvalidation: false)),
        (.tapIcon, false, Outcome(editing: false, selected: [6], deletes: 0, fullInvalidation: false)),
        (.tapIcon, true, Outcome(editing: true, selected: [], deletes: 0, fullInvalidation: false)),
        // Out of edit mode the button is hidden (alpha 0): the tap lands on the icon and selects it.
        (.tapDeleteButton, false, Outcome(editing: false, selected: [6], deletes: 0, fullInvalidation: false)),
        (.tapDeleteButton, true, Outcome(editing: true, selected: [], deletes: 1, fullInvalidation: false)),
        (.tapBackground, false, Outcome(editing: false, selected: [], deletes: 0, fullInvalidation: false)),
        (.tapBackground, true, Outcome(editing: false, selected: [], deletes: 0, fullInvalidation: true)),
    ]

    @Test("Every input of the tutorial's table, in and out of edit mode", arguments: table)
    func stateMachine(input: Input, editing: Bool, expected: Outcome) throws {
        let home = Home(45)
        if editing {
            try home.longPress(at: Point(x: 104, y: 104))
            #expect(home.layout.isEditing)
        }
        home.frame(at: 1)
        let queries = home.data.sizeQueries
        switch input {
        case .longPressIcon: try home.longPress(at: Self.iconCenter)
        case .longPressBackground: try home.longPress(at: Self.background)
        case .tapIcon: home.tap(at: Self.iconCenter)
        case .tapDeleteButton: home.tap(at: Self.deleteButtonPoint)
        case .tapBackground: home.tap(at: Self.background)
        }
        let outcome = Outcome(editing: home.layout.isEditing,
                              selected: home.collectionView.indexPathsForSelectedItems.map(\.item),
                              deletes: home.layout.deleteButtonTaps,
                              fullInvalidation: home.data.sizeQueries >= queries + 45)
        #expect(outcome == expected)
        #expect(home.layout.lastDeleteRequest == (expected.deletes > 0 ? IndexPath(item: 6, section: 0) : nil))
        // The layout's own rule, asked after the delegate's.
        #expect(home.layout.collectionView(home.collectionView, shouldSelectItemAt: IndexPath(item: 0, section: 0))
                == !outcome.editing)
    }

    @Test("A long press in edit mode restarts every quiver from its time, with new offsets")
    func longPressAgainRestarts() throws {
        let home = Home(45)
        home.frame(at: 0.5)
        try home.longPress(at: Self.iconCenter)
        let first = (0..<20).compactMap { home.layout.jiggle(forItemAt: IndexPath(item: $0, section: 0)) }
        #expect(first.count == 20 && first.allSatisfy { $0.start == 0.5 })
        home.frame(at: 2)
        try home.longPress(at: Self.iconCenter)
        let second = (0..<20).compactMap { home.layout.jiggle(forItemAt: IndexPath(item: $0, section: 0)) }
        #expect(second.count == 20 && second.allSatisfy { $0.start == 2 })
        #expect(first.map(\.timeOffset) != second.map(\.timeOffset))
    }

    @Test("A hidden or missed delete button takes no tap; the button is 36 × 36 at (9, 9) in the icon")
    func deleteButtonBounds() throws {
        let home = Home(45)
        try home.longPress(at: Self.iconCenter)
        #expect(SpringboardLayout.deleteButtonFrame(inIconFrame: Self.slot(6)) == Rect(x: 233, y: 240, width: 36, height: 36))
        for (point, hit) in [(Point(x: 233, y: 240), true), (Point(x: 268.9, y: 275.9), true),
                             (Point(x: 232.9, y: 250), false), (Point(x: 250, y: 276), false)] {
            #expect((home.layout.deleteButton(at: point, in: home.collectionView) == IndexPath(item: 6, section: 0)) == hit)
        }
        home.tap(at: Point(x: 250, y: 280))  // on the icon, below its button
        #expect(home.layout.deleteButtonTaps == 0 && home.layout.isEditing)
        home.tap(at: Self.background)
        #expect(home.layout.deleteButton(at: Self.deleteButtonPoint, in: home.collectionView) == nil)
    }

    // MARK: The quiver (notes §2.7)

    @Test("The wave: −2° at 0, +2° at 0.1 s, +6° at 0.2 s, +2° at 0.3 s, −2° at 0.4 s, linear between",
          arguments: [(0.0, -2.0), (0.05, 0), (0.1, 2), (0.2, 6), (0.3, 2), (0.4, -2), (0.5, 2), (10.2, 6)])
    func wave(time: Double, degrees: Double) {
        let jiggle = SpringboardJiggle(start: 0, timeOffset: 0)
        #expect(abs(jiggle.angle(at: time) * 180 / .pi - degrees) < 1e-9)
    }

    @Test("The offset shifts the phase (modulo 0.4 s, negative too) and a restart counts from its own start",
          arguments: [(0.0, 0.25, 0.0, 4.0), (0.0, -0.5, 0.0, 2), (0.0, -0.1, 0.0, 2), (0.0, 0.49, 0.11, 6),
                      (3.0, 0.0, 3.2, 6), (3.0, -0.3, 3.0, 2), (3.0, 0.1, 2.9, -2)])
    func phase(start: Double, offset: Double, time: Double, degrees: Double) {
        let jiggle = SpringboardJiggle(start: start, timeOffset: offset)
        #expect(abs(jiggle.angle(at: time) * 180 / .pi - degrees) < 1e-9)
    }

    @Test("Offsets are the tutorial's (rng % 100)/100 − 0.5 s from the seeded generator, drawn in item order")
    func offsetsFromTheSeed() throws {
        for seed: UInt64 in [1, 7] {
            let home = Home(45, seed: seed)
            home.frame(at: 1)
            try home.longPress(at: Self.iconCenter)
            var generator = SplitMix64(seed: seed)
            for item in 0..<20 {
                let expected = Double(generator.next() % 100) / 100 - 0.5
                let jiggle = try #require(home.layout.jiggle(forItemAt: IndexPath(item: item, section: 0)))
                #expect(jiggle == SpringboardJiggle(start: 1, timeOffset: expected))
            }
        }
    }

    @Test("Frame by frame, every displayed icon's transform is its wave's z-rotation at the frame time")
    func framesShowTheWave() throws {
        let home = Home(45)
        home.frame(at: 1)
        try home.longPress(at: Self.iconCenter)
        for step in 0...30 {
            let time = 1 + Double(step) / 60
            home.frame(at: time)
            for cell in home.collectionView.visibleCells {
                let attributes = try #require(cell.layoutAttributes)
                let jiggle = try #require(home.layout.jiggle(forItemAt: attributes.indexPath))
                let angle = try #require(Self.degrees(attributes.transform3D))
                #expect(abs(angle - jiggle.angle(at: time) * 180 / .pi) < 1e-9)
                #expect(attributes.frame == Self.slot(attributes.indexPath.item))
            }
        }
    }

    @Test("A frame in edit mode re-queries the displayed icons only: no reflow, no size asked, O(visible) attributes")
    func frameCost() throws {
        let home = Home(100_000)
        try home.longPress(at: Self.iconCenter)
        home.frame(at: 1)
        let queries = home.data.sizeQueries
        let before = home.collectionView.counters
        for step in 1...10 { home.frame(at: 1 + Double(step) / 60) }
        let after = home.collectionView.counters
        #expect(home.data.sizeQueries == queries)
        #expect(after.layoutAttributesBuilt - before.layoutAttributesBuilt <= 10 * 40)
        #expect(after.attributesApplied - before.attributesApplied >= 10 * 20)
    }

    @Test("Out of edit mode a frame does nothing: no invalidation, identity transforms")
    func restingFrames() {
        let home = Home(45)
        let before = home.collectionView.counters
        for step in 1...10 { home.frame(at: Double(step) / 60) }
        #expect(home.collectionView.counters.layoutPrepares == before.layoutPrepares)
        #expect(home.collectionView.counters.layoutInvalidations == before.layoutInvalidations)
        #expect(home.layout.advance(to: 1) == false)
    }

    @Test("An icon that leaves the screen and comes back restarts its wave at the frame it reappears")
    func comingOnScreenRestarts() throws {
        let home = Home(75)
        home.frame(at: 1)
        try home.longPress(at: Self.iconCenter)
        let item0 = IndexPath(item: 0, section: 0)
        #expect(home.layout.jiggle(forItemAt: item0)?.start == 1)
        home.fling(velocity: -3000)
        #expect(home.collectionView.contentOffset.x == 768)
        home.frame(at: home.collectionView.frameTime + 1 / 60)
        #expect(home.layout.jiggle(forItemAt: item0) == nil)
        #expect(home.layout.jiggle(forItemAt: IndexPath(item: 20, section: 0)) != nil)
        home.fling(distance: -100, velocity: 3000)
        #expect(home.collectionView.contentOffset.x == 0)
        let back = try #require(home.layout.jiggle(forItemAt: item0))
        #expect(back.start > 1)
        #expect(home.advanceReturnsFalse())
    }

    // MARK: Paging

    @Test("A paging fling moves exactly one page, however strong; the last page is clamped to the content")
    func pagingFling() {
        let home = Home(75)
        home.fling(velocity: -20_000)
        #expect(home.collectionView.contentOffset == Point(x: 768, y: 0))
        home.fling(distance: 30, velocity: -50_000)
        #expect(home.collectionView.contentOffset == Point(x: 1536, y: 0))
        home.fling(velocity: -20_000)
        #expect(home.collectionView.contentOffset == Point(x: 2896 - 768, y: 0))
        home.fling(distance: -100, velocity: 20_000)
        #expect(home.collectionView.contentOffset.x < 2896 - 768)
        #expect(home.collectionView.warnings.isEmpty)
    }

    // MARK: The delete flow (notes §2.8)

    @Test("Deleting icon 5 reflows the rest one slot back, item 20 crossing from page 1 to slot 19, frame by frame")
    func deleteAcrossAPage() throws {
        let home = Home(45)
        home.frame(at: 1)
        try home.longPress(at: Self.iconCenter)
        home.tap(at: Point(x: 32 + 192 + 20, y: 32 + 20))  // icon 5's delete button
        #expect(home.layout.lastDeleteRequest == IndexPath(item: 5, section: 0))
        home.frame(at: 1.5)
        home.data.counts = [44]
        try home.collectionView.performBatchUpdates([.deleteItems([IndexPath(item: 5, section: 0)])],
                                                    animated: true, duration: 0.3)
        home.collectionView.layoutIfNeeded()
        let start = home.collectionView.frameTime
        let from = Self.slot(20).center, to = Self.slot(19).center
        for step in 0...18 {
            let time = start + Double(step) / 60
            home.frame(at: time)
            let cell = try #require(home.cell(19))
            let fraction = TimingCurve.easeInEaseOut.value(at: (time - start) / 0.3)
            let expected = Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
            #expect(cell.alpha == 1)
            #expect(abs(cell.center.x - expected.x) < 1e-6 && abs(cell.center.y - expected.y) < 1e-6,
                    "frame \(step): \(cell.center) instead of \(expected)")
        }
        home.frame(at: start + 1)
        for item in 0..<44 { #expect(home.attributes(item)?.frame == Self.slot(item)) }
        #expect(home.cell(19)?.frame == Self.slot(19))
        #expect(home.layout.isEditing)
        #expect(home.collectionView.contentSize.width == 192 * 9 + 16)
        // Icons before the deleted one keep their wave; the moved ones restarted.
        #expect(home.layout.jiggle(forItemAt: IndexPath(item: 4, section: 0))?.start == 1)
        #expect(home.layout.jiggle(forItemAt: IndexPath(item: 5, section: 0))?.start == 1.5)
        #expect(home.layout.jiggle(forItemAt: IndexPath(item: 19, section: 0))?.start == 1.5)
    }

    @Test("Deleting the icon alone in the last column shrinks the content by 192 and clamps the offset")
    func deleteShrinksTheContent() throws {
        let home = Home(61)
        #expect(home.collectionView.contentSize.width == 192 * 13 + 16)
        home.fling(velocity: -5000)
        home.fling(velocity: -5000)
        home.fling(velocity: -5000)
        #expect(home.collectionView.contentOffset.x == 2512 - 768)
        try home.longPress(at: Point(x: 1744 + 400, y: 104))
        #expect(home.layout.isEditing)
        let button = SpringboardLayout.deleteButtonFrame(inIconFrame: Self.slot(60)).center
        home.tap(at: button)
        #expect(home.layout.lastDeleteRequest == IndexPath(item: 60, section: 0))
        home.data.counts = [60]
        try home.collectionView.performBatchUpdates([.deleteItems([IndexPath(item: 60, section: 0)])],
                                                    animated: true, duration: 0.3)
        home.frame(at: home.collectionView.frameTime + 1)
        #expect(home.collectionView.contentSize.width == 192 * 12 + 16)
        #expect(home.collectionView.contentOffset.x == 2320 - 768)
        #expect(home.collectionView.indexPathsForVisibleItems.last == IndexPath(item: 59, section: 0))
        #expect(home.layout.isEditing)
    }
}

extension SpringboardTests.Home {
    /// The quiver never settles: its frame step keeps no session alive.
    func advanceReturnsFalse() -> Bool { layout.advance(to: collectionView.frameTime) == false }
}
