import Testing
@_spi(Benchmarks) @testable import Replay
import Reporting
import TestSupport

/// A clock whose readings a test sets: it stands for the thread's CPU time as the marks estimate it, while its
/// frame end answers what the kernel's clock would (``verifiedEnd``), as ``ThreadCPUClock`` does when a host
/// took the processor away without the thread being descheduled.
private final class StealingClock: ReplayClock {
    var time: UInt64 = 0
    /// What a frame's end reads, when set: the verified time, which may be less than the estimates.
    var verifiedEnd: UInt64?

    func now() -> UInt64 { time }

    func spend(_ nanoseconds: UInt64) { time += nanoseconds }

    func frameEnd(start: UInt64) -> UInt64 {
        defer { verifiedEnd = nil }
        guard let verifiedEnd else { return time }
        time = verifiedEnd
        return verifiedEnd
    }
}

@Suite("Profiler: modelled time and spans bounded by their frame", .tags(.fast))
struct ModelledTimeTests {
    @Test("Modelled time is the open span's own and its frame's, exactly, and moves the frames after it")
    func modelledTimeAddsToSpanAndFrame() throws {
        let clock = ManualClock()
        let profiler = Profiler(clock: clock, budgetNs: 1_000_000, timelineCapacity: 64)
        profiler.beginFrame()
        profiler.begin(.events)
        clock.advance(by: 100)
        profiler.addModelledTime(2_000)
        clock.advance(by: 50)
        profiler.begin(.scroll)
        profiler.addModelledTime(300)
        profiler.end()
        profiler.end()
        profiler.addModelledTime(7)
        let first = profiler.endFrame()
        #expect(first.durationNs == 150 + 2_000 + 300 + 7)
        profiler.beginFrame()
        clock.advance(by: 40)
        let second = profiler.endFrame()
        #expect(second.durationNs == 40)
        let paths = Dictionary(uniqueKeysWithValues: profiler.pathMeasurements().map { ($0.path, $0) })
        #expect(paths["frame/events"]?.selfNs == 150 + 2_000)
        #expect(paths["frame/events"]?.totalNs == 150 + 2_000 + 300)
        #expect(paths["frame/scroll"]?.selfNs == 300)
        #expect(paths["frame"]?.selfNs == 7 + 40)
        // One timeline: the second frame starts where the first ended, modelled time included.
        let timeline = try #require(profiler.timeline(repeatNumber: 1))
        let frames = timeline.spans.filter { $0.depth == 0 }
        #expect(frames.count == 2)
        #expect(frames[1].startNs >= frames[0].startNs + frames[0].durationNs)
    }

    @Test("Modelled costs past the declarations' buffer all count", arguments: [4_095, 4_096, 10_000])
    func manyDeclarations(count: Int) {
        let clock = ManualClock()
        let profiler = Profiler(clock: clock, budgetNs: 1_000_000)
        profiler.beginFrame()
        profiler.begin(.events)
        for _ in 0..<count { profiler.addModelledTime(3) }
        profiler.end()
        let frame = profiler.endFrame()
        #expect(frame.durationNs == UInt64(3 * count))
        #expect(profiler.pathMeasurements().first { $0.path == "frame/events" }?.selfNs == UInt64(3 * count))
    }

    @Test("Time a span seemed to take that the frame's verified end does not hold is not the span's: no span outlasts its frame")
    func spansBoundedByFrame() throws {
        let clock = StealingClock()
        let profiler = Profiler(clock: clock, budgetNs: 16_666_667)
        profiler.beginFrame()
        profiler.begin(.events)
        clock.time += 1_000
        profiler.end()
        // The host takes 20 ms inside the prepare span: its marks see it, the thread's CPU clock does not.
        profiler.begin(.animation)
        clock.time += 20_000_000 + 2_000
        profiler.end()
        profiler.begin(.scroll)
        clock.time += 500
        profiler.end()
        clock.verifiedEnd = 4_000
        let frame = profiler.endFrame()
        #expect(frame.durationNs == 4_000)
        let paths = profiler.pathMeasurements()
        for path in paths {
            #expect(path.callDurations.max <= frame.durationNs, "\(path.path)")
            #expect(path.totalNs <= frame.durationNs, "\(path.path)")
        }
        #expect(paths.reduce(0) { $0 + $1.selfNs } == frame.durationNs)
    }

    @Test("A replay modelling the workload charges exactly what a replay spending it does, on a clock only the workload moves")
    func modelAndSpendAgree() throws {
        let events = (1...120).map { #"<scroll t="\#(Double($0) / 60)" x="0" y="\#($0 * 40)"/>"# }
        let trace = try TraceFile(events: events.joined(separator: "\n")).path
        var figures: [WorkloadMode: [UInt64]] = [:]
        for mode in WorkloadMode.allCases {
            let clock = ManualClock()
            let session = try ReplaySession(trace: trace, options: ReplayOptions(repeats: 1, warmup: 0, workload: mode),
                                            clock: clock)
            let pass = try session.runPass()
            #expect(pass.failure == nil)
            figures[mode] = pass.measurement.frames.map(\.durationNs)
            #expect(session.measurement(of: [pass], warmup: 0).workload == mode)
        }
        #expect(figures[.model] == figures[.spend])
        #expect(figures[.model]?.contains { $0 > 0 } == true)
    }
}
