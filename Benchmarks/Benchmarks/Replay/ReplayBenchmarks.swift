import Benchmark
import Foundation
@_spi(Benchmarks) import Replay
import Reporting
import SteadyScrollTrace
import TraceXML

// Whole replays: throughput of a one-hour session, parsing included; the bytes a replay retains
// per frame; the profiler's overhead on a whole replay (spans observed against unobserved).

/// A generated browse session of `seconds` over 1,000,000 items (`reel record --scenario browse --items
/// 1000000 --duration SECONDS --seed 1`), written once to the temporary directory.
func browseTrace(seconds: Int) -> String {
    let path = NSTemporaryDirectory() + "reel-bench-browse-\(seconds)s.xml"
    if FileManager.default.fileExists(atPath: path) { return path }
    var setup = RecordingSetup()
    setup.items = .exactly(1_000_000)
    let scenario = Scenario(name: .browse, header: setup.header(seed: 1), duration: Double(seconds), seed: 1)
    do {
        try scenario.record(to: path)
    } catch {
        fatalError("cannot record the benchmark's trace: \(error)")
    }
    return path
}

/// The steady scroll of `frames` frames (`SteadyScrollTrace`).
func steadyTrace(frames: Int) -> String {
    do {
        return try steadyScrollTrace(frames: frames)
    } catch {
        fatalError("cannot write the benchmark's trace: \(error)")
    }
}

/// The process's resident bytes now (`/proc/self/statm`; 0 where there is none): grows with what a replay
/// keeps, and with what the allocator keeps after freeing, so the bytes per frame it gives are an upper bound.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        maxDuration: .seconds(120),
        maxIterations: 5
    )
    let framesPerSecond = BenchmarkMetric.custom("frames/s", polarity: .prefersLarger, useScalingFactor: false)
    let bytesPerFrame = BenchmarkMetric.custom("retained bytes/frame", polarity: .prefersSmaller, useScalingFactor: false)
    let meanFrameNs = BenchmarkMetric.custom("mean frame ns", polarity: .prefersSmaller, useScalingFactor: false)
    let logBytesPerFrame = BenchmarkMetric.custom("frame log bytes/frame", polarity: .prefersSmaller,
                                                  useScalingFactor: false)

    // A one-hour session (216,125 frames at 60 Hz) replayed once, as `reel replay --repeat 1 --warmup 0`:
    // opening, the scan before the pass, parsing and the pass; frames per second of the whole.
    Benchmark("Replay.hour.throughput",
              configuration: .init(metrics: [.wallClock, framesPerSecond, .mallocCountTotal])) { benchmark in
        let trace = browseTrace(seconds: 3600)
        let options = ReplayOptions(repeats: 1, warmup: 0)
        for _ in benchmark.scaledIterations {
            let start = ContinuousClock.now
            let measurement = try ReplayRunner().replay(trace, options: options)
            let elapsed = ContinuousClock.now - start
            let frames = measurement.repeats.reduce(0) { $0 + $1.frames.count }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            benchmark.measurement(framesPerSecond, Int(Double(frames) / seconds))
            blackHole(measurement)
        }
    }

    // Steady scrolling replayed whole (`--repeat 1 --warmup 0`), at N and 2N frames: the difference of their
    // malloc counts over N is the allocations of a steady frame once the pools are warm (zero; the
    // start-up, the first screen and the report cancel out, as in `Tools/FrameInstructions`).
    for frames in [2_000, 4_000] {
        Benchmark("Replay.steadyScroll.\(frames)frames",
                  configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxIterations: 5)) { benchmark in
            let trace = steadyTrace(frames: frames)
            let options = ReplayOptions(repeats: 1, warmup: 0)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try ReplayRunner().replay(trace, options: options))
            }
        }
    }

    // What a replay keeps per frame: the growth of the resident memory while the measurement of a ten-minute
    // session with the default options (one warm-up, three measured repeats) is held, over the frames of one
    // repeat (an upper bound: the allocator keeps some of what the replay freed); and the
    // frame logs' own storage by capacity, over the same frames (the target: at most 16 bytes a frame).
    Benchmark("Replay.retainedBytesPerFrame",
              configuration: .init(metrics: [bytesPerFrame, logBytesPerFrame], maxIterations: 3)) { benchmark in
        let trace = browseTrace(seconds: 600)
        for _ in benchmark.scaledIterations {
            let before = residentBytes()
            let measurement = try ReplayRunner().replay(trace, options: ReplayOptions())
            let retained = residentBytes() - before
            let frames = measurement.repeats.first?.frames.count ?? 1
            let logBytes = measurement.repeats.reduce(0) { $0 + $1.frames.storageBytes }
            benchmark.measurement(bytesPerFrame, retained / frames)
            benchmark.measurement(logBytesPerFrame, logBytes / frames)
            blackHole(measurement)
        }
    }

    // The profiler's overhead on a whole replay, per clock: the same replay with every frame's spans observed
    // (what reports need) and with the frames only timed. The difference over the unobserved time is the
    // overhead (at most 3 % of a frame). On the ten-minute browse session, and on 20,000 frames of
    // the steady scroll (the engine's steady frame); besides the whole replay's time, the mean frame as the
    // replay's clock measured it.
    let sessions: [(name: String, trace: () -> String, runs: Int)] = [
        ("tenMinutes", { browseTrace(seconds: 600) }, 5), ("steadyScroll", { steadyTrace(frames: 20_000) }, 25),
    ]
    for (name, trace, runs) in sessions {
        for clock in ReplayClockKind.allCases {
            for observed in [true, false] {
                Benchmark("Replay.\(name).spans.\(observed ? "observed" : "unobserved").\(clock.rawValue)",
                          configuration: .init(metrics: [.wallClock, framesPerSecond, meanFrameNs],
                                               maxIterations: runs)) { benchmark in
                    let trace = trace()
                    var options = ReplayOptions(repeats: 1, warmup: 0)
                    options.clock = clock
                    options.observesSpans = observed
                    for _ in benchmark.scaledIterations {
                        let start = ContinuousClock.now
                        let measurement = try ReplayRunner().replay(trace, options: options)
                        let elapsed = ContinuousClock.now - start
                        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                        let frames = measurement.repeats[0].frames
                        benchmark.measurement(framesPerSecond, Int(Double(frames.count) / seconds))
                        let totalNs = (0..<frames.count).reduce(UInt64(0)) { $0 + frames.durationNs(at: $1) }
                        benchmark.measurement(meanFrameNs, Int(totalNs) / max(frames.count, 1))
                        blackHole(measurement)
                    }
                }
            }
        }
    }
}
