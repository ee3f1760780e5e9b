#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// An output file — a report, a trace being recorded — that could not be opened, written or put in place,
/// naming it: the one error of output files, whoever writes them.
public struct OutputFileError: Error, Equatable, CustomStringConvertible {
    /// The path as given (`-` for standard output).
    public var path: String
    /// What went wrong, from the operating system.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or `standard output: message` for `-`.
    public var description: String { "\(OutputFile.name(for: path)): \(message)" }
}

/// The destination of `-o PATH`, opened for writing.
///
/// - A regular file, or a path that does not exist yet, is written atomically: the bytes go to a
///   temporary file beside it, `.<name>.reel-tmp-<pid>.<random>` (the name cut short so that the whole fits
///   the file system's 255 bytes), which ``commit()`` flushes to disk and renames over the path. The file it
///   replaces keeps its mode (a 600 file stays 600). Until then readers see the previous file, whole;
///   ``discard()`` (or releasing the object without committing) removes the temporary. A temporary of that
///   pattern left by a process that no longer runs is removed when the path is opened.
/// - A symbolic link is resolved first: the file it names is replaced, and the link stays a link.
/// - `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` (or a link to one) are the
///   process's own descriptor, written where it stands (a pipe, a terminal, a file the shell opened).
/// - Anything else that exists — a device such as `/dev/null`, a FIFO, a terminal — is opened and written in
///   place, never replaced, even by root. A FIFO no process reads is refused after a short wait
///   (``fifoReaderWait``) instead of blocking for ever.
///
/// Every write is checked, and so are the flush, the close and the rename: a full disk, a closed pipe or a
/// closed standard output is an ``OutputFileError`` naming the output, never a silent loss.
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
    /// Whether ``descriptor`` was opened here (and is closed here), rather than being the process's own.
    private let ownsDescriptor: Bool
    private var isOpen = true

    private init(path: String, descriptor: Int32, destination: String? = nil, temporaryPath: String? = nil,
                 ownsDescriptor: Bool) {
        self.path = path
        self.descriptor = descriptor
        self.destination = destination
        self.temporaryPath = temporaryPath
        self.ownsDescriptor = ownsDescriptor
    }

    deinit { discard() }

    /// Whether the output is replaced atomically on ``commit()`` (a regular file), rather than written in
    /// place (standard output, a device, a FIFO, a terminal).
    public var isAtomic: Bool { destination != nil }

    /// What messages call the output: "standard output" for `-`, else the path as given.
    public var name: String { Self.name(for: path) }

    /// What messages call the output `path`: "standard output" for `-`, else `path`.
    public static func name(for path: String) -> String { path == "-" ? "standard output" : path }

    /// How long opening a FIFO waits for a process to read it before giving up: long enough for a reader
    /// started at the same moment, short enough that no one waits for nothing.
    public static let fifoReaderWait = Duration.seconds(2)

    /// Opens `path` for writing by the rules above.
    ///
    /// - Parameter wait: How long a FIFO no process reads is tried again before it is refused.
    /// - Throws: ``OutputFileError`` when the directory does not exist or is not writable, the path is a
    ///   directory, a symbolic link loops, standard output (or the descriptor named) is closed, or no process
    ///   reads the FIFO named.
    public static func open(_ path: String, waitingForReader wait: Duration = fifoReaderWait) throws(OutputFileError) -> OutputFile {
        if path == "-" {
            try checkWritable(STDOUT_FILENO, path: path)
            return OutputFile(path: path, descriptor: STDOUT_FILENO, ownsDescriptor: false)
        }
        func failure(_ operation: String) -> OutputFileError {
            OutputFileError(path: path, message: "\(operation): \(String(cString: strerror(errno)))")
        }
        let target: String
        switch try resolveTarget(path) {
        case .descriptor(let descriptor):
            try checkWritable(descriptor, path: path)
            return OutputFile(path: path, descriptor: descriptor, ownsDescriptor: false)
        case .file(let file):
            target = file
        }
        var status = stat()
        if lstat(target, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR {
                throw OutputFileError(path: path, message: "is a directory; expected a file to write")
            }
            if type != S_IFREG {
                let descriptor = try openInPlace(target, isFIFO: type == S_IFIFO, path: path, wait: wait)
                return OutputFile(path: path, descriptor: descriptor, ownsDescriptor: true)
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
        return OutputFile(path: path, descriptor: descriptor, destination: target, temporaryPath: temporary,
                          ownsDescriptor: true)
    }

    /// Opens a device or FIFO for writing without blocking on a FIFO nobody reads: `O_NONBLOCK` makes such an
    /// open fail with `ENXIO` at once, and it is tried again until `wait` has passed. The descriptor is made
    /// blocking again, so that writes wait for a slow reader rather than fail.
    private static func openInPlace(_ target: String, isFIFO: Bool, path: String,
                                    wait: Duration) throws(OutputFileError) -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        while true {
            let descriptor = systemOpen(target, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0)
            if descriptor >= 0 {
                let flags = fcntl(descriptor, F_GETFL)
                if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
                return descriptor
            }
            if errno == EINTR { continue }
            guard isFIFO, errno == ENXIO else {
                throw OutputFileError(path: path, message: "cannot open it for writing: \(String(cString: strerror(errno)))")
            }
            guard clock.now < deadline else {
                throw OutputFileError(path: path, message: "no process is reading the FIFO '\(path)'; start its reader "
                                      + "first (cat '\(path)' &), or write to a file")
            }
            usleep(20_000)
        }
    }

    /// Refuses a descriptor of the process's that is closed or open for reading only (standard output closed
    /// when `reel` started: the command reopens it on `/dev/null` for reading, so that no file it opens
    /// takes its number and receives the report).
    static func checkWritable(_ descriptor: Int32, path: String) throws(OutputFileError) {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, flags & O_ACCMODE != O_RDONLY else {
            let what = path == "-" ? "is closed" : "names descriptor \(descriptor), which is closed"
            throw OutputFileError(path: path, message: "\(what) or not open for writing; give -o PATH, or run reel "
                                  + "with it open")
        }
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
                // A descriptor another process made non-blocking (a shared terminal or pipe): wait until it
                // takes more.
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                let error = OutputFileError(path: path, message: "cannot write it: \(String(cString: strerror(errno)))")
                discard()
                throw error
            }
            offset += written
        }
    }

    /// Finishes the output: for an atomic write, flushes the temporary file to disk, closes it and renames it
    /// over the path; otherwise closes what was opened (never the process's own descriptors).
    ///
    /// - Throws: ``OutputFileError`` when flushing, closing or renaming fails; the temporary file is removed
    ///   and the previous file left as it was.
    public func commit() throws(OutputFileError) {
        guard isOpen else { return }
        func failure(_ operation: String) -> OutputFileError {
            OutputFileError(path: path, message: "\(operation): \(String(cString: strerror(errno)))")
        }
        guard let destination, let temporaryPath else {
            isOpen = false
            if ownsDescriptor, close(descriptor) != 0, errno != EINTR { throw failure("cannot close it") }
            return
        }
        guard fsync(descriptor) == 0 else {
            let error = failure("cannot flush it to disk")
            discard()
            throw error
        }
        isOpen = false
        // Some file systems (NFS) report a failed write only when the file is closed.
        if close(descriptor) != 0, errno != EINTR {
            let error = failure("cannot close it")
            unlink(temporaryPath)
            throw error
        }
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
        if ownsDescriptor { close(descriptor) }
        if let temporaryPath { unlink(temporaryPath) }
    }

    // MARK: Paths

    /// Where a path leads once its symbolic links are followed: a file (which may not exist yet), or one of the
    /// process's own descriptors (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`, whose link in `/proc` names
    /// no file: `pipe:[1234]`).
    enum Target: Equatable {
        case file(String)
        case descriptor(Int32)
    }

    /// `path` with symbolic links followed (at most 40), to the file they name, which may not exist yet, or
    /// to the process's descriptor it names.
    static func resolveTarget(_ path: String) throws(OutputFileError) -> Target {
        var current = path
        for _ in 0..<40 {
            if let descriptor = ownDescriptor(named: current) { return .descriptor(descriptor) }
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return .file(current) }
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

    /// `path` with symbolic links followed, for a path that names a file; a path naming one of the process's
    /// descriptors is returned as it is.
    static func resolve(_ path: String) throws(OutputFileError) -> String {
        if case .file(let file) = try resolveTarget(path) { return file }
        return path
    }

    /// The descriptor `path` names when it is one of the process's own: `/dev/stdout` (1), `/dev/stderr` (2),
    /// `/dev/stdin` (0), `/dev/fd/N`, `/proc/self/fd/N`, `/proc/thread-self/fd/N` or `/proc/<pid>/fd/N` of
    /// this process.
    static func ownDescriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return 0
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(getpid())/fd/"]
        where path.hasPrefix(prefix) {
            let number = path.dropFirst(prefix.count)
            guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber),
                  let descriptor = Int32(number) else { return nil }
            return descriptor
        }
        return nil
    }

    /// The directory part of `path` with its trailing slash, or "" for a bare name.
    static func directory(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The longest name a directory entry may have (`NAME_MAX` on Linux and macOS).
    static let nameLimit = 255

    /// Room the temporary's name needs besides the copied name: `.` + `.reel-tmp-` + a pid of up to 10 digits +
    /// `.` + 16 hexadecimal digits.
    private static let temporarySuffixLength = 1 + ".reel-tmp-".utf8.count + 10 + 1 + 16

    /// The part of `name` a temporary's name copies: all of it when it fits, else its first bytes (whole
    /// UTF-8 characters), so that the temporary of any valid name fits ``nameLimit``. Two long names that
    /// begin alike share it; the pid and the random part keep their temporaries apart.
    static func copiedName(_ name: String) -> String {
        let room = nameLimit - temporarySuffixLength
        guard name.utf8.count > room else { return name }
        var copied = ""
        var bytes = 0
        for character in name.unicodeScalars {
            let length = String(character).utf8.count
            guard bytes + length <= room else { break }
            copied.unicodeScalars.append(character)
            bytes += length
        }
        return copied
    }

    /// `dir/.name.reel-tmp-<pid>.<random>`: hidden, beside `path`, so the rename stays within one file system.
    static func temporaryPath(for path: String) -> String {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return "\(directory(of: path)).\(copiedName(name(of: path))).reel-tmp-\(getpid()).\(random)"
    }

    /// Removes `.name.reel-tmp-<pid>…` beside `path` for every pid that no longer runs: what a killed run left.
    static func removeStaleTemporaries(of path: String) {
        let directory = directory(of: path)
        let prefix = ".\(copiedName(name(of: path))).reel-tmp-"
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
