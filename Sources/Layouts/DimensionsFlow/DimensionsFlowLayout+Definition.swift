import CollectionEngine

extension LayoutDefinition {
    /// The book's Dimensions layout (`dimensions-flow`): flow whose attributes carry a layout mode
    /// that a tap toggles, animated over 0.5 s.
    ///
    /// The defaults are the book's (Listing 4.16): two columns of 140-point photos on a 320-point phone.
    public static let dimensionsFlow: LayoutDefinition = {
        let flow = FlowParameters(itemSize: "140 140", minimumLineSpacing: "13", minimumInteritemSpacing: "13",
                                  sectionInset: "13 13 13 13").declarations()
        let modes = DimensionsFlowLayout.LayoutMode.allCases.map(\.rawValue)
        let parameters = flow + [
            LayoutParameter("layout-mode", .choice(modes), default: DimensionsFlowLayout.LayoutMode.aspectFit.rawValue,
                            "how cells show their photo at first; a tap toggles it"),
        ]
        return LayoutDefinition(
            name: "dimensions-flow",
            summary: "the book's Dimensions: flow whose attributes carry a layout mode, toggled by a tap over 0.5 s",
            parameters: parameters
        ) { context in
            let layout = DimensionsFlowLayout()
            try FlowParameters.apply(context, to: layout, declared: flow)
            layout.layoutMode = DimensionsFlowLayout.LayoutMode(rawValue: try context.choice("layout-mode")) ?? .aspectFit
            return layout
        }
    }()
}
