@testable import CollectionEngine
import EngineTestSupport
import Testing
import TestSupport

/// The layout pass's reconciliation of the displayed list with the layout's answer: it edits the
/// list in place where elements left and arrived, or rebuilds it when the changes are scattered. Whichever
/// it does, the list is the answer's displayable elements in key order, each once, the views of elements
/// that stay are kept, and the callbacks come in UIKit's order.
@Suite("Displayed list", .tags(.fast))
struct DisplayedListTests {
    /// A layout whose answer a test sets before each pass, in any order, with repeats and hidden elements.
    final class ScriptedLayout: CollectionViewLayout {
        var answer: [LayoutAttributes] = []
        override var collectionViewContentSize: Size { Size(width: 390, height: 844) }
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { answer }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            answer.first { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
        }
        override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
            answer.first { $0.representedElementKind == kind && $0.indexPath == indexPath }
        }
    }

    /// The elements a scripted answer can hold: the cells of two sections of 40 items, and each section's
    /// header and footer.
    static let universe: [ElementKey] = (0..<2).flatMap { section in
        (0..<40).map { ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: $0, section: section)) }
            + [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter].map {
                ElementKey(category: .supplementaryView, kind: $0, indexPath: IndexPath(item: 0, section: section))
            }
    }

    static func attributes(_ key: ElementKey, hidden: Bool = false) -> LayoutAttributes {
        let attributes = LayoutAttributes(category: key.category, kind: key.kind, indexPath: key.indexPath)
        attributes.frame = Rect(x: 10, y: Double(key.indexPath.item) * 20, width: 50, height: 15)
        attributes.isHidden = hidden
        return attributes
    }

    /// A collection view showing a scripted layout, and the log of its callbacks.
    static func scripted() -> (CollectionView, ScriptedLayout, FixtureDataSource) {
        let layout = ScriptedLayout()
        let data = FixtureDataSource(counts: [40, 40])
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        collectionView.isPrefetchingEnabled = false
        data.register(on: collectionView)
        collectionView.dataSource = data
        collectionView.delegate = data
        return (collectionView, layout, data)
    }

    /// The displayed keys, and a view's identity for each.
    static func display(_ collectionView: CollectionView) -> [(key: ElementKey, view: ObjectIdentifier)] {
        collectionView.displayedElements.map { ($0.key, ObjectIdentifier($0.view)) }
    }

    @Test("random answers — runs arriving and leaving anywhere, unordered, repeated, hidden, empty — display their elements in order, keeping the views that stay")
    func randomAnswers() {
        let (collectionView, layout, data) = Self.scripted()
        var random = SplitMix64(seed: 15)
        var inPlace = 0, rebuilt = 0
        for pass in 0..<400 {
            // A window over the universe that moves, grows and shrinks, with holes of its own.
            let start = Int(random.next() % 60), length = pass % 50 == 7 ? 0 : Int(random.next() % 40)
            var keys = Array(Self.universe[start..<min(Self.universe.count, start + length)])
            // Now and then many holes, so that the changes are scattered over more runs than are edited in place.
            let holes = random.chance(0.3) ? 0.4 : 0.05
            keys.removeAll { _ in random.chance(holes) }
            var answer = keys.map { Self.attributes($0, hidden: random.chance(0.03)) }
            if random.chance(0.2) { answer.shuffle(using: &random) }
            if random.chance(0.2), let repeated = answer.randomElement(using: &random) {
                // A second answer for an element, which the first answer wins over.
                let again = Self.attributes(repeated.elementKey)
                again.alpha = 0.5
                answer.append(again)
            }
            layout.answer = answer
            let before = Self.display(collectionView)
            data.log.removeAll()
            collectionView.setNeedsLayout()
            collectionView.layoutIfNeeded()

            var expected: [ElementKey] = []
            var firstAnswers: [ElementKey: LayoutAttributes] = [:]
            // Of two displayable answers for one element, the first wins.
            for attributes in answer where !attributes.isHidden && firstAnswers[attributes.elementKey] == nil {
                firstAnswers[attributes.elementKey] = attributes
                expected.append(attributes.elementKey)
            }
            expected.sort()
            let after = Self.display(collectionView)
            #expect(after.map(\.key) == expected, "pass \(pass)")
            for element in collectionView.displayedElements {
                #expect(element.view.layoutAttributes == firstAnswers[element.key], "pass \(pass): \(element.key)")
            }
            // The views of the elements that stay are the same objects.
            let old = Dictionary(uniqueKeysWithValues: before.map { ($0.key, $0.view) })
            let stayed = after.filter { old[$0.key] != nil }
            #expect(stayed.allSatisfy { old[$0.key] == $0.view }, "pass \(pass)")
            // Those that left end their display before those that arrive are displayed, each in key order.
            let ends = data.log.entries.filter { $0.hasPrefix("didEndDisplaying") }
            let displays = data.log.entries.filter { $0.hasPrefix("willDisplay") }
            let left = before.map(\.key).filter { key in !after.contains { $0.key == key } }
            let arrived = after.map(\.key).filter { old[$0] == nil }
            #expect(ends.count == left.count && displays.count == arrived.count, "pass \(pass)")
            if let lastEnd = data.log.entries.lastIndex(where: { $0.hasPrefix("didEndDisplaying") }),
               let firstDisplay = data.log.entries.firstIndex(where: { $0.hasPrefix("willDisplay") }) {
                #expect(lastEnd < firstDisplay, "pass \(pass)")
            }
            #expect(ends == left.map(Self.endEntry), "pass \(pass)")
            #expect(displays == arrived.map(Self.displayEntry), "pass \(pass)")
            let runs = Self.runs(old: before.map(\.key), new: after.map(\.key))
            if !left.isEmpty || !arrived.isEmpty {
                if runs <= CollectionView.inPlaceEditLimit { inPlace += 1 } else { rebuilt += 1 }
            }
        }
        // Both ways of updating the list were taken, many times.
        #expect(inPlace > 100 && rebuilt >= 10, "in place \(inPlace), rebuilt \(rebuilt)")
    }

    /// The keys a pass should display: the flow layout's answer for the bounds, displayable, in key order.
    static func expectedKeys(_ harness: Harness) -> [ElementKey] {
        let bounds = harness.collectionView.bounds
        return Set(harness.layout.layoutAttributesForElements(in: bounds)
            .filter { !$0.isHidden && $0.frame.intersects(bounds) }.map(\.elementKey)).sorted()
    }

    @Test("a flow layout with headers, footers and an empty section, scrolled from the first frame to the last and back, through a batch update, a reload and a layout switch")
    func flowScrollEdges() throws {
        let harness = Harness(counts: [30, 0, 45, 12], configure: { layout, _ in
            Harness.grid(layout, FixtureDataSource(counts: []))
            layout.headerReferenceSize = Size(width: 390, height: 40)
            layout.footerReferenceSize = Size(width: 390, height: 25)
        })
        let collectionView = harness.collectionView
        func check(_ step: String) {
            #expect(collectionView.displayedElements.map(\.key) == Self.expectedKeys(harness), "\(step)")
            for element in collectionView.displayedElements {
                #expect(element.view.layoutAttributes?.elementKey == element.key, "\(step): \(element.key)")
            }
        }
        check("first frame")
        let end = collectionView.contentSize.height - collectionView.bounds.height
        var y = 0.0
        while y < end {
            y = min(end, y + 37)
            harness.scroll(to: Point(x: 0, y: y))
            check("down to \(y)")
        }
        harness.data.counts[2] += 3
        try collectionView.performBatchUpdates([.insertItems((0..<3).map { IndexPath(item: $0 * 7, section: 2) })],
                                              animated: false)
        collectionView.layoutIfNeeded()
        while y > 0 {
            y = max(0, y - 53)
            harness.scroll(to: Point(x: 0, y: y))
            check("up to \(y)")
        }
        harness.data.counts = [5, 0, 80]
        collectionView.reloadData()
        collectionView.layoutIfNeeded()
        check("reload")
        let wide = FlowLayout()
        wide.itemSize = Size(width: 180, height: 60)
        collectionView.setCollectionViewLayout(wide, animated: false)
        collectionView.layoutIfNeeded()
        #expect(collectionView.displayedElements.map(\.key) == Set(wide.layoutAttributesForElements(in: collectionView.bounds)
            .filter { $0.frame.intersects(collectionView.bounds) }.map(\.elementKey)).sorted())
        for step in 1...40 {
            harness.scroll(to: Point(x: 0, y: Double(step) * 29))
            #expect(collectionView.displayedElements.map(\.key) == Set(wide.layoutAttributesForElements(in: collectionView.bounds)
                .filter { $0.frame.intersects(collectionView.bounds) }.map(\.elementKey)).sorted(), "wide \(step)")
        }
    }

    /// The runs of elements that left (in the old list) and arrived (in the new one).
    static func runs(old: [ElementKey], new: [ElementKey]) -> Int {
        func count(_ list: [ElementKey], _ other: Set<ElementKey>) -> Int {
            var runs = 0, inRun = false
            for key in list {
                let changed = !other.contains(key)
                if changed && !inRun { runs += 1 }
                inRun = changed
            }
            return runs
        }
        return count(old, Set(new)) + count(new, Set(old))
    }

    static func endEntry(_ key: ElementKey) -> String {
        key.category == .cell ? "didEndDisplaying \(key.indexPath)"
            : "didEndDisplayingSupplementary \(key.kind ?? "") \(key.indexPath)"
    }

    static func displayEntry(_ key: ElementKey) -> String {
        key.category == .cell ? "willDisplay \(key.indexPath)"
            : "willDisplaySupplementary \(key.kind ?? "") \(key.indexPath)"
    }
}

/// The innermost edges of the held cells' frames, which spare a layout pass looking at each held cell.
@Suite("Held cells' extent", .tags(.fast))
struct HeldCellsExtentTests {
    /// A frame of random origin and size (negative sizes included), now and then null, NaN or infinite.
    static func frame(_ random: inout SplitMix64) -> Rect {
        switch random.next() % 20 {
        case 0: return .null
        case 1: return Rect(x: .nan, y: 0, width: 10, height: 10)
        case 2: return Rect(x: 0, y: -.infinity, width: 10, height: .infinity)
        default:
            return Rect(x: random.uniform(-100...100), y: random.uniform(-100...100),
                        width: random.uniform(-40...60), height: random.uniform(-40...60))
        }
    }

    /// Whether `frame` is null or has a NaN edge.
    static func undecided(_ frame: Rect) -> Bool {
        frame.isNull || [frame.minX, frame.maxX, frame.minY, frame.maxY].contains { $0.isNaN }
    }

    @Test("for a set of frames it says every frame intersects an area exactly when every one does")
    func exact() {
        var random = SplitMix64(seed: 16)
        var agreed = (yes: 0, no: 0)
        for _ in 0..<5_000 {
            let frames = (0..<Int(random.next() % 5)).map { _ in Self.frame(&random) }
            var extent = HeldCellsExtent()
            for frame in frames { extent.include(frame) }
            let area = Self.frame(&random)
            let every = frames.allSatisfy { $0.intersects(area) }
            if frames.contains(where: Self.undecided) {
                #expect(!extent.allIntersect(area))
            } else if Self.undecided(area) {
                #expect(!extent.allIntersect(area) || every)
            } else {
                #expect(extent.allIntersect(area) == every, "\(frames) in \(area)")
            }
            if extent.allIntersect(area) { agreed.yes += 1 } else { agreed.no += 1 }
        }
        #expect(agreed.yes > 500 && agreed.no > 500)
    }

    @Test("after frames leave the set it never says every frame intersects when one does not")
    func conservativeAfterRemovals() {
        var random = SplitMix64(seed: 17)
        for _ in 0..<5_000 {
            let frames = (0..<Int(1 + random.next() % 5)).map { _ in Self.frame(&random) }
            var extent = HeldCellsExtent()
            for frame in frames { extent.include(frame) }
            let kept = frames.filter { _ in random.chance(0.6) }
            let area = Self.frame(&random)
            if extent.allIntersect(area) { #expect(kept.allSatisfy { $0.intersects(area) }) }
        }
    }
}
