public import TraceXML
import CollectionEngine

/// Checks a trace the way `reel validate` does: TraceXML's schema and reader checks, then the checks the
/// engine can make without replaying.
///
/// The engine-level checks: the layouts the trace names exist and their parameters are well-formed (the
/// header's, `<set-layout>`'s and `<transition>`'s); the workload names only reuse identifiers the data
/// uses; batches follow UIKit's rules (with UIKit's messages) against the counts before them; items named by
/// `<scroll-to-item>`, `<select>`, `<deselect>` and `<menu>` exist, following the item counts through
/// `<reload-data>` and batches; gestures and transitions go through their phases
/// in order (began, changed…, ended or cancelled); sizes of `<resize>` are positive.
public enum TraceChecker {
    /// Every problem of the trace at `path`, sorted by position.
    ///
    /// - Complexity: three streaming passes over the trace, in constant memory.
    public static func validate(path: String, registry: LayoutRegistry = .standard) -> [TraceDiagnostic] {
        let formal = TraceValidator.validate(path: path)
        guard !formal.contains(where: { $0.severity == .error }) else { return formal }
        var checker = SemanticChecks(path: path, registry: registry)
        do {
            let reader = try TraceReader(path: path, options: TraceReader.Options(allowsTruncation: true))
            checker.check(reader.header)
            while let event = try reader.next() { checker.check(event) }
            checker.finish()
        } catch {
            checker.diagnostics.append(TraceDiagnostic(error))
        }
        return (formal + checker.diagnostics).sorted { lhs, rhs in
            (lhs.location?.line ?? 0, lhs.location?.column ?? 0) < (rhs.location?.line ?? 0, rhs.location?.column ?? 0)
        }
    }
}

/// The engine-level checks, event by event.
private struct SemanticChecks {
    let path: String
    let registry: LayoutRegistry
    var diagnostics: [TraceDiagnostic] = []
    /// Items per section, or `nil` after a batch without `counts-after` (the counts are then unknown).
    private var counts: [Int]?
    /// Where each kind of gesture that has begun and not ended began.
    private var open: [String: TraceLocation?] = [:]

    init(path: String, registry: LayoutRegistry) {
        self.path = path
        self.registry = registry
    }

    mutating func check(_ header: TraceHeader) {
        checkLayout(header.layout)
        counts = header.sections.map(\.items)
        let used = Set(header.sections.map(\.reuseIdentifier))
        for cell in header.workload?.cells ?? [] where !used.contains(cell.reuseIdentifier) {
            let known = used.sorted().map { "'\($0)'" }.joined(separator: ", ")
            warn("the workload gives costs for reuse identifier '\(cell.reuseIdentifier)', which no section "
                 + "uses; the sections use \(known)", at: nil)
        }
    }

    mutating func check(_ event: TraceEvent) {
        let at = event.location
        switch event.kind {
        case .scroll, .tap, .marker:
            break
        case .drag(let phase, _, _):
            gesture("drag", phase, at)
        case .longPress(let phase, _):
            gesture("long-press", phase, at)
        case .pinch(let phase, _, _):
            gesture("pinch", phase, at)
        case .menu(let item, _), .select(let item), .deselect(let item):
            checkItem(item, in: event.kind.elementName, at)
        case .scrollToItem(let item, _, _):
            checkItem(item, in: "scroll-to-item", at)
        case .batch(let batch):
            checkBatch(batch, at)
        case .reloadData(let sections):
            counts = sections.map(\.items)
        case .setLayout(let layout, _, _):
            checkLayout(layout)
        case .transition(let phase):
            switch phase {
            case .began(let layout):
                checkLayout(layout)
                begin("transition", at)
            case .changed:
                requireOpen("transition", "a 'changed' phase", at)
            case .finished, .cancelled:
                requireOpen("transition", "a '\(phase.name)' phase", at)
                open["transition"] = nil
            }
        case .resize(let size):
            if !(size.width > 0 && size.height > 0) {
                error("<resize> to \(size.width) × \(size.height); expected a positive width and height", at)
            }
        }
    }

    mutating func finish() {
        for (kind, location) in open.sorted(by: { $0.key < $1.key }) {
            warn("a <\(kind)> began here and never ended", at: location)
        }
    }

    /// Checks a batch with UIKit's rules against the counts before it and the app's `counts-after`, as the
    /// engine will when it replays it.
    private mutating func checkBatch(_ batch: BatchUpdate, _ at: TraceLocation?) {
        guard let before = counts else {
            counts = batch.countsAfter
            return
        }
        let engineBatch = EngineBatch(batch)
        do throws(BatchUpdateError) {
            let implied = try engineBatch.impliedPlan(on: before)
            let claimed = batch.countsAfter ?? implied.newCounts
            _ = try UpdatePlan(oldCounts: before, operations: engineBatch.operations, newCounts: claimed)
            counts = claimed
        } catch {
            self.error(EngineBatch.message(error), at)
            counts = nil
        }
    }

    private mutating func checkLayout(_ layout: LayoutDescription) {
        do {
            try registry.check(layout, path: path)
        } catch {
            diagnostics.append(TraceDiagnostic(severity: .error, code: .invalidValue, message: error.message,
                                               path: path, location: error.location ?? layout.location))
        }
    }

    private mutating func checkItem(_ item: TraceIndexPath, in element: String, _ at: TraceLocation?) {
        guard let counts else { return }
        guard counts.indices.contains(item.section) else {
            error("<\(element)> names section \(item.section), but there \(counts.count == 1 ? "is 1 section" : "are \(counts.count) sections") at this point", at)
            return
        }
        if item.item < 0 || item.item >= counts[item.section] {
            error("<\(element)> names item \(item.item) of section \(item.section), which has \(counts[item.section]) items at this point", at)
        }
    }

    private mutating func gesture(_ kind: String, _ phase: GesturePhase, _ at: TraceLocation?) {
        switch phase {
        case .began:
            begin(kind, at)
        case .changed:
            requireOpen(kind, "a 'changed' phase", at)
        case .ended, .cancelled:
            requireOpen(kind, phase == .ended ? "an 'ended' phase" : "a 'cancelled' phase", at)
            open[kind] = nil
        }
    }

    private mutating func begin(_ kind: String, _ at: TraceLocation?) {
        if let began = open[kind] {
            let place = began.map { " (it began at line \($0.line))" } ?? ""
            error("<\(kind)> begins again before the previous one ended\(place)", at)
        }
        open[kind] = .some(at)
    }

    private mutating func requireOpen(_ kind: String, _ what: String, _ at: TraceLocation?) {
        if open[kind] == nil {
            error("<\(kind)> has \(what) without a 'began' before it", at)
        }
    }

    private mutating func error(_ message: String, _ at: TraceLocation?) {
        diagnostics.append(TraceDiagnostic(severity: .error, code: .invalidValue, message: message, path: path, location: at))
    }

    private mutating func warn(_ message: String, at: TraceLocation?) {
        diagnostics.append(TraceDiagnostic(severity: .warning, code: .invalidValue, message: message, path: path, location: at))
    }
}
