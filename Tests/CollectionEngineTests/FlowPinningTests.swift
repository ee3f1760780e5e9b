import Testing
@testable import CollectionEngine
import EngineTestSupport
import TestSupport

/// Pinned section headers and footers (UIKit's `sectionHeadersPinToVisibleBounds` and
/// `sectionFootersPinToVisibleBounds`), with frames worked by hand.
///
/// The fixture: a 300 × 400 viewport, 100 × 100 items, spacings 10, insets 10, 40-point headers and 30-point
/// footers, three sections of 6 items. Two items a line ((280 + 10) / 110), three lines of 320 points, so a
/// section is 40 + 10 + 320 + 10 + 30 = 410 points long: sections start at 0, 410 and 820. A header pins at
/// `min(max(visibleTop, natural), origin + 380 − 40)`; a footer at `max(min(visibleBottom − 30, natural),
/// origin + 40)`.
@Suite("Flow layout pinned headers and footers", .tags(.fast))
struct FlowPinningTests {
    static let header = CollectionView.elementKindSectionHeader
    static let footer = CollectionView.elementKindSectionFooter

    static func harness(headers: Bool = true, footers: Bool = false, vertical: Bool = true,
                        inset: EdgeInsets = .zero) -> Harness {
        Harness(counts: [6, 6, 6], viewport: vertical ? Size(width: 300, height: 400) : Size(width: 400, height: 300),
                useDelegate: false) { layout, _ in
            layout.scrollDirection = vertical ? .vertical : .horizontal
            layout.itemSize = Size(width: 100, height: 100)
            layout.sectionInset = EdgeInsets(all: 10)
            layout.headerReferenceSize = Size(width: 40, height: 40)
            layout.footerReferenceSize = Size(width: 30, height: 30)
            layout.sectionHeadersPinToVisibleBounds = headers
            layout.sectionFootersPinToVisibleBounds = footers
            layout.collectionView?.contentInset = inset
        }
    }

    static func main(_ harness: Harness, _ kind: String, _ section: Int, vertical: Bool = true) -> Double? {
        let frame = harness.layout.layoutAttributesForSupplementaryView(
            ofKind: kind, at: IndexPath(item: 0, section: section))?.frame
        return vertical ? frame?.minY : frame?.minX
    }

    @Test("A pinned header stays at the top of the visible bounds until the end of its section pushes it up")
    func headerPositions() {
        let h = Self.harness()
        #expect(h.collectionView.contentSize == Size(width: 300, height: 1230))
        // Before its section scrolls: at its natural place; the next section's header too.
        #expect(Self.main(h, Self.header, 0) == 0)
        #expect(Self.main(h, Self.header, 1) == 410)
        // Inside its section.
        h.scroll(to: Point(x: 0, y: 200))
        #expect(Self.main(h, Self.header, 0) == 200)
        // At the push-up point: the section's last item (330 + 40 = 370) and bottom inset end at 380.
        h.scroll(to: Point(x: 0, y: 340))
        #expect(Self.main(h, Self.header, 0) == 340)
        h.scroll(to: Point(x: 0, y: 370))
        #expect(Self.main(h, Self.header, 0) == 340)
        #expect(Self.main(h, Self.header, 1) == 410)
        // Past it: the next section's header pins.
        h.scroll(to: Point(x: 0, y: 450))
        #expect(Self.main(h, Self.header, 0) == 340)
        #expect(Self.main(h, Self.header, 1) == 450)
        // The footers do not pin.
        #expect(Self.main(h, Self.footer, 1) == 790)
    }

    @Test("The visible top starts below the content inset")
    func headerBelowContentInset() {
        let h = Self.harness(inset: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        h.scroll(to: Point(x: 0, y: 200))
        #expect(Self.main(h, Self.header, 0) == 220)
        h.scroll(to: Point(x: 0, y: 330))
        #expect(Self.main(h, Self.header, 0) == 340)
    }

    @Test("A pinned footer stays at the bottom of the visible bounds, never before its section's items")
    func footerPositions() {
        let h = Self.harness(headers: false, footers: true)
        // visibleBottom 400: footer 0 at 370 (natural 380); footer 1 kept after its header (450).
        #expect(Self.main(h, Self.footer, 0) == 370)
        #expect(Self.main(h, Self.footer, 1) == 450)
        #expect(Self.main(h, Self.header, 0) == 0)
        h.scroll(to: Point(x: 0, y: 500))
        // visibleBottom 900: footer 1 at its natural 790; footer 2 at 870 (natural 1200, lowest 860).
        #expect(Self.main(h, Self.footer, 1) == 790)
        #expect(Self.main(h, Self.footer, 2) == 870)
        h.scroll(to: Point(x: 0, y: 830))
        // visibleBottom 1230: every footer at its natural place.
        #expect(Self.main(h, Self.footer, 2) == 1200)
    }

    @Test("Scrolling horizontally, headers and footers pin on x")
    func horizontal() {
        let h = Self.harness(headers: true, footers: true, vertical: false)
        #expect(h.collectionView.contentSize == Size(width: 1230, height: 300))
        h.scroll(to: Point(x: 200, y: 0))
        #expect(Self.main(h, Self.header, 0, vertical: false) == 200)
        #expect(Self.main(h, Self.footer, 0, vertical: false) == 380)
        #expect(Self.main(h, Self.footer, 1, vertical: false) == 570)
        h.scroll(to: Point(x: 370, y: 0))
        #expect(Self.main(h, Self.header, 0, vertical: false) == 340)
    }

    @Test("A query answers the pinned header of every section it reaches, above the cells")
    func queriesAndZOrder() {
        let h = Self.harness(headers: true, footers: true)
        h.scroll(to: Point(x: 0, y: 200))
        let answer = h.layout.layoutAttributesForElements(in: h.collectionView.bounds)
        let header = answer.first { $0.representedElementKind == Self.header }
        // Its natural frame (0...40) is outside 200...600.
        #expect(header?.frame == Rect(x: 0, y: 200, width: 300, height: 40))
        #expect(header?.zIndex == FlowLayout.pinnedZIndex)
        #expect(FlowLayout.pinnedZIndex == 1024)
        #expect(answer.filter { $0.representedElementCategory == .cell }.allSatisfy { $0.zIndex == 0 })
        let footers = answer.filter { $0.representedElementKind == Self.footer }
        #expect(footers.map(\.frame.minY) == [380, 570])
        #expect(footers.allSatisfy { $0.zIndex == FlowLayout.pinnedZIndex })
        // Displayed, on top of the cells.
        let shown = h.collectionView.displayedElements.first { $0.key.kind == Self.header }
        #expect(shown?.view.frame.minY == 200)
        #expect(shown?.view.zIndex == FlowLayout.pinnedZIndex)

        let unpinned = Self.harness(headers: false)
        unpinned.scroll(to: Point(x: 0, y: 200))
        let plain = unpinned.layout.layoutAttributesForElements(in: unpinned.collectionView.bounds)
        // Only section 1's header, at its natural place.
        #expect(plain.filter { $0.representedElementKind == Self.header }.map(\.indexPath.section) == [1])
        #expect(plain.allSatisfy { $0.zIndex == 0 })
    }

    @Test("With pinning, a steady scroll invalidates only the supplementaries: no section flows again")
    func steadyFrames() {
        func run(pinning: Bool) -> (prepares: Int, invalidations: Int, flowed: Int, kept: Bool) {
            let h = Self.harness(headers: pinning, footers: pinning)
            let before = h.collectionView.counters, flowedBefore = h.layout.sectionsFlowed
            h.scroll(to: Point(x: 0, y: 10))
            let cell = h.layout.layoutAttributesForElements(in: h.collectionView.bounds)
                .first { $0.representedElementCategory == .cell }
            var kept = true
            for step in 2...30 {
                h.scroll(to: Point(x: 0, y: Double(step) * 10))
                let again = h.layout.layoutAttributesForElements(in: h.collectionView.bounds)
                    .first { $0.representedElementCategory == .cell }
                if again?.indexPath == cell?.indexPath { kept = kept && again === cell }
            }
            let after = h.collectionView.counters
            return (after.layoutPrepares - before.layoutPrepares, after.boundsInvalidations - before.boundsInvalidations,
                    h.layout.sectionsFlowed - flowedBefore, kept)
        }
        let off = run(pinning: false), on = run(pinning: true)
        #expect(off.prepares == 0 && off.invalidations == 0 && off.flowed == 0)
        // One invalidation and one prepare a frame, flowing nothing and keeping the cells' attributes.
        #expect(on.prepares == 30 && on.invalidations == 30)
        #expect(on.flowed == 0)
        #expect(on.kept && off.kept)
    }

    @Test("Turning pinning off puts headers back in place")
    func turningOff() {
        let h = Self.harness()
        h.scroll(to: Point(x: 0, y: 200))
        h.layout.sectionHeadersPinToVisibleBounds = false
        h.collectionView.layoutIfNeeded()
        #expect(Self.main(h, Self.header, 0) == 0)
    }
}
