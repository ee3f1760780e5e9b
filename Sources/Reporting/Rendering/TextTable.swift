/// Columns of fixed width for terminal output: each column as wide as its widest cell, separated by two
/// spaces, text left-aligned and numbers right-aligned. No colours.
struct TextTable {
    /// How a column aligns its cells.
    enum Alignment {
        case left
        case right
    }

    private var alignments: [Alignment]
    private var rows: [[String]] = []

    /// A table whose columns align as `alignments` says, headed by `header`.
    init(_ header: [String], alignments: [Alignment]) {
        precondition(header.count == alignments.count, "a table has one alignment per header column")
        self.alignments = alignments
        rows = [header]
    }

    /// Adds a row of as many cells as the header has.
    mutating func append(_ row: [String]) {
        precondition(row.count == alignments.count, "a row has \(alignments.count) cells, not \(row.count)")
        rows.append(row)
    }

    /// The width of `column`: its widest cell's.
    func width(of column: Int) -> Int { rows.map { $0[column].count }.max() ?? 0 }

    /// The lines of the table, each indented by `indent` and without trailing spaces.
    func lines(indent: String = "") -> [String] {
        let widths = alignments.indices.map(width(of:))
        return rows.map { row in
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return alignments[column] == .left ? cell + padding : padding + cell
            }
            let line = indent + cells.joined(separator: "  ")
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
    }
}
