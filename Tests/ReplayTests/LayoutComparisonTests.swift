import Testing
import Foundation
import CollectionEngine
import Layouts
import Replay
import Reporting
import TestSupport

/// Records the layouts built, in order: every pass builds a fresh layout, so the log is the order of passes.
private final class BuildLog: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []

    func append(_ name: String) {
        lock.lock()
        names.append(name)
        lock.unlock()
    }

    var built: [String] {
        lock.lock()
        defer { lock.unlock() }
        return names
    }
}

@Suite("Layout comparisons", .tags(.fast))
struct LayoutComparisonTests {
    private let events = """
        <drag t="0.05" phase="began" x="200" y="600"/>
        <drag t="0.1" phase="changed" x="200" y="450"/>
        <drag t="0.2" phase="ended" x="200" y="300"/>
        <marker t="0.5" label="end"/>
        """

    /// A registry whose layouts `a`, `b` and `c` are flow layouts that log each build.
    private func probes(_ log: BuildLog) -> LayoutRegistry {
        var registry = LayoutRegistry.standard
        for name in ["a", "b", "c"] {
            registry.register(LayoutDefinition(name: name, summary: "a probe", parameters: []) { _ in
                log.append(name)
                let layout = FlowLayout()
                layout.itemSize = Size(width: 100, height: 100)
                return layout
            })
        }
        return registry
    }

    @Test("A probe sees the passes interleaved: warm-ups, then A B C, B C A, C A B, A B C")
    func order() throws {
        let file = try TraceFile(events: events)
        let log = BuildLog()
        let comparison = LayoutComparison(trace: file.path, layouts: ["a", "b", "c"],
                                          options: ReplayOptions(repeats: 4, warmup: 1), registry: probes(log))
        let result = try comparison.run(clock: { ManualClock() })
        // Opening the sessions resolves each layout once, in order; then one build per pass.
        #expect(log.built == ["a", "b", "c", "a", "b", "c",
                              "a", "b", "c", "b", "c", "a", "c", "a", "b", "a", "b", "c"])
        #expect(result.rounds == [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"], ["a", "b", "c"]])
        #expect(result.measurements.map(\.layout) == ["a", "b", "c"])
        #expect(result.measurements.allSatisfy { $0.repeats.count == 4 && $0.warmup == 1 && $0.complete })
        #expect(result.failure == nil)
    }

    @Test("A warm-up pass that stops on a bad event stops the comparison with its error")
    func failedWarmup() throws {
        let file = try TraceFile(events: """
            <drag t="0.02" phase="began" x="200" y="600"/>
            <drag t="0.04" phase="changed" x="200" y="fast"/>
            """)
        let comparison = LayoutComparison(trace: file.path, layouts: ["flow", "circle"],
                                          options: ReplayOptions(repeats: 3, warmup: 1))
        do {
            let result = try comparison.run(clock: { ManualClock() })
            Issue.record("the comparison went on after a warm-up pass failed: \(result.measurements.map(\.repeats.count))")
        } catch {
            #expect(error.description.hasPrefix(file.path + ":9:"))
            #expect(error.description.contains("'fast'"))
        }
    }

    @Test("Gestures mode unless asked; the trace's parameters a layout declares are kept")
    func modeAndParameters() throws {
        let file = try TraceFile(events: events)
        let result = try LayoutComparison(trace: file.path, layouts: ["flow", "circle"],
                                          options: ReplayOptions(repeats: 1, warmup: 0)).run(clock: { ManualClock() })
        #expect(result.measurements.map(\.mode) == [.gestures, .gestures])
        let offsets = try LayoutComparison(trace: file.path, layouts: ["flow", "circle"],
                                           options: ReplayOptions(mode: .offsets, repeats: 1, warmup: 0))
            .run(clock: { ManualClock() })
        #expect(offsets.measurements.map(\.mode) == [.offsets, .offsets])
        // The grid's item size is a flow parameter: flow keeps it, so its counters match a plain replay's.
        let replayed = try ReplayRunner(makeClock: { ManualClock() })
            .replay(file.path, options: ReplayOptions(mode: .gestures, repeats: 1, warmup: 0))
        #expect(result.measurements[0].counters == replayed.counters)
    }

    @Test("An unknown layout is refused before anything is replayed")
    func unknown() throws {
        let file = try TraceFile(events: events)
        let log = BuildLog()
        #expect(throws: ReplayError.self) {
            _ = try LayoutComparison(trace: file.path, layouts: ["a", "nope"], options: ReplayOptions(),
                                     registry: probes(log)).run(clock: { ManualClock() })
        }
        #expect(log.built == ["a"])
    }
}
