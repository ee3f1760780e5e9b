import Testing
import CollectionEngine
import Layouts
import EngineTestSupport
import TestSupport

/// `dimensions-flow`, the book's Dimensions layout (notes §3.2): the layout mode as a custom attribute,
/// toggled by a tap and animated over 0.5 s.
@Suite("Dimensions flow", .tags(.fast))
struct DimensionsFlowTests {
    struct Gallery {
        let collectionView: CollectionView
        let layout: DimensionsFlowLayout
        let data: FixtureDataSource
    }

    /// `count` photos on the book's 320 × 480 phone, laid out once.
    private func gallery(_ count: Int = 40, layout: DimensionsFlowLayout = DimensionsFlowLayout()) -> Gallery {
        let data = FixtureDataSource(counts: [count])
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        data.register(on: view)
        view.dataSource = data
        view.delegate = data
        view.layoutIfNeeded()
        return Gallery(collectionView: view, layout: layout, data: data)
    }

    private func mode(_ attributes: LayoutAttributes?) -> DimensionsFlowLayout.LayoutMode? {
        (attributes as? DimensionsLayoutAttributes)?.layoutMode
    }

    // MARK: Geometry and attributes

    @Test("Two columns of 140-point photos on a 320-point phone, 13 points apart, every cell in aspect-fit mode")
    func geometry() throws {
        let g = gallery()
        let frames = (0..<4).map { g.layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames == [Rect(x: 13, y: 13, width: 140, height: 140), Rect(x: 167, y: 13, width: 140, height: 140),
                           Rect(x: 13, y: 166, width: 140, height: 140), Rect(x: 167, y: 166, width: 140, height: 140)])
        let elements = g.layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(elements.count == 8)  // rows at y 13, 166, 319 and 472
        #expect(elements.allSatisfy { mode($0) == .aspectFit })
        #expect(g.collectionView.visibleCells.allSatisfy { mode($0.layoutAttributes) == .aspectFit })
    }

    @Test("Setting the mode invalidates the layout; elements and single items carry the new mode")
    func settingTheMode() {
        let g = gallery()
        g.layout.layoutMode = .square
        #expect(mode(g.layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))) == .square)
        #expect(g.layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 480))
            .allSatisfy { mode($0) == .square })
        g.collectionView.layoutIfNeeded()
        #expect(g.collectionView.visibleCells.allSatisfy { mode($0.layoutAttributes) == .square })
    }

    @Test("The mode takes part in equality and is kept by copies and assignment")
    func customAttribute() {
        let a = DimensionsLayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
        a.frame = Rect(x: 13, y: 13, width: 140, height: 140)
        let b = a.copy()
        #expect(a == b && b.layoutMode == .aspectFit)
        b.layoutMode = .square
        #expect(a != b)
        let c = b.copy()
        #expect(c.layoutMode == .square && c == b)
        let d = DimensionsLayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
        d.assign(from: b)
        #expect(d == b)
        // Plain attributes with the same fields are not equal: the class differs.
        let plain = LayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
        plain.frame = a.frame
        #expect(plain != a && a != plain)
    }

    /// A delegate that chooses the square mode for even items (Listing 4.20's optional method).
    final class EvenSquares: DimensionsFlowLayoutDelegate {
        func collectionView(_ collectionView: CollectionView, layout: DimensionsFlowLayout,
                            layoutModeForItemAt indexPath: IndexPath) -> DimensionsFlowLayout.LayoutMode {
            indexPath.item.isMultiple(of: 2) ? .square : .aspectFit
        }
    }

    @Test("A delegate that chooses modes per item overrides the layout's mode")
    func delegateModes() {
        let g = gallery()
        let delegate = EvenSquares()
        g.collectionView.delegate = delegate
        let modes = (0..<4).map { mode(g.layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))) }
        #expect(modes == [.square, .aspectFit, .square, .aspectFit])
        withExtendedLifetime(delegate) {}
    }

    // MARK: The tap toggle

    @Test("A tap selects the cell as UIKit would, then toggles the mode, animating every cell over 0.5 s")
    func tapToggle() throws {
        let g = gallery()
        let view = g.collectionView
        view.advanceAnimations(to: 2)
        let before = view.displayedElements.map { ($0.key, $0.view.layoutAttributes?.frame) }
        let hit = view.handleTap(at: Point(x: 237, y: 236))
        #expect(hit == ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: 3, section: 0)))
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
        #expect(g.layout.layoutMode == .square)
        #expect(view.isAnimating)

        // Frame by frame at 60 Hz: the mode steps at the animation's midpoint, the frames stay put.
        for frame in 0...33 {
            let time = Double(frame) / 60
            view.advanceAnimations(to: 2 + time)
            view.layoutIfNeeded()
            let progress = time >= 0.5 ? 1 : TimingCurve.easeInEaseOut.value(at: time / 0.5)
            let expected: DimensionsFlowLayout.LayoutMode = progress < 0.5 ? .aspectFit : .square
            let now = view.displayedElements
            #expect(now.count == before.count)
            for (element, old) in zip(now, before) {
                #expect(element.key == old.0)
                #expect(mode(element.view.layoutAttributes) == expected, "frame \(frame) \(element.key)")
                #expect(element.view.layoutAttributes?.frame == old.1)
            }
            #expect(view.isAnimating == (time < 0.5))
        }
        // A second tap toggles back.
        view.handleTap(at: Point(x: 83, y: 83))
        #expect(g.layout.layoutMode == .aspectFit)
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
        view.advanceAnimations(to: 3)
        #expect(view.visibleCells.allSatisfy { mode($0.layoutAttributes) == .aspectFit })
    }

    @Test("Cells that scroll into view during the toggle show the new mode")
    func scrollingDuringToggle() {
        let g = gallery()
        let view = g.collectionView
        view.handleTap(at: Point(x: 83, y: 83))
        view.advanceAnimations(to: 0.1)
        view.contentOffset = Point(x: 0, y: 600)
        view.layoutIfNeeded()
        let fresh = view.visibleCells.filter { ($0.layoutAttributes?.frame.minY ?? 0) > 480 }
        #expect(!fresh.isEmpty)
        #expect(fresh.allSatisfy { mode($0.layoutAttributes) == .square })
    }

    // MARK: Parameters

    @Test("The definition's defaults reproduce the book's layout; layout-mode chooses the first mode")
    func definition() throws {
        let layout = try #require(try LayoutDefinition.dimensionsFlow.makeLayout(parameters: []) as? DimensionsFlowLayout)
        #expect(layout.itemSize == Size(width: 140, height: 140))
        #expect(layout.sectionInset == EdgeInsets(all: 13))
        #expect(layout.minimumInteritemSpacing == 13 && layout.minimumLineSpacing == 13)
        #expect(layout.layoutMode == .aspectFit)
        let square = try #require(try LayoutDefinition.dimensionsFlow.makeLayout(
            parameters: [("layout-mode", "square")]) as? DimensionsFlowLayout)
        #expect(square.layoutMode == .square)
        do {
            _ = try LayoutDefinition.dimensionsFlow.makeLayout(parameters: [("layout-mode", "fill")])
            Issue.record("an unknown mode was accepted")
        } catch {
            #expect(error.message == "invalid value 'fill' for parameter 'layout-mode' of layout 'dimensions-flow'; "
                + "expected one of 'aspect-fit', 'square'")
        }
        #expect(Catalogue.definitions.contains { $0.name == "dimensions-flow" })
    }
}
