import CollectionEngine

extension LayoutDefinition {
    /// Tutorial 001's photo album: a rotated stack of photos per album, a title under each, the
    /// emblem above the content; everything prepared up front and scanned per query, as the tutorial does.
    public static let photoAlbum = LayoutDefinition(
        name: "photo-album",
        summary: "a stack of seeded-rotated photos per album with its title, the emblem above the content; "
            + "prepares everything and scans it per query (tutorial 001)",
        parameters: [
            LayoutParameter("item-size", .size, default: "125 125", "each stack's (and photo's) size",
                            range: 1...10_000),
            LayoutParameter("item-insets", .insets, default: "22 22 13 22", "space around the grid of stacks",
                            range: 0...10_000),
            LayoutParameter("inter-item-spacing-y", .number, default: "12",
                            "the space between a title and the next row of stacks", range: 0...10_000),
            LayoutParameter("columns", .integer, default: "2",
                            "stacks across in portrait (a landscape resize makes 3)", range: 1...100),
            LayoutParameter("title-height", .number, default: "26", "the album title's height under its stack",
                            range: 0...10_000),
            LayoutParameter("rotation-count", .integer, default: "32", "entries of the rotation table",
                            range: 1...10_000),
            LayoutParameter("rotation-stride", .integer, default: "3",
                            "photo (section × stride + item) mod count takes its rotation", range: 0...10_000),
            LayoutParameter("emblem-size", .size, default: "100 100", "the emblem decoration's size",
                            range: 1...10_000),
            LayoutParameter("seed", .integer, default: "1", "seeds the rotation table, drawn once",
                            range: 0...Double(Int32.max)),
        ]
    ) { context in
        PhotoAlbumLayout(
            itemSize: try context.size("item-size"), itemInsets: try context.insets("item-insets"),
            interItemSpacingY: try context.number("inter-item-spacing-y"), numberOfColumns: try context.integer("columns"),
            titleHeight: try context.number("title-height"), rotationCount: try context.integer("rotation-count"),
            rotationStride: try context.integer("rotation-stride"), emblemSize: try context.size("emblem-size"),
            random: try context.randomGenerator())
    }
}
