/// `--format html` (SPEC §8). Being built for issue 14: the contract's signature only.
enum ReportHTML {
    static func render(_ outcomes: [Result<Report, TraceFailure>]) -> String {
        fatalError("--format html is being built (issue 14)")
    }
}
