public import Testing

/// The tiers of the test suite (CONTRIBUTING.md, "Test tiers").
///
/// Every suite carries one of these tags. The slow tiers are also told apart by name, so that the fast tier runs
/// on toolchains whose `--skip` matches test names only (Swift 6.3's): the shipped-trace tier is the
/// `ShippedTraceTests` and `UIKitFixtureTests` targets, the end-to-end tier the `ReelCLITests` target, and the
/// exhaustive suites' type names begin with `Exhaustive`.
extension Tag {
    /// Unit tests: no replay of a whole shipped trace, no subprocess. The inner loop.
    @Tag public static var fast: Self
    /// Replays of whole shipped traces (`Traces/*.xml`), in-process.
    @Tag public static var shippedTraces: Self
    /// Checks over a whole corpus: every fixture and its mutants, every element against the schema, every
    /// scenario recorded at length.
    @Tag public static var exhaustive: Self
    /// Runs of the built `reel` binary, or of other programs (a browser, an XML schema checker).
    @Tag public static var endToEnd: Self
}
