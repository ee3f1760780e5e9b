import CollectionEngine
import Reporting
import TraceXML

/// Drives the engine from a trace's events, and nothing else: builds the collection view, its layout and its
/// data source from the trace's header, and applies each event to them, the engine's work in the span it
/// belongs to (``Profiler/measure(_:_:)``). What a pass measures, checks or records around the events is its
/// observers' (``PassObserver``); the frames are the ``ReplayPass``'s.
final class EventDriver {
    let collectionView: CollectionView
    let dataSource: TraceDataSource
    /// When each frame begins and its budget.
    let frameClock: FrameClock
    /// The trace's path, as errors name it.
    let path: String
    /// Where the engine's work is timed, span by span.
    let spans: Profiler
    private let registry: LayoutRegistry
    private let mode: ReplayMode
    /// The running interactive transition, from its `began` event.
    private var transition: TransitionLayout?
    /// The data as a diffable snapshot, or nil when it is not one (see ``TraceSnapshot``).
    private var snapshot: [SnapshotSection]?
    /// The session's iOS version: a non-animated apply diffs from iOS 15 on.
    private let iosVersion: Int

    /// The engine the trace's header describes, with `layout`.
    /// - Parameters:
    ///   - spans: The profiler the engine's work is measured on; a pass begins and ends its frames.
    ///   - charge: How the `<workload>`'s costs are charged: added to the spans that incur them, or spent on a
    ///     clock.
    init(header: TraceHeader, path: String, layout: CollectionViewLayout, registry: LayoutRegistry, mode: ReplayMode,
         frameClock: FrameClock, spans: Profiler, charge: WorkloadBudget.Charge) {
        self.path = path
        self.registry = registry
        self.mode = mode
        self.frameClock = frameClock
        self.spans = spans
        dataSource = TraceDataSource(sections: header.sections, workload: header.workload, charge: charge)
        snapshot = TraceSnapshot.sections(header.sections)
        iosVersion = header.collectionView.iosVersion
        let configuration = header.collectionView
        collectionView = CollectionView(
            frame: Rect(origin: .zero, size: configuration.size),
            collectionViewLayout: layout)
        collectionView.contentInset = configuration.contentInset
        collectionView.safeAreaInsets = configuration.safeArea
        collectionView.layoutMargins = configuration.layoutMargins
        collectionView.displayScale = Double(configuration.displayScale)
        collectionView.layoutDirection = configuration.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        collectionView.isPrefetchingEnabled = configuration.isPrefetchingEnabled
        collectionView.allowsSelection = configuration.allowsSelection
        collectionView.allowsMultipleSelection = configuration.allowsMultipleSelection
        collectionView.isPagingEnabled = configuration.isPagingEnabled
        collectionView.bounces = configuration.bounces
        collectionView.alwaysBounceVertical = configuration.alwaysBounceVertical
        collectionView.alwaysBounceHorizontal = configuration.alwaysBounceHorizontal
        collectionView.decelerationRate = DecelerationRate(factorPerMillisecond: configuration.decelerationRate.factorPerMillisecond)
        // The engine displays nothing past the limit, and the flow family builds one element more at most,
        // so 10,000,000 items on one screen cost 10,001 attributes before the pass stops on the display limit.
        collectionView.visibleElementLimit = TraceLimits.visibleElements
        collectionView.dataSource = dataSource
        collectionView.delegate = dataSource
    }

    /// Applies `event` to the engine at `frameTime`, in the span its work belongs to.
    func apply(_ event: TraceEvent, at frameTime: Double) throws(ReplayError) {
        switch event.kind {
        case .scroll(let offset):
            // Gestures mode ignores recorded offsets: the drags drive the physics.
            guard mode == .offsets else { return }
            spans.measure(.scroll) { collectionView.contentOffset = offset }
        case .orthogonalScroll(let section, let offset):
            // As `<scroll>`: gestures mode lets the drags move the section. The offset along the section's axis
            // applies; a section that does not scroll on its own (under another layout) ignores it.
            guard mode == .offsets, let scroller = collectionView.collectionViewLayout.nestedScroller(withID: section) else { return }
            spans.measure(.scroll) {
                collectionView.setNestedScrollOffset(scroller.axis == .horizontal ? offset.x : offset.y, of: section)
            }
        case .drag(let phase, let location, let velocity):
            switch mode {
            case .offsets:
                spans.measure(.events) {
                    collectionView.deliverRecordedDrag(phase.state, at: location,
                                                       velocity: Point(x: velocity?.x ?? 0, y: velocity?.y ?? 0))
                }
            case .gestures: spans.measure(.scroll) { drag(phase, at: location, velocity: velocity) }
            }
        case .scrollToItem(let item, let position, let animated):
            let indexPath = IndexPath(item: item.item, section: item.section)
            spans.measure(.scroll) { scroll(to: indexPath, at: position, animated: animated) }
        case .resize(let size):
            spans.measure(.events) {
                collectionView.frame = Rect(origin: .zero, size: size)
            }
        case .reloadData(let sections):
            spans.measure(.events) {
                dataSource.replaceSections(sections)
                collectionView.reloadData()
            }
            snapshot = TraceSnapshot.sections(sections)
        case .apply(let apply):
            try applySnapshot(apply, event)
        case .marker:
            // Nothing for the engine: a marker is the report's (``FrameMeasurement``).
            break
        case .select(let item), .deselect(let item):
            let indexPath = IndexPath(item: item.item, section: item.section)
            spans.measure(.events) {
                if case .select = event.kind { collectionView.selectItem(at: indexPath) } else { collectionView.deselectItem(at: indexPath) }
            }
        case .setLayout(let description, let animated, let duration):
            try checkNoLayoutSwitchRunning(event)
            let layout = try registry.makeLayout(for: description, path: path)
            spans.measure(.events) { collectionView.setCollectionViewLayout(layout, animated: animated, duration: duration) }
            // A switch during an interactive transition abandons it (see setCollectionViewLayout).
            transition = nil
        case .transition(let phase):
            try applyTransition(phase, event)
        case .batch(let batch):
            snapshot = nil
            try applyBatch(batch, event)
        case .tap(let location):
            let point = contentPoint(location)
            _ = spans.measure(.events) { collectionView.handleTap(at: point) }
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
    private func contentPoint(_ location: Point) -> Point {
        collectionView.contentOffset + location
    }

    /// Runs a gesture through the engine in the events span; a gesture the engine refuses (phases out of
    /// order, a menu action without a menu) stops the replay at the event.
    private func gesture<T>(_ event: TraceEvent, _ body: () throws(GestureError) -> T) throws(ReplayError) {
        do throws(GestureError) {
            _ = try spans.measure(.events, body)
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
                // A reloaded section keeps its cells' reuse identifier and its own flow metrics.
                var reloaded = TraceDataSource.Section(items: items, reuseIdentifier: dataSource.sections[old].reuseIdentifier)
                reloaded.flow = dataSource.sections[old].flow
                newSections[section] = reloaded
            }
            dataSource.stage(plan, insertedSizes: engineBatch.insertedSizes, newSections: newSections,
                             claimedCounts: batch.countsAfter)
            try spans.measure(.events) { () throws(BatchUpdateError) in
                try collectionView.performBatchUpdates(engineBatch.operations, animated: batch.animated,
                                                       duration: batch.duration)
            }
            dataSource.commitStaged()
        } catch {
            dataSource.dropStaged()
            throw invalid(event, EngineBatch.message(error))
        }
    }

    /// Applies a diffable snapshot as `UICollectionViewDiffableDataSource` does: a diff whose batch goes
    /// through the engine's batch updates (animated or not), or `reloadData` for `applySnapshotUsingReloadData`
    /// and, before iOS 15, for a non-animated apply (``TraceSnapshot/reloads(_:iosVersion:)``); then the
    /// reconfigured items' prepared cells are configured again in place.
    private func applySnapshot(_ apply: SnapshotApply, _ event: TraceEvent) throws(ReplayError) {
        guard let new = TraceSnapshot.sections(apply.sections) else {
            throw invalid(event, TraceSnapshot.newDataNotSnapshot)
        }
        let old = snapshot
        snapshot = nil
        if TraceSnapshot.reloads(apply, iosVersion: iosVersion) {
            do throws(DiffableError) { try SnapshotDiff.validate(new) } catch { throw invalid(event, error.message) }
            spans.measure(.events) {
                collectionView.countSnapshotAppliedByReload()
                dataSource.replaceSections(apply.sections)
                collectionView.reloadData()
            }
            // After reloadData no cell is prepared: reconfiguring is a no-op, as UIKit's is without a cell.
            snapshot = new
            return
        }
        guard let old else { throw invalid(event, TraceSnapshot.currentDataNotSnapshot) }
        let diff: SnapshotDiff
        var reconfigured: [IndexPath] = []
        do throws(DiffableError) {
            diff = try spans.measure(.events) { () throws(DiffableError) -> SnapshotDiff in
                try collectionView.diffSnapshot(from: old, to: new, reloading: apply.reload) { diff in
                    dataSource.chargeDiff(items: diff.itemsDiffed)
                }
            }
            for identifier in apply.reconfigure {
                guard let indexPath = diff.newIndexPath(of: identifier) else {
                    throw DiffableError.missingItem(identifier, reconfigure: true)
                }
                reconfigured.append(indexPath)
            }
        } catch {
            throw invalid(event, error.message)
        }
        if !diff.operations.isEmpty {
            dataSource.stage(apply.sections)
            do throws(BatchUpdateError) {
                try spans.measure(.events) { () throws(BatchUpdateError) in
                    try collectionView.performBatchUpdates(diff.operations, animated: apply.animated)
                }
            } catch {
                dataSource.dropStaged()
                throw invalid(event, EngineBatch.message(error))
            }
            dataSource.commitStaged()
        } else {
            // Nothing moved: the data is the new snapshot's all the same (its sizes, its reuse identifiers).
            dataSource.replaceSectionsKeepingDisplay(apply.sections)
        }
        spans.measure(.events) { _ = collectionView.reconfigureItems(at: reconfigured) }
        snapshot = new
    }

    private func applyTransition(_ phase: TransitionPhase, _ event: TraceEvent) throws(ReplayError) {
        switch phase {
        case .began(let description):
            try checkNoLayoutSwitchRunning(event)
            let layout = try registry.makeLayout(for: description, path: path)
            spans.measure(.events) { transition = collectionView.startInteractiveTransition(to: layout) }
        case .changed(let progress):
            // The trace rules let no 'changed' through without a running transition.
            spans.measure(.events) { transition?.transitionProgress = progress }
        case .finished, .cancelled:
            // A <set-layout> since 'began' ended the transition: UIKit raises its exception here.
            guard transition != nil, collectionView.isInteractivelyTransitioning else {
                throw invalid(event, CollectionView.noInteractiveTransitionMessage)
            }
            spans.measure(.events) {
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
    private func drag(_ phase: GesturePhase, at point: Point, velocity: Point?) {
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
