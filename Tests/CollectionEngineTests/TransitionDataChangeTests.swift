import Testing
@testable import CollectionEngine
import TestSupport

/// Data changes, resizes and layout switches while an interactive transition runs (a section
/// deleted or the data emptied during a transition reached the data source with index paths that no
/// longer existed; a switch left a transition whose end trapped).
@Suite("Changes during an interactive transition", .tags(.fast))
struct TransitionDataChangeTests {
    /// A one-column list of 44-point rows.
    private static func list() -> FlowLayout {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 390, height: 44)
        layout.minimumLineSpacing = 0
        return layout
    }

    /// A grid of two sections (30 and 10 items) in the middle of a transition to a list.
    private static func transitioning() -> (Harness, TransitionLayout) {
        let h = Harness(counts: [30, 10], configure: Harness.grid)
        let transition = h.collectionView.startInteractiveTransition(to: list())
        transition.transitionProgress = 0.4
        h.collectionView.layoutIfNeeded()
        return (h, transition)
    }

    @Test("Deleting a section during a transition removes it from both layouts; the transition then finishes")
    func deleteSection() throws {
        let (h, transition) = Self.transitioning()
        let cv = h.collectionView
        h.data.counts = [10]
        try cv.deleteSections([0])
        cv.advanceAnimations(to: 0.5)
        cv.layoutIfNeeded()
        #expect(cv.displayedElements.allSatisfy { $0.key.indexPath.section == 0 && $0.key.indexPath.item < 10 })
        #expect(transition.currentLayout.layoutAttributesForItem(at: IndexPath(item: 12, section: 0)) == nil)
        #expect(transition.nextLayout.layoutAttributesForItem(at: IndexPath(item: 12, section: 0)) == nil)
        #expect(cv.indexPathsForVisibleItems.count == 10)
        #expect(cv.checkInvariants())
        cv.finishInteractiveTransition()
        cv.advanceAnimations(to: 1.5)
        cv.layoutIfNeeded()
        #expect(cv.collectionViewLayout === transition.nextLayout)
        #expect(cv.indexPathsForVisibleItems.count == 10)
        #expect(cv.checkInvariants())
    }

    @Test("Emptying the data with a reload during a transition displays nothing; cancelling then works")
    func emptyReload() {
        let (h, transition) = Self.transitioning()
        let cv = h.collectionView
        h.data.counts = []
        cv.reloadData()
        cv.layoutIfNeeded()
        #expect(cv.displayedElements.isEmpty)
        #expect(transition.currentLayout.collectionViewContentSize.height == 0)
        cv.cancelInteractiveTransition()
        cv.advanceAnimations(to: 1)
        cv.layoutIfNeeded()
        #expect(cv.collectionViewLayout === transition.currentLayout)
        #expect(cv.displayedElements.isEmpty)
        #expect(cv.checkInvariants())
    }

    @Test("Items inserted during a transition are laid out by both layouts")
    func insertItems() throws {
        let (h, transition) = Self.transitioning()
        let cv = h.collectionView
        h.data.counts = [32, 10]
        try cv.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        cv.layoutIfNeeded()
        // The list's row 31 of section 0 exists now, 31 × 44 points down.
        let row = try #require(transition.nextLayout.layoutAttributesForItem(at: IndexPath(item: 31, section: 0)))
        #expect(row.frame.minY == 31 * 44)
        #expect(transition.currentLayout.layoutAttributesForItem(at: IndexPath(item: 31, section: 0)) != nil)
        #expect(cv.checkInvariants())
    }

    @Test("A resize during a transition lays out both layouts at the new width")
    func resize() throws {
        let (h, transition) = Self.transitioning()
        let cv = h.collectionView
        cv.frame = Rect(x: 0, y: 0, width: 844, height: 390)
        cv.layoutIfNeeded()
        // The grid fits 7 items of 100 points with 10-point insets and spacing across 844 points (3 across
        // 390): item 6 is on the first line.
        let item = try #require(transition.currentLayout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0)))
        #expect(item.frame.minY == 10)
        #expect(cv.checkInvariants())
    }

    @Test("A layout switch during a transition abandons it: completion (false, false), both layouts released")
    func switchAbandons() throws {
        let (h, transition) = Self.transitioning()
        let cv = h.collectionView
        var result: (Bool, Bool)?
        // Restart with a completion to observe.
        cv.cancelInteractiveTransition()
        cv.advanceAnimations(to: 1)
        let restarted = cv.startInteractiveTransition(to: Self.list()) { result = ($0, $1) }
        restarted.transitionProgress = 0.5
        cv.layoutIfNeeded()
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 4, section: 0)))
        let shown = cell.frame
        let replacement = FlowLayout()
        replacement.itemSize = Size(width: 50, height: 50)
        cv.setCollectionViewLayout(replacement, animated: true, duration: 0.3)
        #expect(result.map { "\($0.0) \($0.1)" } == "false false")
        #expect(cv.collectionViewLayout === replacement)
        #expect(!cv.isInteractivelyTransitioning)
        #expect(restarted.currentLayout.collectionView == nil && restarted.nextLayout.collectionView == nil)
        #expect(transition.nextLayout.collectionView == nil)
        // The element moves from where the transition showed it.
        #expect(cell.frame == shown)
        cv.advanceAnimations(to: 2)
        cv.layoutIfNeeded()
        #expect(cv.cellForItem(at: IndexPath(item: 4, section: 0))?.frame.size == Size(width: 50, height: 50))
        #expect(cv.checkInvariants())
    }

    @Test("Finishing a transition that a layout switch abandoned traps with UIKit's words")
    func finishAfterSwitch() async {
        await #expect(processExitsWith: .failure) {
            let (h, _) = Self.transitioning()
            h.collectionView.setCollectionViewLayout(FlowLayout(), animated: false)
            h.collectionView.finishInteractiveTransition()
        }
    }
}
