import Testing
import CollectionEngine
import TestSupport

@Suite("Programmer errors trap, as UIKit raises")
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
