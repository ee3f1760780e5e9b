internal import Foundation
internal import Histogram

/// The rules that turn a measurement into findings, each with its thresholds named.
enum FindingRules {
    /// Rule (a) needs at least this many scroll frames, so that a short trace with a few prepares is not flagged.
    static let minimumScrollFrames = 10
    /// Rule (a) fires when layout prepares reach this share of the scroll frames.
    static let everyScrollFrameShare = 0.9
    /// Rule (b) counts cells created in frames that begin at or after this time, in seconds.
    static let poolWarmUpSeconds = 1.0
    /// Rule (b) tolerates up to this many late creations whatever happened before.
    static let lateCreationAllowance = 3
    /// Rule (b) tolerates late creations up to this share of the creations in the first second.
    static let lateCreationShare = 0.1
    /// Rule (c) looks at the paths under these prefixes: the callbacks that run per view.
    static let callbackPrefixes = ["frame/cells/", "frame/supplementary/", "frame/decoration/"]
    /// Rule (d): a path dominates a frame when its self time is at least this share of the frame's time.
    static let dominantShare = 0.5
    /// Rule (e) fires when the attributes built per layout pass reach this multiple of the most elements
    /// displayed at once…
    static let wholeContentMultiple = 4.0
    /// …and at least this many: a few dozen extra attributes per pass are not worth a word.
    static let wholeContentMinimum = 200.0
    /// Rule (f) fires when the cached attributes a layout examined per element query reach this multiple of
    /// the most elements displayed at once…
    static let scanMultiple = 10.0
    /// …and at least this many per query: scanning a few dozen attributes is not worth a word.
    static let scanMinimum = 200.0

    /// Every finding about `measurement`, in rule order (a)–(g).
    static func findings(in measurement: ReplayMeasurement) -> [Finding] {
        let budgetNs = measurement.budgetMs * 1_000_000
        return [layoutInvalidatedEveryScrollFrame(measurement)].compactMap { $0 }
            + [poolChurn(measurement)].compactMap { $0 }
            + callbacksOverBudget(measurement, budgetNs: budgetNs)
            + framesDominatedByPath(measurement)
            + [wholeContentQueries(measurement)].compactMap { $0 }
            + [scanPerQuery(measurement)].compactMap { $0 }
            + [lineRequeries(measurement)].compactMap { $0 }
            + [selfSizingCascade(measurement, budgetNs: budgetNs), oscillatingItems(measurement),
               costlyMeasure(measurement, budgetNs: budgetNs), measureWithoutEstimate(measurement),
               reloadsInsteadOfReconfigure(measurement), snapshotReloads(measurement)].compactMap { $0 }
    }

    // MARK: Self-sizing cells

    /// The path of `preferredLayoutAttributesFitting(_:)` on cells.
    static let measurePath = "frame/cells/measure"
    /// Rule (h) needs at least this many self-sizing invalidations: a few cells off their estimate on load are
    /// what estimates are for.
    static let cascadeMinimum = 20
    /// Rule (j): `measure`'s self time in janky frames is dominant from this share of those frames' time.
    static let measureShare = 0.3

    /// The janky frames' total time over the measured repeats, and their count.
    private static func jankyTime(_ measurement: ReplayMeasurement, budgetNs: Double) -> (ns: Double, frames: Int) {
        var total = 0.0, count = 0
        for repeated in measurement.repeats {
            for frame in repeated.frames where FrameMath.isJanky(frame.durationNs, budgetNs: budgetNs) {
                total += Double(frame.durationNs)
                count += 1
            }
        }
        return (total, count)
    }

    /// (h) At least ``cascadeMinimum`` self-sizing invalidations in a session with janky frames: each re-laid out
    /// the items after its cell and ran the visible cells again in the same frame.
    static func selfSizingCascade(_ measurement: ReplayMeasurement, budgetNs: Double) -> Finding? {
        guard let invalidations = measurement.counters[.selfSizingInvalidations], invalidations >= cascadeMinimum,
              jankyTime(measurement, budgetNs: budgetNs).frames > 0 else { return nil }
        let error = measurement.counters[.estimateErrorPt] ?? 0
        let shifts = measurement.counters[.visibleContentShifts] ?? 0
        let mean = Double(error) / Double(invalidations)
        return Finding(
            rule: .selfSizingCascade,
            message: "self-sizing cascade: \(grouped(invalidations)) cells answered a size other than their item's "
                + "(`preferredLayoutAttributesFitting(_:)`), each re-laying out the items after it and updating the "
                + "visible cells again in the same frame, \(milliseconds(mean)) points off the estimate on average"
                + (shifts > 0 ? "; \(grouped(shifts)) of those changes above the visible top moved what the user sees" : "")
                + ": bring `estimatedItemSize` closer to the cells' sizes, or size the items up front")
    }

    /// (i) The replay stopped at UIKit's self-sizing recursion guard: the items whose size never settles, as the
    /// replay's failure names them.
    static func oscillatingItems(_ measurement: ReplayMeasurement) -> Finding? {
        guard let failure = measurement.failure, failure.contains("[UICollectionViewRecursion]"),
              let start = failure.range(of: "the items that never settle: ") else { return nil }
        let rest = failure[start.upperBound...]
        let items = rest.prefix { $0 != "." }
        return Finding(
            rule: .oscillatingItems,
            message: "cells that never settle on a size: \(items) (index paths as [section, item]) answered a "
                + "different size each time they were measured, so the layout never converged; iOS 18 and later stop "
                + "the app after 100 nested layout passes. Make `preferredLayoutAttributesFitting(_:)` answer the "
                + "same size for the size it is given")
    }

    /// (j) `measure`'s self time in janky frames is at least ``measureShare`` of their time: the cells' own
    /// sizing (Auto Layout's `systemLayoutSizeFitting`, typically) is what makes them late.
    static func costlyMeasure(_ measurement: ReplayMeasurement, budgetNs: Double) -> Finding? {
        let janky = jankyTime(measurement, budgetNs: budgetNs)
        guard janky.ns > 0 else { return nil }
        let paths = measurement.repeats.flatMap(\.paths).filter { $0.path == measurePath }
        let measureNs = Double(paths.reduce(0) { $0 + $1.jankySelfNs })
        guard measureNs >= measureShare * janky.ns else { return nil }
        let calls = paths.reduce(0) { $0 + $1.calls }
        let perCall = calls > 0 ? Double(paths.reduce(0) { $0 + $1.selfNs }) / Double(calls) / 1_000_000 : 0
        return Finding(
            rule: .costlyMeasure,
            message: "costly measure: cells' `preferredLayoutAttributesFitting(_:)` took "
                + "\(Int((100 * measureNs / janky.ns).rounded())) % of the janky frames' time "
                + "(\(milliseconds(perCall, decimals: 2)) ms per call): cache each item's size, or compute it without "
                + "a full Auto Layout pass")
    }

    /// Rule (k) needs a call of `preferredLayoutAttributesFitting(_:)` to cost at least this much on average, in
    /// nanoseconds: a view's own sizing (a workload `measure` cost), not the engine's bookkeeping around a call
    /// whose answer costs nothing.
    static let measureCallMinimumNs = 50_000.0

    /// (k) Cells were measured at a cost (at least ``measureCallMinimumNs`` a call) while no measurement changed
    /// the layout: with UIKit's default `estimatedItemSize` of zero, UIKit still calls
    /// `preferredLayoutAttributesFitting(_:)` on every cell (rdar://26887172, "noticeable during scrolling"), and
    /// the answer is thrown away.
    static func measureWithoutEstimate(_ measurement: ReplayMeasurement) -> Finding? {
        guard (measurement.counters[.selfSizingInvalidations] ?? 0) == 0,
              let queries = measurement.counters[.preferredAttributesQueries], queries > 0 else { return nil }
        let paths = measurement.repeats.flatMap(\.paths).filter { $0.path == measurePath }
        let selfNs = paths.reduce(0) { $0 + $1.selfNs }
        let calls = paths.reduce(0) { $0 + $1.calls }
        guard calls > 0, Double(selfNs) / Double(calls) >= measureCallMinimumNs else { return nil }
        let repeats = Double(max(1, measurement.repeats.count))
        return Finding(
            rule: .measureWithoutEstimate,
            message: "cells measured for nothing: \(grouped(queries)) calls of `preferredLayoutAttributesFitting(_:)` "
                + "cost \(milliseconds(Double(selfNs) / repeats / 1_000_000)) ms per pass, and no answer changed the layout "
                + "(UIKit calls it on every cell even without an estimated item size, rdar://26887172); a cell that "
                + "does not size itself can override it to return the attributes unchanged")
    }

    // MARK: Diffable data sources

    /// (l) Snapshot applies (`snapshot_applies` > 0) with reloaded items (`items_reloaded`) and none
    /// reconfigured: each reload discarded the item's prepared cell and dequeued another, where
    /// `reconfigureItems` (iOS 15) configures the existing cell again (Tyler Fox's notes on reconfigure;
    /// GetStream/stream-chat-swift PR #2996 made the switch when reloads made avatars flash).
    static func reloadsInsteadOfReconfigure(_ measurement: ReplayMeasurement) -> Finding? {
        guard let applies = measurement.counters[.snapshotApplies], applies > 0,
              let reloaded = measurement.counters[.itemsReloaded], reloaded > 0,
              (measurement.counters[.itemsReconfigured] ?? 0) == 0 else { return nil }
        return Finding(
            rule: .reloadsInsteadOfReconfigure,
            message: "\(grouped(reloaded)) \(reloaded == 1 ? "item" : "items") reloaded in \(grouped(applies)) snapshot "
                + "\(applies == 1 ? "apply" : "applies") and none reconfigured: a reload discards the item's prepared "
                + "cell and dequeues a new one; reconfigureItems configures the existing cell again, with no dequeue")
    }

    /// (m) Snapshot applies that reloaded the data (`snapshot_reloads`): `apply(_:animatingDifferences: false)`
    /// before iOS 15, or `applySnapshotUsingReloadData`. `reloadData` "throws away all your existing cells", and
    /// iOS 15 made a non-animated apply diff instead (Tyler Fox, UIKit, quoted in the WWDC 2021 notes on "Make
    /// blazing fast lists and collection views"; Apple doc page "applySnapshotUsingReloadData(_:)").
    static func snapshotReloads(_ measurement: ReplayMeasurement) -> Finding? {
        guard let reloads = measurement.counters[.snapshotReloads], reloads > 0 else { return nil }
        let applies = measurement.counters[.snapshotApplies] ?? reloads
        return Finding(
            rule: .snapshotReloads,
            message: "\(grouped(reloads)) of \(grouped(applies)) snapshot \(applies == 1 ? "apply" : "applies") reloaded the "
                + "data instead of diffing it (a non-animated apply before iOS 15, or applySnapshotUsingReloadData): "
                + "each sent every prepared and prefetched cell back to its pool and configured the visible ones "
                + "again; from iOS 15 a non-animated apply diffs, and only what changed is updated")
    }

    /// (a) `layout_prepares` ≥ ``everyScrollFrameShare`` × scroll frames, with at least ``minimumScrollFrames``,
    /// and the bounds changes themselves asked for those invalidations (`bounds_invalidations` at the same
    /// share) — a layout that invalidates itself as it moves (springs) re-prepares as often without its
    /// `shouldInvalidateLayout(forBoundsChange:)` returning true. A report without `bounds_invalidations`
    /// (written before it was counted) is judged on its prepares alone.
    static func layoutInvalidatedEveryScrollFrame(_ measurement: ReplayMeasurement) -> Finding? {
        let scrollFrames = measurement.scrollFrames
        guard scrollFrames >= minimumScrollFrames,
              let prepares = measurement.counters[.layoutPrepares],
              Double(prepares) >= everyScrollFrameShare * Double(scrollFrames),
              Double(measurement.counters[.boundsInvalidations] ?? prepares) >= everyScrollFrameShare * Double(scrollFrames)
        else { return nil }
        return Finding(
            rule: .layoutInvalidatedEveryScrollFrame,
            message: "layout invalidated on every scroll frame (`shouldInvalidateLayout(forBoundsChange:)` returns "
                + "true): \(prepares) prepares in \(scrollFrames) scroll frames")
    }

    /// (b) In the first measured repeat, cells created in frames at t ≥ ``poolWarmUpSeconds`` that the
    /// display's growth does not explain exceed max(``lateCreationAllowance``, ``lateCreationShare`` × those
    /// created before).
    ///
    /// A frame that puts more cells on screen than any frame before it needs that many more views whatever
    /// the pool holds: a layout that shows every item creates a view for each inserted one, a layout switch
    /// to a denser layout creates the extra views. Those creations are not churn. Only the creations beyond
    /// that growth count, and all of them in frames whose on-screen count is unknown.
    static func poolChurn(_ measurement: ReplayMeasurement) -> Finding? {
        guard let frames = measurement.repeats.first?.frames else { return nil }
        var early = 0, late = 0, explained = 0
        var peak = 0
        // Frames without cell counts created none and add nothing.
        for frame in frames.framesWithCellCounts {
            var unexplained = frame.cellsCreated
            if let onScreen = frame.cellsOnScreen {
                let growth = max(0, onScreen - peak)
                peak = max(peak, onScreen)
                unexplained = max(0, frame.cellsCreated - growth)
            }
            if frame.time < poolWarmUpSeconds {
                early += frame.cellsCreated
            } else {
                late += unexplained
                explained += frame.cellsCreated - unexplained
            }
        }
        guard Double(late) > max(Double(lateCreationAllowance), lateCreationShare * Double(early)) else { return nil }
        let growth = explained > 0 ? ", besides \(explained) for more cells on screen" : ""
        return Finding(
            rule: .poolChurn,
            message: "\(late) \(late == 1 ? "cell" : "cells") created after the first second "
                + "(\(early) before\(growth)): reuse pool too small?")
    }

    /// (c) A path under ``callbackPrefixes`` whose median call exceeds the budget; or, more weakly, whose
    /// longest call does.
    ///
    /// The median must exceed the budget by more than the histogram's resolution (its bucket's lowest value
    /// is over budget), so a callback that costs exactly the budget is not flagged.
    static func callbacksOverBudget(_ measurement: ReplayMeasurement, budgetNs: Double) -> [Finding] {
        var histograms: [String: Histogram<UInt64>] = [:]
        var order: [String] = []
        for path in measurement.repeats.flatMap(\.paths)
        where callbackPrefixes.contains(where: path.path.hasPrefix) && path.callDurations.totalCount > 0 {
            if var histogram = histograms[path.path] {
                histogram.merge(path.callDurations)
                histograms[path.path] = histogram
            } else {
                var histogram = path.callDurations
                histogram.autoResize = true
                histograms[path.path] = histogram
                order.append(path.path)
            }
        }
        let budget = milliseconds(budgetNs / 1_000_000, decimals: 2)
        return order.sorted().compactMap { path in
            guard let histogram = histograms[path] else { return nil }
            let median = histogram.valueAtPercentile(50)
            let name = callbackName(path)
            if Double(histogram.lowestEquivalentForValue(median)) > budgetNs {
                return Finding(
                    rule: .callbackOverBudget,
                    message: "\(name) costs \(milliseconds(FrameMath.ms(median))) ms per call, "
                        + "more than the \(budget) ms budget on its own")
            }
            if Double(histogram.lowestEquivalentForValue(histogram.maxRecorded)) > budgetNs {
                return Finding(
                    rule: .callbackOverBudget,
                    message: "\(name) took up to \(milliseconds(FrameMath.ms(histogram.maxRecorded))) ms in one "
                        + "call, more than the \(budget) ms budget on its own "
                        + "(median \(milliseconds(FrameMath.ms(median))) ms)")
            }
            return nil
        }
    }

    /// (d) Janky frames whose top path took at least ``dominantShare`` of the frame, grouped by path, most
    /// frames first, each with its slowest frame as the example.
    ///
    /// The count is per repeat (frames over all measured repeats divided by the repeats), like `janky_frames`.
    /// Only the measured frames count (the window's: frame 0, the initial display, is reported apart).
    static func framesDominatedByPath(_ measurement: ReplayMeasurement) -> [Finding] {
        var groups: [String: [FrameSample]] = [:]
        // The frames the report's figures cover: the initial display is reported apart unless included.
        let window = measurement.window
        for repeated in measurement.repeats {
            let frames = repeated.frames
            // Only janky frames are read whole: a frame log keeps the top path's self time for those only.
            for position in frames.positionsWithTopPathSelfTime
            where FrameMath.isJanky(frames.durationNs(at: position),
                                    budgetNs: measurement.frameClock.budgetNs(ofFrame: frames.frameIndex(at: position)))
                && window.contains(frame: frames.frameIndex(at: position), frameClock: measurement.frameClock) {
                let frame = frames[position]
                guard let path = frame.topPath,
                      Double(frame.topPathSelfNs) >= dominantShare * Double(frame.durationNs)
                else { continue }
                groups[path, default: []].append(frame)
            }
        }
        let repeats = Double(max(1, measurement.repeats.count))
        let sorted = groups.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
        return sorted.compactMap { path, frames in
            guard let worst = frames.max(by: { ($0.durationNs, $1.index) < ($1.durationNs, $0.index) }) else {
                return nil
            }
            let count = Double(frames.count) / repeats
            let noun = count == 1 ? "janky frame" : "janky frames"
            return Finding(
                rule: .frameDominatedByPath,
                message: "\(number(count)) \(noun) dominated by \(path) (≥ \(Int(dominantShare * 100)) % of the "
                    + "frame's time); worst: frame \(worst.index) at \(seconds(worst.time)) s, "
                    + "\(milliseconds(FrameMath.ms(worst.topPathSelfNs))) of its "
                    + "\(milliseconds(FrameMath.ms(worst.durationNs))) ms")
        }
    }

    /// (e) `layout_attributes_built` per layout pass ≥ ``wholeContentMultiple`` × `max_visible_elements` and
    /// ≥ ``wholeContentMinimum``, when the layout's own nested queries do not explain them (rule (g)).
    ///
    /// A layout pass is a `prepare()` or a query of the collection view (`element_queries`), whichever
    /// happened more often: a layout that answers the collection view's queries from its flow builds about
    /// what it displays per query, whereas one that asks `super` for its whole content in `prepare()` (the
    /// book's springy layout), or makes every item's attributes in each query and filters them, builds
    /// (nearly) all its content per pass. The engine counts the attributes objects any layout creates, so
    /// this holds for a user's layout as for the catalogue's.
    static func wholeContentQueries(_ measurement: ReplayMeasurement) -> Finding? {
        guard let built = measurement.counters[.layoutAttributesBuilt], built > 0,
              lineRequeries(measurement) == nil else { return nil }
        let displayed = measurement.counters[.maxVisibleElements] ?? 0
        let passes = layoutPasses(measurement)
        let perPass = Double(built) / Double(passes)
        guard perPass >= wholeContentMinimum, perPass >= wholeContentMultiple * Double(displayed) else { return nil }
        return Finding(
            rule: .wholeContentQueries,
            message: "whole-content query: the layout builds \(grouped(Int(perPass.rounded()))) attributes per layout "
                + "pass for at most \(displayed) displayed \(displayed == 1 ? "element" : "elements") "
                + "(\(grouped(built)) in \(grouped(passes)) passes): it builds attributes for (nearly) all its content on "
                + "every pass (e.g. `layoutAttributesForElements(in:)` over the whole content in `prepare()`, or a "
                + "query that makes every item's attributes and filters them); query only the rect asked for, or "
                + "keep what you computed")
    }

    /// Rule (g) fires when the queries a layout makes of the flow layout itself (`nested_queries`) reach this
    /// many per layout pass: a few `super` calls per pass are not worth a word.
    static let lineRequeryMinimum = 4.0

    /// (g) `nested_queries` per layout pass ≥ ``lineRequeryMinimum``: the layout answers each item by querying
    /// again, typically the item's line.
    ///
    /// A flow subclass that re-aligns each line and, for every item, asks `layoutAttributesForElements(in:)`
    /// (or the item before it) for its line does O(k²) work per line of k items: its attributes built per pass
    /// are far more than it displays yet far fewer than its content, and its queries of `super` are about one
    /// per displayed item per pass, where a layout that re-aligns from one answer makes one.
    static func lineRequeries(_ measurement: ReplayMeasurement) -> Finding? {
        guard let nested = measurement.counters[.nestedQueries], nested > 0 else { return nil }
        let passes = layoutPasses(measurement)
        let perPass = Double(nested) / Double(passes)
        guard perPass >= lineRequeryMinimum else { return nil }
        let displayed = measurement.counters[.maxVisibleElements] ?? 0
        let built = measurement.counters[.layoutAttributesBuilt] ?? 0
        return Finding(
            rule: .lineRequeries,
            message: "per-item query that re-queries its line: the layout queries the flow layout again "
                + "\(grouped(Int(perPass.rounded()))) times per layout pass and builds "
                + "\(grouped(Int((Double(built) / Double(passes)).rounded()))) attributes per pass for at most "
                + "\(displayed) displayed \(displayed == 1 ? "element" : "elements") (\(grouped(nested)) nested queries "
                + "and \(grouped(built)) attributes in \(grouped(passes)) passes): answering each element queries its line "
                + "or section again (`layoutAttributesForElements(in:)` or its neighbours' `layoutAttributesForItem(at:)`), "
                + "O(k²) for a line of k items; compute each line or section once from the answer of one query")
    }

    /// The layout passes of `measurement`: its prepares or its element queries, whichever happened more
    /// often, and at least 1.
    static func layoutPasses(_ measurement: ReplayMeasurement) -> Int {
        max(1, measurement.counters[.layoutPrepares] ?? 0, measurement.counters[.elementQueries] ?? 0)
    }

    /// (f) `attributes_examined` per element query ≥ ``scanMultiple`` × `max_visible_elements` and
    /// ≥ ``scanMinimum``.
    ///
    /// Only layouts that report what they examine (`CollectionViewLayout.recordAttributesExamined`) have the
    /// counter; tutorial 001's photo album looks at every cached attribute to answer each query, so its cost
    /// grows with the whole content instead of with what is on screen.
    static func scanPerQuery(_ measurement: ReplayMeasurement) -> Finding? {
        guard let examined = measurement.counters[.attributesExamined], examined > 0,
              let queries = measurement.counters[.elementQueries], queries > 0 else { return nil }
        let displayed = measurement.counters[.maxVisibleElements] ?? 0
        let perQuery = Double(examined) / Double(queries)
        guard perQuery >= scanMinimum, perQuery >= scanMultiple * Double(displayed) else { return nil }
        return Finding(
            rule: .scanPerQuery,
            message: "scan per query: every element query scanned \(grouped(Int(perQuery.rounded()))) attributes to display at most "
                + "\(displayed) (\(grouped(examined)) in \(grouped(queries)) queries): the layout looks at every "
                + "cached attribute per query (tutorial 001's habit); index the cache by row or section so a query "
                + "reads only what it returns")
    }

    /// `1,234,567`: a count with thousands separators.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// The name a finding gives a path: its last component, with its category for non-cell callbacks
    /// (`prepare-for-reuse`, `supplementary configure`).
    static func callbackName(_ path: String) -> String {
        let components = path.split(separator: "/")
        guard let last = components.last else { return path }
        if components.count >= 3, components[0] == "frame", components[1] != "cells" {
            return "\(components[1]) \(last)"
        }
        return String(last)
    }

    /// `12.0`: milliseconds with `decimals` decimals.
    static func milliseconds(_ value: Double, decimals: Int = 1) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// `5.200`: seconds with millisecond precision.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    /// A per-repeat count in its shortest form: `3`, `2.4`.
    static func number(_ value: Double) -> String {
        JSONValue.number(value).serialized()
    }
}
