import CollectionEngine

extension LayoutDefinition {
    /// The book's Cover Flow (`cover-flow`): invalidates on every scroll frame, as the book does.
    public static let coverFlow = LayoutDefinition(
        name: "cover-flow",
        summary: "the book's Cover Flow: covers turn toward the viewer near the center, snap to it and center on a tap; "
            + "invalidates on every scroll frame",
        parameters: CoverFlowLayout.parameters
    ) { context in
        try CoverFlowLayout.configured(CoverFlowLayout(), context)
    }
}

extension CoverFlowLayout {
    /// Flow's parameters with the book's values (horizontal is fixed), then Listing 4.31's constants.
    static let parameters: [LayoutParameter] = {
        FlowParameters(
            scrollDirection: "horizontal", itemSize: "180 180", minimumLineSpacing: "-60",
            minimumInteritemSpacing: "200", sectionInset: "0 70 0 70"
        ).declarations(without: ["scroll-direction"], ranges: FlowParameters.lineRanges) + [
            LayoutParameter("active-distance", .number, default: "100",
                            "how far from the center (points) covers turn and zoom", range: 1...10_000),
            LayoutParameter("translate-distance", .number, default: "100",
                            "the distance over which an active cover slides by the flow offset", range: 1...10_000),
            LayoutParameter("zoom-factor", .number, default: "0.2",
                            "the centered cover is scaled by 1 + zoom-factor", range: 0...10),
            LayoutParameter("flow-offset", .number, default: "40",
                            "how far covers out of the center slide away from it (points)", range: -1_000...1_000),
            LayoutParameter("inactive-grey", .number, default: "0.6",
                            "the mask's alpha on covers out of the active distance", range: 0...1),
        ]
    }()

    /// Sets `layout`'s flow properties and constants from `context`.
    /// - Throws: ``LayoutParameterError`` for a malformed or out-of-range value, or columns that do not
    ///   advance (item width + line spacing ≤ 0).
    static func configured<Layout: CoverFlowLayout>(_ layout: Layout,
                                                   _ context: LayoutContext) throws(LayoutParameterError) -> Layout {
        try FlowParameters.apply(context, to: layout, declared: parameters)
        guard layout.itemSize.width + layout.minimumLineSpacing > 0 else {
            throw context.invalid("minimum-line-spacing",
                                  because: "covers must advance: the item width plus the line spacing must be positive")
        }
        layout.activeDistance = try context.number("active-distance")
        layout.translateDistance = try context.number("translate-distance")
        layout.zoomFactor = try context.number("zoom-factor")
        layout.flowOffset = try context.number("flow-offset")
        layout.inactiveGreyValue = try context.number("inactive-grey")
        return layout
    }
}
