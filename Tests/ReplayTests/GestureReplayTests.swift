import Testing
import Replay
import Reporting
import TestSupport

@Suite("Replay of gestures", .tags(.fast))
struct GestureReplayTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })
    private let once = ReplayOptions(repeats: 1, warmup: 0)

    private func selectedItems(_ snapshot: SnapshotReport) -> [Int] {
        snapshot.elements.filter { $0.category == .cell && $0.selected }.map(\.item)
    }

    /// The grid header with the selection attributes of `<collection-view>`.
    private func grid(selection: String) -> String {
        TraceFile.grid.replacingOccurrences(of: "refresh-rate=\"60\"", with: "refresh-rate=\"60\" \(selection)")
    }

    @Test("A tap's finger position is in the viewport: after a scroll it selects the item under it in the content")
    func tapAfterScroll() throws {
        // Lines are 110 points apart: scrolled by 110, the viewport's (60, 60) is the content's (60, 170), item 3.
        let trace = try TraceFile(events: """
            <scroll t="0.02" x="0" y="110"/>
            <tap t="0.05" x="60" y="60"/>
            <tap t="0.07" x="200" y="60"/>
            """)
        #expect(selectedItems(try runner.snapshot(trace.path, at: 0.06)) == [3])
        #expect(selectedItems(try runner.snapshot(trace.path, at: 0.1, finalStatePastTheEnd: true)) == [4])
        let m = try runner.replay(trace.path, options: once)
        #expect(m.complete && m.warnings.isEmpty)
        #expect(m.counters[.taps] == 2 && m.counters[.highlights] == 2)
        #expect(m.counters[.selections] == 2 && m.counters[.deselections] == 1)
        // Each gesture is measured in the events span.
        #expect(m.repeats[0].paths.first { $0.path == "frame/events" }?.calls == 2)
    }

    @Test("The header's selection settings apply to taps", arguments: [
        ("allows-selection=\"false\"", [Int](), 0),
        ("allows-multiple-selection=\"true\"", [1], 1),
    ])
    func selectionSettings(selection: String, selected: [Int], deselections: Int) throws {
        let trace = try TraceFile(header: grid(selection: selection), events: """
            <tap t="0.01" x="60" y="60"/>
            <tap t="0.03" x="200" y="60"/>
            <tap t="0.05" x="60" y="60"/>
            """)
        #expect(selectedItems(try runner.snapshot(trace.path, at: 0.1, finalStatePastTheEnd: true)) == selected)
        let m = try runner.replay(trace.path, options: once)
        #expect(m.counters[.taps] == 3 && m.counters[.deselections] == deselections)
    }

    @Test("A long press opens the menu of the item under the finger; the menu action is performed")
    func longPressAndMenu() throws {
        let trace = try TraceFile(events: """
            <scroll t="0.02" x="0" y="110"/>
            <long-press t="0.05" phase="began" x="60" y="60"/>
            <long-press t="0.6" phase="ended" x="60" y="60"/>
            <menu t="0.7" section="0" item="3" action="copy"/>
            <pinch t="0.8" phase="began" x="195" y="420" scale="1"/>
            <pinch t="0.9" phase="changed" x="195" y="420" scale="1.8"/>
            <pinch t="1.0" phase="ended" x="195" y="420" scale="2.4"/>
            """)
        let m = try runner.replay(trace.path, options: once)
        #expect(m.complete, "\(m.failure ?? "")")
        #expect(m.warnings.isEmpty)
        #expect(m.counters[.menusShown] == 1 && m.counters[.menuActions] == 1)
        #expect(m.counters[.selections] == 0)
    }

    // Gestures refused (phases out of order, a menu action without the menu): Fixtures/Invalid/pinch-*.xml,
    // long-press-*.xml, menu-*.xml, where TraceRulesTests checks that validate and the replay agree.
}
