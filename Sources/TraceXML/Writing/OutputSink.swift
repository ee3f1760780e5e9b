#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Where a writer's bytes go: straight to a file descriptor (no buffering of our own, so a flushed event
/// is in the kernel) or to memory.
final class OutputSink {
    enum Target {
        case file(descriptor: Int32)
        /// A descriptor someone else opened and will close.
        case borrowed(descriptor: Int32)
        case memory
    }

    let target: Target
    private(set) var bytes: [UInt8] = []
    private(set) var failure: String?

    init(target: Target) {
        self.target = target
    }

    static func create(path: String) throws(TraceError) -> OutputSink {
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else {
            throw TraceError(.io, "cannot create the trace: \(systemErrorDescription())", path: path)
        }
        return OutputSink(target: .file(descriptor: descriptor))
    }

    /// Writes all of `buffer`; returns `count`, or -1 after an error (kept in `failure`).
    func write(_ buffer: UnsafeRawBufferPointer) -> Int32 {
        switch target {
        case .memory:
            bytes.append(contentsOf: buffer)
        case .file(let descriptor), .borrowed(let descriptor):
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { break }
                let n = systemWrite(descriptor, base + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = systemErrorDescription()
                    return -1
                }
                offset += n
            }
        }
        return Int32(buffer.count)
    }

    func close() {
        if case .file(let descriptor) = target { _ = systemClose(descriptor) }
    }
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
