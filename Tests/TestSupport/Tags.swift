public import Testing

/// The tiers of the test suite (CONTRIBUTING.md, "Test tiers").
///
/// Every suite carries one of these tags. The slow tiers are also told apart by name, so that the fast tier runs
/// on toolchains whose `--skip` matches test names only: the shipped-trace suite is the `ShippedTraceTests`
/// target, and every end-to-end or whole-trace suite's type name begins with `Slow`.
extension Tag {
    /// Unit tests: no replay of a whole shipped trace, no subprocess. The inner loop.
    @Tag public static var fast: Self
    /// Replays of whole shipped traces (`Traces/*.xml`), in-process.
    @Tag public static var shippedTraces: Self
    /// Runs of the built `reel` binary, or of other programs (a browser, an XML schema checker).
    @Tag public static var endToEnd: Self
}
