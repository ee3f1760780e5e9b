import Testing
@testable import CollectionEngine
import EngineTestSupport
import TestSupport

@Suite("Programmer errors trap, as UIKit raises", .tags(.fast))
struct PreconditionTests {
    @Test("Dequeuing an unregistered identifier traps")
    func unregisteredIdentifier() async {
        await #expect(processExitsWith: .failure) {
            let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: FlowLayout())
            _ = cv.dequeueReusableCell(withReuseIdentifier: "nope", for: IndexPath(item: 0, section: 0))
        }
    }

    @Test("A data source returning a cell it did not dequeue for the item traps")
    func foreignCell() async {
        await #expect(processExitsWith: .failure) {
            final class Data: CollectionViewDataSource {
                func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
                func collectionView(_ cv: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                    CollectionViewCell()
                }
            }
            let data = Data()
            let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: FlowLayout())
            cv.dataSource = data
            cv.layoutIfNeeded()
        }
    }

    @Test("Asking for the items of a section that does not exist traps")
    func missingSection() async {
        await #expect(processExitsWith: .failure) {
            let data = FixtureDataSource(counts: [3])
            let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: FlowLayout())
            cv.dataSource = data
            _ = cv.numberOfItems(inSection: 1)
        }
    }
}

@Suite("Engine invariants", .tags(.fast))
struct InvariantTests {
    @Test("The invariant check passes after ordinary passes")
    func holds() {
        let h = Harness(counts: [200]) { layout, _ in layout.itemSize = Size(width: 90, height: 90) }
        for step in 0..<40 { h.scroll(to: Point(x: 0, y: Double(step * 97 % 4000))) }
        #expect(h.collectionView.checkInvariants())
    }

    @Test("A view both displayed and pooled is caught")
    func catchesAViewInTwoPlaces() async {
        await #expect(processExitsWith: .failure) {
            let h = Harness(counts: [20])
            let cell = h.collectionView.visibleCells[0]
            h.collectionView.cellPools.pool("cell").views.append(cell)
            _ = h.collectionView.checkInvariants()
        }
    }

    @Test("A displayed view carrying another element's attributes is caught")
    func catchesStaleAttributes() async {
        await #expect(processExitsWith: .failure) {
            let h = Harness(counts: [20])
            let cells = h.collectionView.visibleCells
            cells[0].applyLayoutAttributes(LayoutAttributes(forCellWith: IndexPath(item: 19, section: 0)))
            _ = h.collectionView.checkInvariants()
        }
    }
}
