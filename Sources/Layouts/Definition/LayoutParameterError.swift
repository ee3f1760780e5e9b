/// A parameter of a trace's `<layout>` that a layout cannot take: unknown, malformed, out of range, or
/// refused by the layout's factory.
///
/// The replay that builds the layout reports it at ``position`` when it has one — the element inside
/// `<layout>` at fault — and at the `<layout>` element otherwise (`file:line:column: message`).
public struct LayoutParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter at fault, or `nil` when the layout refuses a combination of parameters.
    public var parameter: String?
    /// The whole message: what is wrong, the value, what was expected.
    public var message: String
    /// The line and column of the element inside `<layout>` at fault, or `nil`.
    public var position: LayoutSpecElement.Position?

    public init(parameter: String?, message: String, position: LayoutSpecElement.Position? = nil) {
        self.parameter = parameter
        self.message = message
        self.position = position
    }

    public var description: String { message }
}
