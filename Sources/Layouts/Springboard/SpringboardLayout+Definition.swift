import CollectionEngine

extension LayoutDefinition {
    /// Tutorial 002's Springboard (`springboard`): a paged icon grid with the Home screen's edit
    /// mode; paging comes from the trace's `<collection-view paging="true">`.
    public static let springboard: LayoutDefinition = {
        let flow = FlowParameters(
            scrollDirection: "horizontal", itemSize: "144 144", minimumLineSpacing: "48",
            minimumInteritemSpacing: "48", sectionInset: "32 32 32 32"
        ).declarations(without: ["scroll-direction", "header-size", "footer-size"])
        // Icons need a size; spacings and insets are distances, never negative here.
        let declared = flow.map { declaration in
            var declaration = declaration
            declaration.range = declaration.name == "item-size" ? 1...10_000 : 0...10_000
            return declaration
        }
        return LayoutDefinition(
            name: "springboard",
            summary: "tutorial 002's Springboard: a paged icon grid; a long press on an icon enters edit mode "
                + "(icons jiggle, delete buttons show), a tap on the background leaves it",
            parameters: declared + [
                LayoutParameter("seed", .integer, default: "1", "seeds the icons' jiggle phases",
                                range: 0...Double(UInt32.max)),
            ]
        ) { context in
            let layout = SpringboardLayout(seed: try context.seed())
            try FlowParameters.apply(context, to: layout, declared: declared)
            return layout
        }
    }()
}
