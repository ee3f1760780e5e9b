/// The kind of view a set of layout attributes describes, in display order.
public enum ElementCategory: Int, Comparable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A cell, vended by the data source.
    case cell
    /// A supplementary view (header, footer, or a layout's own kind), vended by the data source.
    case supplementaryView
    /// A decoration view, created by the collection view from the layout's registration.
    case decorationView

    public static func < (lhs: ElementCategory, rhs: ElementCategory) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .cell: "cell"
        case .supplementaryView: "supplementary"
        case .decorationView: "decoration"
        }
    }
}
