import Testing
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

/// `decorated-flow`, the book's BetterSurvey layout (notes §3.1, §4.1): even spreading, the binder, the
/// section-insert animation and the long-press menu, on the iPad of the book (768 points wide).
@Suite("Decorated flow", .tags(.fast))
struct DecoratedFlowTests {
    /// A delegate that shows menus and performs their actions, as the BetterSurvey view controller does;
    /// sizes come from the fixture's arrays.
    final class SurveyDelegate: FlowLayoutDelegate {
        let fixture: FixtureDataSource
        var performed: [String] = []

        init(_ fixture: FixtureDataSource) { self.fixture = fixture }

        func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size {
            fixture.collectionView(collectionView, layout: layout, sizeForItemAt: indexPath)
        }

        func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool { true }

        func collectionView(_ collectionView: CollectionView, canPerformAction action: String,
                            forItemAt indexPath: IndexPath) -> Bool { action == "copy" }

        func collectionView(_ collectionView: CollectionView, performAction action: String, forItemAt indexPath: IndexPath) {
            performed.append("\(action) \(indexPath)")
        }
    }

    struct Survey {
        let collectionView: CollectionView
        let layout: DecoratedFlowLayout
        let data: FixtureDataSource
        let delegate: SurveyDelegate
    }

    /// A survey of `counts` photos per section in a 768 × 1024 collection view, laid out once.
    private func survey(_ counts: [Int], sizes: [[Size]]? = nil, height: Double = 1024) -> Survey {
        let layout = DecoratedFlowLayout()
        let data = FixtureDataSource(counts: counts)
        data.sizes = sizes
        let delegate = SurveyDelegate(data)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 768, height: height), collectionViewLayout: layout)
        data.register(on: view)
        view.dataSource = data
        view.delegate = delegate
        view.layoutIfNeeded()
        return Survey(collectionView: view, layout: layout, data: data, delegate: delegate)
    }

    private func item(_ survey: Survey, _ item: Int, _ section: Int = 0) throws -> LayoutAttributes {
        try #require(survey.layout.layoutAttributesForItem(at: IndexPath(item: item, section: section)))
    }

    private static let photos = [Size(width: 150, height: 120), Size(width: 200, height: 180),
                                 Size(width: 120, height: 200)]

    // MARK: Geometry

    @Test("Three items on a 768-point width are centered at x 191.333, 414 and 636.667, then made integral")
    func evenSpreading() throws {
        let s = survey([3])
        // X = (768 − (80 + 20)) / 6 = 111.333…; frames of 200-point items made integral.
        let frames = try (0..<3).map { try item(s, $0).frame }
        #expect(frames == [Rect(x: 91, y: 100, width: 201, height: 200), Rect(x: 314, y: 100, width: 200, height: 200),
                           Rect(x: 536, y: 100, width: 201, height: 200)])
        // Before the frame is made integral the centers are the notes' vector.
        let x = (768.0 - 100) / 6
        #expect(abs((80 + x) - 191.333) < 1e-3 && 80 + 3 * x == 414 && abs((80 + 5 * x) - 636.667) < 1e-3)
    }

    @Test("Items of different sizes keep flow's y and are spread by their section's count")
    func spreadingWithSizes() throws {
        let s = survey([3, 2], sizes: [Self.photos, Array(Self.photos.prefix(2))])
        // Section 0: one line 200 thick from y 100, items centered on y 200.
        #expect(try item(s, 0).frame == Rect(x: 116, y: 140, width: 151, height: 120))
        #expect(try item(s, 1).frame == Rect(x: 314, y: 110, width: 200, height: 180))
        #expect(try item(s, 2).frame == Rect(x: 576, y: 100, width: 121, height: 200))
        // Section 1 (from y 330, items from 430, line 180 thick): two slots of 2 · 167 points.
        #expect(try item(s, 0, 1).frame == Rect(x: 172, y: 460, width: 150, height: 120))
        #expect(try item(s, 1, 1).frame == Rect(x: 481, y: 430, width: 200, height: 180))
    }

    @Test("Elements in a rectangle and single items agree")
    func queriesAgree() throws {
        let s = survey([3, 3, 3], sizes: [Self.photos, Self.photos, Self.photos])
        let elements = s.layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 768, height: 1024))
        let cells = elements.filter { $0.representedElementCategory == .cell }
        #expect(cells.count == 9)
        for cell in cells {
            #expect(cell == (try item(s, cell.indexPath.item, cell.indexPath.section)))
        }
    }

    @Test("The binder is as wide as the content, the tallest item plus the header tall, centered on that item, behind")
    func binder() throws {
        let s = survey([3, 3], sizes: [Self.photos, Self.photos])
        let binder = try #require(s.layout.layoutAttributesForDecorationView(
            ofKind: DecoratedFlowLayout.binderKind, at: IndexPath(item: 0, section: 1)))
        // Section 1 starts at 330; its tallest item (item 2, 200 high) is centered on y 330 + 70 + 30 + 100.
        #expect(binder.size == Size(width: 768, height: 200 + 70))
        #expect(binder.center == Point(x: 384, y: 530))
        #expect(binder.zIndex == -1)
        #expect(binder.representedElementCategory == .decorationView && binder.indexPath == IndexPath(item: 0, section: 1))
        #expect(s.layout.layoutAttributesForDecorationView(ofKind: "shelf", at: IndexPath(item: 0, section: 0)) == nil)
    }

    @Test("A section's binder is returned only while its header intersects the rectangle (the book's quirk)")
    func binderFollowsHeader() {
        let s = survey([3, 3])
        func binders(_ rect: Rect) -> [Int] {
            s.layout.layoutAttributesForElements(in: rect)
                .filter { $0.representedElementKind == DecoratedFlowLayout.binderKind }.map(\.indexPath.section)
        }
        #expect(binders(Rect(x: 0, y: 0, width: 768, height: 1024)) == [0, 1])
        // Section 0's items and binder (65…335) are in the rectangle, its header (0…70) is not.
        #expect(binders(Rect(x: 0, y: 80, width: 768, height: 200)) == [])
        #expect(binders(Rect(x: 0, y: 60, width: 768, height: 20)) == [0])
        // Section 1's header spans 330…400; section 0's binder reaches 335 but its header is out.
        #expect(binders(Rect(x: 0, y: 320, width: 768, height: 20)) == [1])
        #expect(binders(Rect(x: 0, y: 400, width: 768, height: 200)) == [])
    }

    @Test("The collection view displays a binder view of the registered class behind each visible section")
    func binderViews() throws {
        let s = survey([3, 3, 3])
        let binders = s.collectionView.displayedElements.filter { $0.key.category == .decorationView }
        #expect(binders.map(\.key.indexPath.section) == [0, 1, 2])
        #expect(binders.allSatisfy { $0.view is BinderView })
        // A tap on the middle of an item hits the cell in front of its binder.
        #expect(s.collectionView.hitTest(Point(x: 414, y: 200))?.category == .cell)
        #expect(s.collectionView.hitTest(Point(x: 30, y: 200))?.category == .decorationView)
    }

    // MARK: Update animation

    @Test("An inserted section's binder slides in from the left while fading in; its items slide in from the right")
    func insertAnimation() throws {
        let s = survey([3])
        let view = s.collectionView
        view.advanceAnimations(to: 1)
        // BetterSurvey's batch (Listing 3.8): the next section is inserted and the previous one reloaded.
        s.data.counts = [3, 3]
        try view.performBatchUpdates([.insertSections([1]), .reloadSections([0])], animated: true, duration: 0.3)

        func attributes(_ category: ElementCategory, _ item: Int, _ section: Int) throws -> LayoutAttributes {
            let key = ElementKey(category: category, kind: category == .decorationView ? DecoratedFlowLayout.binderKind : nil,
                                 indexPath: IndexPath(item: item, section: section))
            let element = try #require(view.displayedElements.first { $0.key == key })
            return try #require(element.view.layoutAttributes)
        }
        let finalBinder = try #require(s.layout.layoutAttributesForDecorationView(
            ofKind: DecoratedFlowLayout.binderKind, at: IndexPath(item: 0, section: 1)))
        let finalItems = try (0..<3).map { try item(s, $0, 1) }

        for frame in 0...18 {
            let time = Double(frame) / 60
            view.advanceAnimations(to: 1 + time)
            let progress = time >= 0.3 ? 1 : TimingCurve.easeInEaseOut.value(at: time / 0.3)
            // The binder: alpha 0 → 1, translated by −768 → 0, at its final frame throughout.
            let binder = try attributes(.decorationView, 0, 1)
            #expect(abs(binder.alpha - progress) < 1e-9)
            #expect(abs(binder.transform3D.m41 - -768 * (1 - progress)) < 1e-6)
            #expect(binder.frame == finalBinder.frame && binder.zIndex == -1)
            // Its items: opaque, translated by the content width (768) → 0.
            for (index, final) in finalItems.enumerated() {
                let cell = try attributes(.cell, index, 1)
                #expect(cell.alpha == 1)
                #expect(abs(cell.transform3D.m41 - 768 * (1 - progress)) < 1e-6)
                #expect(cell.frame == final.frame)
            }
            // The reloaded section crossfades: new views fade in where they are, untransformed.
            let reloaded = try attributes(.cell, 1, 0)
            #expect(abs(reloaded.alpha - progress) < 1e-9 && reloaded.transform3D.isIdentity)
            let oldBinder = try attributes(.decorationView, 0, 0)
            #expect(abs(oldBinder.alpha - progress) < 1e-9 && oldBinder.transform3D.isIdentity)
        }
        #expect(!view.isAnimating)
    }

    @Test("The initial attributes are exactly the listing's; only inserted sections get them")
    func initialAttributes() throws {
        // Probe the hooks between prepare(forCollectionViewUpdates:) and finalize, as the engine calls them.
        final class Probe: DecoratedFlowLayout {
            var seen: [String] = []
            override func finalizeCollectionViewUpdates() {
                let binder = initialLayoutAttributesForAppearingDecorationElement(
                    ofKind: Self.binderKind, at: IndexPath(item: 0, section: 1))
                let item = initialLayoutAttributesForAppearingItem(at: IndexPath(item: 2, section: 1))
                let reloaded = initialLayoutAttributesForAppearingItem(at: IndexPath(item: 0, section: 0))
                let oldBinder = initialLayoutAttributesForAppearingDecorationElement(
                    ofKind: Self.binderKind, at: IndexPath(item: 0, section: 0))
                seen = [binder.map { "\($0)" } ?? "nil", item.map { "\($0)" } ?? "nil",
                        reloaded.map { "\($0)" } ?? "nil", oldBinder.map { "\($0)" } ?? "nil"]
                super.finalizeCollectionViewUpdates()
            }
        }
        let probe = Probe()
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 768, height: 1024), collectionViewLayout: probe)
        let data = FixtureDataSource(counts: [3])
        data.register(on: view)
        view.dataSource = data
        view.delegate = data
        view.layoutIfNeeded()
        data.counts = [3, 3]
        try view.performBatchUpdates([.insertSections([1]), .reloadSections([0])])
        #expect(probe.seen.count == 4)
        #expect(probe.seen[0] == "decoration 'binder' [1, 0] frame (0.0, 395.0, 768.0, 270.0) alpha 0.0 z -1 transform "
            + "\(Transform3D.translation(x: -768, y: 0, z: 0))")
        #expect(probe.seen[1] == "cell [1, 2] frame (536.0, 430.0, 201.0, 200.0) transform \(Transform3D.translation(x: 768, y: 0, z: 0))")
        #expect(probe.seen[2] == "nil" && probe.seen[3] == "nil")
        // After the update the set is empty again: nothing is an inserted section any more.
        #expect(probe.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 0, section: 1)) == nil)
    }

    // MARK: Menu

    @Test("A long press on an item shows its menu with this layout; copy is performed on it")
    func longPressMenu() throws {
        let s = survey([3, 3])
        let view = s.collectionView
        try view.handleLongPress(.began, at: Point(x: 414, y: 530))
        #expect(view.indexPathForMenuItem == IndexPath(item: 1, section: 1))
        try view.handleLongPress(.ended, at: Point(x: 414, y: 530))
        #expect(try view.performMenuAction("copy", forItemAt: IndexPath(item: 1, section: 1)))
        #expect(s.delegate.performed == ["copy [1, 1]"])
        #expect(view.indexPathForMenuItem == nil)
        // On the binder beside the photos there is no item, so no menu.
        try view.handleLongPress(.began, at: Point(x: 30, y: 530))
        #expect(view.indexPathForMenuItem == nil)
        try view.handleLongPress(.ended, at: Point(x: 30, y: 530))
    }

    // MARK: Parameters

    @Test("The definition's defaults reproduce the book's layout; parameters change it")
    func definition() throws {
        let layout = try #require(try LayoutDefinition.decoratedFlow.makeLayout(parameters: []) as? DecoratedFlowLayout)
        #expect(layout.itemSize == Size(width: 200, height: 200))
        #expect(layout.sectionInset == EdgeInsets(top: 30, left: 80, bottom: 30, right: 20))
        #expect(layout.minimumInteritemSpacing == 20 && layout.minimumLineSpacing == 20)
        #expect(layout.headerReferenceSize == Size(width: 60, height: 70))
        #expect(layout.scrollDirection == .vertical)
        let given = try #require(try LayoutDefinition.decoratedFlow.makeLayout(
            parameters: [("section-inset", "10 10 10 10"), ("header-size", "0 40")]) as? DecoratedFlowLayout)
        #expect(given.sectionInset == EdgeInsets(all: 10) && given.headerReferenceSize == Size(width: 0, height: 40))
        #expect(throws: LayoutParameterError.self) {
            try LayoutDefinition.decoratedFlow.makeLayout(parameters: [("scroll-direction", "horizontal")])
        }
        #expect(Catalogue.definitions.contains { $0.name == "decorated-flow" })
    }
}
