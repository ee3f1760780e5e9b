/// The results of one run of `reel replay`, `reel compare` or `reel gate`, one per trace (or, for the gate, per
/// report) in the order of the run's list: what a JSON output holds (``ReelOutput``) and what `reel merge`
/// puts together (``ReelOutput/merge(_:)``).
public enum ReelResults: Sendable {
    /// `reel replay`'s: a report per trace, or why there is none.
    case reports([Result<Report, TraceFailure>])
    /// `reel compare`'s: a comparison per trace, or why there is none.
    case comparisons([Result<Comparison, ComparisonFailure>])
    /// `reel gate`'s: a judgement per report judged, or why there is none.
    case judgements([Result<GateJudgement, TraceFailure>])

    /// The kinds of results, named by the `format` of their JSON.
    public enum Kind: String, Sendable, CaseIterable {
        case reports = "reel-report"
        case comparisons = "reel-comparison"
        case judgements = "reel-gate"

        /// `replay reports`, `comparisons`, `gate judgements`: what a message calls them.
        public var words: String {
            switch self {
            case .reports: "replay reports"
            case .comparisons: "comparisons"
            case .judgements: "gate judgements"
            }
        }

        /// The formats results of this kind can be rendered in (``ReelResults/render(_:thresholds:colour:)``).
        public var formats: [MergeFormat] {
            switch self {
            case .reports, .comparisons: MergeFormat.allCases
            case .judgements: [.text, .json, .markdown, .junit]
            }
        }
    }

    /// What the command that made the results exits with.
    public enum Verdict: Sendable, Equatable {
        /// Exit 0.
        case passed
        /// A trace failed (unreadable, or its replay stopped on an error): exit 1.
        case failed
        /// `reel gate` found a regression or a budget exceeded, and no trace failed: exit 2.
        case regressed
    }

    public var kind: Kind {
        switch self {
        case .reports: .reports
        case .comparisons: .comparisons
        case .judgements: .judgements
        }
    }

    /// How many results.
    public var count: Int {
        switch self {
        case .reports(let outcomes): outcomes.count
        case .comparisons(let outcomes): outcomes.count
        case .judgements(let outcomes): outcomes.count
        }
    }

    /// The verdict of the command that made these results, as if one run had made them all: replays and
    /// comparisons fail when a trace failed; judgements fail when a trace failed, else regress when one did not
    /// pass.
    public var verdict: Verdict {
        switch self {
        case .reports(let outcomes): outcomes.contains(where: \.isFailed) ? .failed : .passed
        case .comparisons(let outcomes): outcomes.contains(where: \.isFailed) ? .failed : .passed
        case .judgements(let outcomes):
            outcomes.contains { (try? $0.get()) == nil } ? .failed
                : outcomes.contains { (try? $0.get())?.passed == false } ? .regressed : .passed
        }
    }

    /// The message of every trace that failed, in order, as the command printed them on standard error.
    public var failureMessages: [String] {
        switch self {
        case .reports(let outcomes):
            outcomes.compactMap { outcome in
                switch outcome {
                case .success(let report): report.failure
                case .failure(let failure): failure.message
                }
            }
        case .comparisons(let outcomes):
            outcomes.flatMap { outcome in
                switch outcome {
                case .success(let comparison): comparison.reports.compactMap(\.failure)
                case .failure(let failure): [failure.message]
                }
            }
        case .judgements(let outcomes):
            outcomes.compactMap { outcome in
                if case .failure(let failure) = outcome { failure.message } else { nil }
            }
        }
    }

    /// The results in `format`, as the command that made them writes them, ending with a newline: JSON an
    /// array for several replay reports or comparisons and the one object for one, a `reel-gate` object for
    /// judgements.
    ///
    /// Reports read back from JSON carry every frame only when their run was asked for them (`--frames`):
    /// without, text and HTML draw no frame chart.
    /// - Parameters:
    ///   - thresholds: What replay reports' and comparisons' verdicts (text, Markdown, HTML, JUnit) judge against.
    ///   - colour: Whether a replay's text report may be coloured.
    ///   - width: The columns text fits.
    /// - Precondition: `format` is one of the kind's ``Kind/formats``.
    public func render(_ format: MergeFormat, thresholds: JankThresholds = JankThresholds(), colour: Bool = false,
                       width: Int = TerminalText.reportWidth) -> String {
        precondition(kind.formats.contains(format), "\(kind.words) cannot be written as \(format.rawValue)")
        switch self {
        case .reports(let outcomes):
            let includeFrames = outcomes.contains { (try? $0.get())?.frameSamples.isEmpty == false }
            return format.reportFormat.render(outcomes, asArray: outcomes.count > 1, options: RenderOptions(
                includeFrames: includeFrames, colour: colour, thresholds: thresholds, width: width))
        case .comparisons(let outcomes):
            return format.comparisonFormat.render(outcomes, asArray: outcomes.count > 1, thresholds: thresholds,
                                                  width: width)
        case .judgements(let outcomes):
            guard let gateFormat = format.gateFormat else { preconditionFailure("the gate writes no \(format.rawValue)") }
            return gateFormat.render(outcomes, width: width)
        }
    }
}

/// The formats `reel merge` writes: those of the commands whose JSON it merges, each kind of results in the ones
/// its command has (``ReelResults/Kind/formats``). A Chrome trace is not among them: JSON reports carry no spans.
public enum MergeFormat: String, CaseIterable, Sendable {
    case text
    case json
    case markdown
    case html
    case junit

    /// The replay's format of this name: replay writes every format `reel merge` does (`MergeTests` checks).
    var reportFormat: ReportFormat { named()! }

    /// The comparison's format of this name: compare writes every format `reel merge` does.
    var comparisonFormat: ComparisonFormat { named()! }

    /// The gate's format of this name; `nil` for HTML, which the gate does not write.
    var gateFormat: GateFormat? { named() }

    /// The format of this name among `Format`'s, or nil when it has none.
    func named<Format: RawRepresentable<String>>(_: Format.Type = Format.self) -> Format? {
        Format(rawValue: rawValue)
    }
}
