public import Reporting
import TraceXML

/// One trace replayed at several item counts with each of several layouts, every (count, layout) pair's
/// passes interleaved (``Interleaving``) so that a drift of the machine falls on every count alike: what
/// `reel compare --scale` measures (``ScaleCheck``).
///
/// Each count is refused before anything is replayed when one of the trace's events would not hold at it
/// (``ItemScaling/check(trace:itemCount:registry:)``).
public struct ScaleCheckRun {
    /// The trace.
    public var trace: String
    /// The registry names of the layouts.
    public var layouts: [String]
    /// The item counts, each once, in any order (the check sorts them).
    public var counts: [Int]
    /// The mode, refresh rate, budget, clock, repeats and warm-up passes (per count and layout); its `layout`
    /// and `itemCount` are ignored and its `mode` defaults to gestures, as compare's does.
    public var options: ReplayOptions
    public var registry: LayoutRegistry

    public init(trace: String, layouts: [String], counts: [Int], options: ReplayOptions,
                registry: LayoutRegistry = .standard) {
        self.trace = trace
        self.layouts = layouts
        self.counts = Array(Set(counts)).sorted()
        self.options = options
        self.registry = registry
    }

    /// Opens one session per count and layout, runs their warm-up passes, then their measured passes in
    /// rotating rounds, and judges each layout.
    ///
    /// A pass that stops on a bad event stops its layout's passes; the check keeps the passes run.
    /// - Parameter progress: Called after each frame of each pass.
    /// - Throws: ``ReplayError`` when the trace cannot be read, a count breaks one of its events, a layout is
    ///   unknown, or a warm-up pass stops on a bad event.
    public func run(progress: (ReplayProgress) -> Void = { _ in }) throws(ReplayError) -> ScaleCheck {
        precondition(counts.count >= 2 && !layouts.isEmpty, "a scale check needs two counts and a layout")
        precondition(counts.allSatisfy { (1...TraceLimits.items).contains($0) },
                     "item counts are from 1 to \(TraceLimits.items), not \(counts)")
        for count in counts { try ItemScaling.check(trace: trace, itemCount: count, registry: registry) }
        var sessionOptions = options
        sessionOptions.mode = options.mode ?? .gestures
        // Arm a = (count a / layouts, layout a % layouts).
        var sessions: [ReplaySession] = []
        for count in counts {
            for layout in layouts {
                sessionOptions.layout = layout
                sessionOptions.itemCount = count
                sessions.append(try ReplaySession(trace: trace, options: sessionOptions, registry: registry))
            }
        }
        let passes = Interleaving(layouts: sessions.count, repeats: options.repeats, warmup: options.warmup).passes
        var measured = [[RepeatMeasurement]](repeating: [], count: sessions.count)
        var failures = [String?](repeating: nil, count: layouts.count)
        let framesPerPass = sessions[0].expectedFrames.count
        let warmupPasses = passes.prefix { $0.isWarmup }.count
        for (index, pass) in passes.enumerated() {
            let layout = pass.layout % layouts.count
            // A layout whose pass failed runs no more passes, at any count.
            guard failures[layout] == nil else { continue }
            let result = try sessions[pass.layout].runPass { frame in
                progress(ReplayProgress(pass: index, passes: passes.count, frame: frame + 1,
                                        framesPerPass: framesPerPass, framesPerPassIsExact: false,
                                        warmup: warmupPasses))
            }
            if pass.isWarmup, let error = result.failure { throw error }
            if let error = result.failure {
                failures[layout] = error.description
            } else if !pass.isWarmup {
                measured[pass.layout].append(result.measurement)
            }
        }
        let first = sessions[0]
        return ScaleCheck(
            trace: trace, counts: counts, repeats: options.repeats, warmup: options.warmup, mode: first.mode,
            clock: first.clock.name, workload: first.workload,
            layouts: layouts.indices.map { layout in
                let passes = counts.indices.map { measured[$0 * layouts.count + layout] }
                return ScaleCheck.Layout(name: layouts[layout], phases: ScaleCheck.phases(passes),
                                         failure: failures[layout])
            })
    }
}
