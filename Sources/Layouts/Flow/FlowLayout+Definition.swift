import CollectionEngine

extension LayoutDefinition {
    /// UIKit's flow layout, with per-item sizes from the trace's `item-sizes`, and headers and footers that may
    /// pin to the visible bounds.
    public static let flow: LayoutDefinition = {
        let parameters = FlowParameters().declarations() + FlowParameters.pinning + FlowParameters.selfSizing
        return LayoutDefinition(
            name: "flow",
            summary: "UIKit's flow layout: justified lines, headers and footers, sizes per item from the data",
            parameters: parameters
        ) { context in
            let layout = FlowLayout()
            try FlowParameters.apply(context, to: layout, declared: parameters)
            return layout
        }
    }()
}
