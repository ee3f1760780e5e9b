/// Columns of fixed width for terminal output: each column as wide as its widest cell, separated by two
/// spaces, text left-aligned and numbers right-aligned, widths counted in terminal columns
/// (``TerminalText/columns(_:)``). No colours.
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

    /// The cells of `column`, its header first.
    func column(_ column: Int) -> [String] { rows.map { $0[column] } }

    /// The width of `column`: its widest cell's.
    func width(of column: Int) -> Int { rows.map { TerminalText.columns($0[column]) }.max() ?? 0 }

    /// The lines of the table, each indented by `indent` and without trailing spaces.
    ///
    /// With a `width`, the cells of column `shrinking` (a path, a label) are shortened in the middle, keeping
    /// their ends, until every line fits in `width` columns; a table whose other columns alone are wider keeps
    /// at least four columns of it.
    func lines(indent: String = "", width: Int? = nil, shrinking: Int? = nil) -> [String] {
        var widths = alignments.indices.map(width(of:))
        var rows = rows
        if let width, let shrinking {
            let total = TerminalText.columns(indent) + widths.reduce(0, +) + 2 * (widths.count - 1)
            if total > width {
                let room = max(4, widths[shrinking] - (total - width))
                for row in rows.indices {
                    rows[row][shrinking] = TerminalText.middleShortened(rows[row][shrinking], to: room)
                }
                widths[shrinking] = room
            }
        }
        return rows.map { row in
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: max(0, widths[column] - TerminalText.columns(cell)))
                return alignments[column] == .left ? cell + padding : padding + cell
            }
            let line = indent + cells.joined(separator: "  ")
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
    }
}
