public import TraceXML
public import CollectionEngine
import Foundation
import Replay

/// Synthesizes a realistic browsing session in offsets mode: a reader who pauses, drags with a human
/// acceleration, releases into a fling that decelerates as UIScrollView does, sometimes catches the fling,
/// and now and then turns back.
///
/// Seeded and deterministic: the same parameters give the same events, byte for byte once written. The
/// shipped traces in `Traces/` are made with it (see `Traces/README.md`).
public struct SessionSynthesizer: Sendable {
    public enum Axis: Sendable { case vertical, horizontal }

    public var header: TraceHeader
    public var duration: Double
    public var seed: UInt64
    public var axis: Axis = .vertical
    /// How long the reader pauses between gestures, in seconds.
    public var pause: ClosedRange<Double> = 0.6...2.4
    /// The finger's speed at release, in points per second.
    public var releaseSpeed: ClosedRange<Double> = 600...4800
    /// How likely a gesture goes forward (towards the end of the content).
    public var forwardBias = 0.8
    /// How likely the reader catches a fling with the next drag instead of letting it settle.
    public var catchChance = 0.15
    /// Labelled moments: (time, label).
    public var markers: [(Double, String)] = []
    /// Batch updates the app makes while the reader scrolls, at their times.
    public var batches: [(Double, BatchUpdate)] = []

    public init(header: TraceHeader, duration: Double, seed: UInt64) {
        self.header = header
        self.duration = duration
        self.seed = seed
    }

    /// The trace: the header with a `meta` entry naming the synthesizer and its seed, and the events.
    public func trace() throws -> Trace {
        var header = header
        header.meta.append(MetaEntry(key: "source", value: "Reel's session synthesizer (TestSupport), seed \(seed)"))
        return Trace(header: header, events: try events())
    }

    /// The events, in time order.
    public func events() throws -> [TraceEvent] {
        let rate = header.collectionView.refreshRate
        let viewport = header.collectionView.size
        let content = try Self.contentSize(of: header)
        let vertical = axis == .vertical
        let viewportLength = vertical ? viewport.height : viewport.width
        let crossMiddle = (vertical ? viewport.width : viewport.height) / 2
        let maxOffset = max(0, (vertical ? content.height : content.width) - viewportLength)
        let totalFrames = Int(duration * rate)
        var rng = SplitMix64(seed: seed)
        var events: [TraceEvent] = []
        var pendingMarkers = markers.sorted { $0.0 < $1.0 }
        var offset = 0.0
        var lastWritten = 0.0
        var frame = Int(rng.uniform(0.4...1.0) * rate)

        func time(_ frame: Int) -> Double { (Double(frame) * 1000 / rate).rounded(.up) / 1000 }
        func round2(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        func point(main: Double, cross: Double) -> TracePoint {
            vertical ? TracePoint(x: round2(cross), y: round2(main)) : TracePoint(x: round2(main), y: round2(cross))
        }
        func emit(_ kind: TraceEvent.Kind, at frame: Int) {
            while let marker = pendingMarkers.first, marker.0 <= time(frame) {
                events.append(TraceEvent(time: marker.0, .marker(label: marker.1)))
                pendingMarkers.removeFirst()
            }
            events.append(TraceEvent(time: time(frame), kind))
        }
        func scroll(to value: Double, at frame: Int) {
            let clamped = round2(min(max(value, 0), maxOffset))
            guard clamped != lastWritten else { return }
            lastWritten = clamped
            offset = clamped
            emit(.scroll(offset: point(main: clamped, cross: 0)), at: frame)
        }

        while frame < totalFrames {
            // A drag: the finger accelerates (displacement ∝ u²) and leaves at its fastest.
            let forward = offset < maxOffset * 0.05 ? true : offset > maxOffset * 0.95 ? false : rng.chance(forwardBias)
            let sign = forward ? 1.0 : -1.0
            let dragFrames = max(3, Int(rng.uniform(0.12...0.34) * rate))
            let dragSeconds = Double(dragFrames) / rate
            let distance = min(rng.uniform(releaseSpeed) * dragSeconds / 2, viewportLength * 0.6)
            let speed = 2 * distance / dragSeconds
            let fingerStart = viewportLength * (forward ? rng.uniform(0.6...0.8) : rng.uniform(0.2...0.4))
            let cross = crossMiddle + rng.uniform(-40...40)
            let start = offset
            emit(.drag(phase: .began, location: point(main: fingerStart, cross: cross), velocity: nil), at: frame)
            for step in 1...dragFrames {
                let u = Double(step) / Double(dragFrames)
                let moved = distance * u * u
                let finger = point(main: fingerStart - sign * moved, cross: cross + u * rng.uniform(-3...3))
                if step == dragFrames {
                    let velocity = vertical ? TracePoint(x: 0, y: round2(-sign * speed)) : TracePoint(x: round2(-sign * speed), y: 0)
                    emit(.drag(phase: .ended, location: finger, velocity: velocity), at: frame + step)
                } else {
                    emit(.drag(phase: .changed, location: finger, velocity: nil), at: frame + step)
                }
                scroll(to: start + sign * moved, at: frame + step)
            }
            frame += dragFrames + 1

            // The fling: velocity × 0.998 per millisecond; it travels v·r(1 − rⁿ)/(1 − r) in n ms.
            let rate998 = header.collectionView.decelerationRate.factorPerMillisecond
            let perMs = speed / 1000
            let release = offset
            let caught = rng.chance(catchChance) ? Int(rng.uniform(0.2...0.6) * rate) : Int.max
            var elapsed = 1
            while frame < totalFrames, elapsed < caught {
                let ms = Double(elapsed) * 1000 / rate
                let decayed = pow(rate998, ms)
                let travel = perMs * rate998 * (1 - decayed) / (1 - rate998)
                scroll(to: release + sign * travel, at: frame)
                frame += 1
                elapsed += 1
                if perMs * decayed < 0.01 || offset <= 0 || offset >= maxOffset { break }
            }
            if elapsed < caught { frame += Int(rng.uniform(pause) * rate) }
        }
        for marker in pendingMarkers where marker.0 <= duration {
            events.append(TraceEvent(time: marker.0, .marker(label: marker.1)))
        }
        guard !batches.isEmpty else { return events }
        // The app's updates interleave with the reader's events by time (stable: the reader's first).
        let updates = batches.map { TraceEvent(time: $0.0, .batch($0.1)) }
        return (events.enumerated().map { ($0.element, 0, $0.offset) } + updates.enumerated().map { ($0.element, 1, $0.offset) })
            .sorted { ($0.0.time, $0.1, $0.2) < ($1.0.time, $1.1, $1.2) }
            .map(\.0)
    }

    /// The content size the header's layout and data give.
    public static func contentSize(of header: TraceHeader) throws -> CollectionEngine.Size {
        let layout = try LayoutRegistry.standard.makeLayout(for: header.layout, path: "<synthesizer>")
        let data = StaticData(sections: header.sections)
        let size = header.collectionView.size
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: size.width, height: size.height),
                                            collectionViewLayout: layout)
        collectionView.dataSource = data
        collectionView.delegate = data
        layout.prepare()
        return layout.collectionViewContentSize
    }
}

/// Counts and sizes from the trace's `<data>`, for measuring the content.
private final class StaticData: CollectionViewDataSource, FlowLayoutDelegate {
    let sections: [SectionDescription]

    init(sections: [SectionDescription]) {
        self.sections = sections
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].items
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: CollectionEngine.IndexPath) -> CollectionViewCell {
        preconditionFailure("the synthesizer only measures the content; it displays nothing")
    }

    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: CollectionEngine.IndexPath) -> CollectionEngine.Size {
        guard let size = sections[indexPath.section].itemSizes?[indexPath.item] else { return layout.itemSize }
        return CollectionEngine.Size(width: size.width, height: size.height)
    }
}
