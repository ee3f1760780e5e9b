import Foundation
import TestSupport
import Testing

/// Engine crashes the fuzzers found, through the built `reel`: each trace used to end `validate`,
/// `replay` and `snapshot` with a signal (exit status 132).
@Suite("Engine crashes a trace could reach", .tags(.endToEnd), .serialized)
struct EngineCrashCommandTests {
    /// The reproductions' events: a transition, then a layout switch, a section deletion or an empty reload.
    static let transitionEvents = [
        #"<transition t="0.1" phase="began"><layout name="circle"/></transition><transition t="0.2" phase="changed" progress="0.4"/><set-layout t="0.3"><layout name="grid"/></set-layout>"#,
        #"<transition t="0.1" phase="began"><layout name="circle"/></transition><batch t="0.2"><delete-section at="0"/></batch><transition t="0.3" phase="finished"/>"#,
        #"<transition t="0.1" phase="began"><layout name="circle"/></transition><reload-data t="0.2"></reload-data><transition t="0.3" phase="finished"/>"#,
    ]

    @Test("A data change or layout switch during a transition: validate, replay and snapshot exit normally",
          arguments: transitionEvents)
    func changeDuringTransition(_ events: String) throws {
        let path = try ReelProcess.trace(events: events, name: "transition\(Self.transitionEvents.firstIndex(of: events) ?? 0)")
        for arguments in [["validate", path], ["replay", path, "--repeat", "1", "--warmup", "0"],
                          ["snapshot", path, "--time", "0.25", "--format", "json"]] {
            let result = try ReelProcess.run(arguments: arguments)
            #expect(result.status == 0, "\(arguments[0]): \(result.stderr)")
        }
    }

    @Test("Finishing a transition that a <set-layout> replaced is an error at its line, with UIKit's words")
    func finishAfterSetLayout() throws {
        let path = try ReelProcess.trace(events: Self.transitionEvents[0] + "\n" + #"<transition t="0.4" phase="finished"/>"#)
        let message = "\(path):9:1: <transition> 'finished' after a layout switch ended the transition (the "
            + "<set-layout> at line 8 abandoned it): the collection was not prepared for an interactive transition. "
            + "see startInteractiveTransitionToCollectionViewLayout:completion:"
        let replay = try ReelProcess.run("replay", path, "--repeat", "1", "--warmup", "0")
        #expect(replay.status == 1)
        #expect(replay.stderr.contains(message))
        let validate = try ReelProcess.run("validate", path)
        #expect(validate.status == 1)
        #expect(validate.stdout.contains(message) || validate.stderr.contains(message))
    }

    /// A trace of `layout` in a view of `width` × `height` points with a batch, a scroll and a resize.
    private static func hugeTrace(layout: String, width: String, height: String) throws -> String {
        let directory = try ScratchDirectory.folder("cli")
        let path = directory.appendingPathComponent("huge-\(layout)-\(width)-\(height).xml").path
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <trace version="1">
              <collection-view width="\(width)" height="\(height)" refresh-rate="60"/>
              <layout name="\(layout)"/>
              <data><section items="50"/><section items="7"/></data>
              <events>
            <batch t="0.1"><delete-items section="0" at="1"/></batch>
            <scroll t="0.2" x="0" y="10"/>
            <resize t="0.3" width="\(height)" height="\(width)"/>
              </events>
            </trace>

            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("Views 10^9 and 10^308 points wide: replay and snapshot exit normally, and JSON holds no inf",
          arguments: ["flow", "grid", "stacked", "stacks"], ["1e9", "1e308"])
    func hugeView(_ layout: String, _ width: String) throws {
        let path = try Self.hugeTrace(layout: layout, width: width, height: "568")
        // Exit 1 is a limit on the width the trace reader may enforce; a signal never.
        let replay = try ReelProcess.run("replay", path, "--repeat", "1", "--warmup", "0", "--format", "json")
        #expect(replay.status == 0 || replay.status == 1, "\(replay.stderr)")
        let snapshot = try ReelProcess.run("snapshot", path, "--time", "0.35", "--format", "json")
        #expect(snapshot.status == 0 || snapshot.status == 1, "\(snapshot.stderr)")
        for output in [replay.stdout, snapshot.stdout] {
            #expect(output.firstMatch(of: /[\[ ,:]-?(inf|nan)\b/) == nil)
        }
    }
}
