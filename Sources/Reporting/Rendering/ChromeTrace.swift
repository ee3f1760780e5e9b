/// `--format chrome-trace` (SPEC §8). Being built for issue 14: the contract's signature only.
enum ChromeTrace {
    static func render(_ outcomes: [Result<Report, TraceFailure>]) -> String {
        fatalError("--format chrome-trace is being built (issue 14)")
    }
}
