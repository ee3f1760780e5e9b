/// The forms a comparison can be printed in (`reel compare --format`).
public enum ComparisonFormat: String, CaseIterable, Sendable {
    /// A terminal table in the manner of `benchstat`, in the terminal's width with any number of layouts.
    case text
    /// Stable keys: every figure with every layout's values, per-repeat values, change and p-value.
    case json
    /// GitHub tables, for CI step summaries and pull-request comments.
    case markdown
    /// One self-contained page with the layouts' frame times charted on one axis.
    case html
    /// JUnit XML: a test case per trace × layout, failing when that layout is janky beyond the thresholds
    /// (`--max-janky-frames`, `--max-hitch-ratio`), an error when the trace could not be compared.
    case junit

    /// The comparisons in this format, ending with a newline.
    /// - Parameter comparisons: One comparison per trace, in the order the traces were given; JSON writes an
    ///   array when there are several, one object for one.
    public func render(_ comparisons: [Comparison]) -> String {
        render(comparisons.map { .success($0) }, asArray: comparisons.count > 1)
    }

    /// The outcome of every trace named, in order, in this format, ending with a newline.
    /// - Parameters:
    ///   - outcomes: One per trace named: its comparison, or why there is none.
    ///   - asArray: Whether JSON writes an array (several traces named: always, even when one succeeded) or
    ///     the one element alone.
    ///   - thresholds: When a layout's JUnit test case fails, and what each layout's report is judged against
    ///     in JSON (`verdict`); text, Markdown and HTML do not show them.
    ///   - shard: The shard of a sharded run: JSON then writes a `reel-shard` object whose `results` array holds
    ///     the outcomes (``ShardRecord``), whatever their number; text says that an empty shard is empty; other
    ///     formats ignore it.
    ///   - width: The columns text fits; other formats ignore it.
    public func render(_ outcomes: [Result<Comparison, ComparisonFailure>], asArray: Bool,
                       thresholds: JankThresholds = JankThresholds(), shard: ShardRecord? = nil,
                       width: Int = TerminalText.reportWidth) -> String {
        switch self {
        case .text:
            if outcomes.isEmpty, let shard { return shard.emptyText }
            return outcomes.map { outcome in
                switch outcome {
                case .success(let comparison):
                    ComparisonText(width: width).lines(of: comparison).joined(separator: "\n") + "\n"
                case .failure(let failure): "Compare \(failure.trace)\nFAILED: \(failure.message)\n"
                }
            }.joined(separator: "\n")
        case .json:
            let values = outcomes.map { outcome in
                switch outcome {
                case .success(let comparison): comparison.json(thresholds: thresholds)
                case .failure(let failure): failure.json
                }
            }
            if let shard { return shard.envelope(kind: Comparison.jsonFormat, results: values).serialized() + "\n" }
            let document = !asArray && values.count == 1 ? values[0] : .array(values)
            return document.serialized() + "\n"
        case .markdown:
            return outcomes.map { outcome in
                switch outcome {
                case .success(let comparison): ComparisonMarkdown.render([comparison])
                case .failure(let failure): "## Compare `\(failure.trace)`\n\n**Failed**: \(failure.message)\n"
                }
            }.joined(separator: "\n")
        case .html:
            return ComparisonHTML.render(outcomes)
        case .junit:
            return ComparisonJUnit.render(outcomes, thresholds: thresholds)
        }
    }
}
