import Testing
import Foundation
import Synchronization
@testable import Replay
import Reporting
import TestSupport

/// `--jobs`: the executor runs every index once, at most `jobs` at a time, each on a worker thread of its own,
/// and gives the outputs in index order.
@Suite("Parallel replays", .tags(.fast))
struct ParallelReplaysTests {
    /// What the workers saw: how many ran at once at most, and which threads ran.
    private final class Observer: Sendable {
        private struct State {
            var running = 0
            var mostRunning = 0
            var calls: [Int] = []
            var threads: Set<String> = []
            var finished: [Int] = []
        }

        private let state = Mutex(State())

        func enter(_ index: Int) {
            let thread = "\(pthread_self())"
            state.withLock { state in
                state.running += 1
                state.mostRunning = max(state.mostRunning, state.running)
                state.calls.append(index)
                state.threads.insert(thread)
            }
        }

        func leave() { state.withLock { $0.running -= 1 } }
        func finish(_ done: Int) { state.withLock { $0.finished.append(done) } }

        var mostRunning: Int { state.withLock { $0.mostRunning } }
        var calls: [Int] { state.withLock { $0.calls } }
        var threads: Set<String> { state.withLock { $0.threads } }
        var finished: [Int] { state.withLock { $0.finished } }
    }

    @Test("Every index runs once and the outputs come in index order, with 0 to 9 indices and 1 to 4 jobs",
          arguments: 1...4)
    func order(jobs: Int) {
        for count in 0...9 {
            let observer = Observer()
            let outputs = ParallelReplays.map(count, jobs: jobs, finished: observer.finish) { index in
                observer.enter(index)
                // Later indices finish first, so that completion order is not index order.
                usleep(UInt32((count - index) * 300))
                observer.leave()
                return "output \(index)"
            }
            #expect(outputs == (0..<count).map { "output \($0)" })
            #expect(observer.calls.sorted() == Array(0..<count))
            #expect(observer.finished == Array((0..<count).map { $0 + 1 }))
            #expect(observer.mostRunning <= jobs)
        }
    }

    @Test("With several jobs each index runs on a worker thread, never the caller's, and they overlap")
    func threads() {
        let observer = Observer()
        let caller = "\(pthread_self())"
        _ = ParallelReplays.map(6, jobs: 3) { index in
            observer.enter(index)
            usleep(50_000)
            observer.leave()
            return index
        }
        #expect(!observer.threads.contains(caller))
        // On a busy machine a worker may start after the others took every index: two at least.
        #expect((2...3).contains(observer.threads.count))
        #expect(observer.mostRunning >= 2)
        // One job runs on the calling thread, as a loop would.
        let serial = Observer()
        _ = ParallelReplays.map(3, jobs: 1) { index in
            serial.enter(index)
            serial.leave()
            return index
        }
        #expect(serial.threads == [caller] && serial.mostRunning == 1)
    }

    @Test("A session made on a worker thread replays there and counts what one made on the calling thread counts")
    func sessionsOnWorkers() throws {
        let events = (1...30).map { #"    <scroll t="\#(Double($0) / 60)" x="0" y="\#($0 * 40)"/>"# }.joined(separator: "\n")
        let trace = try TraceFile(events: events).path
        let registry = LayoutRegistry.standard
        let replay: @Sendable (Int) -> CounterValues? = { _ in
            let options = ReplayOptions(repeats: 1, warmup: 0)
            return try? ReplayRunner(registry: registry).replay(trace, options: options).counters
        }
        let serial = ParallelReplays.map(4, jobs: 1, replay)
        let parallel = ParallelReplays.map(4, jobs: 4, replay)
        #expect(serial.allSatisfy { $0 != nil && $0 == serial[0] })
        #expect(parallel == serial)
    }
}
