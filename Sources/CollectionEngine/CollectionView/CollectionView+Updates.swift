extension CollectionView {
    /// Performs a batch of insertions, deletions, reloads and moves of items and sections, with UIKit's rules,
    /// animating it over `duration` seconds.
    ///
    /// The data source must already answer the counts after the update. In UIKit's order: the counts
    /// before are the ones last read (read now if they never were — UIKit's count-caching quirk, which
    /// double-counts a data source that was updated first); the batch is validated against the counts the
    /// data source reports now; the layout is invalidated (its context carries the plan, so that it can
    /// update what changed) and prepares; it receives `prepare(forCollectionViewUpdates:)` with the
    /// operations in canonical order; every element then moves to its new place, appears (from the layout's
    /// initial attributes, by default its final ones with alpha 0) or disappears (to the layout's final
    /// attributes, by default its last ones with alpha 0 — an item that still exists but left the screen
    /// goes where it went); `finalizeCollectionViewUpdates()` follows. Selection follows its items. When
    /// the animation ends, `completion` runs with `true`.
    ///
    /// An index path inserted twice is inserted once with a warning (``EngineWarning/Kind/duplicateInsertion``),
    /// as UIKit accepts it.
    ///
    /// - Throws: ``BatchUpdateError`` for a batch UIKit would refuse, with UIKit's message. Nothing has
    ///   changed then: the batch is rejected whole.
    /// - Complexity: O(k log k + s) for k operations and s sections to plan, plus the layout's update and
    ///   the displayed elements — not the number of items.
    public func performBatchUpdates(_ operations: [BatchOperation], animated: Bool = true, duration: Double = 0.3,
                                    completion: ((Bool) -> Void)? = nil) throws(BatchUpdateError) {
        let oldCounts = loadedItemCounts
        let plan = try measure(.validateUpdates, nil) { () throws(BatchUpdateError) -> UpdatePlan in
            try UpdatePlan(oldCounts: oldCounts, operations: operations, newCounts: dataSourceCounts())
        }
        for indexPath in plan.duplicateInsertions {
            warnings.append(EngineWarning(kind: .duplicateInsertion,
                                          message: EngineWarning.duplicateInsertionMessage(indexPath), time: animationTime))
        }
        measure(.applyUpdates, nil) { apply(plan, duration: animated ? duration : 0) }
        if let completion {
            if animated && duration > 0 {
                completions.append((end: animationTime + duration, handler: completion))
            } else {
                completion(true)
            }
        }
    }

    /// Inserts items (their index paths after the update) as a batch of one operation.
    public func insertItems(at indexPaths: [IndexPath]) throws(BatchUpdateError) {
        try performBatchUpdates([.insertItems(indexPaths)])
    }

    /// Deletes items (their index paths before the update) as a batch of one operation.
    public func deleteItems(at indexPaths: [IndexPath]) throws(BatchUpdateError) {
        try performBatchUpdates([.deleteItems(indexPaths)])
    }

    /// Reloads items: each gets a new view from the data source, crossfading with the old one.
    public func reloadItems(at indexPaths: [IndexPath]) throws(BatchUpdateError) {
        try performBatchUpdates([.reloadItems(indexPaths)])
    }

    /// Moves an item from its index path before the update to its index path after.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(BatchUpdateError) {
        try performBatchUpdates([.moveItem(from: indexPath, to: newIndexPath)])
    }

    /// Inserts sections (their indices after the update).
    public func insertSections(_ sections: [Int]) throws(BatchUpdateError) {
        try performBatchUpdates([.insertSections(sections)])
    }

    /// Deletes sections (their indices before the update).
    public func deleteSections(_ sections: [Int]) throws(BatchUpdateError) {
        try performBatchUpdates([.deleteSections(sections)])
    }

    /// Reloads sections: their items and supplementary views are replaced.
    public func reloadSections(_ sections: [Int]) throws(BatchUpdateError) {
        try performBatchUpdates([.reloadSections(sections)])
    }

    /// Moves a section from its index before the update to its index after.
    public func moveSection(_ section: Int, toSection newSection: Int) throws(BatchUpdateError) {
        try performBatchUpdates([.moveSection(from: section, to: newSection)])
    }

    /// The counts the data source reports now.
    private func dataSourceCounts() -> [Int] {
        guard let dataSource else { return [] }
        return (0..<max(0, dataSource.numberOfSections(in: self))).map {
            max(0, dataSource.collectionView(self, numberOfItemsInSection: $0))
        }
    }

    private func apply(_ plan: UpdatePlan, duration: Double) {
        counters.record(plan)
        itemCounts = plan.newCounts
        selectedItems = Set(selectedItems.compactMap { old in
            plan.isReloaded(old) ? nil : plan.newIndexPath(forOld: old)
        })
        // The edit menu follows its item, like the selection, and closes when the item goes.
        gestures.menuItem = gestures.menuItem.flatMap { plan.isReloaded($0) ? nil : plan.newIndexPath(forOld: $0) }

        let layout = collectionViewLayout
        let context = type(of: layout).invalidationContextClass.init()
        context.invalidateDataSourceCounts = true
        context.updatePlan = plan
        callingLayout { layout.invalidateLayout(with: context) }
        prepareLayoutIfNeeded()
        contentOffset = clampedOffset(contentOffset)
        prepareLayoutIfNeeded()
        callingLayout { layout.prepare(forCollectionViewUpdates: plan.updateItems) }

        transitionDisplay(
            duration: duration,
            newKey: { key in Self.newKey(key, plan) },
            isReplaced: { key in
                key.category == .cell ? plan.isReloaded(key.indexPath) : plan.isSectionReloaded(old: key.indexPath.section)
            },
            appearingFrom: { [unowned self] key, _ in
                callingLayout {
                    switch key.category {
                    case .cell: layout.initialLayoutAttributesForAppearingItem(at: key.indexPath)
                    case .supplementaryView:
                        layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: key.kind ?? "", at: key.indexPath)
                    case .decorationView:
                        layout.initialLayoutAttributesForAppearingDecorationElement(ofKind: key.kind ?? "", at: key.indexPath)
                    }
                }
            },
            disappearingTo: { [unowned self] old, _, new in
                let final: LayoutAttributes? = callingLayout {
                    switch old.category {
                    case .cell: layout.finalLayoutAttributesForDisappearingItem(at: old.indexPath)
                    case .supplementaryView:
                        layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: old.kind ?? "", at: old.indexPath)
                    case .decorationView:
                        layout.finalLayoutAttributesForDisappearingDecorationElement(ofKind: old.kind ?? "", at: old.indexPath)
                    }
                }
                // An element that still exists but left the screen goes where it went.
                return final ?? new.flatMap { key in callingLayout(query: true) { layout.attributes(for: key) } }
            })
        callingLayout { layout.finalizeCollectionViewUpdates() }
    }

    /// Where a displayed element is after the update: cells by the plan's item mapping, supplementary and
    /// decoration views with their section.
    private static func newKey(_ key: ElementKey, _ plan: UpdatePlan) -> ElementKey? {
        switch key.category {
        case .cell:
            return plan.newIndexPath(forOld: key.indexPath).map { ElementKey(category: .cell, kind: nil, indexPath: $0) }
        case .supplementaryView, .decorationView:
            return plan.newSection(forOld: key.indexPath.section).map {
                ElementKey(category: key.category, kind: key.kind, indexPath: IndexPath(item: key.indexPath.item, section: $0))
            }
        }
    }
}
