import CollectionEngine
import Reporting
import TraceXML

/// One pass over a trace: runs the events frame by frame through an ``EventDriver``, which applies them to
/// the engine, and tells its observers (``PassObserver``) — the rules, the frame measurement — what each frame
/// and event did. Each command composes the observers it needs rather than setting flags.
///
/// Frame n begins at the sum of the intervals before it (n / refresh rate, unless the trace gives each frame
/// its own interval: ``FrameClock``); at its start every event with `t` before the end of the frame that
/// has not run yet runs, in document order. The events of a frame are read from the trace
/// before its clock starts, so parsing is never billed to the app.
final class ReplayPass {
    struct Result {
        /// Every frame, kept compactly: what a long session's memory is made of; empty unless the pass measures
        /// its frames (``FrameMeasurement``).
        var frames = FrameLog(refreshRate: 1, budgetNs: 0)
        /// The frames the pass ran.
        var framesRun = 0
        var paths: [PathMeasurement] = []
        var counters = EngineCounters()
        var scrollFrames = 0
        var markers: [Marker] = []
        /// What the engine logged, in order, each with the event it came from when there is one.
        var warnings: [TracedWarning] = []
        var failure: ReplayError?
        /// Every span of the pass with its start and duration, when the pass was asked to record them.
        var timeline: SpanTimeline?
    }

    /// Which frames the profiler measures the spans of; the others it only times.
    enum SpanObservation {
        case everyFrame
        case never
        /// Frames alternate between observed and only timed (``ReplayOptions/alternatesSpanObservation``), frame 0
        /// observed when `firstObserved`.
        case alternating(firstObserved: Bool)

        init(observesSpans: Bool, alternates: Bool) {
            self = alternates ? .alternating(firstObserved: observesSpans) : observesSpans ? .everyFrame : .never
        }

        /// Whether the spans of the pass's first frame are observed: how its profiler is made.
        var observesFirstFrame: Bool {
            switch self {
            case .everyFrame: true
            case .never: false
            case .alternating(let first): first
            }
        }
    }

    let driver: EventDriver
    // The driver's, held here too: read several times a frame, a stored property spares each read a load
    // through the driver.
    let collectionView: CollectionView
    let frameClock: FrameClock
    private let path: String
    private let profiler: Profiler
    private let spanObservation: SpanObservation
    private let observers: Observers
    // Updated several times a frame (warnings, failure): plain loads and stores, without the dynamic exclusivity
    // checks a class's stored property gets by default. Safe: a pass runs on one thread (it is not Sendable)
    // and no access to `result` is ever held across a call that could reach it again.
    @exclusivity(unchecked) private var result = Result()
    /// Which frames leave their display pass out, when the pass reports only refusals and warnings.
    /// `@exclusivity(unchecked)`: accessed several times a frame, only by ``runFrame(_:events:afterMotion:)``
    /// on the pass's thread, and nothing it calls while an access is under way (the collection view, the
    /// layout, the data source) can reach the pass, so no two accesses overlap.
    @exclusivity(unchecked) private var deferredDisplay: DeferredDisplay?

    /// A pass of `driver`'s engine, watched by `observers`, in order.
    /// - Parameters:
    ///   - spans: Which frames the driver's profiler measures the spans of.
    ///   - defersDisplay: Whether frames that can leave their display pass out do (``DeferredDisplay``): for a
    ///     pass that reports only what the engine refuses and logs, with a workload that spends nothing.
    init(_ driver: EventDriver, spans: SpanObservation = .everyFrame, observers: [any PassObserver],
         defersDisplay: Bool = false) {
        self.driver = driver
        collectionView = driver.collectionView
        frameClock = driver.frameClock
        path = driver.path
        profiler = driver.spans
        spanObservation = spans
        self.observers = Observers(observers)
        deferredDisplay = defersDisplay ? DeferredDisplay() : nil
        driver.collectionView.phaseRecorder = spans.observesFirstFrame ? driver.spans.phaseRecorder : nil
    }

    /// A pass measured by a clock that spends no real time, with nothing measured but the engine's counters,
    /// checked by the trace rules unless `observers` are given: what `snapshot`, `record` and a scenario's
    /// checks run.
    convenience init(quiet header: TraceHeader, path: String, layout: CollectionViewLayout, registry: LayoutRegistry,
                     mode: ReplayMode, frameClock: FrameClock, spans: SpanObservation = .everyFrame,
                     observers: [any PassObserver]? = nil, defersDisplay: Bool = false) {
        let profiler = Profiler(clock: ManualClock(), budgetNs: .max, observesSpans: spans.observesFirstFrame)
        let driver = EventDriver(header: header, path: path, layout: layout, registry: registry, mode: mode,
                                 frameClock: frameClock, spans: profiler, charge: .model(profiler))
        self.init(driver, spans: spans,
                  observers: observers ?? [RulesCheck(header: header, path: path, registry: registry, frameClock: frameClock)],
                  defersDisplay: defersDisplay)
    }

    /// Replays the whole trace `reader` reads (a ``TraceReader``, or the events the scan kept), or up to (not
    /// including) the frame `stopBefore`.
    ///
    /// A trace error stops the replay after the last frame whose events were all read: the reader looks
    /// one event ahead, so a bad event found while reading a frame's last good one belongs to a later frame.
    func run(_ reader: some EventSource, stopBefore: Int? = nil, progress: (Int) -> Void = { _ in }) -> Result {
        run(events: { () throws(TraceError) in try reader.next() }, stopBefore: stopBefore, progress: progress)
    }

    /// Replays the events `next` reads, in document order until it returns `nil`, as ``run(_:stopBefore:progress:)``
    /// replays a reader's.
    func run(events next: () throws(TraceError) -> TraceEvent?, stopBefore: Int? = nil,
             progress: (Int) -> Void = { _ in }) -> Result {
        // The next event, read ahead (nil at the end or after a read error), and its time. Each event is
        // moved from here into its frame's list, and the loop tests only the time and whether a read failed:
        // testing or binding the optionals themselves would copy them, and copies of events were most of
        // what a frame of `reel validate` costs outside the engine.
        var pending: TraceEvent?
        var pendingTime: Double?
        var readFailure: ReplayError?
        func readNext() {
            do {
                let event = try next()
                pendingTime = event?.time
                pending = event
            } catch {
                readFailure = ReplayError(error)
            }
        }
        readNext()
        var frameEvents: [TraceEvent] = []
        var index = 0
        while stopBefore.map({ index < $0 }) ?? true {
            // Sessions longer than the limit are refused before the first pass (SessionLength); one that
            // runs on past its events (a deceleration that does not settle) stops here.
            if index >= TraceLimits.frames {
                result.failure = ReplayError(
                    .unsupported,
                    "the session runs past \(TraceLimits.grouped(TraceLimits.frames)) frames (24 hours at 120 Hz), "
                        + "the limit, with animations or scrolling still running; the replay stops there",
                    path: path)
                break
            }
            let frameEnd = frameClock.startTime(ofFrame: index + 1)
            frameEvents.removeAll(keepingCapacity: true)
            while let time = pendingTime, time < frameEnd, let event = pending.take() {
                pendingTime = nil
                frameEvents.append(event)
                readNext()
            }
            do {
                try runFrame(index, events: frameEvents)
            } catch {
                // The frame that failed is not a complete frame: it is not reported.
                result.failure = error
                break
            }
            progress(index)
            index += 1
            if readFailure != nil {
                result.failure = readFailure
                break
            }
            // The session ends at the last event, or when the last animation settles, whichever is later.
            if pendingTime == nil && !collectionView.isAnimating { break }
        }
        result.framesRun = index
        return finish()
    }

    /// Runs frame `index` with its events, in the order every frame runs: animations and flings advance to
    /// the frame's time, the events apply, the collection view lays out. The recorder runs its frames
    /// through here too, so that what it records replays the same.
    /// - Parameter afterMotion: runs once animations and flings have moved, before the events apply.
    func runFrame(_ index: Int, events: [TraceEvent], afterMotion: () -> Void = {}) throws(ReplayError) {
        observers.frameWillBegin(index, driver)
        let offsetBefore = collectionView.contentOffset
        let frameTime = frameClock.startTime(ofFrame: index)
        // A frame that may read the display first brings it up to the bounds the last frames left.
        let mayDeferDisplay = deferredDisplay?.admits(events, collectionView) == true
        if deferredDisplay?.isStale == true && !mayDeferDisplay {
            collectionView.layoutIfNeeded()
            deferredDisplay?.displayed()
        }
        if case .alternating(let firstObserved) = spanObservation {
            let observes = index.isMultiple(of: 2) == firstObserved
            collectionView.phaseRecorder = observes ? profiler.phaseRecorder : nil
            profiler.observesSpans = observes
        }
        profiler.beginFrame()
        var failure: ReplayError?
        var displays = true
        do throws(ReplayError) {
            // Animations started by this frame's events start at its time, so the clock always moves.
            if collectionView.isAnimating {
                profiler.measure(.animation) { collectionView.advanceAnimations(to: frameTime) }
            } else {
                collectionView.advanceAnimations(to: frameTime)
            }
            afterMotion()
            collectWarnings(at: nil)
            for index in events.indices {
                do {
                    try apply(events[index], at: frameTime)
                } catch {
                    collectWarnings(at: events[index].location)
                    throw error
                }
                // The last event's warnings are taken with the layout pass's below, at the same location.
                if index < events.count - 1 { collectWarnings(at: events[index].location) }
            }
            if mayDeferDisplay, deferredDisplay?.leavesOut(collectionView, afterDrags: events.contains(where: \.isDrag)) == true {
                displays = false
            } else {
                collectionView.layoutIfNeeded()
                deferredDisplay?.displayed()
            }
            // A layout pass runs what the frame's events asked for (a resize, a batch): the last names it.
            collectWarnings(at: events.last?.location)
            try checkMachineLimits(index, time: frameTime, events: events, displayed: displays)
        } catch {
            failure = error
        }
        let measured = profiler.endFrame()
        if let failure { throw failure }
        let scrolled = collectionView.contentOffset != offsetBefore
        observers.frameDidEnd(index, measured, scrolled: scrolled, driver)
    }

    /// Stops the pass after frame `index` when it displays more elements than ``TraceLimits/visibleElements``
    /// or its workload would pass ``TraceLimits/workloadSecondsPerPass`` (``WorkloadBudget`` charged none of
    /// the cost that would have), naming the frame, the count and the limit, at the frame's last event. A frame
    /// that left its display pass out (not `displayed`) displays within the limit (``DeferredDisplay``).
    private func checkMachineLimits(_ index: Int, time: Double, events: [TraceEvent],
                                    displayed isDisplayed: Bool) throws(ReplayError) {
        // Named only when a limit is passed: no text per frame.
        var frame: String { "frame \(index) (\(TraceNumber.format((time * 1000).rounded() / 1000)) s)" }
        let displayed = isDisplayed ? collectionView.visibleElementOverflow ?? collectionView.displayedElementCount : 0
        if displayed > TraceLimits.visibleElements {
            throw ReplayError(
                .unsupported,
                "\(frame) displays \(TraceLimits.grouped(displayed)) elements, more than the limit of "
                    + "\(TraceLimits.grouped(TraceLimits.visibleElements)) in one frame; the replay stops there",
                path: path, location: events.last?.location)
        }
        if let recursion = collectionView.selfSizingRecursion {
            let items = recursion.oscillatingItems.prefix(8).map { "[\($0.section), \($0.item)]" }.joined(separator: ", ")
                + (recursion.oscillatingItems.count > 8 ? ", …" : "")
            throw ReplayError(
                .selfSizingRecursion,
                "\(frame): self-sizing cells still changed size after \(recursion.passes) nested layout passes "
                    + "(\(CollectionView.selfSizingRecursionMessage)); the items that never settle: "
                    + "\(items.isEmpty ? "none named" : items). iOS 18 and later stop the app here; the replay stops there",
                path: path, location: events.last?.location)
        }
        if driver.dataSource.budget.isExceeded {
            throw ReplayError(
                .workloadOverLimit,
                "\(frame): the workload would pass \(TraceNumber.format(TraceLimits.workloadSecondsPerPass)) s in "
                    + "this pass, the most one pass may charge for the <workload> costs; the replay stops before charging it",
                path: path, location: events.last?.location)
        }
    }

    /// Takes the warnings the engine logged since the last call, placing them at `location`.
    private func collectWarnings(at location: TraceLocation?) {
        guard collectionView.warnings.count > result.warnings.count else { return }
        let logged = collectionView.warnings
        result.warnings += logged[result.warnings.count...].map { TracedWarning(warning: $0, location: location) }
    }

    func finish() -> Result {
        observers.finish(into: &result)
        result.counters = collectionView.counters
        return result
    }

    /// Applies `event`, once every observer has seen it.
    private func apply(_ event: TraceEvent, at frameTime: Double) throws(ReplayError) {
        try observers.eventWillApply(event)
        try driver.apply(event, at: frameTime)
    }
}

extension GesturePhase {
    /// The engine's name for the phase.
    var state: GestureState {
        switch self {
        case .began: .began
        case .changed: .changed
        case .ended: .ended
        case .cancelled: .cancelled
        }
    }
}
