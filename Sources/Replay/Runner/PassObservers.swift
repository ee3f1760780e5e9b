import CollectionEngine
import Reporting
import TraceXML

/// What watches a pass besides the engine: each command composes the observers it needs (``ReplayPass``) —
/// `replay` the rules and the frame measurement, `validate` the rules' verdicts, `snapshot` and `record` the
/// rules.
///
/// A pass calls its observers in order: before each event applies (an observer that throws stops the pass at
/// the event, before the engine sees it), around each frame, and once at the end.
protocol PassObserver: AnyObject {
    /// Before `event` applies, in frame `frame`.
    func eventWillApply(_ event: TraceEvent) throws(ReplayError)
    /// Before frame `index` begins (its clock has not started).
    func frameWillBegin(_ index: Int, _ driver: EventDriver)
    /// After frame `index`, its clock stopped: what the profiler measured, and whether the content moved.
    func frameDidEnd(_ index: Int, _ measured: Profiler.MeasuredFrame, scrolled: Bool, _ driver: EventDriver)
    /// After the last frame: what the observer adds to the pass's result.
    func finish(into result: inout ReplayPass.Result)
}

extension PassObserver {
    func eventWillApply(_ event: TraceEvent) throws(ReplayError) {}
    func frameWillBegin(_ index: Int, _ driver: EventDriver) {}
    func frameDidEnd(_ index: Int, _ measured: Profiler.MeasuredFrame, scrolled: Bool, _ driver: EventDriver) {}
    func finish(into result: inout ReplayPass.Result) {}
}

extension Profiler {
    /// What the profiler measured of one frame.
    typealias MeasuredFrame = (durationNs: UInt64, topPath: Int?, topPathSelfNs: UInt64)
}

/// The trace rules `reel validate` applies too: an event that breaks them stops the replay with the same
/// message at the same place, before the engine sees it. Checked outside the frame's spans: the rules are
/// the harness's work, not the app's.
final class RulesCheck: PassObserver {
    private let path: String
    /// `@exclusivity(unchecked)`: checked once an event, only by ``eventWillApply(_:)`` on the pass's thread,
    /// and `TraceRules.check` reaches only the layout registry and the engine's update plans, never this
    /// observer, so no two accesses overlap.
    @exclusivity(unchecked) private var rules: TraceRules

    init(header: TraceHeader, path: String, registry: LayoutRegistry, frameClock: FrameClock) {
        self.path = path
        rules = TraceRules(header: header, path: path, registry: registry, frameClock: frameClock)
    }

    func eventWillApply(_ event: TraceEvent) throws(ReplayError) {
        if let broken = rules.check(event).first(where: { $0.severity == .error }) {
            throw broken.replayError(path: path)
        }
    }
}

/// The rules' verdicts, when whoever hands the pass its events checked them against the rules as it read them
/// (``RuleVerdicts``): the pass takes the verdicts instead of checking the events a second time.
final class RuleVerdictsCheck: PassObserver {
    private let verdicts: RuleVerdicts
    /// How many events the pass applied (or tried to) so far. `@exclusivity(unchecked)` as ``RulesCheck``'s.
    @exclusivity(unchecked) private var appliedEvents = 0

    init(_ verdicts: RuleVerdicts) { self.verdicts = verdicts }

    func eventWillApply(_ event: TraceEvent) throws(ReplayError) {
        let index = appliedEvents
        appliedEvents += 1
        if let error = verdicts.error(ofEvent: index) { throw error }
    }
}

/// The profiler's figures and the frame log: every frame's time and top path, the frames in which the content
/// moved, the markers, the time per span path and, when asked, the timeline.
final class FrameMeasurement: PassObserver {
    private let profiler: Profiler
    /// The measured repeat this pass is, from 1, when it records its timeline.
    private let timelineRepeat: Int?
    // Updated once a frame and once a marker, on the pass's one thread, by methods that call nothing that could
    // reach this observer: plain loads and stores, without dynamic exclusivity checks.
    @exclusivity(unchecked) private var frames: FrameLog
    @exclusivity(unchecked) private var scrollFrames = 0
    @exclusivity(unchecked) private var markers: [Marker] = []
    @exclusivity(unchecked) private var createdBefore = 0

    /// - Parameters:
    ///   - expectedFrames: The frames the pass is expected to run, when known: the frame log reserves room for
    ///     them, so that it does not grow past them.
    ///   - timelineRepeat: The measured repeat the pass is, when its profiler records a timeline.
    init(profiler: Profiler, frameClock: FrameClock, budgetNs: UInt64, expectedFrames: Int? = nil,
         timelineRepeat: Int? = nil) {
        self.profiler = profiler
        self.timelineRepeat = timelineRepeat
        frames = FrameLog(frameClock: frameClock, budgetNs: budgetNs, pathNames: Profiler.pathNames)
        if let expectedFrames { frames.reserveCapacity(min(max(0, expectedFrames), TraceLimits.frames)) }
    }

    func eventWillApply(_ event: TraceEvent) throws(ReplayError) {
        guard case .marker(let label) = event.kind else { return }
        markers.append(Marker(time: event.time, label: label))
        profiler.mark(label)
    }

    func frameWillBegin(_ index: Int, _ driver: EventDriver) {
        createdBefore = driver.collectionView.counters.cellsCreated
    }

    func frameDidEnd(_ index: Int, _ measured: Profiler.MeasuredFrame, scrolled: Bool, _ driver: EventDriver) {
        let collectionView = driver.collectionView
        // Counted after the frame's clock stopped: the count is the profiler's, not the app's.
        frames.append(durationNs: measured.durationNs, topPath: measured.topPath,
                      topPathSelfNs: measured.topPathSelfNs,
                      cellsCreated: collectionView.counters.cellsCreated - createdBefore,
                      cellsOnScreen: collectionView.displayedCellCount)
        if scrolled { scrollFrames += 1 }
    }

    func finish(into result: inout ReplayPass.Result) {
        frames.finishAppending()
        result.frames = frames
        result.scrollFrames = scrollFrames
        result.markers = markers
        result.paths = profiler.pathMeasurements()
        result.timeline = timelineRepeat.flatMap(profiler.timeline(repeatNumber:))
    }
}
