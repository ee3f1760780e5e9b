#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif
import Synchronization

/// A trace named on the command line that can be read only once — a FIFO, a process substitution
/// (`/dev/fd/N`), a device, or `-` (standard input) — copied into a private temporary file that every reader
/// of the same path then reads. Regular files are read in place: no copy is made for them.
///
/// While a copy exists, ``TraceReader``, ``TraceValidator`` and everything built on them read it whenever
/// they are given the original path; messages keep naming the path as given. ``remove()`` deletes the copy.
///
/// A copy is `$TMPDIR/reel-trace-<pid>-<random>`, mode 600, and holds at most a limit of bytes (by default
/// ``TraceLimits/traceBytes``, the largest trace Reel reads): an input that goes on past it is refused, so
/// `/dev/zero` or a producer that never stops cannot fill the temporary folder. The pid in the name lets a
/// later run remove what a killed one left (``removeStaleCopies(in:)``).
public final class TraceInput: Sendable {
    /// The path as given (`-` for standard input).
    public let path: String
    /// The private copy, when one was made.
    public let copy: String?

    private static let copies = Mutex<[String: String]>([:])

    /// The first part of every copy's name, before the pid.
    public static let copyPrefix = "reel-trace-"

    /// Makes the copy when `path` is `-` or names something that is not a regular file or a directory.
    ///
    /// - Parameters:
    ///   - path: The trace as given.
    ///   - limit: The most bytes copied; an input with more is refused.
    ///   - limitReason: Why the limit is what it is, for the message of an input past it.
    ///   - folder: Where the copy goes: ``temporaryFolder()`` (`$TMPDIR`) unless told.
    ///   - announce: Called with the copy's path before the file is created, so that a caller can remove it
    ///     whenever the process is stopped (a signal handler): the copy of an endless input never returns.
    /// - Throws: ``TraceError`` (`.io`) when the input cannot be read or the copy cannot be written, and
    ///   (`.limitExceeded`) when the input holds more than `limit` bytes; no copy is left behind then.
    public init(_ path: String, limit: Int = TraceLimits.traceBytes,
                limitReason: String = "the largest trace Reel reads (4 GiB)", folder: String? = nil,
                announce: (String) -> Void = { _ in }) throws(TraceError) {
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
        let copyPath = try Self.copy(from: source, path: path, to: folder ?? Self.temporaryFolder(), limit: limit,
                                     limitReason: limitReason, announce: announce)
        copy = copyPath
        Self.copies.withLock { $0[path] = copyPath }
    }

    /// The file to read for `path`: its copy when there is one, else `path` itself.
    public static func readablePath(_ path: String) -> String {
        copies.withLock { $0[path] } ?? path
    }

    /// Whether `path` is read through a copy: `-`, or something that is not a regular file or a directory.
    public static func needsCopy(_ path: String) -> Bool {
        guard path != "-" else { return true }
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    /// Deletes the copy, if one was made; readers of the path read the path itself again.
    public func remove() {
        guard let copy else { return }
        Self.copies.withLock { copies in
            if copies[path] == copy { copies[path] = nil }
        }
        _ = unlink(copy)
    }

    /// The folder copies go to: `$TMPDIR`, else `/tmp`.
    public static func temporaryFolder() -> String {
        if let value = getenv("TMPDIR"), case let folder = String(cString: value), !folder.isEmpty {
            return folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        }
        return "/tmp"
    }

    /// Removes the copies that runs which no longer run left in `folder` (`$TMPDIR` by default): a run killed
    /// by SIGKILL, or a machine that lost power, cannot remove its own. A copy is `reel-trace-<pid>-…`; it is
    /// removed when no process has that pid, it is a regular file and it belongs to this user.
    ///
    /// - Returns: The paths removed.
    /// - Complexity: O(*n*) in the entries of the folder.
    @discardableResult
    public static func removeStaleCopies(in folder: String? = nil) -> [String] {
        let folder = folder ?? temporaryFolder()
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var stale: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix(copyPrefix) else { continue }
            let rest = name.dropFirst(copyPrefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0, pid != getpid() else {
                continue
            }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            let file = folder + "/" + name
            var status = stat()
            guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else {
                continue
            }
            stale.append(file)
        }
        return stale.filter { unlink($0) == 0 }
    }

    /// Streams everything `source` holds, up to `limit` bytes, into a new mode-600 file in the temporary folder.
    private static func copy(from source: Int32, path: String, to folder: String, limit: Int, limitReason: String,
                             announce: (String) -> Void) throws(TraceError) -> String {
        var destination: Int32 = -1
        var copyPath = ""
        // The name is announced before the file exists, so that no moment passes with a file nobody would
        // remove; a name taken already (by a copy a process of the same pid left) is replaced by another.
        for _ in 0..<100 {
            let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            copyPath = "\(folder)/\(copyPrefix)\(getpid())-\(random)"
            announce(copyPath)
            destination = copyPath.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if destination >= 0 || errno != EEXIST { break }
        }
        guard destination >= 0 else {
            throw TraceError(.io, "cannot make a temporary copy of the trace in \(folder): \(systemErrorDescription())",
                             path: path)
        }
        defer { _ = close(destination) }
        func fail(_ code: TraceError.Code, _ message: String) -> TraceError {
            _ = unlink(copyPath)
            return TraceError(code, message, path: path)
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            // One byte past the limit tells an input of exactly `limit` bytes from a longer one.
            let wanted = min(buffer.count, limit + 1 - total)
            let n = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, wanted) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail(.io, "cannot read the trace: \(systemErrorDescription())")
            }
            total += n
            if total > limit {
                throw fail(.limitExceeded, "the input goes on past \(TraceLimits.grouped(limit)) bytes, \(limitReason); "
                               + "is it an endless source, such as /dev/zero or a producer that never stops?")
            }
            var written = 0
            while written < n {
                let w = buffer.withUnsafeBytes { raw in
                    raw.baseAddress.map { write(destination, $0 + written, n - written) } ?? -1
                }
                if w < 0 {
                    if errno == EINTR { continue }
                    throw fail(.io, "cannot write the temporary copy of the trace \(copyPath): \(systemErrorDescription())")
                }
                written += w
            }
        }
        return copyPath
    }
}
