/// `--format markdown` (SPEC §8). Being built for issue 14: the contract's signature only.
enum ReportMarkdown {
    static func render(_ outcomes: [Result<Report, TraceFailure>], thresholds: JankThresholds) -> String {
        fatalError("--format markdown is being built (issue 14)")
    }
}
