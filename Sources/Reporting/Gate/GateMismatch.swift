/// Why a baseline cannot judge a current run: it was made from another trace, with another layout, mode,
/// refresh rate, budget, clock or measurement window, or it is not a complete run (`reel gate` exits 1).
public struct GateMismatch: Error, Equatable, CustomStringConvertible {
    /// The baseline's report file, when known.
    public var baselinePath: String?
    /// What differs, in words: `the baseline is of trace 'a.xml', the current run of 'b.xml'`.
    public var message: String

    public init(baselinePath: String?, message: String) {
        self.baselinePath = baselinePath
        self.message = message
    }

    /// `baseline.json: message`.
    public var description: String {
        baselinePath.map { "\($0): \(message)" } ?? message
    }
}
