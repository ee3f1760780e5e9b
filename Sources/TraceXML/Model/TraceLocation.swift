/// Where something is in a trace file: the path as given, a 1-based line and a 1-based column.
///
/// The column counts characters (not bytes) from the start of the line. An element's location is that of
/// its `<`; an attribute's is that of its name.
public struct TraceLocation: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, the form compilers use and editors understand.
    public var description: String { "\(path):\(line):\(column)" }
}
