/// `--format junit` (SPEC §8). Being built for issue 14: the contract's signature only.
enum ReportJUnit {
    static func render(_ outcomes: [Result<Report, TraceFailure>], thresholds: JankThresholds) -> String {
        fatalError("--format junit is being built (issue 14)")
    }
}
