/// Why outputs could not be merged (``ReelOutput/merge(_:)``): they are of different kinds, or are not the
/// shards of one run, all there once each.
public struct MergeError: Error, Equatable, CustomStringConvertible {
    /// The file at fault, when one is.
    public var path: String?
    /// What is wrong, and what to do.
    public var message: String

    public init(path: String?, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone.
    public var description: String {
        path.map { "\($0): \(message)" } ?? message
    }
}
