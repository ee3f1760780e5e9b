public import Reporting
package import CollectionEngine
import TraceXML
import Foundation

extension ReplayRunner {
    /// The elements the collection view displays at `time` seconds into the session.
    ///
    /// Replays every frame up to and including the one that contains `time` (frame ⌊time × rate⌋), on a
    /// clock that spends no real time, then reads the display: cells, supplementary views and decoration
    /// views, each with the attributes applied to it.
    ///
    /// - Parameter finalStatePastTheEnd: Whether a time past the session's end shows the final state (tests
    ///   of where a session settles) instead of being an error (what `reel snapshot` needs).
    /// - Throws: ``ReplayError`` when the trace cannot be replayed up to that frame, or when `time` is past
    ///   the session's end (the message says how long the session lasts) unless `finalStatePastTheEnd`;
    ///   and, as ``ReplaySession`` does, when the trace is cut off before `</trace>` and
    ///   `options.allowsTruncation` is `false`, wherever the cut is.
    /// - Parameter warn: Given the cut of a trace cut off that `options` accept, as `path:line:column: warning: …`.
    public func snapshot(_ path: String, at time: Double, options: ReplayOptions = ReplayOptions(),
                         finalStatePastTheEnd: Bool = false,
                         warn: (String) -> Void = { _ in }) throws(ReplayError) -> SnapshotReport {
        guard time >= 0, time.isFinite else {
            throw ReplayError(.unsupported, "the time must be a number of seconds from 0, not \(time)", path: path)
        }
        // Read up to a cut, as a replay reads, so that a cut-off trace is told the same way.
        var tolerant = options
        tolerant.allowsTruncation = true
        let (pass, reader) = try makeQuietPass(path, options: tolerant)
        let clock = pass.frameClock
        let frame = clock.isUniform ? Int((time * clock.refreshRate).rounded(.down)) : clock.frame(at: time)
        let result = pass.run(reader, stopBefore: frame + 1)
        if let failure = result.failure { throw failure }
        // The rest of the trace is read for a cut only: an event past the moment that the replay would refuse
        // does not change what was on screen then.
        while (try? reader.next()) != nil {}
        if let cut = reader.warnings.first(where: { $0.code == .truncated }) {
            guard options.allowsTruncation else { throw ReplaySession.truncationError(cut, path: path) }
            warn(cut.description)
        }
        // The session ended before the frame that holds `time`: nothing was on screen then.
        let framesRun = result.framesRun
        guard framesRun > frame || finalStatePastTheEnd else {
            let length = clock.startTime(ofFrame: framesRun)
            throw ReplayError(.unsupported,
                              "the time \(Self.seconds(time)) s is past the session's end: the session lasts "
                                  + "\(Self.seconds(length)) s (\(framesRun) frame\(framesRun == 1 ? "" : "s") at "
                                  + "\(Self.seconds(clock.refreshRate)) Hz); give a time from 0 to less than "
                                  + "\(Self.seconds(length))",
                              path: path)
        }
        return SnapshotReport(pass.collectionView, time: time, frame: frame)
    }
}

extension SnapshotReport {
    /// What `collectionView` displays at `time` seconds, in frame `frame`: its content offset and size, and each
    /// displayed element with the attributes applied to it.
    package init(_ collectionView: CollectionView, time: Double, frame: Int) {
        self.init(
            time: time, frame: frame, contentOffset: collectionView.contentOffset, contentSize: collectionView.contentSize,
            elements: collectionView.displayedElements.compactMap { key, view in
                view.layoutAttributes.map {
                    SnapshotReport.Element(key, $0, selected: (view as? CollectionViewCell)?.isSelected ?? false,
                                           disappearing: collectionView.isDisappearing(view))
                }
            })
    }
}

extension ReplayRunner {
    /// `seconds` for a message: at most 6 decimals, without trailing zeros.
    static func seconds(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return String(value) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Replays the whole trace once, on a clock that spends no real time, and hands `body` the collection
    /// view after each frame (its index, from 0); returns the engine's counters at the end.
    ///
    /// What ``snapshot(_:at:options:)`` shows at every frame, in one pass: tests compare layouts frame by
    /// frame with it (`cover-flow-cached` against `cover-flow`).
    /// - Throws: ``ReplayError`` when the trace cannot be replayed.
    package func forEachFrame(_ path: String, options: ReplayOptions = ReplayOptions(),
                              _ body: (Int, CollectionView) -> Void) throws(ReplayError) -> EngineCounters {
        let (pass, reader) = try makeQuietPass(path, options: options)
        let result = pass.run(reader) { index in body(index, pass.collectionView) }
        if let failure = result.failure { throw failure }
        return result.counters
    }

    /// A pass over the trace at `path` with the options' layout, mode and rate, measured by a clock that
    /// spends no real time, and its events from the first: the trace is read once, its events kept for the
    /// pass (``TraceScan``), unless they do not fit in memory (or `keepsEvents` is `false`, as tests ask); then
    /// the pass reads the trace again.
    func makeQuietPass(_ path: String, options: ReplayOptions,
                       keepsEvents: Bool = true) throws(ReplayError) -> (ReplayPass, any EventSource) {
        let readerOptions = TraceReader.Options(allowsTruncation: options.allowsTruncation)
        func open() throws(ReplayError) -> TraceReader {
            do throws(TraceError) {
                return try TraceReader(path: path, options: readerOptions)
            } catch {
                throw ReplayError(error)
            }
        }
        let reader = try open()
        let header = reader.header
        let frameClock = FrameClock(header: header, refreshRate: options.refreshRate)
        let scan = TraceScan(reader, path: path, markers: false, frameClock: frameClock)
        if let tooLong = scan.length.problem() { throw tooLong.replayError(path: path) }
        let layout = try registry.makeLayout(for: header.layout, named: options.layout, path: path)
        let pass = ReplayPass(quiet: header, path: path, layout: layout, registry: registry,
                              mode: options.mode ?? scan.defaultMode, frameClock: frameClock)
        let events: any EventSource = if keepsEvents, let kept = scan.events { kept.cursor() } else { try open() }
        return (pass, events)
    }
}

extension SnapshotReport.Element {
    init(_ key: ElementKey, _ attributes: LayoutAttributes, selected: Bool, disappearing: Bool) {
        let category: SnapshotReport.Category = switch key.category {
        case .cell: .cell
        case .supplementaryView: .supplementary
        case .decorationView: .decoration
        }
        self.init(category: category, section: key.indexPath.section, item: key.indexPath.item, kind: key.kind,
                  frame: attributes.frame, center: attributes.center, size: attributes.size,
                  alpha: attributes.displayedAlpha, zIndex: attributes.zIndex, hidden: attributes.isHidden, selected: selected,
                  transform: attributes.transform3D.rowMajor, disappearing: disappearing,
                  custom: attributes.customAttributes.map { field in
                      switch field.value {
                      case .bool(let value): .init(name: field.name, value: .bool(value))
                      case .number(let value): .init(name: field.name, value: .number(value))
                      case .string(let value): .init(name: field.name, value: .string(value))
                      }
                  })
    }
}
