extension FlowLayout {
    /// Updates the sections for a batch update instead of recomputing everything: surviving sections keep
    /// their sizes, the delegate is asked only about items whose content is new, and inserted or reloaded
    /// sections are read afresh. Returns the sections to reflow.
    func apply(_ plan: UpdatePlan, metrics: MetricsSource) -> Set<Int> {
        var reflow = Set<Int>()
        var updated: [FlowSection] = []
        updated.reserveCapacity(plan.newCounts.count)
        for section in plan.newCounts.indices {
            let count = plan.newCounts[section]
            guard let old = plan.oldSection(forNew: section), !plan.isSectionReloaded(old: old),
                  let fresh = plan.newItems(inNewSection: section) else {
                updated.append(FlowSection(section: section, count: count, metrics: metrics))
                reflow.insert(section)
                continue
            }
            var current = sections[old]
            current.reclaimSizes()
            let newMetrics = metrics.sectionMetrics(section)
            if newMetrics != current.metrics {
                current.metrics = newMetrics
                reflow.insert(section)
            }
            if !fresh.isEmpty || count != current.count {
                current.sizes = Self.sizes(after: plan, section: section, count: count, fresh: fresh,
                                           before: current.sizes, metrics: metrics)
                current.count = count
                reflow.insert(section)
            }
            updated.append(current)
        }
        sections = updated
        return reflow
    }

    /// A section's sizes after the update: the surviving items keep theirs, the new ones are asked for.
    /// - Complexity: O(fresh) while the sizes stay uniform; O(count × log k) when they vary.
    private static func sizes(after plan: UpdatePlan, section: Int, count: Int, fresh: [Int], before: ItemSizes,
                              metrics: MetricsSource) -> ItemSizes {
        if let estimate = metrics.estimate {
            // Self-sizing: items that survive, moved ones included, keep what their cells answered; inserted and
            // reloaded ones start at the estimate.
            return .varying((0..<count).map { item in
                guard let old = plan.oldIndexPath(forNew: IndexPath(item: item, section: section)),
                      !plan.isReloaded(old) else { return estimate }
                return before.size(old.item)
            })
        }
        if metrics.sizesAreUniform { return .uniform(metrics.layout.itemSize) }
        let asked = fresh.map { metrics.size(IndexPath(item: $0, section: section)) }
        if case .uniform(let common) = before, asked.allSatisfy({ $0 == common }) { return .uniform(common) }
        var all: [Size] = []
        all.reserveCapacity(count)
        var next = 0
        for item in 0..<count {
            if next < fresh.count && fresh[next] == item {
                all.append(asked[next])
                next += 1
            } else if let old = plan.oldIndexPath(forNew: IndexPath(item: item, section: section)) {
                all.append(before.size(old.item))
            } else {
                all.append(metrics.size(IndexPath(item: item, section: section)))
            }
        }
        return .varying(all)
    }
}
