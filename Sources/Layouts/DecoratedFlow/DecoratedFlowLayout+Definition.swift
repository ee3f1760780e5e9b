import CollectionEngine

extension LayoutDefinition {
    /// The book's BetterSurvey layout (`decorated-flow`): flow with items spread evenly across each
    /// section, a binder decoration behind each section and a section-insert animation.
    ///
    /// The defaults are the book's (Listing 4.2); the item size is the largest photo's, each photo's own
    /// size comes from the data. The scroll direction is fixed: the spreading works across the width.
    public static let decoratedFlow: LayoutDefinition = {
        let parameters = FlowParameters(itemSize: "200 200", minimumLineSpacing: "20", minimumInteritemSpacing: "20",
                                        sectionInset: "30 80 30 20", headerSize: "60 70")
            .declarations(without: ["scroll-direction"])
        return LayoutDefinition(
            name: "decorated-flow",
            summary: "the book's BetterSurvey: items spread evenly, a binder behind each section, inserted sections slide in",
            parameters: parameters
        ) { context in
            let layout = DecoratedFlowLayout()
            try FlowParameters.apply(context, to: layout, declared: parameters)
            return layout
        }
    }()
}
