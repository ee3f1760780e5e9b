/// An element inside a trace's `<layout>`, for a layout described as a tree (`compositional`'s sections,
/// groups and items): its name, its attributes as text in document order, its children and where it was read.
public struct LayoutSpecElement: Hashable, Sendable {
    /// A 1-based line and column in the trace.
    public struct Position: Hashable, Sendable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    public var name: String
    public var attributes: [(name: String, value: String)] {
        get { zip(attributeNames, attributeValues).map { ($0, $1) } }
        set {
            attributeNames = newValue.map(\.name)
            attributeValues = newValue.map(\.value)
        }
    }
    private var attributeNames: [String]
    private var attributeValues: [String]
    public var children: [LayoutSpecElement]
    public var position: Position?

    public init(name: String, attributes: [(name: String, value: String)] = [], children: [LayoutSpecElement] = [],
                position: Position? = nil) {
        self.name = name
        attributeNames = attributes.map(\.name)
        attributeValues = attributes.map(\.value)
        self.children = children
        self.position = position
    }

    /// The text of the attribute called `name`, or `nil`.
    public subscript(name: String) -> String? {
        attributeNames.firstIndex(of: name).map { attributeValues[$0] }
    }
}
