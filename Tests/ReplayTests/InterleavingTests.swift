import Testing
import Replay
import TestSupport

@Suite("Interleaving of compared layouts", .tags(.fast))
struct InterleavingTests {
    @Test("Warm-ups first, then rounds that rotate: A B C, B C A, C A B, A B C")
    func rotation() {
        let schedule = Interleaving(layouts: 3, repeats: 4, warmup: 1)
        let names = ["A", "B", "C"]
        let order = schedule.passes.map { ($0.isWarmup ? "w" : "") + names[$0.layout] }
        #expect(order == ["wA", "wB", "wC", "A", "B", "C", "B", "C", "A", "C", "A", "B", "A", "B", "C"])
    }

    @Test("Every layout runs in every position equally often over a whole number of rotations")
    func balanced() {
        let schedule = Interleaving(layouts: 4, repeats: 8, warmup: 0)
        var positions = [[Int]](repeating: [Int](repeating: 0, count: 4), count: 4)
        for round in 0..<8 {
            for (position, layout) in schedule.order(ofRound: round).enumerated() {
                positions[layout][position] += 1
            }
        }
        #expect(positions.allSatisfy { $0 == [2, 2, 2, 2] })
        #expect(schedule.passes.filter { !$0.isWarmup }.count == 32)
    }

    @Test("Two layouts alternate which goes first; one layout simply repeats")
    func edges() {
        #expect(Interleaving(layouts: 2, repeats: 3, warmup: 0).passes.map(\.layout) == [0, 1, 1, 0, 0, 1])
        #expect(Interleaving(layouts: 1, repeats: 2, warmup: 2).passes.map(\.isWarmup) == [true, true, false, false])
    }
}
