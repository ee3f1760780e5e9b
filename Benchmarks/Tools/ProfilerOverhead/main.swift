// The profiler's overhead on a frame (issue 15: at most 3 %), measured in one process: the same replay with
// every frame's spans observed and with the frames only timed, alternated frame by frame.
//
// A virtual machine's speed drifts over seconds (its clock, its neighbours): whole replays of one mode
// and the other, even alternated, differ by ±10 % here for reasons that have nothing to do with the profiler.
// So every replay alternates the modes frame by frame (`ReplayOptions.alternatesSpanObservation`): a round is
// two replays, one observing the even frames and one the odd, so that each frame is measured in both modes,
// a few microseconds apart from frames of the other. A frame's cost in a mode is the fastest of its `--rounds`
// measurements, the frame without the interruptions that happened to hit it. The overhead is the mean of the
// observed frames' fastest over the mean of the unobserved frames' fastest, minus one; each round's own
// overhead (its observed frames' mean over its unobserved frames' mean) is printed beside it.
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
        abstract: "The profiler's overhead on a steady-scroll frame: spans observed against frames only timed, alternated frame by frame.")

    @Option(help: "The trace to replay (default: the steady scroll of 20,000 frames, written to the temporary directory).")
    var trace: String?
    @Option(help: "Rounds of two replays, one observing the even frames and one the odd.")
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
        options.alternatesSpanObservation = true
        /// Each frame's duration in one replay that observes the even frames, or the odd ones.
        func frameDurations(observingEvenFrames: Bool) throws -> [UInt64] {
            options.observesSpans = observingEvenFrames
            let frames = try ReplayRunner().replay(path, options: options).repeats[0].frames
            return (0..<frames.count).map { frames.durationNs(at: $0) }
        }
        // One of each first, untimed: the pools, the caches and the clock's calibration.
        _ = try frameDurations(observingEvenFrames: true)
        _ = try frameDurations(observingEvenFrames: false)
        var observed = Fastest(), unobserved = Fastest()
        var roundOverheads: [Double] = []
        for round in 0..<rounds {
            // Alternate which goes first, so that neither always follows the other.
            let order = round.isMultiple(of: 2) ? [true, false] : [false, true]
            var sums = (observed: 0.0, unobserved: 0.0)
            for observingEvenFrames in order {
                let durations = try frameDurations(observingEvenFrames: observingEvenFrames)
                for (index, duration) in durations.enumerated() {
                    if index.isMultiple(of: 2) == observingEvenFrames {
                        observed.add(duration, at: index)
                        sums.observed += Double(duration)
                    } else {
                        unobserved.add(duration, at: index)
                        sums.unobserved += Double(duration)
                    }
                }
            }
            roundOverheads.append(sums.observed / sums.unobserved - 1)
        }
        let overhead = mean(observed.durations) / mean(unobserved.durations) - 1
        print("""
            \(path), clock \(clock), \(rounds) rounds of \(observed.durations.count) frames, modes alternated frame by frame
            mean frame, each frame's fastest: unobserved \(format(mean(unobserved.durations))) ns, observed \(format(mean(observed.durations))) ns
            overhead: \(percent(overhead))
            rounds' overheads: \(percent(roundOverheads.min()!)) to \(percent(roundOverheads.max()!)), median \(percent(MedianSummary(roundOverheads)!.median))
            """)
    }
}

/// Each frame's fastest duration in one mode over the rounds.
struct Fastest {
    var durations: [UInt64] = []

    mutating func add(_ duration: UInt64, at index: Int) {
        if index >= durations.count { durations += repeatElement(.max, count: index + 1 - durations.count) }
        durations[index] = min(durations[index], duration)
    }
}

func mean(_ values: [UInt64]) -> Double {
    Double(values.reduce(0, +)) / Double(max(values.count, 1))
}

func format(_ value: Double) -> String { String(format: "%.0f", value) }
func percent(_ value: Double) -> String { String(format: "%+.1f %%", value * 100) }


Options.main()
