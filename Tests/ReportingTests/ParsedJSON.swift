import Foundation

/// JSON that Reel wrote, read back by Foundation's `JSONSerialization` for tests to look inside.
struct ParsedJSON {
    let value: Any?

    init(_ text: String) throws {
        value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
    }

    private init(value: Any?) {
        self.value = value
    }

    subscript(key: String) -> ParsedJSON {
        ParsedJSON(value: (value as? [String: Any])?[key])
    }

    subscript(index: Int) -> ParsedJSON {
        guard let array = value as? [Any], array.indices.contains(index) else { return ParsedJSON(value: nil) }
        return ParsedJSON(value: array[index])
    }

    var number: Double? { (value as? NSNumber).map(\.doubleValue) }
    var string: String? { value as? String }
    var bool: Bool? { value as? Bool }
    var array: [ParsedJSON]? { (value as? [Any])?.map { ParsedJSON(value: $0) } }
    var isNull: Bool { value is NSNull }

    /// The keys of the top-level object of `text` in the order they were written: Reel's writer puts each at
    /// two spaces' indent, and `JSONSerialization` does not keep the order.
    static func topLevelKeys(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  \""), !line.hasPrefix("   "), let end = line.dropFirst(3).firstIndex(of: "\"") else {
                return nil
            }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
    }
}
