extension Result where Success == Report, Failure == TraceFailure {
    /// Whether the trace failed, which makes `reel replay` exit 1: it gave no report, or its replay stopped on
    /// an error (the report's ``Report/failure``).
    public var isFailed: Bool {
        switch self {
        case .success(let report): report.failure != nil
        case .failure: true
        }
    }
}

extension Result where Success == Comparison, Failure == ComparisonFailure {
    /// Whether the trace failed, which makes `reel compare` exit 1: it could not be compared, or some layout's
    /// replay stopped on an error.
    public var isFailed: Bool {
        switch self {
        case .success(let comparison): comparison.reports.contains { $0.failure != nil }
        case .failure: true
        }
    }
}
