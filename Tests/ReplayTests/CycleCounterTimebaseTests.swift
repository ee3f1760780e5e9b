import Foundation
import Testing
@testable import Replay
import TestSupport

/// A counter and a monotonic clock moved by hand, counting how often each is read.
private final class HandTime {
    var ticks: UInt64 = 7_000_000_000
    var ns: UInt64 = 1_000_000_000
    var tickReads = 0
    var monotonicReads = 0

    /// Moves both clocks by `ns` nanoseconds, at 2.5 ticks a nanosecond.
    func advance(ns: UInt64) {
        self.ns += ns
        ticks += ns * 5 / 2
    }
}

private struct HandTickSource: TickSource {
    let time: HandTime
    let countsSteadily: Bool
    var calibration: TimebaseCalibration?

    func ticks() -> UInt64 {
        time.tickReads += 1
        return time.ticks
    }

    func monotonicNs() -> UInt64 {
        time.monotonicReads += 1
        return time.ns
    }
}

/// How many times an anchor reads the monotonic clock.
private let attempts = CycleCounterTimebase<HandTickSource>.anchorAttempts

/// A timebase on `time`, calibrated: two anchors 1 ms apart.
private func calibratedTimebase(on time: HandTime) -> CycleCounterTimebase<HandTickSource> {
    var timebase = CycleCounterTimebase(source: HandTickSource(time: time, countsSteadily: true))
    _ = timebase.now()
    time.advance(ns: 1_000_000)
    _ = timebase.now()
    return timebase
}

@Suite("Cycle-counter timebase", .tags(.fast))
struct CycleCounterTimebaseTests {
    @Test("Until two anchors 1 ms apart calibrate it, every reading is a monotonic read")
    func uncalibratedReadsAreMonotonic() {
        let time = HandTime()
        var timebase = CycleCounterTimebase(source: HandTickSource(time: time, countsSteadily: true))
        for step in 0..<10 {
            #expect(timebase.now() == time.ns)
            #expect(time.monotonicReads == (step + 1) * attempts)
            #expect(!timebase.readsCounter)
            time.advance(ns: 99_000)
        }
        time.advance(ns: 200_000)
        #expect(timebase.now() == time.ns)
        #expect(timebase.readsCounter)
        #expect(timebase.scale == (1_190_000 << 32) / (1_190_000 * 5 / 2))
    }

    @Test("Between anchors a reading is the anchor plus the counter's ticks at the scale, with no monotonic read")
    func readingsFollowTheCounter() {
        let time = HandTime()
        var timebase = calibratedTimebase(on: time)
        let anchorNs = time.ns
        let anchorTicks = time.ticks
        let reads = time.monotonicReads
        // Only the counter moves: the readings can only come from it.
        for microseconds: UInt64 in [1, 10, 250, 999] {
            time.ticks = anchorTicks + microseconds * 2_500
            let reading = timebase.now()
            // The fixed-point scale rounds down by at most a nanosecond.
            #expect(reading + 1 >= anchorNs + microseconds * 1_000 && reading <= anchorNs + microseconds * 1_000)
        }
        #expect(time.monotonicReads == reads)
    }

    @Test("An anchor serves 1 ms of readings; the next reading anchors on the monotonic clock again")
    func anchorsExpire() {
        let time = HandTime()
        var timebase = calibratedTimebase(on: time)
        let reads = time.monotonicReads
        time.ticks += 2_499_999
        _ = timebase.now()
        #expect(time.monotonicReads == reads)
        time.ticks += 1
        time.ns += 1_000_000
        #expect(timebase.now() == time.ns)
        #expect(time.monotonicReads == reads + attempts)
    }

    @Test("Readings never decrease, when the counter ran ahead of the monotonic clock at the next anchor")
    func readingsNeverDecrease() {
        let time = HandTime()
        var timebase = calibratedTimebase(on: time)
        time.ticks += 2_250_000
        let ahead = timebase.now()
        #expect(ahead + 1 >= time.ns + 900_000 && ahead <= time.ns + 900_000)
        time.ticks += 500_000
        time.ns += 800_000
        #expect(timebase.now() == ahead)
        var previous = ahead
        for _ in 0..<100 {
            time.ticks += 250
            let reading = timebase.now()
            #expect(reading >= previous)
            previous = reading
        }
    }

    @Test("A counter that goes backwards is not trusted: the timebase reads the monotonic clock until it calibrates again")
    func backwardsCounterRecalibrates() {
        let time = HandTime()
        var timebase = calibratedTimebase(on: time)
        time.ticks -= 1_000
        time.ns += 10
        let reads = time.monotonicReads
        #expect(timebase.now() == time.ns)
        #expect(time.monotonicReads == reads + attempts)
        #expect(!timebase.readsCounter)
        time.advance(ns: 1_000_000)
        #expect(timebase.now() == time.ns)
        #expect(timebase.readsCounter)
    }

    @Test("A calibration given up front serves from the first reading, and a counter that goes backwards voids it")
    func calibrationGivenUpFront() {
        let time = HandTime()
        let calibration = TimebaseCalibration(scale: (1 << 32) * 2 / 5, spanNs: 1_000_000)
        var timebase = CycleCounterTimebase(source: HandTickSource(time: time, countsSteadily: true,
                                                                    calibration: calibration))
        #expect(timebase.readsCounter)
        #expect(time.monotonicReads == attempts)
        time.ticks += 25_000
        let reading = timebase.now()
        #expect(reading + 1 >= time.ns + 10_000 && reading <= time.ns + 10_000)
        #expect(time.monotonicReads == attempts)
        time.ticks -= 30_000
        #expect(timebase.now() == reading)
        #expect(!timebase.readsCounter)
    }

    @Test("An unsound counter is never read: every reading is a monotonic read")
    func unsoundCounterIsNotRead() {
        let time = HandTime()
        var timebase = CycleCounterTimebase(source: HandTickSource(time: time, countsSteadily: false,
                                                                    calibration: TimebaseCalibration(scale: 1 << 31, spanNs: 1_000_000)))
        for _ in 0..<2_000 {
            #expect(timebase.now() == time.ns)
            _ = timebase.anchor()
            time.advance(ns: 1_000)
        }
        #expect(time.tickReads == 0)
        #expect(!timebase.readsCounter)
    }

    @Test("The scale follows the monotonic clock's rate over the calibration window")
    func scaleFollowsTheRate() {
        let time = HandTime()
        var timebase = calibratedTimebase(on: time)
        // The monotonic clock now runs 1 % slower against the counter: 2.525 ticks a nanosecond.
        for _ in 0..<1_050 {
            time.ns += 2_000_000
            time.ticks += 5_050_000
            _ = timebase.now()
        }
        let measured = Double(timebase.scale) / 4_294_967_296
        #expect(abs(measured - 1 / 2.525) < 1 / 2.525 * 0.001, "\(measured) ns a tick")
    }

    @Test("On this machine the wall clock reads the cycle counter where it is sound, and agrees with the kernel")
    func machineClockAgreesWithTheKernel() {
        let clock = MonotonicClock()
        let start = MonotonicClock.read(CLOCK_MONOTONIC)
        var readings = 0
        while MonotonicClock.read(CLOCK_MONOTONIC) - start < 3_000_000 {
            _ = clock.now()
            readings += 1
        }
        #expect(clock.readsCycleCounter == MachineTickSource.counterIsSound)
        for _ in 0..<1_000 {
            let before = MonotonicClock.read(CLOCK_MONOTONIC)
            let reading = clock.now()
            let after = MonotonicClock.read(CLOCK_MONOTONIC)
            // Generous margins: an interrupt may fall between the three readings.
            #expect(reading + 50_000 >= before && reading <= after + 50_000,
                    "\(before) ≤ \(reading) ≤ \(after), after \(readings) readings")
        }
    }
}
