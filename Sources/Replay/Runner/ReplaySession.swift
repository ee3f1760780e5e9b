public import Reporting
import CollectionEngine
import TraceXML
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
private typealias Glibc = Darwin
#endif

/// One trace opened with one layout, replayed one pass at a time: what `reel compare` interleaves (A B C,
/// then B C A, …) and what `reel gate` adds repeats to.
///
/// The session reads the trace's header, resolves the layout, the mode, the refresh rate, the budget, the
/// clock and the measurement window once; each ``runPass(progress:)`` then builds a fresh collection view
/// and layout and replays the whole trace on the session's clock. A trace that is not a regular file (a
/// pipe, `/dev/stdin`) is read into memory once, so every pass reads the same bytes.
///
/// ```swift
/// let a = try ReplaySession(trace: "Traces/photo-grid-browse.xml", options: ReplayOptions(layout: "flow"))
/// let b = try ReplaySession(trace: "Traces/photo-grid-browse.xml", options: ReplayOptions(layout: "circle"))
/// var passes: [ReplaySession.Pass] = []
/// for _ in 0..<10 { passes += [try a.runPass(), try b.runPass()] }
/// ```
///
/// A pass that stops on a bad event returns the frames it measured with ``Pass/failure`` set, and stops the
/// session: a later ``runPass(progress:)`` throws that error. A session is not `Sendable`: its clock
/// measures the thread that runs it.
public final class ReplaySession {
    /// What one pass measured.
    public struct Pass: Sendable {
        /// Every frame of the pass and the time per span path.
        public var measurement: RepeatMeasurement
        /// Reel's exact counters, every declared one present.
        public var counters: CounterValues
        /// Frames in which the content offset changed.
        public var scrollFrames: Int
        /// The trace's markers, as the pass met them.
        public var markers: [Marker]
        /// Why the pass stopped early, when it did.
        public var failure: ReplayError?
        /// Every span of the pass with its start and duration, when ``runPass(recordingTimelineAs:progress:)``
        /// was asked to record them.
        public var timeline: SpanTimeline?
    }

    /// The trace's path, as given.
    public let trace: String
    /// The registry name of the layout the passes use.
    public let layout: String
    public let mode: ReplayMode
    /// Frames per second: the fastest, when the trace gives every frame its own interval.
    public let refreshRate: Double
    /// The frame budget, in milliseconds: the tightest, when the trace gives every frame its own interval.
    public let budgetMs: Double
    /// When each frame begins and its budget.
    public let frameClock: FrameClock
    /// The frames the report's frame figures cover.
    public let window: MeasurementWindow
    /// The frames a pass runs, from the trace's events (to the last event, or when the last animation
    /// settles), before any pass: exact unless the trace has drags, pinches or animated scrolling, whose
    /// motion may outlast the last event (then a pass tells).
    public let expectedFrames: (count: Int, exact: Bool)
    /// The clock every pass measures (and spends the workload on, in ``WorkloadMode/spend``).
    public let clock: any ReplayClock
    /// How every pass charges the `<workload>`'s costs.
    public let workload: WorkloadMode
    /// Passes run so far, including one that failed.
    public private(set) var passesRun = 0
    /// The error that stopped the session, if a pass failed.
    public private(set) var failure: ReplayError?
    /// Things the user should know that are not failures (a truncated trace), known after the first pass.
    public private(set) var warnings: [String] = []
    /// The trace is cut off and the options do not accept it: the complete events are replayed,
    /// and the measurement is incomplete with this error. Known after the first pass.
    public private(set) var truncation: ReplayError?

    private var source: Source
    private let readerOptions: TraceReader.Options
    private let allowsTruncation: Bool
    private let header: TraceHeader
    private let layoutOverride: String?
    private let observesSpans: Bool
    private let alternatesSpanObservation: Bool
    private let registry: LayoutRegistry
    /// The trace's events, read once when the session opened it, when they fit (``PackedEvents``): every pass
    /// replays them; `nil` when every pass reads the trace.
    private let events: PackedEvents?
    /// Frames in the last pass run, or an estimate from the trace's last event before any: what a timeline's
    /// buffer is sized from.
    private var framesPerPass: Int?
    /// Frames in the last pass run: what the next pass's frame log reserves room for.
    private var lastPassFrames: Int?
    /// The profiler every pass measures on but one that records a timeline: its histograms are allocated
    /// once per session, not once per pass.
    private lazy var profiler = Profiler(clock: clock, budgetNs: budgetNs, observesSpans: observesSpans,
                                         frameClock: frameClock)
    private var budgetNs: UInt64 { UInt64((budgetMs * 1_000_000).rounded()) }

    /// Where passes read the trace from, when its events do not fit in memory.
    private enum Source {
        /// A regular file, re-opened by every pass.
        case file
        /// The bytes of a trace that cannot be read twice.
        case memory([UInt8])
    }

    /// Opens `path`, reads its header and its events once, and resolves everything a pass needs.
    ///
    /// - Parameters:
    ///   - path: The trace.
    ///   - options: The layout, mode, refresh rate, budget, clock and window; `repeats` and `warmup` are the
    ///     caller's business.
    ///   - registry: Where layouts are found.
    ///   - clock: A clock to use instead of `options.clock`'s (tests inject a ``ManualClock``).
    /// - Throws: ``ReplayError`` when the trace or its header cannot be read, the layout or a parameter is
    ///   unknown, an override is out of range, or a window's marker is not in the trace.
    public init(trace path: String, options: ReplayOptions = ReplayOptions(), registry: LayoutRegistry = .standard,
                clock: (any ReplayClock)? = nil) throws(ReplayError) {
        trace = path
        self.registry = registry
        layoutOverride = options.layout
        observesSpans = options.observesSpans
        alternatesSpanObservation = options.alternatesSpanObservation
        // The reader always reads up to the cut, so that a cut-off trace is replayed up to its last complete
        // event; whether the cut is accepted is decided after the first pass.
        readerOptions = TraceReader.Options(allowsTruncation: true)
        allowsTruncation = options.allowsTruncation
        source = try Self.source(path)
        // No frame is measured while the events are read, so the trace is parsed on a second thread; a trace
        // with an error is read again on one thread, for the error's exact position.
        let reader: TraceReader
        do throws(ReplayError) {
            reader = try Self.open(source, path, readerOptions, readsAhead: true)
        } catch {
            reader = try Self.open(source, path, readerOptions)
        }
        if let itemCount = options.itemCount {
            header = try ItemScaling.header(reader.header, itemCount: itemCount, path: path)
        } else {
            header = reader.header
        }
        if let rate = options.refreshRate, !(rate > 0 && rate.isFinite) {
            throw ReplayError(.unsupported, "the refresh rate must be positive, not \(rate)", path: path)
        }
        if let budget = options.budgetMs, !(budget > 0 && budget.isFinite) {
            throw ReplayError(.unsupported, "the budget must be positive, not \(budget) ms", path: path)
        }
        // `--refresh-rate` overrides the trace's frame intervals; `--budget` is every frame's budget.
        frameClock = FrameClock(header: header, refreshRate: options.refreshRate, budgetMs: options.budgetMs)
        refreshRate = frameClock.refreshRate
        budgetMs = frameClock.minimumBudgetMs
        // Resolving the layout now refuses an unknown one before anything is replayed.
        _ = try registry.makeLayout(for: header.layout, named: options.layout, path: path)
        layout = options.layout ?? header.layout.name
        let markers = options.fromMarker != nil || options.toMarker != nil
        var scan = TraceScan(reader, path: path, markers: markers, frameClock: frameClock)
        if scan.error != nil, let exact = try? Self.open(source, path, readerOptions) {
            scan = TraceScan(exact, path: path, markers: markers, frameClock: frameClock)
        }
        events = scan.events
        // Kept events need no copy of a trace that cannot be read twice.
        if events != nil { source = .file }
        // A session too long to replay is refused before the first pass (the scan read every event).
        if let tooLong = scan.length.problem() { throw tooLong.replayError(path: path) }
        expectedFrames = (Int(scan.length.frames), !scan.hasMotion)
        if options.timelineRepeat != nil {
            // The first timeline's buffer is sized before any pass: the session ends at its last event's frame,
            // or when animations and flings started by then settle, a few seconds more at most.
            framesPerPass = expectedFrames.count + Int(min(Self.settleSeconds * refreshRate, Double(TraceLimits.frames)))
        }
        mode = options.mode ?? scan.defaultMode
        do {
            window = try Self.window(options, markers: scan.markers, frameClock: frameClock, path: path)
        } catch {
            // A marker missing because the trace breaks off before it: the trace's error is the one to name.
            throw scan.error ?? error
        }
        self.clock = clock ?? options.clock.makeClock()
        workload = options.workload
        if workload == .spend { try refuseWorkloadOverLimit() }
    }

    /// The events of a pass: the kept ones, or a reader on the trace when they did not fit.
    private func eventSource() throws(ReplayError) -> any EventSource {
        if let events { return events.cursor() }
        return try Self.open(source, trace, readerOptions)
    }

    /// Refuses, before anything is spent, a trace whose `<workload>` would take a pass past
    /// ``TraceLimits/workloadSecondsPerPass``: what a pass charges depends on what the engine creates, configures
    /// and recycles, so a pass that models the costs on a clock that spends nothing (as `reel validate` does)
    /// finds it, in the engine's time alone. Only a spending replay needs it; a modelling one spends nothing
    /// and stops at the same frame with the same words.
    private func refuseWorkloadOverLimit() throws(ReplayError) {
        guard !WorkloadCosts(header.workload).isFree else { return }
        let input = try eventSource()
        let layout = try registry.makeLayout(for: header.layout, named: layoutOverride, path: trace)
        let pass = ReplayPass(quiet: header, path: trace, layout: layout, registry: registry, mode: mode,
                              frameClock: frameClock, spans: .never)
        // Any other error is the real pass's to report, where it meets it.
        if let failure = pass.run(input).failure, failure.isWorkloadOverLimit { throw failure }
    }

    /// How long a session may run past its last event before its animations settle, when sizing a timeline
    /// before any pass has run.
    static let settleSeconds = 10.0

    /// Replays the whole trace once and returns what the pass measured.
    ///
    /// - Parameters:
    ///   - repeatNumber: When given, the pass records every span's start and duration as measured repeat
    ///     `repeatNumber` (``Pass/timeline``), into a buffer allocated before the pass begins and sized from
    ///     the frames of the last pass (or, before any, of the trace's events) × a bound of spans per frame,
    ///     at most 4 Mi spans: spans past it are counted in ``SpanTimeline/droppedSpans``.
    ///   - progress: Called after each frame with its index, from 0.
    /// - Throws: The error that stopped an earlier pass, or a ``ReplayError`` when the trace cannot be opened
    ///   again; a bad event met during this pass is in the returned pass's ``Pass/failure`` instead.
    public func runPass(recordingTimelineAs repeatNumber: Int? = nil,
                        progress: (Int) -> Void = { _ in }) throws(ReplayError) -> Pass {
        if let failure { throw failure }
        let input = try eventSource()
        let layoutObject = try registry.makeLayout(for: header.layout, named: layoutOverride, path: trace)
        let passProfiler: Profiler
        if repeatNumber == nil {
            profiler.reset()
            passProfiler = profiler
        } else {
            passProfiler = Profiler(clock: clock, budgetNs: budgetNs,
                                    timelineCapacity: TimelineRecorder.capacity(frames: framesPerPass ?? 1),
                                    observesSpans: observesSpans, frameClock: frameClock)
        }
        let driver = EventDriver(header: header, path: trace, layout: layoutObject, registry: registry, mode: mode,
                                 frameClock: frameClock, spans: passProfiler,
                                 charge: workload == .model ? .model(passProfiler) : .spend(clock))
        let pass = ReplayPass(
            driver, spans: ReplayPass.SpanObservation(observesSpans: observesSpans, alternates: alternatesSpanObservation),
            observers: [
                RulesCheck(header: header, path: trace, registry: registry, frameClock: frameClock),
                FrameMeasurement(profiler: passProfiler, frameClock: frameClock, budgetNs: budgetNs,
                                 expectedFrames: lastPassFrames ?? expectedFrames.count, timelineRepeat: repeatNumber),
            ])
        // The kept events' cursor as its own type, so that the pass reads each event by a direct call, not
        // through the protocol's witness table.
        let result = if let cursor = input as? PackedEvents.Cursor {
            pass.run(cursor, progress: progress)
        } else {
            pass.run(input, progress: progress)
        }
        let readerWarnings = input.warnings
        framesPerPass = result.frames.count
        lastPassFrames = result.frames.count
        if passesRun == 0 {
            let cut = readerWarnings.first { $0.code == .truncated }
            if let cut, !allowsTruncation {
                truncation = Self.truncationError(cut, path: trace, consequence: "replayed up to there, the report is incomplete")
            }
            warnings += readerWarnings.filter { $0.code != .truncated || allowsTruncation }.map(\.description)
            // What the engine logged, once per message with a count (the report prefixes "warning: ").
            warnings += TracedWarning.diagnostics(result.warnings, path: trace).map { diagnostic in
                "\(diagnostic.location.map(\.description) ?? diagnostic.path): \(diagnostic.message)"
            }
        }
        passesRun += 1
        failure = result.failure
        return Pass(measurement: RepeatMeasurement(frames: result.frames, paths: result.paths),
                    counters: CounterValues(result.counters), scrollFrames: result.scrollFrames,
                    markers: result.markers, failure: result.failure, timeline: result.timeline)
    }

    /// The measurement of `passes` of this session, as reports read it: their frames as the measured
    /// repeats, the counters, scroll frames and markers of the first of them, and the last one's failure.
    /// - Parameters:
    ///   - passes: The measured passes, in order; warm-up passes left out.
    ///   - warmup: How many passes were run first and left out.
    public func measurement(of passes: [Pass], warmup: Int) -> ReplayMeasurement {
        let reference = passes.first
        let failed = passes.last?.failure ?? truncation
        return ReplayMeasurement(
            trace: trace, layout: layout, mode: mode, refreshRate: refreshRate, budgetMs: budgetMs,
            warmup: warmup, repeats: passes.map(\.measurement), complete: failed == nil,
            failure: failed?.description, counters: reference?.counters ?? CounterValues(EngineCounters()),
            scrollFrames: reference?.scrollFrames ?? 0, markers: reference?.markers ?? [], warnings: warnings,
            environment: .current, clock: clock.name, workload: workload, window: window,
            timeline: passes.lazy.compactMap(\.timeline).first, frameClock: frameClock)
    }
}

extension ReplaySession {
    /// The error of a trace cut off before `</trace>` when the options do not accept it: where and how it is
    /// cut, what was done about it, and the option that accepts it — one message for `replay`, `compare`,
    /// `gate` and `snapshot`.
    static func truncationError(_ cut: TraceDiagnostic, path: String, consequence: String? = nil) -> ReplayError {
        ReplayError(.trace, cut.message + (consequence.map { "; \($0)" } ?? "")
                        + "; pass --allow-truncated to accept a cut-off trace",
                    path: path, location: cut.location)
    }

    private static func source(_ path: String) throws(ReplayError) -> Source {
        var status = stat()
        guard stat(TraceInput.readablePath(path), &status) == 0 else {
            // TraceReader names the problem (no such file, permission denied) when it opens the path.
            return .file
        }
        // A directory is refused by TraceReader, in the words every command uses.
        let kind = status.st_mode & S_IFMT
        guard kind != S_IFREG, kind != S_IFDIR else { return .file }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ReplayError(.trace, "cannot open the trace: \(String(cString: strerror(errno)))", path: path)
        }
        defer { Glibc.close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReplayError(.trace, "cannot read the trace: \(String(cString: strerror(errno)))", path: path)
            }
            bytes += chunk[..<count]
            guard bytes.count <= TraceLimits.traceBytes else {
                throw ReplayError(.trace, "the input goes on past \(TraceLimits.grouped(TraceLimits.traceBytes)) bytes, "
                                  + "the largest trace Reel reads (4 GiB)", path: path)
            }
        }
        return .memory(bytes)
    }

    /// - Parameter readsAhead: parse on a second thread (``TraceReader/init(path:bytes:options:readsAhead:)``):
    ///   an error in an attribute is then placed at its element.
    private static func open(_ source: Source, _ path: String, _ options: TraceReader.Options,
                             readsAhead: Bool = false) throws(ReplayError) -> TraceReader {
        do {
            let bytes: [UInt8]? = if case .memory(let bytes) = source { bytes } else { nil }
            return try TraceReader(path: path, bytes: bytes, options: options, readsAhead: readsAhead)
        } catch {
            throw ReplayError(error)
        }
    }

    /// The window of `options`, its markers found in the trace.
    private static func window(_ options: ReplayOptions, markers: [Marker], frameClock: FrameClock,
                               path: String) throws(ReplayError) -> MeasurementWindow {
        func find(_ label: String, after start: Marker?, option: String) throws(ReplayError) -> Marker {
            if let found = markers.first(where: { $0.label == label && $0.time >= (start?.time ?? 0) }) { return found }
            let known = markers.isEmpty ? "the trace has no markers"
                : "the trace's markers are " + markers.map { "'\($0.label)'" }.joined(separator: ", ")
            if start != nil, markers.contains(where: { $0.label == label }) {
                throw ReplayError(.unsupported, "\(option) '\(label)' comes before --from-marker '\(start?.label ?? "")'",
                                  path: path)
            }
            throw ReplayError(.unsupported, "\(option) names no marker '\(label)'; \(known)", path: path)
        }
        let from = try options.fromMarker.map { label throws(ReplayError) in
            try find(label, after: nil, option: "--from-marker")
        }
        let to = try options.toMarker.map { label throws(ReplayError) in
            try find(label, after: from, option: "--to-marker")
        }
        return MeasurementWindow(includesInitialDisplay: options.includesInitialDisplay, from: from, to: to)
    }
}
