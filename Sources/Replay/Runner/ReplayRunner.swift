public import Reporting
import CollectionEngine
import TraceXML
import Foundation

/// Replays traces through the engine and measures every frame (SPEC §3, §4).
public struct ReplayRunner: Sendable {
    public var registry: LayoutRegistry
    /// Makes the clock for a replay; the machine's monotonic clock unless a test injects another.
    public var makeClock: @Sendable () -> any ReplayClock

    public init(registry: LayoutRegistry = .standard,
                makeClock: @escaping @Sendable () -> any ReplayClock = { MonotonicClock() }) {
        self.registry = registry
        self.makeClock = makeClock
    }

    /// Replays the trace at `path` `options.warmup + options.repeats` times and returns what the measured
    /// passes measured.
    ///
    /// A replay that stops on a bad event returns the frames measured so far, with ``ReplayMeasurement``'s
    /// `complete` false and `failure` naming the place.
    ///
    /// - Throws: ``ReplayError`` when nothing can be measured: an unreadable trace or header, an unknown
    ///   layout or parameter.
    public func replay(_ path: String, options: ReplayOptions = ReplayOptions(),
                       progress: (ReplayProgress) -> Void = { _ in }) throws(ReplayError) -> ReplayMeasurement {
        guard options.repeats >= 1, options.warmup >= 0 else {
            throw ReplayError(.unsupported, "a replay needs at least one measured repeat", path: path)
        }
        let readerOptions = TraceReader.Options(allowsTruncation: options.allowsTruncation)
        let first = try open(path, readerOptions)
        let header = first.header
        let refreshRate = options.refreshRate ?? header.collectionView.refreshRate
        guard refreshRate > 0, refreshRate.isFinite else {
            throw ReplayError(.unsupported, "the refresh rate must be positive, not \(refreshRate)", path: path)
        }
        let budgetMs = options.budgetMs ?? 1000 / refreshRate
        guard budgetMs > 0, budgetMs.isFinite else {
            throw ReplayError(.unsupported, "the budget must be positive, not \(budgetMs) ms", path: path)
        }
        let layoutName = options.layout ?? header.layout.name
        let mode = options.mode ?? Self.defaultMode(path, readerOptions)

        let clock = makeClock()
        let passes = options.warmup + options.repeats
        var measured: [RepeatMeasurement] = []
        var firstMeasured: ReplayPass.Result?
        var failure: ReplayError?
        var warnings: [String] = []
        var framesPerPass: Int?
        for pass in 0..<passes {
            let reader = try pass == 0 ? first : open(path, readerOptions)
            let layout = try registry.makeLayout(for: header.layout, named: options.layout, path: path)
            let replay = ReplayPass(header: header, path: path, layout: layout, registry: registry, mode: mode,
                                    refreshRate: refreshRate, budgetNs: UInt64((budgetMs * 1_000_000).rounded()),
                                    clock: clock)
            let result = replay.run(reader) { frame in
                progress(ReplayProgress(pass: pass, passes: passes, frame: frame + 1, framesPerPass: framesPerPass))
            }
            framesPerPass = framesPerPass ?? result.frames.count
            if pass == 0 {
                warnings += reader.warnings.map(\.description)
            }
            if pass >= options.warmup || result.failure != nil {
                measured.append(RepeatMeasurement(frames: result.frames, paths: result.paths))
                firstMeasured = firstMeasured ?? result
            }
            if let error = result.failure {
                failure = error
                break
            }
        }
        let reference = firstMeasured ?? ReplayPass.Result()
        return ReplayMeasurement(
            trace: path, layout: layoutName, mode: mode.rawValue, refreshRate: refreshRate, budgetMs: budgetMs,
            warmup: options.warmup, repeats: measured, complete: failure == nil, failure: failure?.description,
            counters: reference.counters.reportCounters, scrollFrames: reference.scrollFrames,
            markers: reference.markers, warnings: warnings, environment: .current)
    }

    /// Offsets mode when the trace has `<scroll>` events (SPEC §3), else gestures mode. Reads up to the first
    /// `<scroll>`, in constant memory.
    static func defaultMode(_ path: String, _ options: TraceReader.Options) -> ReplayMode {
        do {
            let reader = try TraceReader(path: path, options: options)
            while let event = try reader.next() {
                if case .scroll = event.kind { return .offsets }
            }
            return .gestures
        } catch {
            // The replay itself reports the trace's errors where it meets them.
            return .offsets
        }
    }

    private func open(_ path: String, _ options: TraceReader.Options) throws(ReplayError) -> TraceReader {
        do {
            return try TraceReader(path: path, options: options)
        } catch {
            throw ReplayError(error)
        }
    }
}

extension Reporting.Environment {
    /// This machine and build.
    static var current: Reporting.Environment {
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
                                     cores: ProcessInfo.processInfo.activeProcessorCount, swift: swift, build: build)
    }
}
