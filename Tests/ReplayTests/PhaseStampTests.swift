import Testing
import Foundation
@_spi(Benchmarks) @testable import Replay
import CollectionEngine
import EngineTestSupport
import TestSupport

/// Counts the phases the engine begins, per span path, as an observer hears them.
private final class PhaseCounter: CollectionViewObserver {
    var calls: [String: Int] = [:]

    func collectionView(_ collectionView: CollectionView, willBegin phase: EnginePhase, category: ElementCategory?) {
        calls[SpanPath(phase, category).name, default: 0] += 1
    }

    func collectionView(_ collectionView: CollectionView, didEnd phase: EnginePhase, category: ElementCategory?) {}
}

/// The profiler takes the engine's phases as marks on a ``PhaseRecorder`` and converts their stamps to the
/// clock's time after the frame.
@Suite("Profiler: phases stamped and converted after the frame", .tags(.fast), .serialized)
struct PhaseStampTests {
    /// The CPU times of marks made at monotonic readings `walls`, those in `interrupted` finding the thread
    /// interrupted, between `anchors`.
    private func cpuTimes(_ walls: [UInt64], interrupted: Set<Int>, anchors: [ThreadCPUClock.Anchor]) -> [UInt64] {
        var next = walls.makeIterator()
        let word = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        defer { word.deallocate() }
        word.initialize(to: 1)
        let recorder = PhaseRecorder(capacity: 64, stamp: .reading { next.next() ?? 0 }) { _ in }
        recorder.watchInterruptions(of: word, armedValue: 1)
        for index in walls.indices {
            if interrupted.contains(index) { word.pointee = 0 }
            recorder.begin(PhaseRecorder.firstOwnerSpan)
        }
        #expect(recorder.interruptions == interrupted.count)
        var times = recorder.marks.map(\.stamp)
        #expect(times == walls)
        times.withUnsafeMutableBufferPointer {
            ThreadCPUClock.cpuTimes(of: recorder.marks, walls: $0.baseAddress!, anchors: anchors)
        }
        return times
    }

    @Test("One interruption: the time lost falls just before the first mark that found it")
    func oneInterruption() {
        typealias Anchor = ThreadCPUClock.Anchor
        // 4,000 ns of monotonic time between the first two anchors, 2,000 of them the thread's: 2,000 lost.
        let anchors = [Anchor(wall: 1_000, cpu: 500, interrupted: false),
                       Anchor(wall: 5_000, cpu: 2_500, interrupted: true),
                       Anchor(wall: 6_000, cpu: 3_500, interrupted: false)]
        #expect(cpuTimes([1_100, 2_000, 4_500, 5_200, 6_500], interrupted: [2], anchors: anchors)
                == [600, 1_500, 2_000, 2_700, 4_000])
    }

    @Test("Several interruptions: the loss goes to their stretches, the longest first, each at most its length")
    func severalInterruptions() {
        typealias Anchor = ThreadCPUClock.Anchor
        // A short interruption before the first mark, a long one (a sleep) before the third: 22,000 lost.
        let sleep = [Anchor(wall: 0, cpu: 0, interrupted: false), Anchor(wall: 30_000, cpu: 8_000, interrupted: true)]
        #expect(cpuTimes([1_000, 2_000, 25_000, 26_000], interrupted: [0, 2], anchors: sleep)
                == [1_000, 2_000, 3_000, 4_000])
        // Stretches as long as each other: the earlier first, the later what is left.
        let tie = [Anchor(wall: 0, cpu: 0, interrupted: false), Anchor(wall: 10_000, cpu: 6_000, interrupted: true)]
        #expect(cpuTimes([3_000, 6_000, 7_000], interrupted: [0, 1], anchors: tie) == [0, 2_000, 3_000])
        // More lost than the marks found: the rest came after the last mark.
        let late = [Anchor(wall: 0, cpu: 0, interrupted: false), Anchor(wall: 10_000, cpu: 1_000, interrupted: true)]
        #expect(cpuTimes([500, 1_000], interrupted: [0], anchors: late) == [0, 500])
        // An interval its next anchor found uninterrupted loses nothing, whatever the marks say.
        let quiet = [Anchor(wall: 0, cpu: 0, interrupted: false), Anchor(wall: 10_000, cpu: 9_000, interrupted: false)]
        #expect(cpuTimes([500, 1_000], interrupted: [0], anchors: quiet) == [500, 1_000])
    }

    @Test("Time lost where no mark saw an interruption (a host's steal) comes out of the longest stretch, and no mark passes the next anchor")
    func unseenLoss() {
        typealias Anchor = ThreadCPUClock.Anchor
        // 30,000 ns of monotonic time, 10,000 of them the thread's; the marks found no interruption: 20,000 lost,
        // all of it in the 23,000-ns stretch before the third mark.
        let steal = [Anchor(wall: 0, cpu: 0, interrupted: false), Anchor(wall: 30_000, cpu: 10_000, interrupted: false)]
        #expect(cpuTimes([1_000, 2_000, 25_000, 26_000], interrupted: [], anchors: steal)
                == [1_000, 2_000, 5_000, 6_000])
        // Lost after the last mark (the stretch to the anchor is the longest): no mark changes.
        let late = [Anchor(wall: 0, cpu: 0, interrupted: false), Anchor(wall: 30_000, cpu: 10_000, interrupted: false)]
        #expect(cpuTimes([1_000, 2_000], interrupted: [], anchors: late) == [1_000, 2_000])
        // More lost than the interrupted stretch holds, with the marks past the anchor's reading: the overrun
        // comes out of the other stretches, the longest first, so the last mark is the anchor's time at most.
        let overrun = [Anchor(wall: 0, cpu: 0, interrupted: false), Anchor(wall: 10_000, cpu: 2_000, interrupted: true)]
        let times = cpuTimes([4_000, 5_000, 9_000], interrupted: [1], anchors: overrun)
        #expect(times == [0, 0, 2_000])
        #expect(times.allSatisfy { $0 <= 2_000 })
    }

    @Test("On the CPU clock, stamps around a sleep differ by the CPU time, not the time asleep")
    func cpuStampsAroundASleep() throws {
        let clock = ThreadCPUClock()
        guard clock.convertsCycleCounterStamps else { return }
        clock.keepsAnchors = true
        let start = clock.frameStart()
        let recorder = PhaseRecorder(capacity: 16, stamp: .cycleCounter) { _ in }
        let watched = try #require(clock.interruptionWord)
        recorder.watchInterruptions(of: watched.word, armedValue: watched.armedValue)
        recorder.begin(PhaseRecorder.firstOwnerSpan)
        recorder.end()
        usleep(20_000)
        recorder.begin(PhaseRecorder.firstOwnerSpan)
        recorder.end()
        if recorder.interruptions > 0 { clock.noteInterruption() }
        let end = clock.now()
        let marks = recorder.marks
        var times = [UInt64](repeating: 0, count: marks.count)
        times.withUnsafeMutableBufferPointer { clock.times(ofStamps: marks, into: $0.baseAddress!) }
        // Sleeping gives the processor away: the first mark after it says so (the recorder arms the flag
        // again), and so may a mark that a busy machine interrupted.
        #expect(marks[2].followsInterruption)
        #expect(!marks[3].followsInterruption || recorder.interruptions > 1)
        #expect(end >= start)
        for time in times {
            #expect(time + 100_000 >= start && time <= end + 100_000)
        }
        // 20 ms asleep is hardly any CPU time.
        #expect(times[2] - min(times[1], times[2]) < 5_000_000)
    }

    @Test("Profiled on a real clock, every phase the engine begins is one call of its path", arguments: ReplayClockKind.allCases)
    func callsMatchTheEngine(kind: ReplayClockKind) throws {
        let profiler = Profiler(clock: kind.makeClock(), budgetNs: 16_666_667)
        let counter = PhaseCounter()
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        // The harness keeps the data source alive (the view holds it weakly) and has laid out the first screen.
        let harness = LayoutHarness(layout: layout, counts: [5_000], size: Size(width: 390, height: 844))
        let collectionView = harness.collectionView
        collectionView.observer = counter
        collectionView.phaseRecorder = profiler.phaseRecorder
        for frame in 0..<300 {
            profiler.beginFrame()
            profiler.begin(.scroll)
            collectionView.contentOffset = Point(x: 0, y: Double(frame * 23))
            profiler.end()
            collectionView.layoutIfNeeded()
            _ = profiler.endFrame()
        }
        let paths = Dictionary(uniqueKeysWithValues: profiler.pathMeasurements().map { ($0.path, $0) })
        #expect(paths["frame"]?.calls == 300)
        #expect(paths["frame/scroll"]?.calls == 300)
        for (path, calls) in counter.calls {
            #expect(paths[path]?.calls == calls, "\(path)")
        }
        #expect(Set(paths.keys) == Set(counter.calls.keys).union(["frame", "frame/scroll"]))
        for measurement in paths.values {
            #expect(measurement.selfNs <= measurement.totalNs, "\(measurement.path)")
        }
        // Every span lies inside its frame: the frames' total holds every path's self time, on either clock (a
        // frame verified against the kernel's CPU clock bounds the marks converted before it).
        let frame = try #require(paths["frame"])
        let selfTotal = paths.values.reduce(0) { $0 + $1.selfNs }
        #expect(selfTotal == frame.totalNs)
    }
}
