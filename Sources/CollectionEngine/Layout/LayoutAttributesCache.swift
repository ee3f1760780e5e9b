/// Keeps the attributes objects a layout built, so that a later query answers with the same objects rather
/// than new ones while nothing was invalidated (issue 15): a steady scroll builds only the elements that
/// arrive, and the collection view skips comparing attributes it applied from the very same, unchanged object.
///
/// UIKit's flow layout does the same: it caches its attributes and hands the same objects out again, which
/// is why a subclass must copy them before changing them (the console's "UICollectionViewFlowLayout has
/// cached frame mismatch … This is likely occurring because the flow layout subclass … is modifying
/// attributes returned by UICollectionViewFlowLayout without copying them";
/// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout, and WWDC 2012 session 219,
/// "Advanced Collection Views and Building Custom Layouts").
///
/// A layout of your own uses it in three steps: ``beginQuery()`` at the start of each
/// `layoutAttributesForElements(in:)`, ``attributes(for:make:)`` for each element it answers (making the
/// attributes only when none are kept), and ``removeAll()`` whenever its geometry changes (in `prepare()`,
/// or in `invalidateLayout(with:)`).
///
/// It is conservative: it hands an object out again only when nobody changed it since it was kept (its
/// standard fields count their changes), and it keeps only plain ``LayoutAttributes`` (a subclass's own
/// fields could change unseen); other attributes it returns as made, every time. Objects not handed out in
/// the last two queries are let go once there are many of them, so that scrolling through 10,000,000 items
/// keeps about a screenful.
public final class LayoutAttributesCache {
    private struct Entry {
        let key: ElementKey
        /// A `var` only so that the sweep can ask whether the table holds its only reference.
        var attributes: LayoutAttributes
        /// The object's mutation count when it was kept: a different count means someone changed it.
        let mutations: UInt
        /// The query that last handed it out.
        var query: Int
    }

    // An open-addressing table with linear probing, hashed by a multiply-xor of the category, section and
    // item (the kind is compared, not hashed): a `Dictionary` keyed by `ElementKey` spends ~100 instructions
    // a lookup in its seeded hasher, a third of a steady frame's engine work (issue 15). No entry is ever
    // removed alone, so that probing needs no tombstones: an entry whose object changed is never handed out
    // again and is replaced when its element is made anew; the sweep rebuilds the table.
    private var slots: [Entry?]
    /// The table the sweep rebuilds into; the two swap, each keeping its storage.
    private var spare: [Entry?] = []
    private var occupied = 0
    private var query = 0
    /// Elements handed out by the running query and by the one before it.
    private var answered = 0, answeredBefore = 0
    /// Cell attributes the sweep let go that nobody else held, for ``recycledCellAttributes(at:)`` to hand
    /// out again, so that the rows a steady scroll brings in allocate nothing (issue 15); at most
    /// `poolLimit`, keeping its storage.
    private var pool: [LayoutAttributes] = []
    private static let poolLimit = 4_096

    public init() {
        slots = Array(repeating: nil, count: 256)
    }

    /// How many attributes objects are kept (and changed ones not yet replaced).
    public var count: Int { occupied }

    /// Starts a query; lets go of the objects not handed out by the last two queries when more than
    /// eight times as many as they handed out (and more than 1,024) are kept.
    /// - Complexity: O(1), or O(n) for n kept objects when letting go (rarely, when scrolling).
    public func beginQuery() {
        let recent = answered + answeredBefore
        if occupied > Swift.max(1024, 8 * recent) { rebuild(capacity: slots.count, keepingSince: query - 1) }
        answeredBefore = answered
        answered = 0
        query += 1
    }

    /// The kept attributes of `key` when nobody changed them since they were kept; otherwise `make()`'s,
    /// which are kept when they are plain ``LayoutAttributes``.
    /// - Complexity: O(1) on average, plus `make()` when nothing is kept.
    // Always inlined into the module's layouts' query loops (FlowLayout): left to the optimizer, it stopped
    // inlining it once the sweep grew, a call per element (+11,000 instructions a steady frame).
    @inline(__always)
    public func attributes(for key: ElementKey, make: () -> LayoutAttributes) -> LayoutAttributes {
        answered += 1
        let mask = slots.count - 1
        var index = Self.hash(key) & mask
        while let entry = slots[index] {
            if entry.key == key {
                if entry.attributes.mutations == entry.mutations {
                    slots[index]!.query = query
                    return entry.attributes
                }
                let made = make()
                if type(of: made) == LayoutAttributes.self {
                    slots[index] = Entry(key: key, attributes: made, mutations: made.mutations, query: query)
                }
                return made
            }
            index = (index + 1) & mask
        }
        let made = make()
        guard type(of: made) == LayoutAttributes.self else { return made }
        slots[index] = Entry(key: key, attributes: made, mutations: made.mutations, query: query)
        occupied += 1
        // At most three quarters full, so that probes stay short.
        if occupied * 4 > slots.count * 3 { rebuild(capacity: slots.count * 2, keepingSince: Int.min) }
        return made
    }

    /// Lets go of every kept object, keeping the storage: the next queries make new ones.
    /// - Complexity: O(n) for a table of n slots.
    public func removeAll() {
        guard occupied > 0 else { return }
        for index in slots.indices { slots[index] = nil }
        occupied = 0
    }

    /// Plain cell attributes for `indexPath`, as new (``LayoutAttributes/init(forCellWith:)``'s fields), for
    /// a layout to configure in the `make` closure of ``attributes(for:make:)``: an object the cache let go
    /// and nobody else holds when it has one (its mutation count moves on, so no copy made from it before
    /// is taken for unchanged), else a new one.
    /// - Complexity: O(1).
    public func recycledCellAttributes(at indexPath: IndexPath) -> LayoutAttributes {
        guard let attributes = pool.popLast() else { return LayoutAttributes(forCellWith: indexPath) }
        attributes.standard = StandardFields(indexPath: indexPath)
        attributes.mutations &+= 1
        return attributes
    }

    /// A cheap, well-spread hash of the key's category, section and item.
    private static func hash(_ key: ElementKey) -> Int {
        var bits = UInt64(bitPattern: Int64(key.indexPath.item)) &* 0x9E37_79B9_7F4A_7C15
        bits ^= UInt64(bitPattern: Int64(key.indexPath.section)) &* 0xC2B2_AE3D_27D4_EB4F
        bits ^= UInt64(key.category.rawValue + 1) &* 0x1656_67B1_9E37_79F9
        return Int(truncatingIfNeeded: bits ^ (bits >> 29))
    }

    /// Moves the entries handed out since query `oldest` into a table of `capacity` slots.
    private func rebuild(capacity: Int, keepingSince oldest: Int) {
        if spare.count == capacity {
            for index in spare.indices { spare[index] = nil }
        } else {
            spare = Array(repeating: nil, count: capacity)
        }
        let mask = capacity - 1
        occupied = 0
        for slot in slots.indices {
            // Read through the slot, not a copy of the entry, so that the uniqueness check below sees the
            // table's reference alone.
            guard slots[slot] != nil else { continue }
            if slots[slot]!.query >= oldest && slots[slot]!.attributes.mutations == slots[slot]!.mutations {
                let entry = slots[slot]!
                var index = Self.hash(entry.key) & mask
                while spare[index] != nil { index = (index + 1) & mask }
                spare[index] = entry
                occupied += 1
            } else if slots[slot]!.key.category == .cell, slots[slot]!.key.kind == nil, pool.count < Self.poolLimit,
                      isKnownUniquelyReferenced(&slots[slot]!.attributes) {
                // The table's reference is the only one: nothing can see the object any more (no view, no
                // answer, no layout), so it can be reset and handed out for another cell.
                pool.append(slots[slot]!.attributes)
            }
        }
        swap(&slots, &spare)
    }
}

