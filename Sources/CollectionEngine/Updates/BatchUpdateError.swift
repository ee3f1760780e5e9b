/// Why UIKit would refuse a batch update.
///
/// `message` is UIKit's `NSInternalInconsistencyException` reason word for word where a real report quotes it
/// (the count invariants, out-of-range indices, the conflicts it names), with no prefix of Reel's own, and in
/// the same style where none was found; each message and its source are in
/// `BatchUpdateError+UIKitMessages.swift`. Index paths print as UIKit describes them, without the address:
/// `<NSIndexPath> {length = 2, path = 0 - 1}`.
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the batch, in one sentence.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
