import Testing
import Replay
import Reporting
import TestSupport

/// Every kind of event while an interactive `<transition>` runs (a `<set-layout>`, a section
/// deletion or an empty `<reload-data>` then ended the replay with a signal).
@Suite("Events during an interactive transition", .tags(.fast))
struct TransitionEventsReplayTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    private static let header = """
          <collection-view width="320" height="568" refresh-rate="60"/>
          <layout name="flow" item-size="100 100"/>
          <data><section items="40"/><section items="12"/></data>
          <workload><cell reuse-identifier="cell" create="0.1"/></workload>
        """

    /// One event of each kind the trace format has, at t = 0.25, between a transition's 'changed' and its end.
    static let events: [String] = [
        #"<scroll t="0.25" x="0" y="300"/>"#,
        #"<drag t="0.25" phase="began" x="100" y="400"/><drag t="0.26" phase="changed" x="100" y="300"/><drag t="0.27" phase="ended" x="100" y="200" velocity-x="0" velocity-y="-2000"/>"#,
        #"<tap t="0.25" x="50" y="50"/>"#,
        #"<pinch t="0.25" phase="began" x="100" y="100" scale="1"/><pinch t="0.26" phase="changed" x="100" y="100" scale="2"/><pinch t="0.27" phase="ended" x="100" y="100" scale="3"/>"#,
        #"<long-press t="0.25" phase="began" x="50" y="50"/><long-press t="0.26" phase="ended" x="50" y="50"/>"#,
        #"<resize t="0.25" width="568" height="320"/>"#,
        #"<scroll-to-item t="0.25" section="1" item="5" position="center" animated="true"/>"#,
        #"<select t="0.25" section="0" item="3"/><deselect t="0.26" section="0" item="3"/>"#,
        #"<marker t="0.25" label="during"/>"#,
        #"<batch t="0.25"><delete-items section="0" at="0 1 2"/></batch>"#,
        #"<batch t="0.25"><insert-items section="0" at="0 1"/></batch>"#,
        #"<batch t="0.25"><reload-items section="0" at="0 1"/></batch>"#,
        #"<batch t="0.25"><move-item from="0 0" to="1 2"/></batch>"#,
        #"<batch t="0.25"><insert-section at="0" items="30"/></batch>"#,
        #"<batch t="0.25"><delete-section at="0"/></batch>"#,
        #"<batch t="0.25"><delete-section at="0"/><delete-section at="1"/></batch>"#,
        #"<batch t="0.25"><reload-section at="1" items="3"/></batch>"#,
        #"<batch t="0.25"><move-section from="0" to="1"/></batch>"#,
        #"<reload-data t="0.25"></reload-data>"#,
        #"<reload-data t="0.25"><section items="5"/></reload-data>"#,
    ]

    private func trace(target: String, event: String, end: String) throws -> TraceFile {
        try TraceFile(header: Self.header, events: """
            <transition t="0.1" phase="began"><layout name="\(target)"/></transition>
            <transition t="0.2" phase="changed" progress="0.4"/>
            \(event)
            \(end)
            <scroll t="0.5" x="0" y="20"/>
            """)
    }

    @Test("Each event during a transition replays, and the transition then finishes or cancels",
          arguments: events, ["finished", "cancelled"])
    func eventDuringTransition(_ event: String, _ end: String) throws {
        for target in ["circle", "stacks"] {
            let trace = try trace(target: target, event: event, end: #"<transition t="0.3" phase="\#(end)"/>"#)
            for mode in [ReplayMode.offsets, .gestures] {
                let m = try runner.replay(trace.path, options: ReplayOptions(mode: mode, repeats: 1, warmup: 0))
                #expect(m.complete && m.failure == nil, "\(target) \(mode): \(m.failure ?? "")")
            }
            _ = try runner.snapshot(trace.path, at: 0.28)
        }
    }

    @Test("A <set-layout> during a transition replaces it; the session goes on with the new layout")
    func setLayoutEndsTransition() throws {
        let trace = try trace(target: "circle", event: #"<set-layout t="0.25" animated="true"><layout name="grid"/></set-layout>"#,
                              end: "")
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(m.complete && m.failure == nil)
        let after = try runner.snapshot(trace.path, at: 0.55)
        // The grid's 170-point items, not the circle's.
        #expect(after.elements.filter { $0.category == .cell }.allSatisfy { $0.frame.width == 170 })
        // The switch ended the transition: validate does not warn that it never ended.
        #expect(TraceChecker.validate(path: trace.path).map(\.description) == [])
    }

    @Test("Ending a transition that a <set-layout> replaced stops at the event with UIKit's exception",
          arguments: ["finished", "cancelled"])
    func endAfterSetLayout(_ end: String) throws {
        let trace = try trace(target: "circle", event: #"<set-layout t="0.25"><layout name="grid"/></set-layout>"#,
                              end: #"<transition t="0.3" phase="\#(end)"/>"#)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(!m.complete)
        let message = "\(trace.path):11:1: <transition> '\(end)' after a layout switch ended the transition (the "
            + "<set-layout> at line 10 abandoned it): the collection was not prepared for an interactive transition. "
            + "see startInteractiveTransitionToCollectionViewLayout:completion:"
        #expect(m.failure == message)
        #expect(TraceChecker.validate(path: trace.path).map(\.description) == [message])
    }
}
