import CollectionEngine
import Reporting
import TraceXML

/// One pass over a trace: builds the engine from the header, then runs the events frame by frame,
/// measuring each frame.
///
/// Frame n begins at n / refresh rate; at its start every event with `t` before the end of the frame that
/// has not run yet runs, in document order (SPEC §3). The events of a frame are read from the trace
/// before its clock starts, so parsing is never billed to the app.
final class ReplayPass {
    struct Result {
        var frames: [FrameSample] = []
        var paths: [PathMeasurement] = []
        var counters = EngineCounters()
        var scrollFrames = 0
        var markers: [Marker] = []
        /// Events not replayed, by element name.
        var ignored: [String: Int] = [:]
        var failure: ReplayError?
    }

    let collectionView: CollectionView
    private let dataSource: TraceDataSource
    private let profiler: Profiler
    private let reader: TraceReader
    private let refreshRate: Double
    private let path: String
    private var result = Result()

    init(reader: TraceReader, layout: CollectionViewLayout, refreshRate: Double, budgetNs: UInt64,
         clock: any ReplayClock) {
        let header = reader.header
        self.reader = reader
        self.refreshRate = refreshRate
        self.path = reader.path
        profiler = Profiler(clock: clock, budgetNs: budgetNs)
        dataSource = TraceDataSource(sections: header.sections, workload: header.workload, clock: clock)
        let configuration = header.collectionView
        collectionView = CollectionView(
            frame: Rect(x: 0, y: 0, width: configuration.size.width, height: configuration.size.height),
            collectionViewLayout: layout)
        let inset = configuration.contentInset
        collectionView.contentInset = EdgeInsets(top: inset.top, left: inset.left, bottom: inset.bottom, right: inset.right)
        collectionView.isPrefetchingEnabled = configuration.isPrefetchingEnabled
        collectionView.dataSource = dataSource
        collectionView.delegate = dataSource
        collectionView.observer = profiler
    }

    /// Replays the whole trace, or up to (not including) the frame `stopBefore`.
    ///
    /// A trace error stops the replay after the last frame whose events were all read: the reader looks
    /// one event ahead, so a bad event found while reading a frame's last good one belongs to a later frame.
    func run(stopBefore: Int? = nil, progress: (Int) -> Void = { _ in }) -> Result {
        var pending: TraceEvent?
        var readFailure: ReplayError?
        func readNext() {
            do {
                pending = try reader.next()
            } catch {
                readFailure = ReplayError(error)
                pending = nil
            }
        }
        var frameEvents: [TraceEvent] = []
        readNext()
        var index = 0
        while stopBefore.map({ index < $0 }) ?? true {
            let frameEnd = Double(index + 1) / refreshRate
            frameEvents.removeAll(keepingCapacity: true)
            while let event = pending, event.time < frameEnd {
                frameEvents.append(event)
                readNext()
            }
            let createdBefore = collectionView.counters.cellsCreated
            let offsetBefore = collectionView.contentOffset
            profiler.beginFrame()
            var failure: ReplayError?
            do throws(ReplayError) {
                for event in frameEvents { try apply(event) }
                collectionView.layoutIfNeeded()
            } catch {
                failure = error
            }
            let sample = profiler.endFrame(index: index, time: Double(index) / refreshRate,
                                           cellsCreated: collectionView.counters.cellsCreated - createdBefore)
            if let failure {
                // The frame that failed is not a complete frame: it is not reported.
                result.failure = failure
                break
            }
            result.frames.append(sample)
            if collectionView.contentOffset != offsetBefore { result.scrollFrames += 1 }
            progress(index)
            index += 1
            if let readFailure {
                result.failure = readFailure
                break
            }
            if pending == nil { break }
        }
        return finish()
    }

    private func finish() -> Result {
        result.paths = profiler.pathMeasurements()
        result.counters = collectionView.counters
        return result
    }

    // MARK: Events

    private func apply(_ event: TraceEvent) throws(ReplayError) {
        switch event.kind {
        case .scroll(let offset):
            profiler.measure(.scroll) { collectionView.contentOffset = Point(x: offset.x, y: offset.y) }
        case .drag(let phase, _, let velocity):
            profiler.measure(.events) { deliverDrag(phase: phase, velocity: velocity) }
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
        case .tap, .longPress, .menu, .pinch, .batch, .scrollToItem, .select, .deselect, .setLayout, .transition:
            result.ignored[event.kind.elementName, default: 0] += 1
        }
    }

    /// In offsets mode a drag does not move the content (the recorded offsets do), but at release the
    /// layout is asked where scrolling would come to rest, as UIKit asks it.
    private func deliverDrag(phase: GesturePhase, velocity: TracePoint?) {
        guard phase == .ended, let velocity else { return }
        // The finger's velocity, in points per second; the content moves the other way.
        let scrollVelocity = Point(x: -velocity.x, y: -velocity.y)
        let rate = reader.header.collectionView.decelerationRate.factorPerMillisecond
        let travel = rate / (1 - rate) / 1000
        let offset = collectionView.contentOffset
        let proposed = Point(x: offset.x + scrollVelocity.x * travel, y: offset.y + scrollVelocity.y * travel)
        _ = collectionView.collectionViewLayout.targetContentOffset(
            forProposedContentOffset: proposed, withScrollingVelocity: scrollVelocity)
    }
}
