#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A report that could not be written, naming the file.
public struct ReportWriteError: Error, Equatable, CustomStringConvertible {
    /// The report's destination.
    public var path: String
    /// What went wrong, from the operating system.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: cannot write the report: reason`.
    public var description: String {
        "\(path): cannot write the report: \(message)"
    }
}

/// Writes reports atomically (SPEC §2, `--output`): an interrupted run never leaves a truncated report.
public enum ReportFile {
    /// Writes `text` to `path` through a temporary file in the same directory, flushed to disk and then
    /// renamed over `path`.
    ///
    /// Readers see either the previous file or the complete new one, never a part. On failure the temporary
    /// file is removed and any existing report at `path` is left as it was.
    /// - Throws: ``ReportWriteError`` naming `path` when the directory does not exist or is not writable, the
    ///   disk is full, or `path` is a directory.
    public static func write(_ text: String, to path: String) throws(ReportWriteError) {
        try write(text, to: path, beforeRename: {})
    }

    /// ``write(_:to:)`` with a hook run after the temporary file is complete and before the rename, so tests
    /// can interrupt a write at its most delicate moment.
    static func write(_ text: String, to path: String,
                      beforeRename: () throws(ReportWriteError) -> Void) throws(ReportWriteError) {
        let temporary = temporaryPath(for: path)
        func failure(_ operation: String) -> ReportWriteError {
            ReportWriteError(path: path, message: "\(operation): \(String(cString: strerror(errno)))")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure("cannot create a temporary file beside it") }
        do throws(ReportWriteError) {
            defer { close(descriptor) }
            try writeAll(Array(text.utf8), to: descriptor, failure: failure)
            guard fsync(descriptor) == 0 else { throw failure("cannot flush it to disk") }
        } catch {
            unlink(temporary)
            throw error
        }
        do throws(ReportWriteError) {
            try beforeRename()
            guard rename(temporary, path) == 0 else { throw failure("cannot move it into place") }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// `dir/.name.<pid>-<random>.tmp`: hidden, beside `path`, so the rename stays within one file system.
    static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return "\(directory).\(name).\(getpid())-\(random).tmp"
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32,
                                 failure: (String) -> ReportWriteError) throws(ReportWriteError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write it")
            }
            offset += written
        }
    }

    /// `write(2)`, which ``write(_:to:)`` hides inside this type.
    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, buffer, count)
        #else
        Darwin.write(descriptor, buffer, count)
        #endif
    }
}
