public import TraceXML
public import Reporting
import CollectionEngine

/// The rules a trace follows that can be decided from the trace alone: the one implementation `reel
/// validate` (``TraceChecker``) and the replay (`ReplayPass`) both apply, event by event, so that both refuse
/// the same events with the same message at the same `path:line:column`.
///
/// The rules follow the state the trace builds:
/// - **Item counts per section**, from the header's `<data>`, replaced by `<reload-data>`, carried through
///   every `<batch>` (its `counts-after`, or the counts its operations imply). `<select>`, `<deselect>`,
///   `<menu>` and `<scroll-to-item>` must name an item that exists at that point.
/// - **Batches** against the counts before them, with UIKit's rules and UIKit's words (the engine's
///   `UpdatePlan`, the same check the collection view runs when it performs the batch).
/// - **Continuous gestures** (`<drag>`, `<long-press>`, `<pinch>`) and **interactive transitions** go
///   through their phases in order: `began`, `changed`…, then `ended` or `cancelled` (`finished` or
///   `cancelled` for a transition). UIKit's gesture recognizers follow this state machine — "A gesture
///   recognizer always starts in the possible state… continuous gesture recognizers… move to began, changed
///   …, ended or cancelled" (https://developer.apple.com/documentation/uikit/about-the-gesture-recognizer-state-machine)
///   — so a recorder that reads a recognizer's `state` cannot record a `changed` or `ended` without a `began`,
///   nor a second `began` before the first gesture ended: such a trace was edited or broken, and both
///   commands refuse it. A gesture still running when the trace ends is only a warning (a recording stopped
///   mid-gesture).
/// - **Layouts** of the header, `<set-layout>` and `<transition>` exist and their parameters are well-formed.
/// - **Sizes** of `<resize>` are positive.
/// - **Machine limits** (``TraceLimits``): at most ``TraceLimits/items`` items and
///   ``TraceLimits/sections`` sections after every batch (the reader checks `<data>` and `<reload-data>`),
///   and a session of at most ``TraceLimits/frames`` frames at the replay's refresh rate (``finish()``; the
///   replay checks it before its first pass).
///
/// What needs the engine stays in the engine and is reported in both commands with the engine's words at the
/// event (``TraceChecker`` replays the trace for them): whether a long press opened a menu on the item a
/// `<menu>` names (a hit test of the laid-out cells and the delegate's `shouldShowMenuForItemAt`), and a
/// `<set-layout>` or `<transition>` while the layout's own switch to another layout is still animating.
public struct TraceRules {
    /// A rule the trace breaks, and where.
    public struct Problem: Hashable, Sendable {
        /// Whether the trace cannot be replayed past this point (an error) or only looks unusual (a warning).
        public var severity: TraceDiagnostic.Severity
        public var message: String
        public var location: TraceLocation?
        /// What the replay calls it when it stops there.
        public var code: ReplayError.Code

        /// The problem as `reel validate` prints it, for the trace at `path`.
        public func diagnostic(path: String) -> TraceDiagnostic {
            TraceDiagnostic(severity: severity, code: .invalidValue, message: message, path: path, location: location)
        }

        /// The problem as the replay stops with it, for the trace at `path`.
        public func replayError(path: String) -> ReplayError {
            ReplayError(code, message, path: path, location: location)
        }
    }

    /// The continuous gestures and the interactive transition, in the order ``finish()`` reports them.
    private enum Phased: Int, CaseIterable {
        case drag, longPress, pinch, transition

        /// The element's name.
        var name: String {
            switch self {
            case .drag: "drag"
            case .longPress: "long-press"
            case .pinch: "pinch"
            case .transition: "transition"
            }
        }
    }

    private let path: String
    private let registry: LayoutRegistry
    /// The session's iOS version, which decides whether a non-animated apply diffs.
    private let iosVersion: Int
    /// Items per section, or `nil` after a batch that broke the rules (the counts are then unknown).
    private var counts: [Int]?
    /// Where each kind of gesture (by ``Phased`` raw value) that has begun and not ended began; `nil` for one
    /// that is not running. An array, not a dictionary by name: every `<drag>` looks its kind up.
    private var open = [TraceLocation??](repeating: nil, count: Phased.allCases.count)
    /// Where the interactive transition that a `<set-layout>` abandoned began, and where that switch was.
    private var abandonedTransition: (began: TraceLocation?, switched: TraceLocation?)?
    /// How long the session runs so far.
    private var session: SessionLength
    /// The data as a diffable snapshot, or nil when it is not one (sections without identifiers, or a batch
    /// changed it).
    private var snapshot: [SnapshotSection]?

    /// Rules for the trace at `path` whose header is `header`, its layouts looked up in `registry`, replayed
    /// with `frameClock`'s frames (the header's refresh rate or frame intervals when `nil`).
    public init(header: TraceHeader, path: String, registry: LayoutRegistry, frameClock: FrameClock? = nil) {
        self.path = path
        self.registry = registry
        iosVersion = header.collectionView.iosVersion
        counts = header.sections.map(\.items)
        snapshot = TraceSnapshot.sections(header.sections)
        session = SessionLength(frameClock: frameClock ?? FrameClock(header: header))
    }

    /// The header's problems: its layout, and workload costs for reuse identifiers no section uses.
    ///
    /// - Complexity: O(s + w) for s sections and w workload entries, plus the layout's check.
    public func check(_ header: TraceHeader) -> [Problem] {
        var problems: [Problem] = []
        if let problem = checkLayout(header.layout) { problems.append(problem) }
        let used = Set(header.sections.map(\.reuseIdentifier))
        for cell in header.workload?.cells ?? [] where !used.contains(cell.reuseIdentifier) {
            let known = used.sorted().map { "'\($0)'" }.joined(separator: ", ")
            problems.append(Problem(
                severity: .warning,
                message: "the workload gives costs for reuse identifier '\(cell.reuseIdentifier)', which no section "
                    + "uses; the sections use \(known)",
                location: nil, code: .invalidEvent))
        }
        return problems
    }

    /// Checks `event` against the state the events before it built, then advances the state past it.
    ///
    /// - Returns: The rules `event` breaks: at most one error, which the replay stops at.
    /// - Complexity: O(1) for most events; O(s) for `<reload-data>` with s sections; a batch costs what the
    ///   engine's `UpdatePlan` costs for its operations.
    public mutating func check(_ event: TraceEvent) -> [Problem] {
        let at = event.location
        session.add(event)
        switch event.kind {
        case .scroll, .tap, .marker:
            return []
        case .orthogonalScroll(let section, _):
            guard let counts, !counts.indices.contains(section) else { return [] }
            let sections = counts.count == 1 ? "is 1 section" : "are \(counts.count) sections"
            return [error("<orthogonal-scroll> names section \(section), but there \(sections) at this point", at)]
        case .drag(let phase, _, _):
            return advance(.drag, phase.rawValue, ends: phase == .ended || phase == .cancelled, at)
        case .longPress(let phase, _):
            return advance(.longPress, phase.rawValue, ends: phase == .ended || phase == .cancelled, at)
        case .pinch(let phase, _, _):
            return advance(.pinch, phase.rawValue, ends: phase == .ended || phase == .cancelled, at)
        case .menu(let item, _), .select(let item), .deselect(let item), .scrollToItem(let item, _, _):
            return checkItem(item, in: event.kind.elementName, at).map { [$0] } ?? []
        case .batch(let batch):
            snapshot = nil
            return checkBatch(batch, at).map { [$0] } ?? []
        case .reloadData(let sections):
            counts = sections.map(\.items)
            snapshot = TraceSnapshot.sections(sections)
            return []
        case .apply(let apply):
            return checkApply(apply, at).map { [$0] } ?? []
        case .setLayout(let layout, _, _):
            // A layout switch abandons a running interactive transition (the engine's
            // `setCollectionViewLayout`), which is then no longer open.
            if let began = open[Phased.transition.rawValue] {
                open[Phased.transition.rawValue] = nil
                abandonedTransition = (began, at)
            }
            return checkLayout(layout).map { [$0] } ?? []
        case .transition(let phase):
            if case .began(let layout) = phase {
                abandonedTransition = nil
                if let problem = checkLayout(layout) { return [problem] }
            }
            let ends = if case .finished = phase { true } else if case .cancelled = phase { true } else { false }
            if let (_, switched) = abandonedTransition, open[Phased.transition.rawValue] == nil {
                let place = switched.map { " (the <set-layout> at line \($0.line) abandoned it)" } ?? ""
                return [error("<transition> '\(phase.name)' after a layout switch ended the transition\(place): "
                              + CollectionView.noInteractiveTransitionMessage, at)]
            }
            return advance(.transition, phase.name, ends: ends, at)
        case .resize(let size):
            guard !(size.width > 0 && size.height > 0) else { return [] }
            return [error("<resize> to \(size.width) × \(size.height); expected a positive width and height", at)]
        }
    }

    /// Warnings for the gestures still running when the trace ends, at the event that began them, and the
    /// error for a session longer than ``TraceLimits/frames`` frames, at the event that makes it that long.
    ///
    /// - Complexity: O(1): at most one running gesture of each kind.
    public func finish() -> [Problem] {
        let running = Phased.allCases.compactMap { kind -> Problem? in
            guard let began = open[kind.rawValue] else { return nil }
            return Problem(severity: .warning, message: "a <\(kind.name)> began here and never ended", location: began,
                           code: .invalidEvent)
        }
        return running + (session.problem().map { [$0] } ?? [])
    }

    /// Moves the gesture `kind` through the phase called `phase`.
    private mutating func advance(_ kind: Phased, _ phase: String, ends: Bool,
                                  _ at: TraceLocation?) -> [Problem] {
        if phase == "began" {
            if let began = open[kind.rawValue] {
                let place = began.map { " (it began at line \($0.line))" } ?? ""
                open[kind.rawValue] = .some(at)
                let end = kind == .transition ? "a 'finished'" : "an 'ended'"
                return [error("<\(kind.name)> begins again before the previous one ended\(place); expected \(end) or "
                              + "'cancelled' phase first", at)]
            }
            open[kind.rawValue] = .some(at)
            return []
        }
        guard open[kind.rawValue] != nil else {
            let article = phase.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            return [error("<\(kind.name)> has \(article) '\(phase)' phase without a 'began' before it", at)]
        }
        if ends { open[kind.rawValue] = nil }
        return []
    }

    /// Checks a batch with UIKit's rules against the counts before it and the app's `counts-after`, as the
    /// engine does when it performs it.
    private mutating func checkBatch(_ batch: BatchUpdate, _ at: TraceLocation?) -> Problem? {
        guard let before = counts else {
            counts = batch.countsAfter
            if let claimed = batch.countsAfter, let problem = checkTotals(claimed, at) {
                counts = nil
                return problem
            }
            return nil
        }
        let engineBatch = EngineBatch(batch)
        do throws(BatchUpdateError) {
            let implied = try engineBatch.impliedPlan(on: before)
            let claimed = batch.countsAfter ?? implied.newCounts
            if let problem = checkTotals(claimed, at) {
                counts = nil
                return problem
            }
            _ = try UpdatePlan(oldCounts: before, operations: engineBatch.operations, newCounts: claimed)
            counts = claimed
            return nil
        } catch {
            counts = nil
            return self.error(EngineBatch.message(error), at)
        }
    }

    /// An `<apply>`: both snapshots must be snapshots, the new one without repeated identifiers (UIKit's
    /// words), and what it reloads or reconfigures must be in it. The batch a diff derives keeps UIKit's rules
    /// by construction.
    private mutating func checkApply(_ apply: SnapshotApply, _ at: TraceLocation?) -> Problem? {
        guard let new = TraceSnapshot.sections(apply.sections) else { return error(TraceSnapshot.newDataNotSnapshot, at) }
        let old = snapshot
        snapshot = nil
        counts = new.map(\.items.count)
        do throws(DiffableError) {
            try SnapshotDiff.validate(new)
            if !TraceSnapshot.reloads(apply, iosVersion: iosVersion) {
                guard let old else { return error(TraceSnapshot.currentDataNotSnapshot, at) }
                let diff = try SnapshotDiff(from: old, to: new, reloading: apply.reload)
                for identifier in apply.reconfigure where diff.newIndexPath(of: identifier) == nil {
                    throw DiffableError.missingItem(identifier, reconfigure: true)
                }
            }
        } catch {
            return self.error(error.message, at)
        }
        snapshot = new
        return checkTotals(counts ?? [], at)
    }

    /// The error for counts after a batch beyond the machine limits: more sections than
    /// ``TraceLimits/sections`` or more items in all than ``TraceLimits/items``.
    private func checkTotals(_ counts: [Int], _ at: TraceLocation?) -> Problem? {
        if counts.count > TraceLimits.sections {
            return error("the batch leaves \(TraceLimits.grouped(counts.count)) sections; a collection view holds at "
                         + "most \(TraceLimits.grouped(TraceLimits.sections)) sections in a replay", at)
        }
        var total = 0
        for count in counts {
            total += count
            if total > TraceLimits.items { break }
        }
        guard total > TraceLimits.items else { return nil }
        let items = counts.reduce(0, +)
        return error("the batch leaves \(TraceLimits.grouped(items)) items; a collection view holds at most "
                     + "\(TraceLimits.grouped(TraceLimits.items)) items in a replay", at)
    }

    private func checkLayout(_ layout: LayoutDescription) -> Problem? {
        do {
            try registry.check(layout, path: path)
            return nil
        } catch {
            return Problem(severity: .error, message: error.message, location: error.location ?? layout.location,
                           code: error.code)
        }
    }

    private func checkItem(_ item: TraceIndexPath, in element: String, _ at: TraceLocation?) -> Problem? {
        guard let counts else { return nil }
        guard counts.indices.contains(item.section) else {
            let sections = counts.count == 1 ? "is 1 section" : "are \(counts.count) sections"
            return error("<\(element)> names section \(item.section), but there \(sections) at this point", at)
        }
        guard item.item < 0 || item.item >= counts[item.section] else { return nil }
        return error("<\(element)> names item \(item.item) of section \(item.section), which has "
                     + "\(counts[item.section]) items at this point", at)
    }

    private func error(_ message: String, _ at: TraceLocation?) -> Problem {
        Problem(severity: .error, message: message, location: at, code: .invalidEvent)
    }
}
