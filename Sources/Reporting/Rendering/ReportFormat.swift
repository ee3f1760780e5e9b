/// The forms `reel replay` prints its reports in (`--format`).
public enum ReportFormat: String, CaseIterable, Sendable {
    /// For a terminal, in its width: the verdict first, the figures, hot paths, worst frames, counters that are
    /// not zero, and the findings in words.
    case text
    /// The machine-readable report: one object per trace, an array when there are several.
    case json
    /// One self-contained page: the verdict, a chart of every measured frame against the budget, the hot paths
    /// as an icicle chart, the worst frames, findings and counters.
    case html
    /// GitHub-flavoured Markdown for CI step summaries and pull-request comments.
    case markdown
    /// JUnit XML: a test case per trace, failing when the replay fails or the trace is janky beyond
    /// ``RenderOptions/thresholds``.
    case junit
    /// The Trace Event Format's JSON for Perfetto UI and `chrome://tracing`: every span of one measured repeat.
    case chromeTrace = "chrome-trace"

    /// The reports in this format, ending with a newline.
    /// - Parameters:
    ///   - reports: One report per trace, in the order the traces were given.
    ///   - options: What the formats that take options are told.
    public func render(_ reports: [Report], options: RenderOptions = RenderOptions()) -> String {
        render(reports.map { .success($0) }, asArray: reports.count > 1, options: options)
    }

    /// The reports in this format, ending with a newline; `includeFrames` lists every measured frame in JSON
    /// (`--frames`).
    public func render(_ reports: [Report], includeFrames: Bool) -> String {
        render(reports, options: RenderOptions(includeFrames: includeFrames))
    }

    /// The outcome of every trace named, in order, in this format, ending with a newline.
    /// - Parameters:
    ///   - outcomes: One per trace named: its report, or why there is none.
    ///   - asArray: Whether JSON writes an array (several traces named: always, whatever failed) or the one
    ///     element alone.
    ///   - options: What the formats that take options are told.
    ///   - shard: The shard of a sharded run: JSON then writes a `reel-shard` object whose `results` array holds
    ///     the outcomes (``ShardRecord``), whatever their number; text says that an empty shard is empty; other
    ///     formats ignore it.
    public func render(_ outcomes: [Result<Report, TraceFailure>], asArray: Bool,
                       options: RenderOptions = RenderOptions(), shard: ShardRecord? = nil) -> String {
        switch self {
        case .text:
            if outcomes.isEmpty, let shard { return shard.emptyText }
            return outcomes.map { outcome in
                switch outcome {
                case .success(let report): TextReport.render([report], options: options)
                case .failure(let failure): failure.text(width: options.width)
                }
            }.joined(separator: "\n")
        case .json:
            let values = outcomes.map { outcome in
                switch outcome {
                case .success(let report): report.json(includeFrames: options.includeFrames, thresholds: options.thresholds)
                case .failure(let failure): failure.json
                }
            }
            if let shard { return shard.envelope(kind: Report.jsonFormat, results: values).serialized() + "\n" }
            let document = !asArray && values.count == 1 ? values[0] : .array(values)
            return document.serialized() + "\n"
        case .html:
            return ReportHTML.render(outcomes, thresholds: options.thresholds)
        case .markdown:
            return ReportMarkdown.render(outcomes, thresholds: options.thresholds)
        case .junit:
            return ReportJUnit.render(outcomes, thresholds: options.thresholds)
        case .chromeTrace:
            var text = ""
            ChromeTrace.write(outcomes, to: &text)
            return text
        }
    }

    /// The outcome of every trace named, in this format, written to `stream` as it is produced: a Chrome
    /// trace event by event, so that the millions of spans of a long session are never held as text; the
    /// other formats as ``render(_:asArray:options:shard:)`` gives them.
    /// - Throws: ``OutputFileError`` when a write fails.
    public func write(_ outcomes: [Result<Report, TraceFailure>], asArray: Bool, options: RenderOptions = RenderOptions(),
                      shard: ShardRecord? = nil, to stream: inout ReportStream) throws(OutputFileError) {
        switch self {
        case .chromeTrace: try ChromeTrace.write(outcomes, to: &stream)
        default: try stream.write(render(outcomes, asArray: asArray, options: options, shard: shard))
        }
    }
}

/// What a renderer is told besides the reports.
public struct RenderOptions: Sendable, Equatable {
    /// Whether JSON lists every measured frame under `frame_samples` (`--frames`).
    public var includeFrames: Bool
    /// Whether the text report may colour its verdict and figures with ANSI escapes: only when it goes to a
    /// terminal that supports them and `NO_COLOR` is not set. The caller decides; renderers never look.
    public var colour: Bool
    /// What the text, HTML, Markdown and JUnit verdicts judge each trace against.
    public var thresholds: JankThresholds
    /// The columns the text report fits: the terminal's, or ``TerminalText/reportWidth`` when unknown.
    public var width: Int

    public init(includeFrames: Bool = false, colour: Bool = false, thresholds: JankThresholds = JankThresholds(),
                width: Int = TerminalText.reportWidth) {
        self.includeFrames = includeFrames
        self.colour = colour
        self.thresholds = thresholds
        self.width = width
    }
}
