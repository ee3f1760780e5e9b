public import Reporting

/// One trace replayed with several layouts, their passes interleaved (``Interleaving``) through one
/// ``ReplaySession`` per layout: what `reel compare` measures.
///
/// Each layout keeps the trace's own layout parameters that it declares
/// (``LayoutRegistry/makeLayout(for:named:path:)``); the mode is gestures unless the options say otherwise,
/// since layouts' content sizes and snapping differ and recorded offsets belong to one layout only.
public struct LayoutComparison {
    /// What the interleaved passes measured.
    public struct Result: Sendable {
        /// One measurement per layout, in the order the layouts were given.
        public var measurements: [ReplayMeasurement]
        /// The layouts of each measured round, in the order they ran.
        public var rounds: [[String]]
        /// The error that stopped the comparison, when a pass met a bad event.
        public var failure: ReplayError?
    }

    /// The trace.
    public var trace: String
    /// The registry names of the compared layouts, the base first.
    public var layouts: [String]
    /// The mode, refresh rate, budget, clock, window, repeats and warm-up passes; its `layout` is ignored and its
    /// `mode` defaults to gestures.
    public var options: ReplayOptions
    public var registry: LayoutRegistry

    public init(trace: String, layouts: [String], options: ReplayOptions, registry: LayoutRegistry = .standard) {
        self.trace = trace
        self.layouts = layouts
        self.options = options
        self.registry = registry
    }

    /// Opens one session per layout, runs every layout's warm-up passes, then the measured passes in rotating
    /// rounds, and returns each layout's measurement.
    ///
    /// A pass that stops on a bad event ends the comparison: its layout's measurement carries the failure and
    /// every layout keeps the passes it ran.
    /// - Parameters:
    ///   - clock: Makes each session's clock instead of `options.clock` (tests inject a manual clock).
    ///   - progress: Called after each frame of each pass.
    /// - Throws: ``ReplayError`` when the trace cannot be read or a layout is unknown, before anything is
    ///   replayed, or when a warm-up pass stops on a bad event (its error).
    public func run(clock: (() -> any ReplayClock)? = nil,
                    progress: (ReplayProgress) -> Void = { _ in }) throws(ReplayError) -> Result {
        var sessionOptions = options
        sessionOptions.mode = options.mode ?? .gestures
        var sessions: [ReplaySession] = []
        for layout in layouts {
            sessionOptions.layout = layout
            sessions.append(try ReplaySession(trace: trace, options: sessionOptions, registry: registry,
                                              clock: clock?()))
        }
        let schedule = Interleaving(layouts: layouts.count, repeats: options.repeats, warmup: options.warmup)
        let passes = schedule.passes
        var measured = [[ReplaySession.Pass]](repeating: [], count: layouts.count)
        var rounds: [[String]] = []
        var failure: ReplayError?
        // The total is known before the first frame, from the trace's events (the first layout's count stands
        // for all); where a fling may outlast the last event, each pass corrects the estimate.
        var framesPerPass = sessions[0].expectedFrames.count
        let exact = sessions.allSatisfy { $0.expectedFrames.exact && $0.expectedFrames.count == framesPerPass }
        let warmupPasses = passes.prefix { $0.isWarmup }.count
        for (index, pass) in passes.enumerated() {
            let result = try sessions[pass.layout].runPass { frame in
                progress(ReplayProgress(pass: index, passes: passes.count, frame: frame + 1, framesPerPass: framesPerPass,
                                        framesPerPassIsExact: exact, warmup: warmupPasses))
            }
            if !exact { framesPerPass = result.measurement.frames.count }
            // A warm-up pass's frames are not measured: when one stops on a bad event, the comparison stops with it.
            if pass.isWarmup, let error = result.failure { throw error }
            if !pass.isWarmup { measured[pass.layout].append(result) }
            if !pass.isWarmup {
                if rounds.count <= pass.round { rounds.append([]) }
                rounds[pass.round].append(layouts[pass.layout])
            }
            if let error = result.failure {
                failure = error
                break
            }
        }
        let measurements = zip(sessions, measured).map { session, passes in
            session.measurement(of: passes, warmup: options.warmup)
        }
        return Result(measurements: measurements, rounds: rounds, failure: failure)
    }
}
