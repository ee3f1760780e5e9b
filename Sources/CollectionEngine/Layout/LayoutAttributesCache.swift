/// Keeps the attributes objects a layout built, so that a later query answers with the same objects rather
/// than new ones while nothing was invalidated: a steady scroll builds only the elements that
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
    /// One slot of the table. Trivial — the object is an unmanaged reference the table holds retained — so
    /// that probing copies nothing and retains nothing (an entry holding a strong reference and an
    /// `ElementKey`, whose kind is a `String?`, was copied through generic value witnesses, ~16,000
    /// instructions a steady frame).
    private struct Slot {
        /// The kept object, retained once by the table; `nil` in an empty slot.
        var object: Unmanaged<LayoutAttributes>?
        var section: Int
        var item: Int
        /// The element's category and kind (see `tag(category:kind:)`).
        var tag: Int
        /// The object's mutation count when it was kept: a different count means someone changed it.
        var mutations: UInt
        /// The query that last handed it out.
        var query: Int

        static var empty: Slot { Slot(object: nil, section: 0, item: 0, tag: 0, mutations: 0, query: 0) }
    }

    // An open-addressing table with linear probing, hashed by a multiply-xor of the category, section and
    // item (the kind is compared, not hashed): a `Dictionary` keyed by `ElementKey` spends ~100 instructions
    // a lookup in its seeded hasher, a third of a steady frame's engine work. No entry is ever
    // removed alone, so that probing needs no tombstones: an entry whose object changed is never handed out
    // again and is replaced when its element is made anew; the sweep rebuilds the table.
    //
    // `@exclusivity(unchecked)` on the state a lookup reads and writes (the table, the query and the count of
    // answers): each is a trivial value (a pointer and integers), and every access to it is instantaneous —
    // read or written and released within one statement, never held across a call (not even across `make()`,
    // which may call back into the cache) — so no two accesses can overlap; their dynamic checks were four a
    // lookup, ~360 a steady frame. The pool, the held objects and the kinds are unchecked for the
    // same reason: touched for every cell a scroll brings in, each access one statement (`popLast`,
    // `append`, `isKnownUniquelyReferenced` of an element, `firstIndex(of:)` on strings) that runs no other
    // code.

    /// The table: a power of two of slots, at most three quarters occupied.
    @exclusivity(unchecked) private var table: UnsafeMutableBufferPointer<Slot>
    /// The table the sweep rebuilds into, all empty; the two swap, each keeping its storage.
    @exclusivity(unchecked) private var spare = UnsafeMutableBufferPointer<Slot>(start: nil, count: 0)
    @exclusivity(unchecked) private var occupied = 0
    @exclusivity(unchecked) private var query = 0
    /// Elements handed out by the running query and by the one before it.
    @exclusivity(unchecked) private var answered = 0
    @exclusivity(unchecked) private var answeredBefore = 0
    /// The kinds of the kept supplementary and decoration views, numbered from 1 in `Slot.tag`: a slot
    /// compares a number, not a string. At most `kindLimit`; elements of further kinds are not kept.
    @exclusivity(unchecked) private var kinds: [String] = []
    private static let kindLimit = 64
    /// The tag of a cell without a kind.
    static let cellTag = 0
    /// Cell attributes the sweep let go that nobody else held, for ``recycledCellAttributes(at:)`` to hand
    /// out again, so that the rows a steady scroll brings in allocate nothing; at most
    /// `poolLimit`, keeping its storage.
    @exclusivity(unchecked) private var pool: [LayoutAttributes] = []
    private static let poolLimit = 4_096
    /// Cell attributes the sweep let go while someone else still held them (a view that showed them and is
    /// held off screen, an answer): they go to the pool once nobody does, at the next sweep or when the pool
    /// runs out, so that a steady scroll keeps allocating nothing (else a cell held above the
    /// screen cost an allocation per sweep). At most `poolLimit` with `pool`.
    @exclusivity(unchecked) private var held: [LayoutAttributes] = []
    /// The last query in which an empty pool looked for objects in `held`: at most once a query.
    @exclusivity(unchecked) private var reclaimedInQuery = -1

    public init() {
        table = Self.emptyTable(count: 256)
    }

    deinit {
        for index in table.indices { table[index].object?.release() }
        table.deallocate()
        spare.deallocate()
    }

    /// How many attributes objects are kept (and changed ones not yet replaced).
    public var count: Int { occupied }

    /// Starts a query; lets go of the objects not handed out by the last two queries when more than
    /// eight times as many as they handed out (and more than 1,024) are kept.
    /// - Complexity: O(1), or O(n) for n kept objects when letting go (rarely, when scrolling).
    public func beginQuery() {
        let recent = answered + answeredBefore
        if occupied > Swift.max(1024, 8 * recent) { rebuild(capacity: table.count, keepingSince: query - 1) }
        answeredBefore = answered
        answered = 0
        query += 1
    }

    /// The kept attributes of `key` when nobody changed them since they were kept; otherwise `make()`'s,
    /// which are kept when they are plain ``LayoutAttributes``.
    /// - Complexity: O(1) on average, plus `make()` when nothing is kept.
    // Always inlined into the module's layouts' query loops (FlowLayout's headers and footers): left to the
    // optimizer, it stopped inlining it once the sweep grew, a call per element (+11,000 instructions a
    // steady frame when FlowLayout's cells went through it).
    @inline(__always)
    public func attributes(for key: ElementKey, make: () -> LayoutAttributes) -> LayoutAttributes {
        var tag = key.category.rawValue
        if let kind = key.kind {
            guard let number = kindNumber(kind) else {
                answered &+= 1
                return make()
            }
            tag |= number << 2
        }
        let (section, item) = (key.indexPath.section, key.indexPath.item)
        if let object = kept(tag: tag, section: section, item: item) { return object.takeUnretainedValue() }
        let made = make()
        keep(made, tag: tag, section: section, item: item)
        return made
    }

    /// The object kept for the element of `tag` (`Self.cellTag` for a cell) at `item` of `section` when
    /// nobody changed it since, counted as handed out; `nil` when the caller must make one and give it to
    /// ``keep(_:tag:section:item:)``. The first half of ``attributes(for:make:)``, for a layout of this module
    /// that knows its element is a cell (no key) and compares the object with its last answer before taking
    /// a reference to it.
    /// - Complexity: O(1) on average.
    @inline(__always)
    func kept(tag: Int, section: Int, item: Int) -> Unmanaged<LayoutAttributes>? {
        answered &+= 1
        let table = self.table
        let mask = table.count - 1
        var index = Self.hash(tag: tag, section: section, item: item) & mask
        while let object = table[index].object {
            if table[index].item == item && table[index].section == section && table[index].tag == tag {
                guard object._withUnsafeGuaranteedRef({ $0.mutations }) == table[index].mutations else { return nil }
                table[index].query = query
                return object
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Keeps `made`, just made for the element of `tag` at `item` of `section` after ``kept(tag:section:item:)``
    /// found none, when it is plain ``LayoutAttributes``: in place of a changed object kept for it, else in
    /// a free slot.
    ///
    /// Probes again rather than reusing the lookup's slot: making the object may have called back into the
    /// cache.
    func keep(_ made: LayoutAttributes, tag: Int, section: Int, item: Int) {
        guard type(of: made) == LayoutAttributes.self else { return }
        let mask = table.count - 1
        var index = Self.hash(tag: tag, section: section, item: item) & mask
        while let object = table[index].object {
            if table[index].item == item && table[index].section == section && table[index].tag == tag {
                object.release()
                table[index].object = .passRetained(made)
                table[index].mutations = made.mutations
                table[index].query = query
                return
            }
            index = (index + 1) & mask
        }
        table[index] = Slot(object: .passRetained(made), section: section, item: item, tag: tag,
                            mutations: made.mutations, query: query)
        occupied += 1
        // At most three quarters full, so that probes stay short.
        if occupied * 4 > table.count * 3 { rebuild(capacity: table.count * 2, keepingSince: Int.min) }
    }

    /// Lets go of every kept object, keeping the storage: the next queries make new ones.
    /// - Complexity: O(n) for a table of n slots.
    public func removeAll() {
        guard occupied > 0 else { return }
        for index in table.indices {
            table[index].object?.release()
            table[index] = .empty
        }
        occupied = 0
    }

    /// Plain cell attributes for `indexPath`, as new (``LayoutAttributes/init(forCellWith:)``'s fields), for
    /// a layout to configure in the `make` closure of ``attributes(for:make:)``: an object the cache let go
    /// and nobody else holds when it has one (its mutation count moves on, so no copy made from it before
    /// is taken for unchanged), else a new one.
    /// - Complexity: O(1); when the pool is empty, O(h) once a query for the h objects let go while someone
    ///   still held them.
    public func recycledCellAttributes(at indexPath: IndexPath) -> LayoutAttributes {
        if pool.isEmpty && reclaimedInQuery != query {
            reclaimedInQuery = query
            reclaimHeld()
        }
        guard let attributes = pool.popLast() else { return LayoutAttributes(forCellWith: indexPath) }
        attributes.standard = StandardFields(indexPath: indexPath)
        attributes.mutations &+= 1
        return attributes
    }

    /// Moves the objects of `held` that nobody else holds any more to the pool (while it has room), keeping
    /// the others.
    /// - Complexity: O(h) for h objects held.
    private func reclaimHeld() {
        var stillHeld = 0
        for index in held.indices {
            if isKnownUniquelyReferenced(&held[index]) {
                if pool.count < Self.poolLimit { pool.append(held[index]) }
            } else {
                held.swapAt(stillHeld, index)
                stillHeld += 1
            }
        }
        held.removeLast(held.count - stillHeld)
    }

    /// The number of `kind` in a slot's tag, numbering it if it is new; `nil` past `kindLimit` kinds.
    private func kindNumber(_ kind: String) -> Int? {
        if let index = kinds.firstIndex(of: kind) { return index + 1 }
        guard kinds.count < Self.kindLimit else { return nil }
        kinds.append(kind)
        return kinds.count
    }

    /// A cheap, well-spread hash of the category (the tag's low bits), section and item; the held cells'
    /// table (`HeldCells`) uses it too.
    @inline(__always)
    static func hash(tag: Int, section: Int, item: Int) -> Int {
        var bits = UInt64(bitPattern: Int64(item)) &* 0x9E37_79B9_7F4A_7C15
        bits ^= UInt64(bitPattern: Int64(section)) &* 0xC2B2_AE3D_27D4_EB4F
        bits ^= UInt64(tag & 3 + 1) &* 0x1656_67B1_9E37_79F9
        return Int(truncatingIfNeeded: bits ^ (bits >> 29))
    }

    private static func emptyTable(count: Int) -> UnsafeMutableBufferPointer<Slot> {
        let table = UnsafeMutableBufferPointer<Slot>.allocate(capacity: count)
        table.initialize(repeating: .empty)
        return table
    }

    /// Moves the entries handed out since query `oldest` into a table of `capacity` slots; of the others,
    /// the cells' objects go to the pool when nobody else holds them, else to `held`, and the rest are let
    /// go; then the objects held before that nobody holds any more go to the pool, to be handed out first.
    private func rebuild(capacity: Int, keepingSince oldest: Int) {
        if spare.count != capacity {
            spare.deallocate()
            spare = Self.emptyTable(count: capacity)
        }
        let mask = capacity - 1
        occupied = 0
        for slot in table.indices {
            guard let object = table[slot].object else { continue }
            let entry = table[slot]
            // The old table becomes the spare: empty.
            table[slot] = .empty
            if entry.query >= oldest && object._withUnsafeGuaranteedRef({ $0.mutations }) == entry.mutations {
                var index = Self.hash(tag: entry.tag, section: entry.section, item: entry.item) & mask
                while spare[index].object != nil { index = (index + 1) & mask }
                spare[index] = entry
                occupied += 1
                continue
            }
            // The table's reference, now the only strong one here: unique when nothing else (no view, no
            // answer, no layout) can see the object any more, which can then be reset for another cell.
            var attributes = object.takeRetainedValue()
            guard entry.tag == Self.cellTag else { continue }
            if isKnownUniquelyReferenced(&attributes) {
                if pool.count < Self.poolLimit { pool.append(attributes) }
            } else if pool.count + held.count < Self.poolLimit {
                held.append(attributes)
            }
        }
        swap(&table, &spare)
        reclaimHeld()
    }
}
