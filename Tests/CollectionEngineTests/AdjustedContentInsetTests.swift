import Testing
@testable import CollectionEngine
import EngineTestSupport
import TestSupport

/// `adjustedContentInset`: the content inset plus the safe area on the edges of each axis that scrolls
/// (UIKit's `.automatic` adjustment for a collection view, like `.scrollableAxes`).
///
/// The fixture: 30 items of 100 × 100, three a line in 390 points, ten lines 110 apart: 1,090 points of
/// content in an 844-point viewport, so it scrolls vertically only.
@Suite("Adjusted content inset", .tags(.fast))
struct AdjustedContentInsetTests {
    static let safeArea = EdgeInsets(top: 47, left: 10, bottom: 34, right: 10)

    static func harness() -> Harness {
        Harness(counts: [30], useDelegate: false) { layout, _ in
            layout.itemSize = Size(width: 100, height: 100)
        }
    }

    @Test("The safe area adds to the content inset on the scrolling axis only")
    func adjusted() {
        let h = Self.harness()
        #expect(h.collectionView.contentSize == Size(width: 390, height: 1090))
        #expect(h.collectionView.adjustedContentInset == .zero)
        h.collectionView.contentInset = EdgeInsets(top: 5, left: 3, bottom: 6, right: 4)
        h.collectionView.safeAreaInsets = Self.safeArea
        h.collectionView.layoutIfNeeded()
        #expect(h.collectionView.adjustedContentInset == EdgeInsets(top: 52, left: 3, bottom: 40, right: 4))
    }

    @Test("The scrollable range runs from −(inset + safe area) to content − bounds + inset + safe area")
    func scrollableRange() {
        let h = Self.harness()
        h.collectionView.safeAreaInsets = Self.safeArea
        h.collectionView.layoutIfNeeded()
        #expect(h.collectionView.clampedOffset(Point(x: 0, y: 10_000)) == Point(x: 0, y: 1090 - 844 + 34))
        #expect(h.collectionView.clampedOffset(Point(x: 0, y: -1_000)) == Point(x: 0, y: -47))
        // Not scrolling horizontally: no safe area on x.
        #expect(h.collectionView.clampedOffset(Point(x: -50, y: 0)).x == 0)
    }

    @Test("A pinned header keeps below the safe area")
    func pinnedBelowSafeArea() {
        let h = Harness(counts: [30], useDelegate: false) { layout, _ in
            layout.itemSize = Size(width: 100, height: 100)
            layout.headerReferenceSize = Size(width: 0, height: 40)
            layout.sectionHeadersPinToVisibleBounds = true
        }
        h.collectionView.safeAreaInsets = Self.safeArea
        h.scroll(to: Point(x: 0, y: 100))
        let header = h.layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(header?.frame.minY == 147)
    }
}
