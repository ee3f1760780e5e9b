import CollectionEngine

extension LayoutDefinition {
    /// The slides' demo app's spiral (`spiral`): a page per section, a 1.5-turn spiral on each.
    public static let spiral = LayoutDefinition(
        name: "spiral",
        summary: "the slides' demo spiral: a page per section (page with paging=\"true\"), speakers on a 1.5-turn "
            + "spiral; inserts appear from the page center, deletes fly up off the screen",
        parameters: [
            LayoutParameter("item-size", .size, default: "170 170", "every speaker's size before its scale",
                            range: 1...10_000),
            LayoutParameter("scale", .number, default: "0.5",
                            "the idiom's scale factor: 1 on the iPad, 0.5 on the phone", range: 0.01...10),
        ]
    ) { context in
        SpiralLayout(itemSize: try context.size("item-size"), scale: try context.number("scale"))
    }
}
