public import TraceXML

/// A trace's data at another item count: what `reel compare --scale` replays each trace with.
///
/// Only the `<data>` the session starts with is scaled; a `<reload-data>` replaces it with what the trace
/// recorded, as it would in the app. The rule:
/// - **Counts.** Each section keeps its share of the items: section *s* of *n* items out of *N* gets
///   *n* × *T* / *N* of the *T* asked, rounded down, and the items rounding leaves over go one each to the
///   sections with the largest remainders (ties to the earlier section), so the sections hold exactly *T*.
///   Empty sections stay empty and the number of sections never changes.
/// - **Sizes.** A section's own list of item sizes is repeated cyclically: item *i* of a list of *k* sizes
///   has size *i* mod *k*, so the data keeps its mix of sizes at any count.
/// - **Events.** Events that name an item (`<select>`, `<deselect>`, `<menu>`, `<scroll-to-item>`, the
///   operations of a `<batch>`) must still name one that exists: ``check(trace:itemCount:registry:)`` runs the
///   trace's rules over its events against the scaled data and refuses a count that breaks one, naming it.
public enum ItemScaling {
    /// `sections` holding `total` items in all, each in proportion to its share.
    ///
    /// - Parameters:
    ///   - sections: The data to scale; at least one item in all.
    ///   - total: The items the result holds, 1 or more.
    /// - Returns: As many sections as `sections`, holding `total` items.
    /// - Complexity: O(*s* log *s* + *r*) for *s* sections and *r* runs of sizes in the result.
    public static func sections(_ sections: [SectionDescription], toItems total: Int) -> [SectionDescription] {
        let items = sections.reduce(0) { $0 + $1.items }
        precondition(items > 0 && total > 0, "scaling needs items to scale and a positive count, not \(items) → \(total)")
        // n × T can pass Int's range at 100,000 sections of 10,000,000 items; the shares are computed in
        // two parts that cannot.
        var counts = sections.map { section in section.items.multipliedFullWidth(by: total) }
            .map { product in items.dividingFullWidth(product) }
        let left = total - counts.reduce(0) { $0 + $1.quotient }
        let order = counts.indices.sorted { counts[$0].remainder > counts[$1].remainder
            || (counts[$0].remainder == counts[$1].remainder && $0 < $1) }
        for index in order.prefix(left) { counts[index].quotient += 1 }
        return zip(sections, counts).map { section, count in
            var scaled = section
            scaled.items = count.quotient
            if let sizes = section.itemSizes, !sizes.isEmpty {
                scaled.itemSizes = cycled(sizes, to: count.quotient)
            }
            return scaled
        }
    }

    /// `sizes` repeated until it holds `count` items.
    private static func cycled(_ sizes: TraceSizeList, to count: Int) -> TraceSizeList {
        var result = TraceSizeList()
        var left = count
        while left > 0 {
            for run in sizes.runs where left > 0 {
                let taken = min(run.count, left)
                result.append(run.size, count: taken)
                left -= taken
            }
        }
        return result
    }

    /// The trace's header with its `<data>` scaled to `itemCount` items.
    /// - Throws: ``ReplayError`` when the trace's data holds no item to scale.
    static func header(_ header: TraceHeader, itemCount: Int, path: String) throws(ReplayError) -> TraceHeader {
        guard header.sections.contains(where: { $0.items > 0 }) else {
            throw ReplayError(.unsupported, "its <data> holds no items, so it cannot be scaled to \(TraceLimits.grouped(itemCount)) items",
                              path: path)
        }
        var scaled = header
        scaled.sections = sections(header.sections, toItems: itemCount)
        return scaled
    }

    /// Refuses an item count at which one of the trace's events no longer holds: the first such event's
    /// problem, at its `path:line:column`, with the count that breaks it.
    ///
    /// - Throws: ``ReplayError`` when the trace cannot be read, its data holds no item, or an event breaks.
    /// - Complexity: one read of the trace's events.
    public static func check(trace path: String, itemCount: Int, registry: LayoutRegistry = .standard) throws(ReplayError) {
        let reader: TraceReader
        do { reader = try TraceReader(path: path) } catch { throw ReplayError(error) }
        let header = try header(reader.header, itemCount: itemCount, path: path)
        var rules = TraceRules(header: header, path: path, registry: registry)
        var broken: TraceRules.Problem?
        do throws(TraceError) {
            while broken == nil, let event = try reader.next() {
                broken = rules.check(event).first { $0.severity == .error }
            }
        } catch {
            throw ReplayError(error)
        }
        if let broken {
            throw ReplayError(broken.code, "at \(TraceLimits.grouped(itemCount)) items, \(broken.message)",
                              path: path, location: broken.location)
        }
    }
}
