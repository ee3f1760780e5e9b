#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// An output file — a report, a trace being recorded — that could not be opened, written or put in place,
/// naming it: the one error of SPEC §2's output files, whoever writes them.
public struct OutputFileError: Error, Equatable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// What went wrong, from the operating system.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}

/// The destination of `-o PATH` (SPEC §2, output files), opened for writing.
///
/// - A regular file, or a path that does not exist yet, is written atomically: the bytes go to a
///   temporary file beside it, `.<name>.reel-tmp-<pid>.<random>`, which ``commit()`` flushes to disk and renames
///   over the path. The file it replaces keeps its mode (a 600 file stays 600). Until then readers see the
///   previous file, whole; ``discard()`` (or releasing the object without committing) removes the temporary.
///   A temporary of that pattern left by a process that no longer runs is removed when the path is opened.
/// - A symbolic link is resolved first: the file it names is replaced, and the link stays a link.
/// - Anything else that exists — a device such as `/dev/null`, a FIFO, a terminal — is opened and written in
///   place, never replaced, even by root.
/// - `-` is standard output.
///
/// Not `Sendable`: one writer at a time.
public final class OutputFile {
    /// The path as given.
    public let path: String
    /// The file descriptor to write to.
    public let descriptor: Int32
    /// Where the temporary file goes on ``commit()``, for an atomic write.
    private let destination: String?
    /// The temporary file, for an atomic write.
    public let temporaryPath: String?
    private var isOpen = true

    private init(path: String, descriptor: Int32, destination: String?, temporaryPath: String?) {
        self.path = path
        self.descriptor = descriptor
        self.destination = destination
        self.temporaryPath = temporaryPath
    }

    deinit { discard() }

    /// Whether the output is replaced atomically on ``commit()`` (a regular file), rather than written in
    /// place (standard output, a device, a FIFO, a terminal).
    public var isAtomic: Bool { destination != nil }

    /// Opens `path` for writing by the rules above.
    ///
    /// - Throws: ``OutputFileError`` when the directory does not exist or is not writable, the path is a
    ///   directory, or a symbolic link loops.
    public static func open(_ path: String) throws(OutputFileError) -> OutputFile {
        if path == "-" {
            return OutputFile(path: path, descriptor: STDOUT_FILENO, destination: nil, temporaryPath: nil)
        }
        func failure(_ operation: String) -> OutputFileError {
            OutputFileError(path: path, message: "\(operation): \(String(cString: strerror(errno)))")
        }
        let target = try resolve(path)
        var status = stat()
        if lstat(target, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR {
                throw OutputFileError(path: path, message: "is a directory; expected a file to write")
            }
            if type != S_IFREG {
                let descriptor = systemOpen(target, O_WRONLY | O_CLOEXEC | O_NOCTTY, 0)
                guard descriptor >= 0 else { throw failure("cannot open it for writing") }
                return OutputFile(path: path, descriptor: descriptor, destination: nil, temporaryPath: nil)
            }
        } else if errno != ENOENT {
            throw failure("cannot examine it")
        }
        let existing = lstat(target, &status) == 0 ? status : nil
        removeStaleTemporaries(of: target)
        let temporary = temporaryPath(for: target)
        let descriptor = systemOpen(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure("cannot create a temporary file beside it") }
        if let existing {
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)  // only root can; others keep their own
            guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else {
                let error = failure("cannot give the temporary file the mode of the file it replaces")
                close(descriptor)
                unlink(temporary)
                throw error
            }
        }
        return OutputFile(path: path, descriptor: descriptor, destination: target, temporaryPath: temporary)
    }

    /// Writes all of `bytes`.
    ///
    /// - Throws: ``OutputFileError`` when the write fails (a full disk, a closed pipe); the temporary file
    ///   is removed then.
    public func write(_ bytes: some Collection<UInt8>) throws(OutputFileError) {
        precondition(isOpen, "OutputFile.write(_:) after commit() or discard()")
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let written = array[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                let error = OutputFileError(path: path, message: "cannot write it: \(String(cString: strerror(errno)))")
                discard()
                throw error
            }
            offset += written
        }
    }

    /// Finishes the output: for an atomic write, flushes the temporary file to disk and renames it over the
    /// path; otherwise closes what was opened (never standard output).
    ///
    /// - Throws: ``OutputFileError`` when flushing or renaming fails; the temporary file is removed and the
    ///   previous file left as it was.
    public func commit() throws(OutputFileError) {
        guard isOpen else { return }
        guard let destination, let temporaryPath else {
            isOpen = false
            if descriptor != STDOUT_FILENO { close(descriptor) }
            return
        }
        func failure(_ operation: String) -> OutputFileError {
            OutputFileError(path: path, message: "\(operation): \(String(cString: strerror(errno)))")
        }
        guard fsync(descriptor) == 0 else {
            let error = failure("cannot flush it to disk")
            discard()
            throw error
        }
        isOpen = false
        close(descriptor)
        guard rename(temporaryPath, destination) == 0 else {
            let error = failure("cannot move it into place")
            unlink(temporaryPath)
            throw error
        }
    }

    /// Abandons the output: removes the temporary file of an atomic write (the previous file stays as it
    /// was). Does nothing after ``commit()``.
    public func discard() {
        guard isOpen else { return }
        isOpen = false
        if descriptor != STDOUT_FILENO { close(descriptor) }
        if let temporaryPath { unlink(temporaryPath) }
    }

    // MARK: Paths

    /// `path` with symbolic links followed (at most 40), to the file they name, which may not exist yet.
    static func resolve(_ path: String) throws(OutputFileError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else {
                throw OutputFileError(path: path, message: "cannot read the symbolic link '\(current)': \(String(cString: strerror(errno)))")
            }
            let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                current = directory(of: current) + link
            }
        }
        throw OutputFileError(path: path, message: "too many levels of symbolic links; expected a link that ends at a file")
    }

    /// The directory part of `path` with its trailing slash, or "" for a bare name.
    static func directory(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `dir/.name.reel-tmp-<pid>.<random>`: hidden, beside `path`, so the rename stays within one file system.
    static func temporaryPath(for path: String) -> String {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return "\(directory(of: path)).\(name(of: path)).reel-tmp-\(getpid()).\(random)"
    }

    /// Removes `.name.reel-tmp-<pid>…` beside `path` for every pid that no longer runs: what a killed run left.
    static func removeStaleTemporaries(of path: String) {
        let directory = directory(of: path)
        let prefix = ".\(name(of: path)).reel-tmp-"
        guard let stream = opendir(directory.isEmpty ? "." : directory) else { return }
        defer { closedir(stream) }
        var stale: [String] = []
        while let entry = readdir(stream) {
            // The name where the entry holds it: `readdir` allocates an entry only as long as its name, so a
            // copy of the whole 256-byte `d_name` array would read past it (AddressSanitizer's
            // heap-buffer-overflow under `fuzz-record`).
            let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
            let entryName = String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
            guard entryName.hasPrefix(prefix) else { continue }
            let rest = entryName.dropFirst(prefix.count)
            guard let pid = Int32(rest.prefix(while: { $0 != "." })), pid > 0 else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                stale.append(directory + entryName)
            }
        }
        for file in stale { unlink(file) }
    }
}

private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
}
