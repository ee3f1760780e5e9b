extension CollectionView {
    /// The displayed cells, in index-path order.
    /// - Complexity: O(k) for k displayed elements.
    public var visibleCells: [CollectionViewCell] {
        displayed.compactMap { $0.key.category == .cell ? $0.view as? CollectionViewCell : nil }
    }

    /// The index paths of the displayed cells, in order.
    /// - Complexity: O(k) for k displayed elements.
    public var indexPathsForVisibleItems: [IndexPath] {
        displayed.compactMap { $0.key.category == .cell ? $0.key.indexPath : nil }
    }

    /// The displayed supplementary views of `kind`, in index-path order.
    /// - Complexity: O(k) for k displayed elements.
    public func visibleSupplementaryViews(ofKind kind: String) -> [ReusableView] {
        displayed.compactMap { $0.key.category == .supplementaryView && $0.key.kind == kind ? $0.view : nil }
    }

    /// The index paths of the displayed supplementary views of `kind`, in order.
    /// - Complexity: O(k) for k displayed elements.
    public func indexPathsForVisibleSupplementaryElements(ofKind kind: String) -> [IndexPath] {
        displayed.compactMap { $0.key.category == .supplementaryView && $0.key.kind == kind ? $0.key.indexPath : nil }
    }

    /// The displayed decoration views, by kind and index path.
    /// - Complexity: O(k) for k displayed elements.
    public var visibleDecorationViews: [ReusableView] {
        displayed.compactMap { $0.key.category == .decorationView ? $0.view : nil }
    }

    /// Every view on screen with its key, in display order: cells, supplementary views, decoration views,
    /// each by index path. Views that are animating out (a deleted item, the old view of a reloaded item)
    /// are included, with the index path they had, after a current element of the same key.
    /// - Complexity: O(k) for k views on screen when none is animating out, O(k log k) otherwise.
    public var displayedElements: [(key: ElementKey, view: ReusableView)] {
        // The displayed list is sorted by key, each key once.
        if disappearing.isEmpty { return displayed.map { ($0.key, $0.view) } }
        let current = displayed.map { (key: $0.key, view: $0.view, leaving: false) }
        let leaving = disappearing.map { (key: $0.key, view: $0.view, leaving: true) }
        return (current + leaving)
            .sorted { $0.key != $1.key ? $0.key < $1.key : (!$0.leaving && $1.leaving) }
            .map { ($0.key, $0.view) }
    }

    /// How many views are on screen: ``displayedElements``' count, without building the list.
    /// - Complexity: O(1).
    public var displayedElementCount: Int { displayed.count + disappearing.count }

    /// How many cells are on screen, those animating out included: the cells of ``displayedElements``,
    /// counted without building the list.
    /// - Complexity: O(k) for k views on screen.
    public var displayedCellCount: Int {
        var count = 0
        for element in displayed where element.key.category == .cell { count += 1 }
        for element in disappearing where element.key.category == .cell { count += 1 }
        return count
    }

    /// Whether `view` is animating out: on screen until its disappearing animation ends (a deleted item
    /// fading, an item leaving in a layout switch, the old view of a reloaded item).
    /// - Complexity: O(d) for d views animating out.
    public func isDisappearing(_ view: ReusableView) -> Bool {
        disappearing.contains { $0.view === view }
    }

    /// The displayed cell of the item at `indexPath`, or `nil` when it is not displayed.
    /// - Complexity: O(log k) for k displayed elements.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        displayedIndex(of: ElementKey(category: .cell, kind: nil, indexPath: indexPath))
            .flatMap { displayed[$0].view as? CollectionViewCell }
    }

    /// The displayed supplementary view of `kind` at `indexPath`, or `nil`.
    /// - Complexity: O(log k) for k displayed elements.
    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> ReusableView? {
        displayedIndex(of: ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath))
            .map { displayed[$0].view }
    }

    /// The index path of a displayed cell, or `nil` when the cell is not displayed.
    /// - Complexity: O(k) for k displayed elements.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        displayed.first { $0.view === cell }?.key.indexPath
    }

    /// The item whose frame contains `point` (in content coordinates), displayed or not; the topmost by
    /// z-index when frames overlap. Hidden items are not hit.
    /// - Complexity: one layout query of a 1-point rectangle.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        layoutIfNeeded()
        let probe = Rect(origin: point, size: Size(width: 1, height: 1))
        counters.elementQueries += 1
        let layout = collectionViewLayout
        let answer = callingLayout(query: true) {
            measure(.query, nil) { layout.layoutAttributesForElements(in: probe) }
        }
        var best: LayoutAttributes?
        for attributes in answer
        where attributes.representedElementCategory == .cell && !attributes.isHidden && attributes.frame.contains(point)
            && (best.map { attributes.zIndex >= $0.zIndex } ?? true) {
            best = attributes
        }
        return best?.indexPath
    }

    /// The layout's attributes for the item at `indexPath`.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        let layout = collectionViewLayout
        return callingLayout(query: true) { layout.layoutAttributesForItem(at: indexPath) }
    }

    /// The layout's attributes for the supplementary element of `kind` at `indexPath`.
    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        let layout = collectionViewLayout
        return callingLayout(query: true) { layout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath) }
    }

    /// The position of `key` in the displayed list, by binary search.
    func displayedIndex(of key: ElementKey) -> Int? {
        var low = 0, high = displayed.count
        while low < high {
            let mid = (low + high) / 2
            if displayed[mid].key < key { low = mid + 1 } else { high = mid }
        }
        return low < displayed.count && displayed[low].key == key ? low : nil
    }
}
