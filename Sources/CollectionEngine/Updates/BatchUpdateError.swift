/// Why UIKit would refuse a batch update.
///
/// `message` is in UIKit's wording where UIKit has one (the count invariants, out-of-range indices, the
/// conflicts it names), and in the same style where it has none. Index paths print as `[section, item]`.
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the batch, in one sentence.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
