import CollectionEngine
import Histogram
import Reporting

/// Measures every frame as a tree of named spans: inclusive and self time per path, self time in janky
/// frames, and the distribution of the self time of single calls (what one call costs on its own).
///
/// It observes the collection view's phases and the runner's own spans. Each span costs two clock reads
/// and a few array updates; the `Profiler.span` benchmark measures it.
final class Profiler: CollectionViewObserver {
    private let clock: any ReplayClock
    private let budgetNs: UInt64

    private struct Open {
        var path: Int
        var start: UInt64
        var nested: UInt64
    }

    private var stack: [Open] = []
    private var calls = [Int](repeating: 0, count: SpanPath.count)
    private var totalNs = [UInt64](repeating: 0, count: SpanPath.count)
    private var selfNs = [UInt64](repeating: 0, count: SpanPath.count)
    private var jankySelfNs = [UInt64](repeating: 0, count: SpanPath.count)
    private var frameSelfNs = [UInt64](repeating: 0, count: SpanPath.count)
    /// Paths that ran in the current frame, and a flag per path.
    private var touched: [Int] = []
    private var isTouched = [Bool](repeating: false, count: SpanPath.count)
    private var histograms = [Histogram<UInt64>](
        repeating: Histogram<UInt64>(numberOfSignificantValueDigits: .three), count: SpanPath.count)

    init(clock: any ReplayClock, budgetNs: UInt64) {
        self.clock = clock
        self.budgetNs = budgetNs
        stack.reserveCapacity(16)
        touched.reserveCapacity(SpanPath.count)
    }

    // MARK: Spans

    func begin(_ path: SpanPath) {
        stack.append(Open(path: path.index, start: clock.now(), nested: 0))
    }

    /// Ends the innermost span; returns its inclusive duration.
    @discardableResult
    func end() -> UInt64 {
        let open = stack.removeLast()
        let duration = clock.now() &- open.start
        let own = duration &- min(duration, open.nested)
        let p = open.path
        calls[p] += 1
        totalNs[p] &+= duration
        selfNs[p] &+= own
        if !isTouched[p] {
            isTouched[p] = true
            touched.append(p)
        }
        frameSelfNs[p] &+= own
        _ = histograms[p].record(own)
        if !stack.isEmpty { stack[stack.count - 1].nested &+= duration }
        return duration
    }

    /// Runs `body` inside a span of `path`.
    func measure<T, E: Error>(_ path: SpanPath, _ body: () throws(E) -> T) throws(E) -> T {
        begin(path)
        defer { end() }
        return try body()
    }

    func collectionView(_ collectionView: CollectionView, willBegin phase: EnginePhase, category: ElementCategory?) {
        begin(SpanPath(phase, category))
    }

    func collectionView(_ collectionView: CollectionView, didEnd phase: EnginePhase, category: ElementCategory?) {
        end()
    }

    // MARK: Frames

    func beginFrame() {
        for p in touched {
            frameSelfNs[p] = 0
            isTouched[p] = false
        }
        touched.removeAll(keepingCapacity: true)
        begin(.frame)
    }

    /// Ends the frame's root span and returns its sample.
    func endFrame(index: Int, time: Double, cellsCreated: Int) -> FrameSample {
        // A span the engine left open (a trap would have ended the process; an error thrown through the
        // runner may leave some): close them so the frame's figures stay consistent.
        while stack.count > 1 { end() }
        let duration = end()
        var top: Int?
        for p in touched where top.map({ frameSelfNs[p] > frameSelfNs[$0] }) ?? true { top = p }
        if duration > budgetNs {
            for p in touched { jankySelfNs[p] &+= frameSelfNs[p] }
        }
        return FrameSample(index: index, time: time, durationNs: duration, topPath: top.map { SpanPath.names[$0] },
                           topPathSelfNs: top.map { frameSelfNs[$0] } ?? 0, cellsCreated: cellsCreated)
    }

    /// The time per path over everything measured, for the paths that ran.
    func pathMeasurements() -> [PathMeasurement] {
        (0..<SpanPath.count).compactMap { p in
            calls[p] == 0 ? nil : PathMeasurement(
                path: SpanPath.names[p], calls: calls[p], totalNs: totalNs[p], selfNs: selfNs[p],
                jankySelfNs: jankySelfNs[p], callDurations: histograms[p])
        }
    }
}
