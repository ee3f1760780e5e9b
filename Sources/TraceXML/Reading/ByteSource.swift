#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Where a reader's bytes come from: a file, read in chunks, or bytes already in memory.
enum ByteSource {
    case file(descriptor: Int32)
    case memory([UInt8], offset: Int)

    /// Opens `path` for reading.
    static func open(path: String) throws(TraceError) -> ByteSource {
        // A trace that can be read only once is read from its private copy (``TraceInput``).
        let descriptor = TraceInput.readablePath(path).withCString { Glibc_open($0) }
        guard descriptor >= 0 else {
            throw TraceError(.io, "cannot open the trace: \(systemErrorDescription())", path: path)
        }
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if let problem = problem(of: status) {
                _ = Glibc_close(descriptor)
                throw TraceError(problem.code, problem.message, path: path)
            }
        }
        return .file(descriptor: descriptor)
    }

    /// Why a file of `status` cannot be a trace — a directory, or a regular file larger than
    /// ``TraceLimits/traceBytes`` — or `nil`.
    static func problem(of status: stat) -> (code: TraceError.Code, message: String)? {
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            return (.io, "is a directory; expected a trace file (a <trace> document)")
        case S_IFREG where Int(status.st_size) > TraceLimits.traceBytes:
            return (.limitExceeded, "the file has \(TraceLimits.grouped(Int(status.st_size))) bytes; a trace has at most "
                        + "\(TraceLimits.grouped(TraceLimits.traceBytes)) (4 GiB, four times a 24-hour session at 120 Hz)")
        default:
            return nil
        }
    }

    /// Reads up to `count` bytes into `destination`; returns the number read, 0 at the end, or -1.
    mutating func read(into destination: UnsafeMutableRawPointer, count: Int) -> Int {
        switch self {
        case .file(let descriptor):
            while true {
                let n = Glibc_read(descriptor, destination, count)
                if n >= 0 { return n }
                if currentErrno() != EINTR { return -1 }
            }
        case .memory(let bytes, let offset):
            let n = min(count, bytes.count - offset)
            guard n > 0 else { return 0 }
            bytes.withUnsafeBytes { source in
                guard let base = source.baseAddress else { return }
                destination.copyMemory(from: base + offset, byteCount: n)
            }
            self = .memory(bytes, offset: offset + n)
            return n
        }
    }

    /// Whether the source is known to hold no bytes at all: an empty regular file or empty memory.
    /// (A pipe's length is not known before it is read; it is not reported here.)
    var isKnownEmpty: Bool {
        switch self {
        case .file(let descriptor):
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return false }
            return status.st_mode & S_IFMT == S_IFREG && status.st_size == 0
        case .memory(let bytes, let offset):
            return bytes.count <= offset
        }
    }

    /// Closes the file, if any.
    func close() {
        if case .file(let descriptor) = self { _ = Glibc_close(descriptor) }
    }
}

/// `strerror(errno)`, for I/O error messages.
func systemErrorDescription() -> String {
    String(cString: strerror(currentErrno()))
}

private func currentErrno() -> Int32 { errno }

private func Glibc_open(_ path: UnsafePointer<CChar>) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }
private func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func Glibc_close(_ fd: Int32) -> Int32 { close(fd) }
