/// A configured cell held off screen, out of its pool, within the prefetch region: prefetched
/// ahead of display, or kept after it scrolled out in case it scrolls back.
///
/// Either way, showing it takes `willDisplay` and no `cellForItemAt` (WWDC 2016 session 219, "What's New in
/// UICollectionView in iOS 10", https://developer.apple.com/videos/play/wwdc2016/219/).
struct OffscreenCell {
    /// The cell, configured by the data source for the index path it is held under.
    let cell: CollectionViewCell
    /// Whether the cell was on display before (kept after scrolling out) rather than prefetched.
    let wasDisplayed: Bool
}

/// The cells held off screen, by index path: an open-addressing table with linear probing and the attributes
/// cache's multiply-xor hash of the section and the item.
///
/// A layout pass looks up every cell of the region ahead when it rebuilds its prefetch queue, and every cell
/// that enters or leaves the display; as a `Dictionary`, whose seeded SipHash costs about 200 instructions a
/// lookup, that was 5 % of a browsing replay's instructions. A removal moves the entries after it
/// back into the gap (no tombstones), so that probes stay short however many cells come and go.
///
/// A value, as the dictionary was: a copy shares the slots until one of the two changes (the array's
/// copy-on-write). Iteration visits the slots in order: the same contents after the same operations give the
/// same order.
struct HeldCells: Sequence {
    fileprivate struct Slot {
        var indexPath: IndexPath
        /// `nil` for an empty slot.
        var held: OffscreenCell?
    }

    /// A power of two of slots, at most half occupied; none until the first cell is held.
    private var slots: [Slot] = []
    /// The cells held.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The cell held for `indexPath`; assigning `nil` removes it.
    /// - Complexity: O(1) on average.
    subscript(indexPath: IndexPath) -> OffscreenCell? {
        get { index(of: indexPath).flatMap { slots[$0].held } }
        set {
            guard let newValue else {
                removeValue(forKey: indexPath)
                return
            }
            if let index = index(of: indexPath) {
                slots[index].held = newValue
                return
            }
            if (count + 1) * 2 > slots.count { grow() }
            slots[freeSlot(for: indexPath)] = Slot(indexPath: indexPath, held: newValue)
            count += 1
        }
    }

    /// Removes the cell held for `indexPath` and returns it, or returns `nil` when none is.
    /// - Complexity: O(1) on average.
    @discardableResult
    mutating func removeValue(forKey indexPath: IndexPath) -> OffscreenCell? {
        guard var gap = index(of: indexPath) else { return nil }
        let removed = slots[gap].held
        let mask = slots.count - 1
        // Backward shift: each entry of the run after the gap whose home is not between the gap and itself
        // (cyclically) would no longer be found past the gap, so it moves into it, opening a new gap.
        var next = gap
        while true {
            next = (next + 1) & mask
            guard slots[next].held != nil else { break }
            let home = home(of: slots[next].indexPath)
            let staysPut = gap <= next ? gap < home && home <= next : gap < home || home <= next
            if staysPut { continue }
            slots[gap] = slots[next]
            gap = next
        }
        slots[gap].held = nil
        count -= 1
        return removed
    }

    /// Visits the held cells in slot order, without allocating.
    struct Iterator: IteratorProtocol {
        fileprivate let slots: [Slot]
        fileprivate var position = 0

        mutating func next() -> (indexPath: IndexPath, held: OffscreenCell)? {
            while position < slots.count {
                let slot = slots[position]
                position += 1
                if let held = slot.held { return (slot.indexPath, held) }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(slots: slots) }

    /// The slot holding `indexPath`, if one does.
    private func index(of indexPath: IndexPath) -> Int? {
        guard count > 0 else { return nil }
        var index = home(of: indexPath)
        while slots[index].held != nil {
            if slots[index].indexPath == indexPath { return index }
            index = (index + 1) & (slots.count - 1)
        }
        return nil
    }

    /// The first slot `indexPath` may occupy: the attributes cache's hash of a cell.
    @inline(__always)
    private func home(of indexPath: IndexPath) -> Int {
        LayoutAttributesCache.hash(tag: LayoutAttributesCache.cellTag, section: indexPath.section,
                                   item: indexPath.item) & (slots.count - 1)
    }

    /// The first empty slot of `indexPath`'s run, for a cell not held yet.
    private func freeSlot(for indexPath: IndexPath) -> Int {
        var index = home(of: indexPath)
        while slots[index].held != nil { index = (index + 1) & (slots.count - 1) }
        return index
    }

    /// Doubles the slots (8 at first) and places the held cells again.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(indexPath: IndexPath(item: 0, section: 0), held: nil),
                      count: Swift.max(8, old.count * 2))
        for slot in old where slot.held != nil { slots[freeSlot(for: slot.indexPath)] = slot }
    }
}
