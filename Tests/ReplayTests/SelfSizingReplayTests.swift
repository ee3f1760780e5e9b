import Testing
@_spi(Benchmarks) @testable import Replay
import Reporting
import TestSupport

/// Self-sizing cells in a replay: the `measure` cost, the flow layout's `estimated-item-size`, cells that never
/// settle.
@Suite("Self-sizing replays", .tags(.fast))
struct SelfSizingReplayTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    static func header(layout: String, section: String, measure: String = "2") -> String {
        """
              <collection-view width="390" height="844" refresh-rate="60"/>
              \(layout)
              <data>\(section)</data>
              <workload><cell reuse-identifier="cell" create="1" configure="0.5" measure="\(measure)"/></workload>
            """
    }

    // rdar://26887172: UIKit calls `preferredLayoutAttributesFitting(_:)` on every cell even with
    // `estimatedItemSize == .zero`, which "incurs a performance overhead, noticeable during scrolling".
    @Test("With no estimate every cell is still measured: the measure cost is charged in its own span")
    func zeroEstimateChargesMeasure() throws {
        let trace = try TraceFile(header: Self.header(
            layout: #"<layout name="flow" item-size="100 100" section-inset="10 10 10 10"/>"#,
            section: #"<section items="300"/>"#), events: "")
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(m.complete, "\(m.failure ?? "")")
        // The 24 visible cells: created (1 ms), configured (0.5 ms) and measured (2 ms).
        #expect(m.repeats[0].frames.map(\.durationNs) == [24 * 3_500_000])
        let paths = Dictionary(uniqueKeysWithValues: m.repeats[0].paths.map { ($0.path, $0) })
        let measure = try #require(paths["frame/cells/measure"])
        #expect(measure.calls == 24 && measure.selfNs == 24 * 2_000_000)
        #expect(m.counters[.preferredAttributesQueries] == 24)
        #expect(m.counters[.selfSizingInvalidations] == 0)
        #expect(m.counters[.estimateErrorPt] == 0)
        let finding = try #require(Report(m).findings.first { $0.rule == .measureWithoutEstimate })
        #expect(finding.message.hasPrefix("cells measured for nothing: 24 calls of `preferredLayoutAttributesFitting(_:)` cost 48.0 ms per pass"))
        // A measurement that costs next to nothing (a cell that returns its attributes) is not worth a finding.
        let cheap = try TraceFile(header: Self.header(
            layout: #"<layout name="flow" item-size="100 100" section-inset="10 10 10 10"/>"#,
            section: #"<section items="300"/>"#, measure: "0.01"), events: "")
        let cheaply = try runner.replay(cheap.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(cheaply.counters[.preferredAttributesQueries] == 24)
        #expect(!Report(cheaply).findings.contains { $0.rule == .measureWithoutEstimate })
    }

    // Apple's documentation of `estimatedItemSize`: each cell is queried for its actual size; "Cells that
    // aren't onscreen are assumed to be the estimated height".
    @Test("With an estimate the trace's sizes are what cells answer: the layout follows them in the same frame")
    func estimatedSizesFollowTheCells() throws {
        let trace = try TraceFile(header: Self.header(
            layout: #"<layout name="flow" item-size="390 50" minimum-line-spacing="0" estimated-item-size="390 50"/>"#,
            section: #"<section items="1000" item-sizes="390 80*1000"/>"#), events: "")
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(m.complete, "\(m.failure ?? "")")
        // 17 rows at the estimate fill the screen; each grows by 30 points in the first frame.
        #expect(m.counters[.selfSizingInvalidations] == 17)
        #expect(m.counters[.estimateErrorPt] == 17 * 30)
        #expect((m.counters[.contentSizeChanges] ?? 0) >= 2)
        // Frame 0 measures 17 cells at 2 ms, configured at 0.5 ms and created at 1 ms: janky, and mostly measure.
        let rules = Report(m).findings.map(\.rule)
        #expect(rules.contains(.costlyMeasure))
        #expect(!rules.contains(.measureWithoutEstimate))
    }

    // GetStream/stream-chat-swift#737: a self-sizing chat list whose rows all start at their estimate hitches
    // as it scrolls through them; each row off its estimate re-lays out the rows after it in the same frame.
    @Test("A scroll through rows far from their estimate is reported as a self-sizing cascade")
    func cascadeFinding() throws {
        let events = (1...120).map { #"<scroll t="\#(Double($0) / 60)" x="0" y="\#(Double($0) * 100)"/>"# }
            .joined(separator: "\n")
        let trace = try TraceFile(header: Self.header(
            layout: #"<layout name="flow" item-size="390 44" minimum-line-spacing="0" estimated-item-size="390 44"/>"#,
            section: #"<section items="2000" item-sizes="390 120*2000"/>"#, measure: "4"), events: events)
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(m.complete, "\(m.failure ?? "")")
        let finding = try #require(Report(m).findings.first { $0.rule == .selfSizingCascade })
        #expect(finding.message.contains("76.0 points off the estimate on average"))
    }

    // meshtastic/Meshtastic-Apple#1931: a cell alternating between 170 and 164 points trips iOS 18's guard.
    @Test("A cell that never settles fails the replay at UIKit's recursion guard, naming the item")
    func unstableItemFails() throws {
        let trace = try TraceFile(header: Self.header(
            layout: #"<layout name="flow" item-size="390 50" minimum-line-spacing="0" estimated-item-size="390 50"/>"#,
            section: #"<section items="100" item-sizes="390 170*100" unstable-items="4" unstable-delta="-6"/>"#),
            events: "")
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
        let failure = try #require(m.failure)
        #expect(failure.contains("[UICollectionViewRecursion] cv == 0x0 Disabling recursion trigger logging"))
        #expect(failure.contains("after 100 nested layout passes"))
        #expect(failure.contains("the items that never settle: [0, 4]"))
        let finding = try #require(Report(m).findings.first { $0.rule == .oscillatingItems })
        #expect(finding.message.hasPrefix("cells that never settle on a size: [0, 4] (index paths as [section, item])"))
        #expect(m.warnings.contains { $0.contains("[UICollectionViewRecursion] cv == 0x0 Disabling recursion trigger logging") })
    }

    // Tyler Fox (UIKit), quoted in the WWDC 2021 notes on "Make blazing fast lists and collection views": "After
    // cells are reconfigured, they're always self-sized again".
    @Test("A reconfigured cell is measured again: a new size re-lays out the items after it, the same size changes nothing")
    func reconfigureMeasuresAgain() throws {
        func replay(_ apply: String) throws -> ReplayMeasurement {
            let trace = try TraceFile(header: Self.header(
                layout: #"<layout name="flow" item-size="390 50" minimum-line-spacing="0" estimated-item-size="390 50"/>"#,
                section: #"<section id="s" items="m0…m99" item-sizes="390 50*100"/>"#), events: apply)
            let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0))
            #expect(m.complete, "\(m.failure ?? "")")
            return m
        }
        let plain = try replay(#"<apply t="0.5"><section id="s" items="m0…m99" item-sizes="390 50*100"/></apply>"#)
        let same = try replay(#"<apply t="0.5" reconfigure="m2"><section id="s" items="m0…m99" item-sizes="390 50*100"/></apply>"#)
        let taller = try replay(#"<apply t="0.5" reconfigure="m2"><section id="s" items="m0…m99" item-sizes="390 50*2, 390 90, 390 50*97"/></apply>"#)
        let queries = plain.counters[.preferredAttributesQueries] ?? 0
        #expect(same.counters[.itemsReconfigured] == 1 && taller.counters[.itemsReconfigured] == 1)
        #expect(same.counters[.preferredAttributesQueries] == queries + 1)
        #expect(same.counters[.selfSizingInvalidations] == plain.counters[.selfSizingInvalidations])
        #expect((taller.counters[.preferredAttributesQueries] ?? 0) >= queries + 1)
        #expect(taller.counters[.selfSizingInvalidations] == (plain.counters[.selfSizingInvalidations] ?? 0) + 1)
        // Its first answer off the estimate: 40 points.
        #expect(taller.counters[.estimateErrorPt] == (plain.counters[.estimateErrorPt] ?? 0) + 40)
    }
}
