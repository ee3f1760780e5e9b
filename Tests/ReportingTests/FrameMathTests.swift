import Testing
@testable import Reporting
import TestSupport

@Suite("Per-frame definitions at their edges", .tags(.fast))
struct FrameMathTests {
    static let budgetNs = 16_000_000.0

    @Test("A frame exactly at the budget is not janky; one nanosecond more is")
    func jankyEdge() {
        #expect(!FrameMath.isJanky(16_000_000, budgetNs: Self.budgetNs))
        #expect(FrameMath.isJanky(16_000_001, budgetNs: Self.budgetNs))
        #expect(!FrameMath.isJanky(0, budgetNs: Self.budgetNs))
    }

    @Test("Dropped frames are ceil(time / budget) − 1, and 0 within budget",
          arguments: [
              (UInt64(0), 0), (15_999_999, 0), (16_000_000, 0), (16_000_001, 1), (32_000_000, 1),
              (32_000_001, 2), (48_000_000, 2), (48_000_001, 3), (1_000_000_000, 62),
          ] as [(UInt64, Int)])
    func dropped(durationNs: UInt64, expected: Int) {
        #expect(FrameMath.dropped(durationNs, budgetNs: Self.budgetNs) == expected)
    }

    @Test("At 60 Hz the budget is 16.666… ms: 16.666 ms is within it, 16.667 ms is not")
    func sixtyHertz() {
        let budgetNs = 1000.0 / 60 * 1_000_000
        #expect(!FrameMath.isJanky(16_666_000, budgetNs: budgetNs))
        #expect(FrameMath.isJanky(16_667_000, budgetNs: budgetNs))
        #expect(FrameMath.dropped(33_333_334, budgetNs: budgetNs) == 2)
        #expect(FrameMath.dropped(33_333_333, budgetNs: budgetNs) == 1)
    }

    @Test("Nearest rank is the value of rank ⌈p × n / 100⌉")
    func nearestRank() {
        let ten = Array(UInt64(1)...10)
        #expect(FrameMath.nearestRank(ten, percent: 50) == 5)
        #expect(FrameMath.nearestRank(ten, percent: 90) == 9)
        #expect(FrameMath.nearestRank(ten, percent: 95) == 10)
        #expect(FrameMath.nearestRank(ten, percent: 99) == 10)
        #expect(FrameMath.nearestRank(ten, percent: 100) == 10)
        let hundred = Array(UInt64(1)...100)
        #expect([50, 90, 95, 99].map { FrameMath.nearestRank(hundred, percent: $0) } == [50, 90, 95, 99])
        #expect(FrameMath.nearestRank([1, 2, 3], percent: 50) == 2)
        #expect(FrameMath.nearestRank([1, 2, 3], percent: 1) == 1)
        #expect(FrameMath.nearestRank([7], percent: 1) == 7)
        #expect(FrameMath.nearestRank([7], percent: 99) == 7)
        #expect(FrameMath.nearestRank([], percent: 50) == nil)
    }

    @Test("Nearest rank agrees with a naive model for every size up to 200", arguments: [50, 90, 95, 99])
    func nearestRankModel(percent: Int) {
        for n in 1...200 {
            let values = Array(UInt64(1)...UInt64(n))
            // The smallest value with at least percent % of the values at or below it.
            let naive = values.first { Double($0) / Double(n) * 100 >= Double(percent) - 1e-9 }
            #expect(FrameMath.nearestRank(values, percent: percent) == naive, "n = \(n)")
        }
    }

    @Test("Peak fps: a clean second scores the refresh rate")
    func peakClean() {
        #expect(FrameMath.peakFPS(slots: Array(repeating: 1, count: 120), refreshRate: 60) == 60)
        #expect(FrameMath.peakFPS(slots: Array(repeating: 1, count: 60), refreshRate: 60) == 60)
        #expect(FrameMath.peakFPS(slots: Array(repeating: 1, count: 240), refreshRate: 120) == 120)
    }

    @Test("Peak fps: every frame dropping one scores half the rate")
    func peakHalf() {
        #expect(FrameMath.peakFPS(slots: Array(repeating: 2, count: 120), refreshRate: 60) == 30)
    }

    @Test("Peak fps: a frame dropping two in every 50 pushes two frames out of the window")
    func peakOneJanky() {
        var slots = Array(repeating: 1, count: 180)
        for janky in stride(from: 30, to: 180, by: 50) { slots[janky] = 3 }
        // The best 60 slots hold one janky frame and 57 clean ones; 49 clean frames lie between janky ones.
        #expect(FrameMath.peakFPS(slots: slots, refreshRate: 60) == 58)
    }

    @Test("Peak fps: a repeat shorter than a second scores its frames per second of display time")
    func peakShort() {
        #expect(FrameMath.peakFPS(slots: Array(repeating: 1, count: 30), refreshRate: 60) == 60)
        #expect(FrameMath.peakFPS(slots: [1, 3], refreshRate: 60) == 30)
        #expect(FrameMath.peakFPS(slots: [1], refreshRate: 60) == 60)
        #expect(FrameMath.peakFPS(slots: [], refreshRate: 60) == 0)
    }

    @Test("Peak fps: a frame longer than a second leaves the others to score")
    func peakLongFrame() {
        let slots = [1, 1, 90] + Array(repeating: 1, count: 10)
        #expect(FrameMath.peakFPS(slots: slots, refreshRate: 60) == 10)
    }

    @Test("Peak fps at a fractional rate never exceeds the rate")
    func peakFractionalRate() {
        let peak = FrameMath.peakFPS(slots: Array(repeating: 1, count: 200), refreshRate: 59.94)
        #expect(abs(peak - 59.94) < 1e-9)
    }
}
