public import CollectionEngine
public import TraceXML
import Reporting

/// Records a session as a trace: it drives a collection view frame by frame with inputs (drags, taps,
/// batch updates, layout switches, resizes…) and streams them through TraceXML's writer, with the content
/// offset of every frame in which it changed.
///
/// Inputs run through the replay's own code (gestures mode, so drags move the content through the
/// engine's physics), in the replay's frame order: animations and flings advance (the offset they reach is
/// written first), the frame's inputs apply, the collection view lays out (the offset is written again if
/// the inputs moved it). So a recorded trace replays the same, in offsets mode and in gestures mode alike.
///
/// ```swift
/// let recorder = try TraceRecorder(header: header, path: "session.xml")
/// recorder.input(.drag(phase: .began, location: Point(x: 200, y: 600), velocity: nil))
/// try recorder.endFrame()
/// try recorder.finish()
/// ```
public final class TraceRecorder {
    public let header: TraceHeader
    private let pass: ReplayPass
    private let writer: TraceWriter
    /// The file being written (atomically): renamed into place by ``finish()``, its temporary
    /// removed if the recorder goes away unfinished.
    private let output: OutputFile?
    private var inputs: [TraceEvent] = []
    private var lastOffset: CollectionEngine.Point
    /// The nested scrollers' offsets last written.
    private var lastNestedOffsets: [Int: Double] = [:]
    /// The frame being recorded.
    public private(set) var frame = 0
    /// The events written so far: inputs and the scroll offsets between them.
    public private(set) var eventsWritten = 0

    /// Starts recording a session with `header` to the file at `path` (in memory when `nil`; see
    /// ``bytes``).
    ///
    /// - Throws: ``ReplayError`` for an unknown layout or parameter, or when the file cannot be written.
    public init(header: TraceHeader, path: String? = nil, registry: LayoutRegistry = .standard) throws(ReplayError) {
        self.header = header
        let name = path ?? "<recording>"
        let layout = try registry.makeLayout(for: header.layout, path: name)
        do throws(OutputFileError) {
            output = try path.map { path throws(OutputFileError) in try OutputFile.open(path) }
        } catch {
            throw ReplayError(.trace, error.message, path: error.path)
        }
        do throws(TraceError) {
            if let output {
                writer = try TraceWriter(descriptor: output.descriptor, path: output.name, header: header)
            } else {
                writer = try TraceWriter(header: header)
            }
        } catch {
            output?.discard()
            throw ReplayError(error)
        }
        pass = ReplayPass(quiet: header, path: name, layout: layout, registry: registry, mode: .gestures,
                          frameClock: FrameClock(header: header))
        lastOffset = pass.collectionView.contentOffset
    }

    /// The collection view being driven.
    public var collectionView: CollectionView { pass.collectionView }

    /// The current frame's time as written in the trace: its start, rounded up to the millisecond (still
    /// within the frame, so it replays in the same frame).
    public var time: Double {
        let clock = pass.frameClock
        let milliseconds = clock.isUniform ? Double(frame) * 1000 / clock.refreshRate : clock.startTime(ofFrame: frame) * 1000
        return milliseconds.rounded(.up) / 1000
    }

    /// Adds an input to the current frame; it applies when the frame runs. A touch beyond the collection
    /// view is moved to its nearest edge, where a finger sliding off the screen stays: simulated users only
    /// touch the screen, and what is written is what the engine was given.
    public func input(_ kind: TraceEvent.Kind) {
        inputs.append(TraceEvent(time: time, onScreen(kind)))
    }

    private func onScreen(_ kind: TraceEvent.Kind) -> TraceEvent.Kind {
        let size = collectionView.frame.size
        func clamp(_ p: Point) -> Point {
            Point(x: min(max(p.x, 0), size.width), y: min(max(p.y, 0), size.height))
        }
        switch kind {
        case .tap(let location): return .tap(location: clamp(location))
        case .drag(let phase, let location, let velocity): return .drag(phase: phase, location: clamp(location), velocity: velocity)
        case .longPress(let phase, let location): return .longPress(phase: phase, location: clamp(location))
        case .pinch(let phase, let location, let scale): return .pinch(phase: phase, location: clamp(location), scale: scale)
        default: return kind
        }
    }

    /// Runs the current frame with its inputs, writes them and the content offset if it changed, and moves
    /// to the next frame.
    ///
    /// - Throws: ``ReplayError`` for an input the engine refuses (it is not written) or one with a value a
    ///   trace cannot hold (both `.invalidEvent`), or a write that fails.
    public func endFrame() throws(ReplayError) {
        let events = inputs
        inputs.removeAll(keepingCapacity: true)
        // The offset a fling or a scrolling animation moved to at the frame's start is written before the
        // frame's inputs, so that in offsets mode they apply at the same offset as here.
        var moved: Point?
        try pass.runFrame(frame, events: events) { moved = collectionView.contentOffset }
        do throws(TraceError) {
            if let moved { try writeOffset(moved) }
            for event in events { try writer.write(event) }
            eventsWritten += events.count
            try writeOffset(collectionView.contentOffset)
            try writeNestedOffsets()
        } catch where error.code == .unwritable {
            throw ReplayError(.invalidEvent, error.message, path: error.path, location: error.location,
                              cause: .trace(error))
        } catch {
            throw ReplayError(error)
        }
        frame += 1
    }

    /// Writes an `<orthogonal-scroll>` for each nested scroller whose offset changed in the frame, in the
    /// order of their ids, so that offsets mode moves them as gestures mode did.
    private func writeNestedOffsets() throws(TraceError) {
        let offsets = collectionView.nestedScrollOffsets
        guard offsets != lastNestedOffsets else { return }
        for id in Set(offsets.keys).union(lastNestedOffsets.keys).sorted() {
            let offset = offsets[id] ?? 0
            guard offset != lastNestedOffsets[id] ?? 0,
                  let scroller = collectionView.collectionViewLayout.nestedScroller(withID: id) else { continue }
            let point = scroller.axis == .horizontal ? Point(x: offset, y: 0) : Point(x: 0, y: offset)
            try writer.write(TraceEvent(time: time, .orthogonalScroll(section: id, offset: point)))
            eventsWritten += 1
        }
        lastNestedOffsets = offsets
    }

    private func writeOffset(_ offset: Point) throws(TraceError) {
        guard offset != lastOffset else { return }
        try writer.write(TraceEvent(time: time, .scroll(offset: offset)))
        eventsWritten += 1
        lastOffset = offset
    }

    /// Whether something still moves (a fling, an animation).
    public var isSettling: Bool { collectionView.isAnimating }

    /// Ends the trace and puts the file in place: until then a file already at the path is left as it was.
    public func finish() throws(ReplayError) {
        do throws(TraceError) {
            try writer.finish()
        } catch {
            output?.discard()
            throw ReplayError(error)
        }
        do throws(OutputFileError) {
            try output?.commit()
        } catch {
            throw ReplayError(.trace, error.message, path: error.path)
        }
    }

    /// The trace written so far, when recording in memory.
    public var bytes: [UInt8] { writer.bytes }
}
