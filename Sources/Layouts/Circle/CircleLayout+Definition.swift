import CollectionEngine

extension LayoutDefinition {
    /// The book's circle layout (ch. 5, ch. 6): items on a circle around a clock hand, pinch to move
    /// and resize it.
    public static let circle = LayoutDefinition(
        name: "circle",
        summary: "items on a circle around a clock hand; inserts grow from the center, pinch moves and resizes it",
        parameters: [
            LayoutParameter("item-size", .size, default: "70 70", "every item's size", range: 1...10_000),
            LayoutParameter("radius-ratio", .number, default: "2.5",
                            "the radius is min(width, height) / radius-ratio", range: 0.1...1_000),
            LayoutParameter("clock-size", .size, default: "20 200", "the clock hand's size", range: 0...10_000),
            LayoutParameter("start-minute", .number, default: "0",
                            "where the minute hand stands at time 0, from 0 up to 60 (14.5: half past minute 14)",
                            range: 0...59.999),
        ]
    ) { context in
        CircleLayout(itemSize: try context.size("item-size"), radiusRatio: try context.number("radius-ratio"),
                     clockSize: try context.size("clock-size"), startMinute: try context.number("start-minute"))
    }
}
