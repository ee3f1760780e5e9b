#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `reel` does about its standard streams before and after a command, so that no output is lost
/// with exit code 0.
///
/// Reel writes its results, `--help` and `--version` included, with checked writes of its own
/// (``emit(_:to:)``): a full disk, a closed pipe or a closed standard output is told on standard error,
/// naming the output, and exits 1. What is left to this type is a standard stream closed when `reel` started
/// (`reel replay T >&-`).
enum StandardStreams {
    /// Opens `/dev/null`, for reading only, on each of descriptors 0, 1 and 2 that is closed.
    ///
    /// A closed descriptor's number is the next one `open` hands out: left closed, standard output would
    /// become the trace being read or the temporary file a report is written to, and the report would go
    /// there. Open for reading only, a write to it fails (`EBADF`), and ``OutputFile`` tells standard output
    /// is closed before anything is replayed.
    static func reserveClosedDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            // `open` takes the lowest free number: this one, the lower ones being open.
            if opened >= 0 && opened != descriptor { _ = close(opened) }
        }
    }
}
