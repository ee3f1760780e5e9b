import Layouts
import ReelCLI
import ReelUIKit
import Replay

// `reel` with two layouts more: every command takes them, and `my-reel layouts` lists them after the catalogue.
var layouts = LayoutRegistry.standard
layouts.register(LayoutDefinition(
    name: "my-grid", summary: "square cells in a fixed number of columns",
    parameters: [LayoutParameter("columns", .integer, default: "3", "columns across", range: 1...12)]
) { context in
    let layout = MyGridLayout()
    layout.columns = try context.integer("columns")
    return layout
})
layouts.register(LayoutDefinition(
    name: "my-zooming-flow", summary: "flow whose items grow as they near the middle of the screen",
    parameters: [
        LayoutParameter("item-size", .size, default: "120 120", "each item's size"),
        LayoutParameter("maximum-zoom", .number, default: "1.3", "the zoom in the middle", range: 1...3),
    ]
) { context in
    let layout = MyZoomingFlowLayout()
    layout.itemSize = try context.cgSize("item-size")
    layout.maximumZoom = try context.cgFloat("maximum-zoom")
    return layout
})
Reel.main(layouts: layouts)
