/// A parameter of a trace's `<layout>` that a layout cannot take: unknown, malformed, out of range, or
/// refused by the layout's factory.
///
/// It carries no position: the replay that builds the layout reports it at the `<layout>` element
/// (`file:line:column: message`).
public struct LayoutParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter at fault, or `nil` when the layout refuses a combination of parameters.
    public var parameter: String?
    /// The whole message: what is wrong, the value, what was expected.
    public var message: String

    public init(parameter: String?, message: String) {
        self.parameter = parameter
        self.message = message
    }

    public var description: String { message }
}
