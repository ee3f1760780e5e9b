#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
private typealias Glibc = Darwin
#endif
import Synchronization

/// Removes the private copies of traces read once (``TraceInput``) when `reel` is killed by SIGINT,
/// SIGTERM, SIGHUP or SIGPIPE, which would otherwise leave them in the temporary folder.
///
/// The handler is async-signal-safe: it reads a list of C strings built before it can run, published
/// through an atomic pointer, calls only `unlink(2)`, `signal(2)` and `raise(3)`, and then dies of the same
/// signal with its default action, so the exit status still says what killed `reel`. A signal the shell
/// ignores (`nohup`, a background job's SIGINT) stays ignored; one blocked by the mask `reel` inherited is
/// unblocked.
enum TemporaryCopies {
    /// The signals that kill `reel` and leave its copies behind.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

    /// The address of a null-terminated array of the paths to unlink, or 0. Lists are never freed: a handler
    /// may be reading one when the next is published (a few bytes per trace, once per command).
    private static let published = Atomic<Int>(0)
    private static let installed = Atomic<Bool>(false)

    /// Makes `paths` the copies to remove if a signal kills `reel`, installing the handlers the first time.
    static func remember(_ paths: [String]) {
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: paths.count + 1)
        for (index, path) in paths.enumerated() { list[index] = strdup(path) }
        list[paths.count] = nil
        published.store(Int(bitPattern: list), ordering: .releasing)
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals {
            let previous = Glibc.signal(signal, removeCopiesAndDie)
            if let previous, unsafeBitCast(previous, to: Int.self) == 1 {  // SIG_IGN
                _ = Glibc.signal(signal, previous)
            } else {
                sigaddset(&unblocked, signal)
            }
        }
        // A blocked mask is inherited across exec (a test runner's, a supervisor's): a signal left blocked
        // would never reach the handler, and a kill would neither clean up nor end `reel`.
        _ = pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// No copies to remove any more (they were removed, or are about to be).
    static func forget() {
        published.store(0, ordering: .releasing)
    }

    /// The handler's work, apart so that tests can call it without dying.
    fileprivate static func removeCopies() {
        guard let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(
            bitPattern: published.load(ordering: .acquiring)) else { return }
        var index = 0
        while let path = list[index] {
            _ = unlink(path)
            index += 1
        }
    }
}

private func removeCopiesAndDie(_ signal: Int32) {
    TemporaryCopies.removeCopies()
    _ = Glibc.signal(signal, SIG_DFL)
    _ = raise(signal)
}
