import Foundation

/// Checks GitHub tables: every row of a table has as many cells as its header, pipes escaped with `\` not
/// counted, and the alignment row is made of `---` and `---:` cells.
public enum MarkdownTables {
    public struct Mismatch: Error, CustomStringConvertible {
        public var description: String
    }

    /// The number of cells of a table row.
    public static func cells(_ line: Substring) -> Int {
        var count = 0
        var escaped = false
        for character in line {
            if escaped { escaped = false; continue }
            if character == "\\" { escaped = true } else if character == "|" { count += 1 }
        }
        return count - 1
    }

    /// Throws on the first table whose rows disagree with its header; returns the number of tables.
    @discardableResult
    public static func check(_ markdown: String) throws -> Int {
        var tables = 0
        var columns: Int?
        var rowIndex = 0
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                columns = nil
                continue
            }
            guard line.hasSuffix("|") else { throw Mismatch(description: "a row that does not end with '|': \(line)") }
            if let columns {
                rowIndex += 1
                guard cells(line) == columns else {
                    throw Mismatch(description: "\(cells(line)) cells, not \(columns): \(line)")
                }
                if rowIndex == 1, !line.split(separator: "|").map({ $0.trimmingCharacters(in: .whitespaces) })
                    .filter({ !$0.isEmpty }).allSatisfy({ $0 == "---" || $0 == "---:" }) {
                    throw Mismatch(description: "not an alignment row: \(line)")
                }
            } else {
                columns = cells(line)
                rowIndex = 0
                tables += 1
            }
        }
        return tables
    }
}
