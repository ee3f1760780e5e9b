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
        let attributes: LayoutAttributes
        /// The object's mutation count when it was kept: a different count means someone changed it.
        let mutations: UInt
        /// The query that last handed it out.
        var query: Int
    }

    private var entries: [ElementKey: Entry] = [:]
    /// The second table the sweep copies the recent entries into; the two swap, each keeping its capacity.
    private var spare: [ElementKey: Entry] = [:]
    private var query = 0
    /// Elements handed out by the running query and by the one before it.
    private var answered = 0, answeredBefore = 0

    public init() {}

    /// How many attributes objects are kept.
    public var count: Int { entries.count }

    /// Starts a query; lets go of the objects not handed out by the last two queries when more than
    /// eight times as many as they handed out (and more than 1,024) are kept.
    /// - Complexity: O(1), or O(n) for n kept objects when letting go (rarely, when scrolling).
    public func beginQuery() {
        let recent = answered + answeredBefore
        if entries.count > Swift.max(1024, 8 * recent) { sweep(keepingSince: query - 1) }
        answeredBefore = answered
        answered = 0
        query += 1
    }

    /// The kept attributes of `key` when nobody changed them since they were kept; otherwise `make()`'s,
    /// which are kept when they are plain ``LayoutAttributes``.
    /// - Complexity: O(1) on average, plus `make()` when nothing is kept.
    public func attributes(for key: ElementKey, make: () -> LayoutAttributes) -> LayoutAttributes {
        answered += 1
        if let index = entries.index(forKey: key) {
            let entry = entries.values[index]
            if entry.attributes.mutations == entry.mutations {
                entries.values[index].query = query
                return entry.attributes
            }
        }
        let made = make()
        if type(of: made) == LayoutAttributes.self {
            entries[key] = Entry(attributes: made, mutations: made.mutations, query: query)
        } else {
            entries[key] = nil
        }
        return made
    }

    /// Lets go of every kept object, keeping the storage: the next queries make new ones.
    /// - Complexity: O(n) for n kept objects.
    public func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    private func sweep(keepingSince oldest: Int) {
        spare.removeAll(keepingCapacity: true)
        for (key, entry) in entries where entry.query >= oldest { spare[key] = entry }
        swap(&entries, &spare)
        spare.removeAll(keepingCapacity: true)
    }
}
