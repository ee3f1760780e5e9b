import Testing
import Replay
import Reporting
import TestSupport

@Suite("Replay of a layout that switches the layout itself", .tags(.fast))
struct LayoutInitiatedSwitchTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    /// An iPad of three stacks of 20 (One Hundred Pixels).
    static let stacks = """
          <collection-view width="768" height="1024" refresh-rate="60"/>
          <layout name="stacked" interstack-spacing="50"/>
          <data><section items="20"/><section items="20"/><section items="20"/></data>
        """

    /// A pinch on the middle stack released at `scale`, from t = 0.1 to 0.4.
    static func pinch(_ scale: Double) -> String {
        """
            <pinch t="0.1" phase="began" x="384" y="110" scale="1"/>
            <pinch t="0.2" phase="changed" x="384" y="120" scale="\(scale)"/>
            <pinch t="0.4" phase="ended" x="384" y="120" scale="\(scale)"/>
        """
    }

    @Test("A stack pinched past half opens as a flow layout and the replay follows it, in both modes",
          arguments: [ReplayMode.offsets, .gestures])
    func opensAsFlow(_ mode: ReplayMode) throws {
        let trace = try TraceFile(header: Self.stacks, events: Self.pinch(3))
        let m = try runner.replay(trace.path, options: ReplayOptions(mode: mode, repeats: 1, warmup: 0))
        #expect(m.complete && m.failure == nil)
        // Open: every item of the middle stack on a 200-point grid, no labels any more.
        let snapshot = try runner.snapshot(trace.path, at: 2, finalStatePastTheEnd: true)
        #expect(snapshot.elements.allSatisfy { $0.category == .cell })
        #expect(snapshot.elements.filter { $0.section == 1 }.allSatisfy { $0.frame.width == 200 })
    }

    @Test("A <transition> or <set-layout> while the layout's own switch animates stops the replay with a clear error",
          arguments: ["<transition t=\"0.45\" phase=\"began\"><layout name=\"flow\"/></transition>",
                      "<set-layout t=\"0.45\" animated=\"true\"><layout name=\"flow\"/></set-layout>"])
    func traceSwitchDuringLayoutSwitch(_ event: String) throws {
        let trace = try TraceFile(header: Self.stacks, events: Self.pinch(3) + "\n" + event)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(!m.complete)
        let element = event.hasPrefix("<transition") ? "transition" : "set-layout"
        #expect(m.failure == "\(trace.path):10:1: <\(element)> while the layout's own switch to another layout is "
            + "still animating; let it finish first")
    }

    @Test("A stack released before half collapses back and the session goes on with the stacks")
    func collapses() throws {
        let trace = try TraceFile(header: Self.stacks, events: Self.pinch(2) + """

            <set-layout t="1" animated="true"><layout name="flow"/></set-layout>
            """)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(m.complete && m.failure == nil)
        let collapsed = try runner.snapshot(trace.path, at: 0.9)
        #expect(collapsed.elements.filter { $0.category == .cell }.count == 9)
    }
}
