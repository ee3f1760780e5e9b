import CollectionEngine

extension LayoutDefinition {
    /// The slides' stack layout (`stacks`; notes Appendix A.4): `stacked`'s parameters with the
    /// slides' phone defaults, the grid's 170 × 197 cells as the grid a stack opens toward.
    public static let stacks: LayoutDefinition = {
        let parameters = LayoutDefinition.stacked.parameters.map { parameter in
            guard parameter.name == "grid-item-size" else { return parameter }
            var grid = parameter
            grid.defaultValue = "170 197"
            grid.summary = "the cell size of the grid a pinched stack opens toward and opens as"
            return grid
        }
        return LayoutDefinition(
            name: "stacks",
            summary: "the slides' stacks ordered by z translation; pinch a stack open, past 2.5 it opens as the grid",
            parameters: parameters
        ) { context in
            let layout = StacksLayout()
            try layout.configure(from: context)
            return layout
        }
    }()
}
