// The profiler's overhead on a frame (at most 3 %), measured in one process: the same replay with
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
// The default trace is the steady scroll (`SteadyScrollTrace`, which the `Replay.steadyScroll` benchmarks
// use too): 20,000 frames of a 390 × 844 view scrolling a 1,000,000-item flow layout 10 points a frame, about 90
// items visible, no workload. `--trace` replays others instead (the shipped traces, with their workloads); with
// more than one it ends with a table. Beside the overhead it prints the spans an observed frame measured and the
// overhead shared out over them: what one span costs, two clock reads and the profiler's bookkeeping.
//
//   cd Benchmarks && swift run -c release ProfilerOverhead [--trace FILE]... [--rounds 20] [--clock cpu|wall]
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
        abstract: "The profiler's overhead on a frame: spans observed against frames only timed, alternated frame by frame.")

    @Option(help: "A trace to replay; repeat it for several (default: the steady scroll of 20,000 frames, written to the temporary directory).")
    var trace: [String] = []
    @Option(help: "Rounds of two replays, one observing the even frames and one the odd.")
    var rounds = 20
    @Option(help: "The replay's clock: cpu or wall.")
    var clock = "cpu"

    func validate() throws {
        guard (1...1_000).contains(rounds) else { throw ValidationError("--rounds must be from 1 to 1,000") }
        guard ReplayClockKind(rawValue: clock) != nil else { throw ValidationError("--clock is cpu or wall") }
    }

    func run() throws {
        let paths = trace.isEmpty ? [try steadyScrollTrace(frames: 20_000)] : trace
        var results: [Overhead] = []
        for path in paths {
            let result = try measure(path)
            results.append(result)
            print("""
                \(path), clock \(clock), \(rounds) rounds of \(result.frames) frames, modes alternated frame by frame
                mean frame, each frame's fastest: unobserved \(format(result.unobservedNs)) ns, observed \(format(result.observedNs)) ns
                overhead: \(percent(result.overhead)), \(format(result.addedNs)) ns a frame
                spans: \(format(result.spansPerFrame, decimals: 1)) an observed frame, \(format(result.nsPerSpan)) ns each
                rounds' overheads: \(percent(result.roundOverheads.min()!)) to \(percent(result.roundOverheads.max()!)), median \(percent(MedianSummary(result.roundOverheads)!.median))
                """)
        }
        guard results.count > 1 else { return }
        print("\n| trace | mean frame, unobserved | overhead | a frame | spans a frame | a span |")
        print("|---|---:|---:|---:|---:|---:|")
        for result in results {
            let name = (result.path as NSString).lastPathComponent
            print("| \(name) | \(format(result.unobservedNs / 1_000, decimals: 1)) µs | \(percent(result.overhead)) "
                + "| \(format(result.addedNs)) ns | \(format(result.spansPerFrame, decimals: 1)) "
                + "| \(format(result.nsPerSpan)) ns |")
        }
    }

    /// The overhead on the frames of the trace at `path`, over `rounds` rounds.
    func measure(_ path: String) throws -> Overhead {
        var options = ReplayOptions(repeats: 1, warmup: 0)
        options.clock = ReplayClockKind(rawValue: clock)!
        options.alternatesSpanObservation = true
        var spans = 0, observedFrames = 0
        /// Each frame's duration in one replay that observes the even frames, or the odd ones.
        func frameDurations(observingEvenFrames: Bool) throws -> [UInt64] {
            options.observesSpans = observingEvenFrames
            let measurement = try ReplayRunner().replay(path, options: options).repeats[0]
            let frames = measurement.frames
            // `frame` itself is timed in both modes; every other path is a span of an observed frame.
            spans += measurement.paths.lazy.filter { $0.path != "frame" }.map(\.calls).reduce(0, +)
            observedFrames += observingEvenFrames ? (frames.count + 1) / 2 : frames.count / 2
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
        return Overhead(path: path, frames: observed.durations.count, observedNs: mean(observed.durations),
                        unobservedNs: mean(unobserved.durations),
                        spansPerFrame: Double(spans) / Double(max(observedFrames, 1)), roundOverheads: roundOverheads)
    }
}

/// One trace's result.
struct Overhead {
    var path: String
    var frames: Int
    /// The mean of the frames' fastest observed and unobserved durations.
    var observedNs: Double, unobservedNs: Double
    /// Spans measured in an observed frame, on average.
    var spansPerFrame: Double
    var roundOverheads: [Double]

    var overhead: Double { observedNs / unobservedNs - 1 }
    /// What the profiler adds to a frame.
    var addedNs: Double { observedNs - unobservedNs }
    /// What the profiler adds to a frame, shared out over its spans.
    var nsPerSpan: Double { addedNs / max(spansPerFrame, 1) }
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

func format(_ value: Double, decimals: Int = 0) -> String { String(format: "%.\(decimals)f", value) }
func percent(_ value: Double) -> String { String(format: "%+.1f %%", value * 100) }


Options.main()
