extension CollectionView {
    /// Whether the next layout pass would only bring the display up to date: no reload of the data and no
    /// `prepare()` of the layout is pending, so the pass would change no layout state and log no warning.
    ///
    /// A caller that needs the layout's state but not the display (`reel validate`) can then leave the
    /// display to a later pass: the elements it shows are the layout's answer for the bounds at that time.
    public var layoutPassOnlyDisplays: Bool { !needsReload && !collectionViewLayout.needsPrepare }

    /// At least as many elements as the layout answers for `rect` (hidden ones, ones outside it and repeated
    /// ones included): a layout that counts without building (the flow layout family, told a query limit of 0
    /// through ``CollectionViewLayout/elementQueryLimit``) reports its count, which takes in the whole lines
    /// and columns that reach `rect` — O(1) for a section of equal sizes, O(l) for l lines otherwise; any other
    /// layout answers in full and its answer is counted.
    ///
    /// For a layout whose answer for a rectangle holds its answer for every rectangle inside it, as the flow
    /// layout's does, a bound within ``visibleElementLimit`` tells that a layout pass of any bounds inside
    /// `rect` would display within the limit. The display, the counters of queries and the reuse pools are
    /// left as they are; the layout must be prepared (``layoutPassOnlyDisplays``).
    public func answeredElementBound(in rect: Rect) -> Int {
        let layout = collectionViewLayout
        layout.elementQueryLimit = 0
        layout.elementQueryOverflow = nil
        defer {
            layout.elementQueryLimit = nil
            layout.elementQueryOverflow = nil
        }
        let answer = callingLayout(query: true) { layout.layoutAttributesForElements(in: rect) }
        return max(answer.count, layout.elementQueryOverflow ?? 0)
    }
}
