// The profiler's overhead on a frame (issue 15: at most 3 %), measured in one process: the same replay with
// every frame's spans observed and with the frames only timed, alternated `--rounds` times, so that both
// run the same code at the same addresses on the same heap.
//
// The estimate is robust to a noisy machine (a virtual machine's stolen time moves one whole replay by
// ±25 %): every frame is replayed `--rounds` times in each mode, and a frame's cost in a mode is the fastest
// of its replays, which is the frame without the interruptions that happened to hit it. The overhead is the
// mean of the observed frames' fastest over the mean of the unobserved frames' fastest, minus one. The
// fastest whole replay of each mode, and the median of the rounds' overheads, are printed beside it.
//
// The trace is issue 15's steady scroll (`SteadyScrollTrace`, which the `Replay.steadyScroll` benchmarks use too): 20,000 frames of a 390 × 844 view scrolling a 1,000,000-item flow layout
// 10 points a frame, about 90 items visible, no workload.
//
//   cd Benchmarks && swift run -c release ProfilerOverhead [--trace FILE] [--rounds 20] [--clock cpu|wall]
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
@_spi(Benchmarks) import Replay
import Reporting
import SteadyScrollTrace

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ProfilerOverhead",
        abstract: "The profiler's overhead on a steady-scroll frame: spans observed against frames only timed, alternated in one process.")

    @Option(help: "The trace to replay (default: the steady scroll of 20,000 frames, written to the temporary directory).")
    var trace: String?
    @Option(help: "Observed and unobserved replays, alternated, of each.")
    var rounds = 20
    @Option(help: "The replay's clock: cpu or wall.")
    var clock = "cpu"

    func validate() throws {
        guard (1...1_000).contains(rounds) else { throw ValidationError("--rounds must be from 1 to 1,000") }
        guard ReplayClockKind(rawValue: clock) != nil else { throw ValidationError("--clock is cpu or wall") }
    }

    func run() throws {
        let path = try trace ?? steadyScrollTrace(frames: 20_000)
        var options = ReplayOptions(repeats: 1, warmup: 0)
        options.clock = ReplayClockKind(rawValue: clock)!
        /// Each frame's duration in one replay.
        func frameDurations(observed: Bool) throws -> [UInt64] {
            options.observesSpans = observed
            let frames = try ReplayRunner().replay(path, options: options).repeats[0].frames
            return (0..<frames.count).map { frames.durationNs(at: $0) }
        }
        // One of each first, untimed: the pools, the caches and the clock's calibration.
        _ = try frameDurations(observed: true)
        _ = try frameDurations(observed: false)
        var observed = Replays(), unobserved = Replays()
        for round in 0..<rounds {
            // Alternate which goes first, so that neither always follows the other.
            for observesSpans in round.isMultiple(of: 2) ? [false, true] : [true, false] {
                let durations = try frameDurations(observed: observesSpans)
                if observesSpans { observed.add(durations) } else { unobserved.add(durations) }
            }
        }
        let overhead = mean(observed.fastest) / mean(unobserved.fastest) - 1
        let roundOverheads = zip(observed.means, unobserved.means).map { $0 / $1 - 1 }
        print("""
            \(path), clock \(clock), \(rounds) rounds of \(observed.fastest.count) frames
            mean frame, each frame's fastest: unobserved \(format(mean(unobserved.fastest))) ns, observed \(format(mean(observed.fastest))) ns
            overhead: \(percent(overhead))
            fastest replay's mean frame: unobserved \(format(unobserved.means.min()!)) ns, observed \(format(observed.means.min()!)) ns (\(percent(observed.means.min()! / unobserved.means.min()! - 1)))
            rounds' overheads: \(percent(roundOverheads.min()!)) to \(percent(roundOverheads.max()!)), median \(percent(MedianSummary(roundOverheads)!.median))
            """)
    }
}

/// One mode's replays: each frame's fastest duration over them, and each replay's mean frame.
struct Replays {
    var fastest: [UInt64] = []
    var means: [Double] = []

    mutating func add(_ durations: [UInt64]) {
        fastest = fastest.isEmpty ? durations : zip(fastest, durations).map { min($0, $1) }
        means.append(mean(durations))
    }
}

func mean(_ values: [UInt64]) -> Double {
    Double(values.reduce(0, +)) / Double(max(values.count, 1))
}

func format(_ value: Double) -> String { String(format: "%.0f", value) }
func percent(_ value: Double) -> String { String(format: "%+.1f %%", value * 100) }


Options.main()
