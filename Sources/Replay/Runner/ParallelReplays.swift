import Foundation
import Synchronization

/// Runs independent replays several at a time on one machine (`--jobs N`), each on a thread of its own, and
/// gives their results in the order of the list, whatever order they finish in.
///
/// A replay measures the CPU time of the thread that runs it (``ThreadCPUClock``), and a ``ReplaySession`` and
/// its clock belong to that thread: `body` must make its session itself, on the worker thread it is called on.
/// Task-local values (`Reel.layouts`) are not inherited by the workers: read them before, and capture the values.
///
/// ```swift
/// let registry = Reel.layouts
/// let reports = ParallelReplays.map(traces.count, jobs: 4) { index in
///     try? ReplayRunner(registry: registry).replay(traces[index])
/// }
/// ```
public enum ParallelReplays {
    /// The most replays run at once.
    public static let maximumJobs = 256
    /// The stack of each worker thread: a main thread's usual 8 MiB, since a replay runs as deep there.
    static let stackSize = 8 << 20

    /// Calls `body` with every index of `0..<count`, at most `jobs` at a time, and returns the results in index
    /// order.
    ///
    /// With one job, or fewer than two indices, `body` runs on the calling thread, one index after another.
    /// Otherwise `min(jobs, count)` worker threads each take the next index not yet taken until none is left,
    /// and the calling thread waits for them.
    /// - Parameters:
    ///   - count: How many indices.
    ///   - jobs: At most how many run at once, 1 to ``maximumJobs``.
    ///   - finished: Called after each index is done with how many are done so far, one call at a time, in
    ///     increasing order (for a progress line).
    ///   - body: The work of one index.
    /// - Complexity: `count` calls of `body`, spread over the workers.
    public static func map<Output: Sendable>(_ count: Int, jobs: Int, finished: @escaping @Sendable (Int) -> Void = { _ in },
                                             _ body: @escaping @Sendable (Int) -> Output) -> [Output] {
        precondition((1...maximumJobs).contains(jobs), "jobs must be from 1 to \(maximumJobs), not \(jobs)")
        guard jobs > 1, count > 1 else {
            return (0..<count).map { index in
                let output = body(index)
                finished(index + 1)
                return output
            }
        }
        let work = Work(count: count, finished: finished, body: body)
        let done = DispatchGroup()
        for _ in 0..<min(jobs, count) {
            done.enter()
            let thread = Thread {
                work.drain()
                done.leave()
            }
            thread.stackSize = stackSize
            thread.name = "reel replay"
            thread.start()
        }
        done.wait()
        return work.results()
    }

    /// The indices still to take and the outputs so far, shared by the workers behind a lock.
    private final class Work<Output: Sendable>: Sendable {
        private struct State {
            var next = 0
            var done = 0
            var outputs: [Output?]
        }

        private let count: Int
        private let state: Mutex<State>
        private let finished: @Sendable (Int) -> Void
        private let body: @Sendable (Int) -> Output

        init(count: Int, finished: @escaping @Sendable (Int) -> Void, body: @escaping @Sendable (Int) -> Output) {
            self.count = count
            state = Mutex(State(outputs: Array(repeating: nil, count: count)))
            self.finished = finished
            self.body = body
        }

        /// Runs the next index not yet taken until none is left.
        func drain() {
            while let index = take() {
                let output = body(index)
                state.withLock { state in
                    state.outputs[index] = output
                    state.done += 1
                    finished(state.done)
                }
            }
        }

        private func take() -> Int? {
            state.withLock { state in
                guard state.next < count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
        }

        /// Every output, in index order, once every index is done.
        func results() -> [Output] {
            state.withLock { state in
                state.outputs.enumerated().map { index, output in
                    guard let output else { preconditionFailure("index \(index) of \(count) was never run") }
                    return output
                }
            }
        }
    }
}
