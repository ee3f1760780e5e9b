import CollectionEngine

extension LayoutDefinition {
    /// UIKit's flow layout, with per-item sizes from the trace's `item-sizes`, and headers and footers that may
    /// pin to the visible bounds.
    public static let flow: LayoutDefinition = {
        let flowParameters = FlowParameters().declarations()
        var pinning = [
            LayoutParameter("pin-headers", .boolean, default: "false",
                            "whether section headers pin to the visible bounds (sectionHeadersPinToVisibleBounds)"),
            LayoutParameter("pin-footers", .boolean, default: "false",
                            "whether section footers pin to the visible bounds (sectionFootersPinToVisibleBounds)"),
        ]
        // Off by default, as every trace recorded before them: a recording writes them only when on.
        for index in pinning.indices { pinning[index].spelledOutAtDefault = false }
        let parameters = flowParameters + pinning
        return LayoutDefinition(
            name: "flow",
            summary: "UIKit's flow layout: justified lines, headers and footers, sizes per item from the data",
            parameters: parameters
        ) { context in
            let layout = FlowLayout()
            try FlowParameters.apply(context, to: layout, declared: flowParameters)
            layout.sectionHeadersPinToVisibleBounds = try context.boolean("pin-headers")
            layout.sectionFootersPinToVisibleBounds = try context.boolean("pin-footers")
            return layout
        }
    }()
}
