internal import Foundation

/// A JSON text that could not be read: where, and what was expected.
public struct JSONReadError: Error, Equatable, CustomStringConvertible {
    /// The file, or `nil` for text that came from elsewhere.
    public var path: String?
    /// 1-based line of the problem, 0 when it concerns the document as a whole.
    public var line: Int
    /// 1-based column of the problem, in Unicode scalars; 0 with `line`.
    public var column: Int
    /// What is wrong, quoting the bad value where there is one.
    public var message: String

    /// Creates an error.
    public init(path: String?, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: message`, leaving out what is unknown.
    public var description: String {
        var place = path.map { [$0] } ?? []
        if line > 0 { place += ["\(line)", "\(column)"] }
        return place.isEmpty ? message : place.joined(separator: ":") + ": " + message
    }
}

extension JSONReadError {
    /// The bytes of the JSON file at `path`.
    /// - Throws: A ``JSONReadError`` naming `path` when it cannot be read.
    static func contents(of path: String) throws(JSONReadError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw JSONReadError(path: path, line: 0, column: 0, message: "cannot read: \(error.localizedDescription)")
        }
    }
}
