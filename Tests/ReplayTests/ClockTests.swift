import Testing
import Foundation
@testable import Replay
import TestSupport

/// Keeps `count` threads spinning until stopped: a busy machine, so the test's own thread is preempted.
private final class Spinners: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true

    init(count: Int) {
        for _ in 0..<count {
            Thread.detachNewThread { [self] in
                var x = 0
                while isRunning { x &+= 1 }
                _ = x
            }
        }
    }

    private var isRunning: Bool { lock.withLock { running } }

    func stop() { lock.withLock { running = false } }
}

private func threadCPUTime() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

private func monotonicTime() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

// These tests compare the clocks with the kernel's own clocks, with generous margins: they check what is
// counted (CPU time, not waiting), not how fast anything runs.
@Suite("Replay clocks", .tags(.fast), .serialized)
struct ClockTests {
    @Test("Spending 2 ms on the CPU clock while other threads spin costs 2 ms of the thread's CPU time",
          arguments: [true, false])
    func cpuSpendIsThreadCPUTime(detectsPreemption: Bool) {
        let spinners = Spinners(count: 2 * ProcessInfo.processInfo.activeProcessorCount)
        defer { spinners.stop() }
        for _ in 0..<20 {
            let clock = ThreadCPUClock(detectsPreemption: detectsPreemption)
            let before = threadCPUTime()
            let start = clock.frameStart()
            clock.spend(2_000_000)
            let measured = clock.frameEnd(start: start) - start
            let spent = threadCPUTime() - before
            // The kernel's own clock has ±25 µs hiccups in this virtual machine.
            #expect(measured >= 1_950_000 && measured < 2_500_000, "the clock says \(measured) ns")
            #expect(spent >= 1_950_000 && spent < 2_500_000, "the kernel says \(spent) ns of CPU time")
        }
    }

    @Test("The CPU clock does not count time the thread waits; the wall clock does")
    func cpuClockSkipsWaiting() {
        let cpu = ThreadCPUClock()
        let wall = MonotonicClock()
        let cpuStart = cpu.now(), wallStart = wall.now()
        let readsBefore = cpu.kernelReads
        usleep(20_000)
        let cpuElapsed = cpu.now() - cpuStart, wallElapsed = wall.now() - wallStart
        #expect(wallElapsed >= 20_000_000)
        #expect(cpuElapsed < 2_000_000, "the CPU clock counted \(cpuElapsed) ns of a 20 ms sleep")
        // Sleeping gives the CPU away: the clock noticed and read the kernel's clock again.
        #expect(cpu.kernelReads > readsBefore)
    }

    @Test("Between preemptions the CPU clock costs no system call, and two clocks on one thread stay apart")
    func cheapReadsAndTwoClocks() {
        let a = ThreadCPUClock(), b = ThreadCPUClock()
        guard a.detectsPreemption else { return }
        let aStart = a.now(), bStart = b.now()
        // b arming its own flag disarms a's: a reads the kernel's clock again rather than trusting it.
        let readsBefore = a.kernelReads
        _ = a.now()
        #expect(a.kernelReads == readsBefore + 1)
        usleep(10_000)
        #expect(a.now() - aStart < 2_000_000)
        #expect(b.now() - bStart < 2_000_000)
        var reads = 0
        for _ in 0..<1_000 {
            let before = a.kernelReads
            _ = a.now()
            reads += a.kernelReads - before
        }
        // A thousand reads in well under a time slice: hardly any of them is a system call.
        #expect(reads < 100)
    }

    @Test("The CPU clock never goes back")
    func monotone() {
        let clock = ThreadCPUClock()
        var last = clock.now()
        for i in 0..<10_000 {
            if i % 1000 == 0 { usleep(100) }
            let value = clock.now()
            #expect(value >= last)
            last = value
        }
    }

    @Test("Spending on the wall clock waits the wall time; the manual clock moves by exactly what is spent")
    func wallAndManualSpend() {
        let wall = MonotonicClock()
        let start = monotonicTime()
        wall.spend(2_000_000)
        #expect(monotonicTime() - start >= 2_000_000)
        let manual = ManualClock()
        manual.spend(500_000)
        #expect(manual.now() == 500_000)
    }

    @Test("Clocks are named as reports name them")
    func names() {
        #expect(ReplayClockKind.cpu.makeClock().name == .cpu)
        #expect(ReplayClockKind.wall.makeClock().name == .wall)
        #expect(ManualClock().name == .manual)
    }
}
