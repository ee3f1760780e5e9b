import CollectionEngine
import Reporting
import TraceXML

/// One pass over a trace: builds the engine from the header, then runs the events frame by frame,
/// measuring each frame.
///
/// Frame n begins at n / refresh rate; at its start every event with `t` before the end of the frame that
/// has not run yet runs, in document order. The events of a frame are read from the trace
/// before its clock starts, so parsing is never billed to the app.
final class ReplayPass {
    struct Result {
        /// Every frame, kept compactly: what a long session's memory is made of.
        var frames: FrameLog
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

    let collectionView: CollectionView
    private let dataSource: TraceDataSource
    private let registry: LayoutRegistry
    private let mode: ReplayMode
    /// The running interactive transition, from its `began` event.
    private var transition: TransitionLayout?
    private let profiler: Profiler
    /// Whether frames alternate between observed and only timed (``ReplayOptions/alternatesSpanObservation``),
    /// frame 0 as the pass's `observesSpans` said.
    private let alternatesSpanObservation: Bool
    private let observesSpans: Bool
    private let header: TraceHeader
    let refreshRate: Double
    private let path: String
    /// The trace rules `reel validate` applies too: an event that breaks them stops the replay with the
    /// same message at the same place, before the engine sees it.
    /// `@exclusivity(unchecked)`: checked once an event, only by ``apply(_:at:)`` on the pass's thread, and
    /// `TraceRules.check` reaches only the layout registry and the engine's update plans, never the pass, so
    /// no two accesses overlap.
    @exclusivity(unchecked) private var rules: TraceRules
    /// The rules' verdicts on the events, when the reader checked them already: the pass then takes the
    /// verdicts instead of checking the events with ``rules`` a second time.
    private let ruleVerdicts: RuleVerdicts?
    /// How many events the pass applied (or tried to) so far. `@exclusivity(unchecked)` as ``rules``.
    @exclusivity(unchecked) private var appliedEvents = 0
    // Updated several times a frame (warnings, frames, scroll frames): plain loads and stores, without the
    // dynamic exclusivity checks a class's stored property gets by default. Safe: a pass runs on one thread
    // (it is not Sendable) and no access to `result` is ever held across a call that could reach it again.
    @exclusivity(unchecked) private var result: Result
    private let keepsFrames: Bool
    /// The measured repeat this pass is, from 1, when it records its timeline.
    private let timelineRepeat: Int?
    /// Which frames leave their display pass out, when the pass reports only refusals and warnings.
    /// `@exclusivity(unchecked)`: accessed several times a frame, only by ``runFrame(_:events:afterMotion:)``
    /// on the pass's thread, and nothing it calls while an access is under way (the collection view, the
    /// layout, the data source) can reach the pass, so no two accesses overlap.
    @exclusivity(unchecked) private var deferredDisplay: DeferredDisplay?

    /// - Parameters:
    ///   - timeline: When given, the pass records every span's start and duration into a buffer of
    ///     `capacity` spans allocated now, as measured repeat `repeatNumber` (``Result/timeline``).
    ///   - profiler: The profiler to measure on, reset first, when a session reuses one for its passes (its
    ///     histograms are allocated once per replay); a new one otherwise. Not with `timeline`.
    ///   - expectedFrames: The frames the pass is expected to run, when known: the frame log reserves room
    ///     for them, so that it does not grow past them.
    ///   - keepsFrames: Whether ``Result/frames`` keeps the frames; the recorder keeps none, so that its memory
    ///     does not grow with the session.
    ///   - observesSpans: Whether the profiler measures the spans of every frame; without, it only times the
    ///     frames (``ReplayOptions/observesSpans``).
    ///   - alternatesSpanObservation: Whether frames alternate between observed and only timed, frame 0 as
    ///     `observesSpans` says (``ReplayOptions/alternatesSpanObservation``).
    ///   - defersDisplay: Whether frames that can leave their display pass out do (``DeferredDisplay``): for a
    ///     pass that reports only what the engine refuses and logs, with a workload that spends nothing.
    ///   - ruleVerdicts: The trace rules' verdicts on the events the pass will read, when its reader checks
    ///     every event against the rules as it reads it (``RuleVerdicts``).
    ///   - workload: Whether the `<workload>`'s costs are added to the spans and frames that incur them or
    ///     spent on `clock`.
    init(header: TraceHeader, path: String, layout: CollectionViewLayout, registry: LayoutRegistry, mode: ReplayMode,
         refreshRate: Double, budgetNs: UInt64, clock: any ReplayClock, workload: WorkloadMode = .model,
         timeline: (capacity: Int, repeatNumber: Int)? = nil, profiler reused: Profiler? = nil,
         expectedFrames: Int? = nil, keepsFrames: Bool = true, observesSpans: Bool = true,
         alternatesSpanObservation: Bool = false, defersDisplay: Bool = false, ruleVerdicts: RuleVerdicts? = nil) {
        self.keepsFrames = keepsFrames
        self.observesSpans = observesSpans
        self.alternatesSpanObservation = alternatesSpanObservation
        self.ruleVerdicts = ruleVerdicts
        deferredDisplay = defersDisplay ? DeferredDisplay() : nil
        self.header = header
        timelineRepeat = timeline?.repeatNumber
        self.registry = registry
        self.mode = mode
        self.refreshRate = refreshRate
        self.path = path
        rules = TraceRules(header: header, path: path, registry: registry, refreshRate: refreshRate)
        if let reused, timeline == nil {
            reused.reset()
            profiler = reused
        } else {
            profiler = Profiler(clock: clock, budgetNs: budgetNs, timelineCapacity: timeline?.capacity,
                                observesSpans: observesSpans)
        }
        var frames = FrameLog(refreshRate: refreshRate, budgetNs: budgetNs, pathNames: Profiler.pathNames)
        if let expectedFrames { frames.reserveCapacity(min(max(0, expectedFrames), TraceLimits.frames)) }
        result = Result(frames: frames)
        dataSource = TraceDataSource(sections: header.sections, workload: header.workload,
                                     charge: workload == .model ? .model(profiler) : .spend(clock))
        let configuration = header.collectionView
        collectionView = CollectionView(
            frame: Rect(x: 0, y: 0, width: configuration.size.width, height: configuration.size.height),
            collectionViewLayout: layout)
        let inset = configuration.contentInset
        collectionView.contentInset = EdgeInsets(top: inset.top, left: inset.left, bottom: inset.bottom, right: inset.right)
        collectionView.isPrefetchingEnabled = configuration.isPrefetchingEnabled
        collectionView.allowsSelection = configuration.allowsSelection
        collectionView.allowsMultipleSelection = configuration.allowsMultipleSelection
        collectionView.isPagingEnabled = configuration.isPagingEnabled
        collectionView.decelerationRate = DecelerationRate(factorPerMillisecond: configuration.decelerationRate.factorPerMillisecond)
        // The engine displays nothing past the limit, and the flow family builds one element more at most,
        // so 10,000,000 items on one screen cost 10,001 attributes before the error below.
        collectionView.visibleElementLimit = TraceLimits.visibleElements
        collectionView.dataSource = dataSource
        collectionView.delegate = dataSource
        collectionView.phaseRecorder = observesSpans ? profiler.phaseRecorder : nil
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
            let frameEnd = Double(index + 1) / refreshRate
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
        return finish()
    }

    /// Runs frame `index` with its events, in the order every frame runs: animations and flings advance to
    /// the frame's time, the events apply, the collection view lays out. The recorder runs its frames
    /// through here too, so that what it records replays the same.
    /// - Parameter afterMotion: runs once animations and flings have moved, before the events apply.
    func runFrame(_ index: Int, events: [TraceEvent], afterMotion: () -> Void = {}) throws(ReplayError) {
        let createdBefore = keepsFrames ? collectionView.counters.cellsCreated : 0
        let offsetBefore = collectionView.contentOffset
        let frameTime = Double(index) / refreshRate
        // A frame that may read the display first brings it up to the bounds the last frames left.
        let mayDeferDisplay = deferredDisplay?.admits(events, collectionView) == true
        if deferredDisplay?.isStale == true && !mayDeferDisplay {
            collectionView.layoutIfNeeded()
            deferredDisplay?.displayed()
        }
        if alternatesSpanObservation {
            let observes = index.isMultiple(of: 2) == observesSpans
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
        if keepsFrames {
            // Counted after the frame's clock stopped: the count is the profiler's, not the app's.
            result.frames.append(durationNs: measured.durationNs, topPath: measured.topPath,
                                 topPathSelfNs: measured.topPathSelfNs,
                                 cellsCreated: collectionView.counters.cellsCreated - createdBefore,
                                 cellsOnScreen: collectionView.displayedCellCount)
        }
        if collectionView.contentOffset != offsetBefore { result.scrollFrames += 1 }
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
        if dataSource.budget.isExceeded {
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
        result.paths = profiler.pathMeasurements()
        result.timeline = timelineRepeat.flatMap(profiler.timeline(repeatNumber:))
        result.counters = collectionView.counters
        return result
    }

    // MARK: Events

    private func apply(_ event: TraceEvent, at frameTime: Double) throws(ReplayError) {
        // Checked outside the frame's spans: the rules are the harness's work, not the app's.
        if let ruleVerdicts {
            let index = appliedEvents
            appliedEvents += 1
            if let error = ruleVerdicts.error(ofEvent: index) { throw error }
        } else if let broken = rules.check(event).first(where: { $0.severity == .error }) {
            throw broken.replayError(path: path)
        }
        switch event.kind {
        case .scroll(let offset):
            // Gestures mode ignores recorded offsets: the drags drive the physics.
            guard mode == .offsets else { return }
            profiler.measure(.scroll) { collectionView.contentOffset = Point(x: offset.x, y: offset.y) }
        case .drag(let phase, let location, let velocity):
            switch mode {
            case .offsets:
                profiler.measure(.events) {
                    collectionView.deliverRecordedDrag(phase.state, at: Point(x: location.x, y: location.y),
                                                       velocity: Point(x: velocity?.x ?? 0, y: velocity?.y ?? 0))
                }
            case .gestures: profiler.measure(.scroll) { drag(phase, at: location, velocity: velocity) }
            }
        case .scrollToItem(let item, let position, let animated):
            let indexPath = IndexPath(item: item.item, section: item.section)
            profiler.measure(.scroll) { scroll(to: indexPath, at: position, animated: animated) }
        case .resize(let size):
            profiler.measure(.events) {
                collectionView.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
            }
        case .reloadData(let sections):
            profiler.measure(.events) {
                dataSource.replaceSections(sections)
                collectionView.reloadData()
            }
        case .marker(let label):
            result.markers.append(Marker(time: event.time, label: label))
            profiler.mark(label)
        case .select(let item), .deselect(let item):
            let indexPath = IndexPath(item: item.item, section: item.section)
            profiler.measure(.events) {
                if case .select = event.kind { collectionView.selectItem(at: indexPath) } else { collectionView.deselectItem(at: indexPath) }
            }
        case .setLayout(let description, let animated, let duration):
            try checkNoLayoutSwitchRunning(event)
            let layout = try registry.makeLayout(for: description, path: path)
            profiler.measure(.events) { collectionView.setCollectionViewLayout(layout, animated: animated, duration: duration) }
            // A switch during an interactive transition abandons it (see setCollectionViewLayout).
            transition = nil
        case .transition(let phase):
            try applyTransition(phase, event)
        case .batch(let batch):
            try applyBatch(batch, event)
        case .tap(let location):
            let point = contentPoint(location)
            _ = profiler.measure(.events) { collectionView.handleTap(at: point) }
        case .longPress(let phase, let location):
            let point = contentPoint(location)
            try gesture(event) { () throws(GestureError) in try collectionView.handleLongPress(phase.state, at: point) }
        case .menu(let item, let action):
            let indexPath = IndexPath(item: item.item, section: item.section)
            try gesture(event) { () throws(GestureError) in
                try collectionView.performMenuAction(action, forItemAt: indexPath)
            }
        case .pinch(let phase, let location, let scale):
            let point = contentPoint(location)
            try gesture(event) { () throws(GestureError) in
                try collectionView.handlePinch(phase.state, at: point, scale: scale)
            }
        }
    }

    /// A finger's position in the viewport, in content coordinates.
    private func contentPoint(_ location: TracePoint) -> Point {
        let offset = collectionView.contentOffset
        return Point(x: offset.x + location.x, y: offset.y + location.y)
    }

    /// Runs a gesture through the engine in the events span; a gesture the engine refuses (phases out of
    /// order, a menu action without a menu) stops the replay at the event.
    private func gesture<T>(_ event: TraceEvent, _ body: () throws(GestureError) -> T) throws(ReplayError) {
        do throws(GestureError) {
            _ = try profiler.measure(.events, body)
        } catch {
            throw invalid(event, error.message)
        }
    }

    /// Runs a `<batch>` through the engine: the data source stages the data the batch implies, answering
    /// the trace's `counts-after` when it gives them, and the engine checks them with UIKit's rules.
    private func applyBatch(_ batch: BatchUpdate, _ event: TraceEvent) throws(ReplayError) {
        let engineBatch = EngineBatch(batch)
        do throws(BatchUpdateError) {
            let plan = try engineBatch.impliedPlan(on: collectionView.itemCountsBySection)
            var newSections: [Int: TraceDataSource.Section] = [:]
            for (section, items) in engineBatch.insertedSections { newSections[section] = TraceDataSource.Section(items: items) }
            for (old, items) in engineBatch.reloadedSections {
                guard let section = plan.newSection(forOld: old) else { continue }
                newSections[section] = TraceDataSource.Section(items: items, reuseIdentifier: dataSource.sections[old].reuseIdentifier)
            }
            dataSource.stage(plan, insertedSizes: engineBatch.insertedSizes, newSections: newSections,
                             claimedCounts: batch.countsAfter)
            try profiler.measure(.events) { () throws(BatchUpdateError) in
                try collectionView.performBatchUpdates(engineBatch.operations, animated: batch.animated,
                                                       duration: batch.duration)
            }
            dataSource.commitStaged()
        } catch {
            dataSource.dropStaged()
            throw invalid(event, EngineBatch.message(error))
        }
    }

    private func applyTransition(_ phase: TransitionPhase, _ event: TraceEvent) throws(ReplayError) {
        switch phase {
        case .began(let description):
            try checkNoLayoutSwitchRunning(event)
            let layout = try registry.makeLayout(for: description, path: path)
            profiler.measure(.events) { transition = collectionView.startInteractiveTransition(to: layout) }
        case .changed(let progress):
            // The trace rules let no 'changed' through without a running transition.
            profiler.measure(.events) { transition?.transitionProgress = progress }
        case .finished, .cancelled:
            // A <set-layout> since 'began' ended the transition: UIKit raises its exception here.
            guard transition != nil, collectionView.isInteractivelyTransitioning else {
                throw invalid(event, CollectionView.noInteractiveTransitionMessage)
            }
            profiler.measure(.events) {
                if case .finished = phase { collectionView.finishInteractiveTransition() } else { collectionView.cancelInteractiveTransition() }
            }
            transition = nil
        }
    }

    /// A layout may switch the collection view's layout itself (a pinched stack opening as a flow layout),
    /// animating through a transition layout the trace knows nothing of; a `<transition>` or `<set-layout>`
    /// while that runs cannot apply, and stops the replay at the event rather than in the engine.
    private func checkNoLayoutSwitchRunning(_ event: TraceEvent) throws(ReplayError) {
        guard transition == nil, collectionView.collectionViewLayout is TransitionLayout else { return }
        throw invalid(event, "<\(event.kind.elementName)> while the layout's own switch to another layout is still "
            + "animating; let it finish first")
    }

    private func invalid(_ event: TraceEvent, _ message: String) -> ReplayError {
        ReplayError(.invalidEvent, message, path: path, location: event.location)
    }

    /// In gestures mode a drag moves the content through the engine's scroll physics.
    private func drag(_ phase: GesturePhase, at location: TracePoint, velocity: TracePoint?) {
        let point = Point(x: location.x, y: location.y)
        switch phase {
        case .began: collectionView.beginDragging(at: point)
        case .changed: collectionView.dragChanged(to: point)
        case .ended: collectionView.endDragging(at: point, velocity: Point(x: velocity?.x ?? 0, y: velocity?.y ?? 0))
        case .cancelled: collectionView.cancelDragging(at: point)
        }
    }

    /// In gestures mode `<scroll-to-item>` scrolls; in offsets mode the recorded offsets already do, and the
    /// layout is only asked where the item is.
    private func scroll(to indexPath: IndexPath, at position: TraceXML.ScrollPosition, animated: Bool) {
        guard mode == .gestures else {
            _ = collectionView.layoutAttributesForItem(at: indexPath)
            return
        }
        let engine: CollectionEngine.ScrollPosition = switch position {
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .nearest: .nearest
        case .center: collectionView.contentSize.height > collectionView.bounds.height ? .centeredVertically : .centeredHorizontally
        }
        collectionView.scrollToItem(at: indexPath, at: engine, animated: animated)
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
