#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CollectionEngine

/// What an initializer of this module hands the next one on the same thread.
///
/// UIKit's attributes have one designated initializer, `init()`, which a subclass may override; the
/// convenience initializers (`init(forCellWith:)`…), `copy(with:)` and the flow layout's attributes of a
/// subclass's class all go through it. The engine object an attributes object owns has its category and kind
/// fixed when it is made, so the caller makes it first and leaves it here for `init()` to take: each
/// attributes object then makes exactly one engine object (one count in `layout_attributes_built`). Per thread,
/// as replays run on several threads at once.
final class ThreadState {
    /// The engine attributes the next `UICollectionViewLayoutAttributes.init()` on this thread takes.
    var pendingAttributes: LayoutAttributes?
    /// Whether the attributes being copied are a snapshot the module takes for the engine, not a copy the
    /// user's code asked for (a snapshot's engine object is the engine's own copy, not counted as built).
    var takingSnapshot = false
    /// The engine context the next invalidation context's `init()` on this thread takes.
    var pendingContext: InvalidationContext?

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { state in
            guard let state else { return }
            Unmanaged<ThreadState>.fromOpaque(state).release()
        }
        precondition(status == 0, "pthread_key_create failed with \(status)")
        return key
    }()

    /// This thread's state, made on first use.
    static var current: ThreadState {
        if let state = pthread_getspecific(key) {
            return Unmanaged<ThreadState>.fromOpaque(state).takeUnretainedValue()
        }
        let state = ThreadState()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }
}
