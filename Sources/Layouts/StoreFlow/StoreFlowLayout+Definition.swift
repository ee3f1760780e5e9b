import CollectionEngine

extension LayoutDefinition {
    /// A store screen's hand-written flow layout (`store-flow`), with carousels that scroll on their own:
    /// the version of a compositional store screen that apps wrote before compositional layout, to compare
    /// the two on one session.
    public static let storeFlow: LayoutDefinition = {
        let parameters = FlowParameters(itemSize: "390 88", minimumLineSpacing: "0", minimumInteritemSpacing: "10")
            .declarations(without: ["scroll-direction", "footer-size"]) + FlowParameters.pinning.filter { $0.name == "pin-headers" }
        return LayoutDefinition(
            name: "store-flow",
            summary: "a hand-written store screen on flow: narrow items make a carousel that scrolls on its own, "
                + "full-width items make rows",
            parameters: parameters
        ) { context in
            let layout = StoreFlowLayout()
            try FlowParameters.apply(context, to: layout, declared: parameters)
            return layout
        }
    }()
}
