#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
import Synchronization

/// A trace named on the command line that can be read only once — a FIFO, a process substitution
/// (`/dev/fd/N`), or `-` (standard input) — copied into a private temporary file that every reader of the
/// same path then reads (SPEC §2). Regular files are read in place: no copy is made for them.
///
/// While a copy exists, ``TraceReader``, ``TraceValidator`` and everything built on them read it whenever
/// they are given the original path; messages keep naming the path as given. ``remove()`` deletes the copy.
public final class TraceInput: Sendable {
    /// The path as given (`-` for standard input).
    public let path: String
    /// The private copy, when one was made.
    public let copy: String?

    private static let copies = Mutex<[String: String]>([:])

    /// Makes the copy when `path` is `-` or names something that is not a regular file or a directory.
    ///
    /// - Throws: ``TraceError`` (`.io`) when the input cannot be read or the copy cannot be written; no copy
    ///   is left behind then.
    public init(_ path: String) throws(TraceError) {
        self.path = path
        let source: Int32
        if path == "-" {
            source = 0
        } else {
            var status = stat()
            let kind = stat(path, &status) == 0 ? status.st_mode & S_IFMT : S_IFREG
            guard kind != S_IFREG, kind != S_IFDIR else {
                copy = nil
                return
            }
            source = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
            guard source >= 0 else {
                throw TraceError(.io, "cannot open the trace: \(systemErrorDescription())", path: path)
            }
        }
        defer { if source != 0 { _ = close(source) } }
        let copyPath = try Self.copy(from: source, path: path)
        copy = copyPath
        Self.copies.withLock { $0[path] = copyPath }
    }

    /// The file to read for `path`: its copy when there is one, else `path` itself.
    public static func readablePath(_ path: String) -> String {
        copies.withLock { $0[path] } ?? path
    }

    /// Deletes the copy, if one was made; readers of the path read the path itself again.
    public func remove() {
        guard let copy else { return }
        Self.copies.withLock { copies in
            if copies[path] == copy { copies[path] = nil }
        }
        _ = unlink(copy)
    }

    /// Streams everything `source` holds into a new mode-600 file in the temporary folder.
    private static func copy(from source: Int32, path: String) throws(TraceError) -> String {
        let folder = Self.temporaryFolder()
        var template = Array("\(folder)/reel-trace-XXXXXX".utf8CString)
        let destination = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard destination >= 0 else {
            throw TraceError(.io, "cannot make a temporary copy of the trace in \(folder): \(systemErrorDescription())",
                             path: path)
        }
        let copyPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { _ = close(destination) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = systemErrorDescription()
                _ = unlink(copyPath)
                throw TraceError(.io, "cannot read the trace: \(reason)", path: path)
            }
            var written = 0
            while written < n {
                let w = buffer.withUnsafeBytes { write(destination, $0.baseAddress! + written, n - written) }
                if w < 0 {
                    if errno == EINTR { continue }
                    let reason = systemErrorDescription()
                    _ = unlink(copyPath)
                    throw TraceError(.io, "cannot write the temporary copy of the trace \(copyPath): \(reason)",
                                     path: path)
                }
                written += w
            }
        }
        return copyPath
    }

    private static func temporaryFolder() -> String {
        if let value = getenv("TMPDIR"), case let folder = String(cString: value), !folder.isEmpty {
            return folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        }
        return "/tmp"
    }
}
