import Foundation
@testable import Replay
import Reporting
import Testing
import TraceXML
import TestSupport

/// `reel validate` checks a valid trace in one pass, leaving out the display passes that can neither refuse
/// nor log anything (`TraceChecker.validate`); the reference checks it in separate passes with a full replay
/// of every frame (`TraceChecker.validateInSeparatePasses`). Both must find the same, word for word, at the
/// same places: on every fixture and shipped trace, on traces made to reach what a left-out display pass
/// could hide (a scroll into more elements than a frame may display, a hit test after scrolled frames, a
/// warning logged by a prepare mid-scroll, flings, paging, animations), and on their mutants.
@Suite("TraceChecker: one pass agrees with the full replay", .tags(.exhaustive))
struct ExhaustiveTraceCheckerAgreementTests {
    /// The package's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Every `.xml` file under `Tests/`, relative to the root (the shipped traces are checked with the shipped-trace
    /// suite, `TraceCheckerShippedAgreementTests`).
    static var fixtures: [String] {
        var paths: [String] = []
        for folder in ["Tests"] {
            guard let walker = FileManager.default.enumerator(atPath: root + "/" + folder) else { continue }
            while let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".xml") { paths.append(folder + "/" + relative) }
            }
        }
        return paths.sorted()
    }

    static func expectAgreement(_ path: String, _ comment: String = "",
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let onePass = TraceChecker.validate(path: path).map(\.description)
        let reference = TraceChecker.validateInSeparatePasses(path: path).map(\.description)
        #expect(onePass == reference, "\(comment)", sourceLocation: sourceLocation)
    }

    @Test("Every fixture", arguments: fixtures)
    func fixture(_ relativePath: String) {
        Self.expectAgreement(Self.root + "/" + relativePath)
    }

    @Test("Traces made to reach what a left-out display pass could hide", arguments: Scenario.all.map(\.name))
    func scenario(_ name: String) throws {
        let scenario = Scenario.all.first { $0.name == name }!
        let trace = try TraceFile(header: scenario.header, events: scenario.events.joined(separator: "\n"), name: name)
        Self.expectAgreement(trace.path)
        // The finding the scenario was made to reach, so that the agreement is not that of two empty lists.
        if let expected = scenario.finding {
            #expect(TraceChecker.validate(path: trace.path).contains { $0.description.contains(expected) })
        }
    }

    @Test("Their mutants: each event removed, repeated, or moved one frame later", arguments: Scenario.all.map(\.name))
    func mutants(_ name: String) throws {
        let scenario = Scenario.all.first { $0.name == name }!
        let events = scenario.events
        // Every fourth event, so that the suite stays short in a debug build; each mutant is a whole trace. Every
        // sixteenth of `dense`, whose every mutant lays out more than 10,000 elements in a frame (at every fourth,
        // four fifths of the suite's time).
        for index in stride(from: 0, to: events.count, by: name == "dense" ? 16 : 4) {
            var removed = events
            removed.remove(at: index)
            var repeated = events
            repeated.insert(events[index], at: index)
            var later = events
            later[index] = Scenario.delayed(events[index])
            for (what, mutant) in [("removed", removed), ("repeated", repeated), ("later", later)] {
                let trace = try TraceFile(header: scenario.header, events: mutant.joined(separator: "\n"), name: name)
                Self.expectAgreement(trace.path, "\(name): event \(index) \(what)")
            }
        }
    }

    @Test("The one pass leaves out the display passes of a steady scroll; the full replay runs every one")
    func leavesOutDisplayPasses() throws {
        let trace = try TraceFile(header: Scenario.grid,
                                  events: Scenario.scrolls(from: 0, step: 20, count: 120, start: 0.016).joined(separator: "\n"))
        func displayQueries(defersDisplay: Bool) throws -> Int {
            let reader = try TraceReader(path: trace.path)
            let layout = try LayoutRegistry.standard.makeLayout(for: reader.header.layout, path: trace.path)
            let pass = ReplayPass(quiet: reader.header, path: trace.path, layout: layout, registry: .standard,
                                  mode: .offsets, frameClock: FrameClock(refreshRate: 60), spans: .never, defersDisplay: defersDisplay)
            let result = pass.run(reader)
            #expect(result.failure == nil)
            return result.counters.elementQueries
        }
        // 121 frames: the first displays, and the 2,400 points scrolled stay inside the rectangle counted then.
        #expect(try displayQueries(defersDisplay: false) >= 121)
        #expect(try displayQueries(defersDisplay: true) == 1)
    }

    /// A trace's header and events, one element a line.
    struct Scenario {
        var name: String
        var header: String
        var events: [String]
        /// Words of a finding the scenario reaches, when it is made to reach one.
        var finding: String?

        /// `count` frames of `<scroll>` at 60 Hz from `start` s, from `from` by `step` points a frame.
        static func scrolls(from: Double, step: Double, count: Int, start: Double, horizontal: Bool = false) -> [String] {
            (0..<count).map { frame in
                let t = start + Double(frame) / 60
                let offset = from + step * Double(frame + 1)
                return horizontal ? "<scroll t=\"\(t)\" x=\"\(offset)\" y=\"0\"/>" : "<scroll t=\"\(t)\" x=\"0\" y=\"\(offset)\"/>"
            }
        }

        /// `event` with its time a frame (1/60 s) later.
        static func delayed(_ event: String) -> String {
            guard let range = event.range(of: #"t="[^"]*""#, options: .regularExpression) else { return event }
            let value = Double(event[range].dropFirst(3).dropLast()) ?? 0
            return event.replacingCharacters(in: range, with: "t=\"\(value + 1.0 / 60)\"")
        }

        static let grid = """
              <collection-view width="390" height="844" refresh-rate="60"/>
              <layout name="flow" item-size="100 100" section-inset="10 10 10 10"/>
              <data><section items="3000"/></data>
            """

        static let all: [Scenario] = [
            // 100 items one per line, then 1 × 1 items 390 a line: scrolling down, a frame shows more than
            // 10,000 elements, and the replay stops there.
            Scenario(name: "dense", header: """
                  <collection-view width="390" height="844" refresh-rate="60"/>
                  <layout name="flow" item-size="50 50" minimum-line-spacing="0" minimum-interitem-spacing="0"/>
                  <data><section items="200000" item-sizes="390 50*100, 1 1*199900"/></data>
                """, events: scrolls(from: 0, step: 120, count: 50, start: 0.016) + ["<tap t=\"1\" x=\"10\" y=\"10\"/>"],
                finding: "more than the limit of 10,000 in one frame"),
            // Scrolled frames, then a long press on the item under the finger and its menu; scrolled back, a
            // long press and a menu for another item than the one under the finger, which the engine refuses.
            Scenario(name: "menus", header: grid, events: scrolls(from: 0, step: 37, count: 40, start: 0.016) + [
                "<long-press t=\"0.8\" phase=\"began\" x=\"60\" y=\"100\"/>",
                "<menu t=\"0.85\" section=\"0\" item=\"42\" action=\"copy\"/>",
                "<long-press t=\"0.9\" phase=\"ended\" x=\"60\" y=\"100\"/>",
            ] + scrolls(from: 1480, step: -20, count: 30, start: 1.2) + [
                "<tap t=\"1.8\" x=\"200\" y=\"300\"/>",
                "<select t=\"1.9\" section=\"0\" item=\"5\"/>",
                "<long-press t=\"2\" phase=\"began\" x=\"300\" y=\"700\"/>",
                "<menu t=\"2.05\" section=\"0\" item=\"30\" action=\"paste\"/>",
                "<long-press t=\"2.1\" phase=\"ended\" x=\"300\" y=\"700\"/>",
            ], finding: "menu action 'paste' on item [0, 30], but the menu is shown for item [0, 44]"),
            // Items 300 points wide: a resize mid-scroll makes them too wide for the line (a warning logged by
            // the prepare), and back, twice.
            Scenario(name: "too-wide", header: """
                  <collection-view width="390" height="844" refresh-rate="60"/>
                  <layout name="flow" item-size="300 80"/>
                  <data><section items="2000"/></data>
                """, events: scrolls(from: 0, step: 25, count: 20, start: 0.016) + [
                "<resize t=\"0.4\" width=\"200\" height=\"844\"/>",
            ] + scrolls(from: 500, step: 25, count: 20, start: 0.42) + [
                "<resize t=\"0.8\" width=\"390\" height=\"844\"/>",
            ] + scrolls(from: 1000, step: 25, count: 10, start: 0.82) + [
                "<resize t=\"1\" width=\"250\" height=\"600\"/>",
            ] + scrolls(from: 1250, step: -25, count: 10, start: 1.02),
            finding: "The behavior of the UICollectionViewFlowLayout is not defined"),
            // Gestures mode (no <scroll>): drags fling the content, taps land during and after the flings.
            Scenario(name: "flings", header: grid, events: [
                "<drag t=\"0.1\" phase=\"began\" x=\"200\" y=\"700\"/>",
                "<drag t=\"0.116\" phase=\"changed\" x=\"200\" y=\"600\"/>",
                "<drag t=\"0.133\" phase=\"changed\" x=\"200\" y=\"450\"/>",
                "<drag t=\"0.15\" phase=\"ended\" x=\"200\" y=\"300\" velocity-x=\"0\" velocity-y=\"-3000\"/>",
                "<tap t=\"0.5\" x=\"100\" y=\"100\"/>",
                "<long-press t=\"2.5\" phase=\"began\" x=\"60\" y=\"60\"/>",
                "<long-press t=\"2.6\" phase=\"ended\" x=\"60\" y=\"60\"/>",
                "<menu t=\"2.7\" section=\"0\" item=\"100\" action=\"copy\"/>",
                "<drag t=\"3\" phase=\"began\" x=\"200\" y=\"300\"/>",
                "<drag t=\"3.016\" phase=\"changed\" x=\"200\" y=\"500\"/>",
                "<drag t=\"3.033\" phase=\"ended\" x=\"200\" y=\"700\" velocity-x=\"0\" velocity-y=\"2000\"/>",
                "<tap t=\"4\" x=\"300\" y=\"400\"/>",
            ]),
            // Paging, with the recorded drags of offsets mode and their scrolls.
            Scenario(name: "paging", header: """
                  <collection-view width="390" height="844" refresh-rate="60" paging="true"/>
                  <layout name="flow" item-size="390 844" minimum-line-spacing="0"/>
                  <data><section items="50"/></data>
                """, events: [
                "<drag t=\"0.1\" phase=\"began\" x=\"200\" y=\"700\"/>",
                "<drag t=\"0.2\" phase=\"ended\" x=\"200\" y=\"300\" velocity-x=\"0\" velocity-y=\"-1500\"/>",
            ] + scrolls(from: 0, step: 42.2, count: 20, start: 0.21) + ["<tap t=\"0.6\" x=\"100\" y=\"100\"/>"]),
            // Animations: a batch animated mid-scroll, scrolls while it runs and after, a layout switch.
            Scenario(name: "animations", header: grid, events: scrolls(from: 0, step: 30, count: 15, start: 0.016) + [
                "<batch t=\"0.3\" animated=\"true\" duration=\"0.3\"><delete-items section=\"0\" at=\"10 11\"/></batch>",
            ] + scrolls(from: 450, step: 30, count: 30, start: 0.32) + [
                "<set-layout t=\"0.9\" animated=\"true\" duration=\"0.3\"><layout name=\"flow\" item-size=\"50 50\"/></set-layout>",
                "<set-layout t=\"1\" animated=\"false\"><layout name=\"flow\" item-size=\"60 60\"/></set-layout>",
            ] + scrolls(from: 1350, step: 30, count: 15, start: 1.1) + [
                "<reload-data t=\"1.4\"><section items=\"20\"/></reload-data>",
                "<tap t=\"1.5\" x=\"50\" y=\"50\"/>",
            ]),
            // A workload that costs something: the one pass replays every display pass.
            Scenario(name: "workload", header: TraceFile.grid,
                     events: scrolls(from: 0, step: 50, count: 40, start: 0.016) + [
                         "<long-press t=\"0.8\" phase=\"began\" x=\"60\" y=\"60\"/>",
                         "<long-press t=\"0.9\" phase=\"ended\" x=\"60\" y=\"60\"/>",
                         "<menu t=\"1\" section=\"0\" item=\"3\" action=\"copy\"/>",
                     ], finding: "menu action 'copy' on item [0, 3]"),
        ]
    }
}
