import Testing
@testable import CollectionEngine
import EngineTestSupport
import TestSupport

@Suite("Held cells table", .tags(.fast))
struct HeldCellsTests {
    @Test("Random holds, replacements, removals and lookups agree with a dictionary, collisions and wrap-around included",
          arguments: Seed.first(20))
    func agreesWithDictionary(_ seed: Seed) {
        var rng = SplitMix64(seed: seed.value)
        var table = HeldCells()
        var model: [IndexPath: OffscreenCell] = [:]
        // Few sections and items, so that the table fills, grows, probes past collisions and wraps around;
        // a negative section and a whole-section index path as edge values.
        let sections = [-1, 0, 1, 2]
        for step in 0..<2_000 {
            let indexPath = rng.next() % 16 == 0
                ? IndexPath.section(sections[Int(rng.next() % 4)])
                : IndexPath(item: Int(rng.next() % 64), section: sections[Int(rng.next() % 4)])
            switch rng.next() % 4 {
            case 0, 1:
                let held = OffscreenCell(cell: CollectionViewCell(), wasDisplayed: rng.next() % 2 == 0)
                table[indexPath] = held
                model[indexPath] = held
            case 2:
                let removed = table.removeValue(forKey: indexPath)
                #expect(removed?.cell === model.removeValue(forKey: indexPath)?.cell, "seed \(seed.value), step \(step)")
            default:
                table[indexPath] = nil
                model[indexPath] = nil
            }
            #expect(table.count == model.count && table.isEmpty == model.isEmpty, "seed \(seed.value), step \(step)")
            for section in sections {
                for item in [0, 17, 63, IndexPath.notFound] {
                    let probe = IndexPath(item: item, section: section)
                    #expect(table[probe]?.cell === model[probe]?.cell, "seed \(seed.value), step \(step), \(probe)")
                }
            }
        }
        var visited: [IndexPath: ObjectIdentifier] = [:]
        for (indexPath, held) in table { visited[indexPath] = ObjectIdentifier(held.cell) }
        #expect(visited == model.mapValues { ObjectIdentifier($0.cell) })
    }

    @Test("A copy keeps its cells while the original changes")
    func valueSemantics() {
        var table = HeldCells()
        let first = OffscreenCell(cell: CollectionViewCell(), wasDisplayed: false)
        table[IndexPath(item: 1, section: 0)] = first
        let copy = table
        table[IndexPath(item: 1, section: 0)] = nil
        table[IndexPath(item: 2, section: 0)] = OffscreenCell(cell: CollectionViewCell(), wasDisplayed: true)
        #expect(copy.count == 1 && copy[IndexPath(item: 1, section: 0)]?.cell === first.cell)
        #expect(copy[IndexPath(item: 2, section: 0)] == nil)
        #expect(table.count == 1 && table[IndexPath(item: 1, section: 0)] == nil)
    }
}
