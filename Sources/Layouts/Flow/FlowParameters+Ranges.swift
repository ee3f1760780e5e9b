extension FlowParameters {
    /// Valid values of flow's own parameters in a horizontal line of items that may overlap (Cover Flow's
    /// negative line spacing) — sizes positive, insets and interitem spacing not negative.
    static let lineRanges: [String: ClosedRange<Double>] = [
        "item-size": 1...10_000,
        "minimum-line-spacing": -10_000...10_000,
        "minimum-interitem-spacing": 0...10_000,
        "section-inset": 0...10_000,
        "header-size": 0...10_000,
        "footer-size": 0...10_000,
    ]

    /// ``declarations(without:)`` with each parameter's range taken from `ranges`, where it names one.
    /// - Complexity: O(p) for p parameters.
    func declarations(without fixed: Set<String>, ranges: [String: ClosedRange<Double>]) -> [LayoutParameter] {
        declarations(without: fixed).map { declaration in
            var declaration = declaration
            if let range = ranges[declaration.name] { declaration.range = range }
            return declaration
        }
    }
}
