import Layouts
import ReelCLI
import Replay

// `reel` with one layout more: every command, and `my-reel layouts` lists `my-grid` after the catalogue.
var layouts = LayoutRegistry.standard
layouts.register(LayoutDefinition(
    name: "my-grid", summary: "square cells in a fixed number of columns",
    parameters: [LayoutParameter("columns", .integer, default: "3", "columns across", range: 1...12)]
) { context in
    MyGridLayout(columns: try context.integer("columns"))
})
Reel.main(layouts: layouts)
