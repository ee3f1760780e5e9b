import TestSupport

/// This target's golden files, in `Tests/ReportingTests/Golden/`.
let golden = GoldenFiles()
