extension CollectionView {
    /// How many views are on screen, those animating out included: the count of ``displayedElements``, or of
    /// its elements of `category`, without building, sorting or allocating it.
    ///
    /// What a harness reads after every frame (Reel's cells-on-screen figure and its per-frame limit).
    /// - Complexity: O(k) for k views on screen; O(1) without a category.
    public func displayedElementCount(of category: ElementCategory? = nil) -> Int {
        guard let category else { return displayed.count + disappearing.count }
        var count = 0
        for element in displayed where element.key.category == category { count += 1 }
        for element in disappearing where element.key.category == category { count += 1 }
        return count
    }
}
