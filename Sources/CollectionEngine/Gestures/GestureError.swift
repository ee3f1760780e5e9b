/// Why the collection view refused a gesture: its phases came out of order, or a menu action named an
/// item that shows no menu.
///
/// `message` is one sentence that reads on its own after a trace position
/// (`x.xml:12:1: a pinch 'changed' phase without a 'began' before it`).
public struct GestureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in one sentence.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
