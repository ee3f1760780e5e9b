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
    /// The bytes of the JSON file at `path`, at most ``JSONInputLimits/bytes``: a longer file is refused before
    /// it is read (a regular file, by its size) or once that much was read (a pipe, a device).
    /// - Throws: A ``JSONReadError`` naming `path` when it cannot be read or is too long.
    static func contents(of path: String) throws(JSONReadError) -> Data {
        func unreadable(_ error: any Error) -> JSONReadError {
            JSONReadError(path: path, line: 0, column: 0, message: "cannot read: \(error.localizedDescription)")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if attributes?[.type] as? FileAttributeType == .typeDirectory {
            throw JSONReadError(path: path, line: 0, column: 0, message: "cannot read: is a directory; expected a JSON file")
        }
        if attributes?[.type] as? FileAttributeType == .typeRegular, let size = attributes?[.size] as? Int,
           size > JSONInputLimits.bytes {
            throw JSONInputLimits.tooLong(size, path: path)
        }
        let file: FileHandle
        do {
            file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch {
            throw unreadable(error)
        }
        defer { try? file.close() }
        do {
            let data = try file.read(upToCount: JSONInputLimits.bytes + 1) ?? Data()
            guard data.count <= JSONInputLimits.bytes else { throw JSONInputLimits.tooLong(data.count, path: path) }
            return data
        } catch let error as JSONReadError {
            throw error
        } catch {
            throw unreadable(error)
        }
    }
}
