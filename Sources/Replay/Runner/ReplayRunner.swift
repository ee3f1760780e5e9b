public import Reporting
import CollectionEngine
import TraceXML
import Foundation

/// Replays traces through the engine and measures every frame.
public struct ReplayRunner: Sendable {
    public var registry: LayoutRegistry
    /// Makes the clock for a replay instead of ``ReplayOptions/clock``'s, when a test injects one.
    public var makeClock: (@Sendable () -> any ReplayClock)?

    public init(registry: LayoutRegistry = .standard, makeClock: (@Sendable () -> any ReplayClock)? = nil) {
        self.registry = registry
        self.makeClock = makeClock
    }

    /// Replays the trace at `path` `options.warmup + options.repeats` times and returns what the measured
    /// passes measured: a loop over one ``ReplaySession``, its warm-up passes discarded.
    ///
    /// A replay that stops on a bad event returns the frames measured so far, with ``ReplayMeasurement``'s
    /// `complete` false and `failure` naming the place.
    ///
    /// - Throws: ``ReplayError`` when nothing can be measured: an unreadable trace or header, an unknown
    ///   layout, parameter or marker, or a warm-up pass that stopped on a bad event (its error).
    public func replay(_ path: String, options: ReplayOptions = ReplayOptions(),
                       progress: (ReplayProgress) -> Void = { _ in }) throws(ReplayError) -> ReplayMeasurement {
        guard options.repeats >= 1, options.warmup >= 0 else {
            throw ReplayError(.unsupported, "a replay needs at least one measured repeat", path: path)
        }
        if let timelineRepeat = options.timelineRepeat, !(1...options.repeats).contains(timelineRepeat) {
            throw ReplayError(.unsupported, "the timeline's repeat must be a measured one, 1 to \(options.repeats), "
                                  + "not \(timelineRepeat)", path: path)
        }
        let session = try ReplaySession(trace: path, options: options, registry: registry, clock: makeClock?())
        let passes = options.warmup + options.repeats
        var measured: [ReplaySession.Pass] = []
        // The total is known before the first frame, from the trace's events; the first pass corrects an
        // estimate (a fling that outlasts the last event).
        var framesPerPass = session.expectedFrames.count
        var exact = session.expectedFrames.exact
        for pass in 0..<passes {
            // Only the pass whose timeline is asked for records one; the others pay nothing for it.
            let measuredNumber = pass - options.warmup + 1
            let result = try session.runPass(
                recordingTimelineAs: options.timelineRepeat == measuredNumber ? measuredNumber : nil) { frame in
                progress(ReplayProgress(pass: pass, passes: passes, frame: frame + 1, framesPerPass: framesPerPass,
                                        framesPerPassIsExact: exact, warmup: options.warmup))
            }
            if !exact || pass == 0 {
                framesPerPass = result.measurement.frames.count
                exact = true
            }
            // A warm-up pass's frames are not measured: when one stops on a bad event, the replay stops with it.
            if pass < options.warmup, let failure = result.failure { throw failure }
            if pass >= options.warmup { measured.append(result) }
            if result.failure != nil { break }
        }
        return session.measurement(of: measured, warmup: options.warmup)
    }
}

extension Reporting.Environment {
    /// This machine and build: what a replay run here records, and what `reel gate` compares a baseline's with
    /// before it replays.
    public static var current: Reporting.Environment {
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        #if compiler(>=6.4)
        let swift = "6.4"
        #elseif compiler(>=6.3)
        let swift = "6.3"
        #elseif compiler(>=6.2)
        let swift = "6.2"
        #else
        let swift = "6.1"
        #endif
        return Reporting.Environment(host: ProcessInfo.processInfo.hostName,
                                     cores: ProcessInfo.processInfo.activeProcessorCount, swift: swift, build: build,
                                     cpuModel: cpuModel)
    }
}
