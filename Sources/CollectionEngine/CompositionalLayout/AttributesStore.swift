/// The attributes objects a compositional layout answered, one per element, updated in place by every query
/// that answers the element again: a steady scroll — whose elements move with nested scrollers and pinned
/// supplementaries, and whose visible-items handlers change them every pass — allocates only for the elements
/// that arrive, and reuses the objects of those that left.
///
/// An updated object counts a change only when a field really changes, so the collection view skips applying
/// an object that did not move.
final class AttributesStore {
    struct Key: Hashable {
        /// 0 for cells; 1 + the kind's number for supplementaries; −1 − the kind's number for decorations.
        var tag: Int
        var section: Int
        var item: Int
    }

    private var kept: [Key: (attributes: LayoutAttributes, query: Int)] = [:]
    private var kinds: [String: Int] = [:]
    private var query = 0
    private var answered = 0
    /// Cell objects let go, handed out again for other cells.
    private var pool: [LayoutAttributes] = []

    func removeAll() {
        kept.removeAll(keepingCapacity: true)
        pool.removeAll(keepingCapacity: true)
    }

    /// Starts a query; lets go of objects not answered in the last two queries when many more are kept than
    /// answered.
    func beginQuery() {
        if kept.count > 128 && kept.count > 4 * max(answered, 1) {
            let recent = query - 1
            for (key, value) in kept where value.query < recent {
                kept[key] = nil
                if key.tag == 0, pool.count < 512 { pool.append(value.attributes) }
            }
        }
        query &+= 1
        answered = 0
    }

    func tag(category: ElementCategory, kind: String?) -> Int {
        guard category != .cell, let kind else { return 0 }
        let number: Int
        if let known = kinds[kind] {
            number = known
        } else {
            number = kinds.count
            kinds[kind] = number
        }
        return category == .decorationView ? -1 - number : 1 + number
    }

    /// The object of the element, with `frame`, `zIndex` and the default transform, alpha and visibility.
    /// Counted as one attributes object built (``EngineCounters/layoutAttributesBuilt``), whether it is kept,
    /// recycled or new.
    func attributes(category: ElementCategory, kind: String?, indexPath: IndexPath, frame: Rect,
                    zIndex: Int) -> LayoutAttributes {
        let tally = LayoutTally.current()
        let before = tally.pointee.created
        defer { tally.pointee.created = before &+ 1 }
        let key = Key(tag: tag(category: category, kind: kind), section: indexPath.section, item: indexPath.item)
        answered += 1
        if let entry = kept[key] {
            let attributes = entry.attributes
            kept[key] = (attributes, query)
            Self.update(attributes, frame: frame, zIndex: zIndex)
            return attributes
        }
        let attributes: LayoutAttributes
        if category == .cell, var recycled = pool.popLast(), isKnownUniquelyReferenced(&recycled) {
            recycled.indexPath = indexPath
            attributes = recycled
        } else {
            attributes = LayoutAttributes(category: category, kind: kind, indexPath: indexPath)
        }
        Self.update(attributes, frame: frame, zIndex: zIndex)
        kept[key] = (attributes, query)
        return attributes
    }

    private static func update(_ attributes: LayoutAttributes, frame: Rect, zIndex: Int) {
        if attributes.frame != frame { attributes.frame = frame }
        if attributes.zIndex != zIndex { attributes.zIndex = zIndex }
        if attributes.transform3D != .identity { attributes.transform3D = .identity }
        if attributes.alpha != 1 { attributes.alpha = 1 }
        if attributes.isHidden { attributes.isHidden = false }
    }
}
