import CollectionEngine

extension LayoutDefinition {
    /// The slides' demo app's line (`line`): invalidates on every scroll frame, as the demo does.
    public static let line = LayoutDefinition(
        name: "line",
        summary: "the slides' demo line: speakers zoom up to 1.3× near the center and snap to it; "
            + "invalidates on every scroll frame",
        parameters: LineLayout.parameters
    ) { context in
        let layout = LineLayout()
        try FlowParameters.apply(context, to: layout, declared: LineLayout.parameters)
        layout.activeDistance = try context.number("active-distance")
        layout.zoomFactor = try context.number("zoom-factor")
        return layout
    }
}

extension LineLayout {
    /// Flow's parameters with the demo's phone values (horizontal is fixed; items do not overlap), then
    /// the demo's `ACTIVE_DISTANCE` and `ZOOM_FACTOR` (notes A.2).
    static let parameters: [LayoutParameter] = FlowParameters(
        scrollDirection: "horizontal", itemSize: "170 200", minimumLineSpacing: "30",
        minimumInteritemSpacing: "200", sectionInset: "0 35 0 35"
    ).declarations(without: ["scroll-direction"],
                   ranges: FlowParameters.lineRanges.merging(["minimum-line-spacing": 0...10_000]) { $1 }) + [
        LayoutParameter("active-distance", .number, default: "200",
                        "how far from the center (points) speakers zoom", range: 1...10_000),
        LayoutParameter("zoom-factor", .number, default: "0.3",
                        "the centered speaker is scaled by 1 + zoom-factor", range: 0...10),
    ]
}
