import CollectionEngine

extension LayoutDefinition {
    /// The slides' demo grid (`grid`; notes Appendix A.1): flow with a shelf under every row.
    ///
    /// Flow's parameters with the demo's defaults (the phone's 43-point header; the iPad's is 50), none
    /// negative (the shelves sit under rows that do not overlap) and the items at least a point wide; the
    /// scroll direction is fixed, as the demo's `init` forces vertical scrolling.
    public static let grid: LayoutDefinition = {
        let parameters = FlowParameters(itemSize: "170 197", minimumLineSpacing: "10", minimumInteritemSpacing: "10",
                                        sectionInset: "4 10 14 10", headerSize: "43 43", footerSize: "44 44")
            .declarations(without: ["scroll-direction"])
            .map { parameter in
                var parameter = parameter
                parameter.range = parameter.name == "item-size" ? 1...10_000 : 0...10_000
                return parameter
            }
        return LayoutDefinition(
            name: "grid",
            summary: "the slides' demo grid: a vertical flow of speakers with a shelf under every row",
            parameters: parameters
        ) { context in
            let layout = GridLayout()
            try FlowParameters.apply(context, to: layout, declared: parameters)
            return layout
        }
    }()
}
