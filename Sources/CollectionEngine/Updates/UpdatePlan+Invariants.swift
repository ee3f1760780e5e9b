extension UpdatePlan {
    /// Traps if the plan contradicts itself: the section maps must be inverse bijections between the sections
    /// that stay, and every section that stays must keep as many items as it has free slots.
    ///
    /// Run after every build in debug builds.
    ///
    /// - Complexity: O(S + k) for S sections and k operations.
    func checkInvariants() {
        precondition(sectionOldToNew.count == oldCounts.count && sectionNewToOld.count == newCounts.count,
                     "one section map entry per section")
        for (old, new) in sectionOldToNew.enumerated() where new >= 0 {
            precondition(sectionNewToOld[new] == old, "section \(old) maps to \(new), which maps back to \(sectionNewToOld[new])")
        }
        for (new, old) in sectionNewToOld.enumerated() where old >= 0 {
            precondition(sectionOldToNew[old] == new, "section \(new) maps back to \(old), which maps to \(sectionOldToNew[old])")
            guard !reloadedSections.contains(old) else { continue }
            let stay = oldCounts[old] - (removedItems[old]?.count ?? 0)
            let free = newCounts[new] - (addedItems[new]?.count ?? 0)
            precondition(stay == free, "section \(old) keeps \(stay) items but its new section \(new) has \(free) free slots")
        }
        for (from, to) in itemMovesForward {
            precondition(itemMovesBackward[to] == from, "the item move \(from) → \(to) is recorded both ways")
        }
    }
}
