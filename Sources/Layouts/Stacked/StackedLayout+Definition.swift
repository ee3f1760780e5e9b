import CollectionEngine

extension LayoutDefinition {
    /// The book's stacked layout (ch. 5, ch. 6): a stack per section, pinch a stack to open it.
    public static let stacked = LayoutDefinition(
        name: "stacked",
        summary: "one stack of photos per section with a label; pinch a stack open, past half it opens as a flow",
        parameters: [
            LayoutParameter("stack-size", .size, default: "180 180", "each stack's frame", range: 1...10_000),
            LayoutParameter("item-size", .size, default: "170 170", "every item's size, centered in its stack",
                            range: 1...10_000),
            LayoutParameter("stacks-inset", .insets, default: "20 20 20 20", "space around the stacks",
                            range: 0...10_000),
            LayoutParameter("interstack-spacing", .number, default: "20",
                            "the least space between stacks, across and down (50 on an iPad)", range: 0...10_000),
            LayoutParameter("visible-items", .integer, default: "3", "how many items of a stack show",
                            range: 1...1_000),
            LayoutParameter("footer-height", .number, default: "25", "the label's height", range: 0...10_000),
            LayoutParameter("footer-gap", .number, default: "8", "the space between a stack and its label",
                            range: 0...10_000),
            LayoutParameter("max-pinch-scale", .number, default: "4", "the pinch scale that opens a stack fully",
                            range: 1.01...100),
            LayoutParameter("fade-progress", .number, default: "0.75",
                            "the pinch progress at which the other stacks have faded out", range: 0.01...1),
            LayoutParameter("grid-item-size", .size, default: "200 200",
                            "the item size of the grid a pinched stack opens toward", range: 1...10_000),
        ]
    ) { context in
        let layout = StackedLayout()
        try layout.configure(from: context)
        return layout
    }
}

extension StackedLayout {
    /// Sets the properties that `stacked`'s parameters (and `stacks`', the same) name from `context`.
    /// - Throws: ``LayoutParameterError`` for a malformed or out-of-range value.
    func configure(from context: LayoutContext) throws(LayoutParameterError) {
        stackSize = try context.size("stack-size")
        itemSize = try context.size("item-size")
        stacksInset = try context.insets("stacks-inset")
        interStackSpacing = try context.number("interstack-spacing")
        visibleItems = try context.integer("visible-items")
        footerHeight = try context.number("footer-height")
        footerGap = try context.number("footer-gap")
        maxPinchScale = try context.number("max-pinch-scale")
        fadeProgress = try context.number("fade-progress")
        gridItemSize = try context.size("grid-item-size")
    }
}
