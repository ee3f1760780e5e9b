import Testing
import CollectionEngine
import Layouts
import Replay
import Reporting
import TestSupport

@Suite("Replay runner", .tags(.fast))
struct ReplayRunnerTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    private func frames(_ m: ReplayMeasurement, repeat index: Int = 0) -> [FrameSample] { Array(m.repeats[index].frames) }

    @Test("Frame n runs the events before (n + 1) / rate; the session ends at the last event's frame")
    func frameSemantics() throws {
        let trace = try TraceFile(events: """
            <scroll t="0.0166" x="0" y="1"/>
            <scroll t="0.0167" x="0" y="2"/>
            <scroll t="0.5" x="0" y="3"/>
            """)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        // 0.0166 < 1/60 runs in frame 0; 0.0167 in frame 1; 0.5 = 30/60 starts frame 30.
        #expect(frames(m).count == 31)
        #expect(m.scrollFrames == 3)
        #expect(m.complete && m.failure == nil)
        #expect(frames(m).map(\.index) == Array(0...30))
        #expect(frames(m)[30].time == 0.5)
    }

    @Test("The workload's costs are spent where the engine creates, configures and recycles views")
    func workloadCosts() throws {
        // Frame 0: the 24 visible cells, each created (1 ms) and configured (0.5 ms); the first screen is
        // not prefetched. Frame 1 scrolls one line (110 points): line 8, not prefetched, is
        // configured as it shows; line 0 leaves but is kept within the prefetch region, out of the pool; one
        // cell of line 9 is prefetched: 4 × (1 + 0.5) ms, all created.
        let trace = try TraceFile(events: """
            <scroll t="0.02" x="0" y="110"/>
            """)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(frames(m).map(\.durationNs) == [24 * 1_500_000, 4 * 1_500_000])
        #expect(frames(m)[0].cellsCreated == 24)
        #expect(frames(m)[1].cellsCreated == 4)
        #expect(frames(m)[0].topPath == "frame/cells/create")
        #expect(m.counters[.cellsCreated] == 28)
        #expect(m.counters[.cellsReused] == 0)
        #expect(m.counters[.cellsConfigured] == 28)
        #expect(m.counters[.cellsPrefetched] == 1)
        #expect(m.counters[.layoutPrepares] == 1)
    }

    @Test("Hot paths: self time excludes nested spans; janky self time counts only frames over budget")
    func hotPaths() throws {
        let trace = try TraceFile(events: "<scroll t=\"0.02\" x=\"0\" y=\"110\"/>")
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        let paths = Dictionary(uniqueKeysWithValues: m.repeats[0].paths.map { ($0.path, $0) })
        let create = try #require(paths["frame/cells/create"])
        #expect(create.calls == 28 && create.selfNs == 28_000_000 && create.totalNs == 28_000_000)
        // Frame 0 (36 ms) is janky: all its create time; frame 1 (6 ms) is not.
        #expect(create.jankySelfNs == 24_000_000)
        #expect(create.initialSelfNs == 24_000_000, "frame 0's self time, kept for the reports to set apart")
        let configure = try #require(paths["frame/cells/configure"])
        // Configure's total includes the nested dequeue (create or prepare-for-reuse); its self is the
        // data source's own 0.5 ms per call.
        #expect(configure.calls == 28)
        #expect(configure.selfNs == 28 * 500_000)
        #expect(configure.totalNs == 28 * 500_000 + 28 * 1_000_000)
        #expect(configure.jankySelfNs == 24 * 500_000)
        let frame = try #require(paths["frame"])
        #expect(frame.calls == 2 && frame.totalNs == 36_000_000 + 6_000_000 && frame.selfNs == 0)
        #expect(create.callDurations.maxRecorded == 1_000_000)
    }

    @Test("Warm-up passes are discarded; every measured pass is kept and counts the same")
    func repeats() throws {
        let trace = try TraceFile(events: "<scroll t=\"0.02\" x=\"0\" y=\"300\"/>")
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 3, warmup: 2))
        #expect(m.repeats.count == 3 && m.warmup == 2)
        #expect(Set(m.repeats.map { $0.frames.map(\.durationNs) }).count == 1)
    }

    @Test("A replay that stops on a bad event keeps the frames measured so far and names the place")
    func incomplete() throws {
        let trace = try TraceFile(events: """
            <scroll t="0.02" x="0" y="100"/>
            <scroll t="0.04" x="0" y="200"/>
            <scroll t="0.06" x="0" y="fast"/>
            """)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 2, warmup: 0))
        #expect(!m.complete)
        #expect(m.repeats.count == 1)
        // Frames 0–2 were complete; frame 3 would have run the bad event.
        #expect(m.repeats[0].frames.count == 3)
        let failure = try #require(m.failure)
        #expect(failure.hasPrefix(trace.path + ":"))
        #expect(failure.contains("'fast'"))
    }

    @Test("A warm-up pass that stops on a bad event stops the replay with its error, not reported as measured")
    func failedWarmup() throws {
        let trace = try TraceFile(events: """
            <scroll t="0.02" x="0" y="100"/>
            <scroll t="0.06" x="0" y="fast"/>
            """)
        do {
            let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 3, warmup: 1))
            Issue.record("the replay went on after its warm-up pass failed: \(m.repeats.count) repeats")
        } catch {
            #expect(error.location?.line == 9)
            #expect(error.description.hasPrefix(trace.path + ":9:"))
            #expect(error.description.contains("'fast'"))
        }
    }

    @Test("The refresh rate and the budget can be overridden")
    func overrides() throws {
        let trace = try TraceFile(events: "<scroll t=\"0.5\" x=\"0\" y=\"10\"/>")
        let m = try runner.replay(trace.path, options: ReplayOptions(refreshRate: 120, budgetMs: 16, repeats: 1, warmup: 0))
        #expect(m.refreshRate == 120 && m.budgetMs == 16)
        #expect(m.repeats[0].frames.count == 61)
        let defaults = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(abs(defaults.budgetMs - 16.6667) < 0.0001)
    }

    @Test("Markers reach the report with their times; a clean trace has no warnings")
    func markers() throws {
        let trace = try TraceFile(events: """
            <scroll-to-item t="0.1" section="0" item="40" position="top" animated="false"/>
            <marker t="0.3" label="opened album"/>
            """)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(m.warnings.isEmpty)
        #expect(m.markers == [Marker(time: 0.3, label: "opened album")])
    }

    @Test("A resize re-lays the content out; a data reload reads the new counts")
    func resizeAndReload() throws {
        let trace = try TraceFile(events: """
            <resize t="0.1" width="844" height="390"/>
            <reload-data t="0.2"><section items="5"/></reload-data>
            """)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(m.counters[.layoutPrepares] == 3)
        #expect(m.complete)
    }

    @Test("Unknown layouts and parameters are refused before replaying, at the <layout> element")
    func layoutErrors() throws {
        let unknown = try TraceFile(header: """
              <collection-view width="390" height="844"/>
              <layout name="flw"/>
              <data><section items="3"/></data>
            """, events: "")
        #expect(throws: ReplayError.self) { try runner.replay(unknown.path) }
        do {
            _ = try runner.replay(unknown.path)
        } catch {
            let names = Catalogue.definitions.map { "'\($0.name)'" }.joined(separator: ", ")
            #expect(names.hasPrefix("'flow'"))
            #expect(error.description == "\(unknown.path):4:3: unknown layout 'flw'; expected one of \(names)")
        }
        let badValue = try TraceFile(header: """
              <collection-view width="390" height="844"/>
              <layout name="flow" item-size="100"/>
              <data><section items="3"/></data>
            """, events: "")
        do {
            _ = try runner.replay(badValue.path)
            Issue.record("expected an error")
        } catch {
            #expect(error.description
                == "\(badValue.path):4:3: invalid value '100' for parameter 'item-size' of layout 'flow'; expected a size \"W H\"")
        }
        let unknownParameter = try TraceFile(header: """
              <collection-view width="390" height="844"/>
              <layout name="flow" itemsize="100 100"/>
              <data><section items="3"/></data>
            """, events: "")
        do {
            _ = try runner.replay(unknownParameter.path)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("\(unknownParameter.path):4:3: unknown parameter 'itemsize' for layout 'flow'; expected one of 'scroll-direction', 'item-size',"))
        }
    }

    @Test("Gestures mode drives scrolling with the drags through the physics and ignores recorded offsets")
    func gesturesMode() throws {
        let trace = try TraceFile(events: """
            <drag t="0.1" phase="began" x="200" y="600"/>
            <drag t="0.12" phase="changed" x="200" y="550"/>
            <drag t="0.14" phase="ended" x="200" y="500" velocity-x="0" velocity-y="-2000"/>
            """)
        // No <scroll> events: gestures mode by default.
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(m.mode == .gestures && m.complete)
        // Dragged 100 points, then a 2000 pt/s fling travels 2 × 0.998 / 0.002 points more.
        let rest = try runner.snapshot(trace.path, at: 30, finalStatePastTheEnd: true)
        #expect(abs(rest.contentOffset.y - (100 + 2 * 0.998 / 0.002)) < 1e-6)
        #expect(m.scrollFrames > 100)
        let withOffsets = try TraceFile(events: """
            <scroll t="0.1" x="0" y="40"/>
            <drag t="0.1" phase="began" x="200" y="600"/>
            <drag t="0.14" phase="ended" x="200" y="500" velocity-x="0" velocity-y="0"/>
            """)
        // Offsets mode (the default here) applies the recorded offset; gestures mode the drag.
        #expect(try runner.snapshot(withOffsets.path, at: 1, finalStatePastTheEnd: true).contentOffset.y == 40)
        #expect(try runner.snapshot(withOffsets.path, at: 1, options: ReplayOptions(mode: .gestures), finalStatePastTheEnd: true).contentOffset.y == 100)
    }

    @Test("<scroll-to-item> scrolls in gestures mode")
    func scrollToItem() throws {
        let trace = try TraceFile(events: """
            <drag t="0.05" phase="began" x="200" y="600"/>
            <drag t="0.06" phase="cancelled" x="200" y="600"/>
            <scroll-to-item t="0.1" section="0" item="60" position="top" animated="true"/>
            """)
        let snapshot = try runner.snapshot(trace.path, at: 1, finalStatePastTheEnd: true)
        #expect(snapshot.contentOffset.y == 2210)
        // A missing item: Fixtures/Invalid/scroll-to-item-out-of-range.xml (TraceRulesTests).
    }
}

@Suite("Trace checks of reel validate", .tags(.fast))
struct TraceCheckerTests {
    private func messages(_ events: String, header: String = TraceFile.grid, name: String = #function) throws -> [String] {
        let trace = try TraceFile(header: header, events: events, name: name)
        return TraceChecker.validate(path: trace.path).map {
            String($0.description.dropFirst(trace.path.count + 1)).drop { $0 == " " }.description
        }
    }

    @Test("A good trace has no problems")
    func clean() throws {
        #expect(try messages("""
            <drag t="0.1" phase="began" x="1" y="1"/>
            <drag t="0.2" phase="ended" x="1" y="1" velocity-x="0" velocity-y="-100"/>
            <select t="0.3" section="0" item="299"/>
            """) == [])
    }

    @Test("Items out of range, following reloads and counts-after")
    func items() throws {
        #expect(try messages("""
            <select t="0.1" section="0" item="300"/>
            <scroll-to-item t="0.2" section="1" item="0" position="top" animated="false"/>
            <reload-data t="0.3"><section items="2"/><section items="1"/></reload-data>
            <menu t="0.4" section="1" item="0" action="copy"/>
            <deselect t="0.5" section="0" item="2"/>
            """) == [
                "8:1: <select> names item 300 of section 0, which has 300 items at this point",
                "9:1: <scroll-to-item> names section 1, but there is 1 section at this point",
                "12:1: <deselect> names item 2 of section 0, which has 2 items at this point",
            ])
    }

    @Test("Gestures and transitions go through their phases in order")
    func phases() throws {
        #expect(try messages("""
            <drag t="0.1" phase="changed" x="1" y="1"/>
            <pinch t="0.2" phase="began" x="1" y="1" scale="1"/>
            <pinch t="0.3" phase="began" x="1" y="1" scale="1"/>
            <transition t="0.4" phase="finished"/>
            <long-press t="0.5" phase="began" x="1" y="1"/>
            """) == [
                "8:1: <drag> has a 'changed' phase without a 'began' before it",
                "10:1: <pinch> begins again before the previous one ended (it began at line 9); expected an "
                    + "'ended' or 'cancelled' phase first",
                "10:1: warning: a <pinch> began here and never ended",
                "11:1: <transition> has a 'finished' phase without a 'began' before it",
                "12:1: warning: a <long-press> began here and never ended",
            ])
    }

    @Test("Layouts of set-layout are checked like the header's; the workload's identifiers too")
    func layoutsAndWorkload() throws {
        let header = """
              <collection-view width="390" height="844"/>
              <layout name="flow"/>
              <data><section items="3" reuse-identifier="photo"/></data>
              <workload><cell reuse-identifier="photos" create="1"/></workload>
            """
        let found = try messages("""
            <set-layout t="0.1" animated="false"><layout name="flow" item-size="big"/></set-layout>
            """, header: header)
        #expect(found.count == 2)
        #expect(found.contains { $0.hasPrefix("warning: the workload gives costs for reuse identifier 'photos'") })
        #expect(found.contains { $0.hasPrefix("8:38: invalid value 'big' for parameter 'item-size' of layout 'flow'") })
    }

    @Test("Format errors come from TraceXML, with their position")
    func formatErrors() throws {
        let found = try messages("<scrol t=\"0.1\" x=\"0\" y=\"1\"/>")
        #expect(found.first?.hasPrefix("8:1: unknown element 'scrol' in <events>; expected one of 'scroll', 'orthogonal-scroll', 'drag',") == true)
    }
}

@Suite("Replaying layout switches and selection", .tags(.fast))
struct LayoutSwitchReplayTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    @Test("An animated <set-layout> runs over frames; the session lasts until it settles")
    func animatedSetLayout() throws {
        let trace = try TraceFile(events: """
            <set-layout t="0.1" animated="true" duration="0.3"><layout name="flow" item-size="390 44" minimum-line-spacing="0"/></set-layout>
            """)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        // Starts in frame 6 (t = 0.1), ends when frame 24 (t = 0.4) advances the animation to its end.
        #expect(m.repeats[0].frames.count == 25)
        #expect(m.repeats[0].paths.contains { $0.path == "frame/animation" && $0.calls == 18 })
        #expect(m.complete)
        // Halfway (t = 0.25, frame 15): item 4 is halfway between the grid's (145, 120) and the list's (0, 176).
        let snapshot = try runner.snapshot(trace.path, at: 0.25)
        let item = try #require(snapshot.elements.first { $0.category == .cell && $0.item == 4 })
        #expect(abs(item.frame.origin.x - 72.5) < 0.001 && abs(item.frame.origin.y - 148) < 0.001)
        #expect(abs(item.frame.width - 245) < 0.001 && abs(item.frame.height - 72) < 0.001)
    }

    @Test("An interactive transition follows its progress; a cancelled one returns to the first layout")
    func transition() throws {
        let trace = try TraceFile(events: """
            <transition t="0.1" phase="began"><layout name="flow" item-size="390 44" minimum-line-spacing="0"/></transition>
            <transition t="0.2" phase="changed" progress="0.5"/>
            <transition t="0.3" phase="cancelled"/>
            """)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(m.complete)
        let during = try runner.snapshot(trace.path, at: 0.25)
        let item = try #require(during.elements.first { $0.category == .cell && $0.item == 4 })
        #expect(abs(item.frame.origin.x - 72.5) < 0.001 && abs(item.frame.origin.y - 148) < 0.001)
        let after = try runner.snapshot(trace.path, at: 1, finalStatePastTheEnd: true)
        let settled = try #require(after.elements.first { $0.category == .cell && $0.item == 4 })
        #expect(settled.frame.origin.x == 145 && settled.frame.origin.y == 120 && settled.frame.width == 100)
    }

    // A <transition> phase out of order: Fixtures/Invalid/transition-*.xml (TraceRulesTests).

    @Test("Selection shows on displayed cells")
    func selection() throws {
        let trace = try TraceFile(events: """
            <select t="0.1" section="0" item="4"/>
            <select t="0.2" section="0" item="5"/>
            """)
        let snapshot = try runner.snapshot(trace.path, at: 0.3, finalStatePastTheEnd: true)
        // Single selection: selecting item 5 deselected item 4.
        #expect(snapshot.elements.filter(\.selected).map(\.item) == [5])
        // A missing item: Fixtures/Invalid/deselect-missing-item.xml (TraceRulesTests).
    }
}

@Suite("Replaying batch updates", .tags(.fast))
struct BatchReplayTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    @Test("Batches run through the engine, animated over frames, and are counted")
    func batches() throws {
        let trace = try TraceFile(events: """
            <batch t="0.1" counts-after="301">
              <insert-items section="0" at="0"/>
            </batch>
            <batch t="0.5" duration="0.5">
              <delete-items section="0" at="3 4"/>
              <move-item from="0 0" to="0 10"/>
              <insert-section at="1" items="7"/>
            </batch>
            """)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(m.complete, "\(m.failure ?? "")")
        #expect(m.counters[.batchUpdates] == 2)
        #expect(m.counters[.itemsInserted] == 1 && m.counters[.itemsDeleted] == 2 && m.counters[.itemsMoved] == 1)
        #expect(m.counters[.sectionsInserted] == 1)
        // The second batch starts at frame 30 (t = 0.5) and runs 0.5 s: the session ends at frame 60.
        #expect(m.repeats[0].frames.count == 61)
        #expect(m.repeats[0].paths.contains { $0.path == "frame/updates/validate" && $0.calls == 2 })
        #expect(m.repeats[0].paths.contains { $0.path == "frame/updates/apply" && $0.calls == 2 })
        // Mid-animation, the item moving from [0, 3] to [0, 2] is between its two places.
        let during = try runner.snapshot(trace.path, at: 0.75)
        #expect(during.elements.contains { $0.alpha > 0 && $0.alpha < 1 })
        let after = try runner.snapshot(trace.path, at: 2, finalStatePastTheEnd: true)
        #expect(after.elements.allSatisfy { $0.alpha == 1 })
        #expect(after.elements.filter { $0.category == .cell }.count == 24)
    }

    @Test("A batch whose counts-after breaks UIKit's invariant stops the replay with UIKit's message at its line")
    func invariant() throws {
        let trace = try TraceFile(events: """
            <scroll t="0.05" x="0" y="10"/>
            <batch t="0.1" counts-after="300">
              <insert-items section="0" at="0"/>
            </batch>
            """)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(!m.complete)
        #expect(m.failure == "\(trace.path):9:1: Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (300) must be equal to the number of items contained in that section before the update (300), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [300] } Data source after updates = { 1 section with item counts: [300] } Updates = [ Insert item (0 - 0) ]")
        #expect(m.repeats[0].frames.count == 6)
    }

    @Test("Other invalid batches name the problem")
    func invalidBatch() throws {
        let trace = try TraceFile(events: """
            <batch t="0.1"><delete-items section="0" at="300"/></batch>
            """)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(m.failure == "\(trace.path):8:1: attempt to delete item 300 from section 0 which only contains 300 items before the update")
    }
}

@Suite("reel validate checks batches", .tags(.fast))
struct BatchValidationTests {
    @Test("A batch that breaks UIKit's rules is reported at its line; later items follow its counts")
    func batches() throws {
        let trace = try TraceFile(events: """
            <batch t="0.1" counts-after="301"><insert-items section="0" at="0"/></batch>
            <select t="0.2" section="0" item="300"/>
            <batch t="0.3" counts-after="301"><delete-items section="0" at="1"/></batch>
            """)
        let found = TraceChecker.validate(path: trace.path).map { String($0.description.dropFirst(trace.path.count + 1)) }
        #expect(found == [
            "10:1: Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (301) must be equal to the number of items contained in that section before the update (301), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [301] } Data source after updates = { 1 section with item counts: [301] } Updates = [ Delete item (0 - 1) ]",
        ])
    }
}

@Suite("Drags in offsets mode", .tags(.fast))
struct OffsetsModeDragTests {
    /// A flow layout that remembers what it was asked at release.
    final class ProbeLayout: FlowLayout {
        nonisolated(unsafe) static var asked: [(Point, Point)] = []
        override func targetContentOffset(forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point) -> Point {
            Self.asked.append((proposed, velocity))
            return proposed
        }
    }

    @Test("At release the layout is asked for its target offset, with the content's velocity; the content does not move")
    func deliveredToTheLayout() throws {
        var registry = LayoutRegistry.standard
        registry.register(LayoutDefinition(name: "probe", summary: "test", parameters: []) { _ in
            let layout = ProbeLayout()
            layout.itemSize = Size(width: 100, height: 100)
            return layout
        })
        let trace = try TraceFile(header: """
              <collection-view width="390" height="844"/>
              <layout name="probe"/>
              <data><section items="300"/></data>
            """, events: """
            <scroll t="0.05" x="0" y="10"/>
            <drag t="0.1" phase="began" x="200" y="600"/>
            <drag t="0.2" phase="ended" x="200" y="500" velocity-x="0" velocity-y="-1000"/>
            """)
        ProbeLayout.asked = []
        let runner = ReplayRunner(registry: registry, makeClock: { ManualClock() })
        let snapshot = try runner.snapshot(trace.path, at: 1, finalStatePastTheEnd: true)
        #expect(snapshot.contentOffset.y == 10)
        #expect(ProbeLayout.asked.count == 1)
        // 1000 pt/s up the screen scrolls the content down: it would rest 1000 × 0.998 / 0.002 / 1000 further.
        #expect(ProbeLayout.asked.first.map { abs($0.0.y - (10 + 499)) < 1e-6 && $0.1 == Point(x: 0, y: 1000) } == true)
    }
}
