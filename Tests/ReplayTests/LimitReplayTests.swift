import Foundation
import Testing
@_spi(Benchmarks) import Replay
import Reporting
import TraceXML
import TestSupport

/// The machine limits of `TraceLimits` at the replay's side: errors before the first pass or at the frame,
/// the same in `reel validate`, never a hang.
@Suite("Machine limits in the replay", .tags(.fast))
struct LimitReplayTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    private static func header(rate: String) -> String {
        """
          <collection-view width="390" height="844" refresh-rate="\(rate)"/>
          <layout name="flow" item-size="100 100"/>
          <data><section items="300"/></data>
        """
    }

    @Test("A session longer than the frame limit is refused before the first pass, by replay, snapshot and validate")
    func sessionTooLong() throws {
        let file = try TraceFile(header: Self.header(rate: "240"),
                                 events: #"<scroll t="0" x="0" y="0"/>"# + "\n" + #"<scroll t="86400" x="0" y="10"/>"#)
        let message = "\(file.path):8:1: the session lasts 86400 s: 20,736,001 frames at 240 Hz, more than the limit "
            + "of 10,368,000 frames (24 hours at 120 Hz); it is refused before it starts"
        #expect { _ = try ReplaySession(trace: file.path, options: ReplayOptions(repeats: 1, warmup: 0), clock: ManualClock()) }
            throws: { ($0 as? ReplayError)?.description == message }
        #expect { _ = try runner.replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0)) }
            throws: { ($0 as? ReplayError)?.description == message }
        #expect { _ = try runner.snapshot(file.path, at: 0) } throws: { ($0 as? ReplayError)?.description == message }
        let errors = TraceChecker.validate(path: file.path).filter { $0.severity == .error }.map(\.description)
        #expect(errors == [message])
    }

    @Test("The settling of the last animation counts: a batch animated for 60 s at the end of 24 hours at 120 Hz")
    func animationCounts() throws {
        let file = try TraceFile(header: Self.header(rate: "120"), events: """
            <batch t="86399" animated="true" duration="60"><delete-items section="0" at="1"/></batch>
            <marker t="86400" label="end"/>
            """)
        let message = "\(file.path):7:1: the session lasts 86459 s: 10,375,081 frames at 120 Hz, more than the "
            + "limit of 10,368,000 frames (24 hours at 120 Hz); it is refused before it starts"
        #expect { _ = try runner.replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0)) }
            throws: { ($0 as? ReplayError)?.description == message }
        #expect(TraceChecker.validate(path: file.path).map(\.description).contains(message))
        // The replay's own refresh rate decides: at 60 Hz the same events make half as many frames.
        #expect { _ = try ReplaySession(trace: file.path, options: ReplayOptions(refreshRate: 240), clock: ManualClock()) }
            throws: { ($0 as? ReplayError)?.message.contains("20,750,161 frames at 240 Hz") == true }
    }

    @Test("More sections than the limit after a batch is an error of the trace rules at the batch")
    func sectionsAfterBatch() {
        let header = TraceHeader(collectionView: CollectionViewConfiguration(size: Size(width: 390, height: 844)),
                                 layout: LayoutDescription(name: "flow"),
                                 sections: Array(repeating: SectionDescription(items: 0), count: TraceLimits.sections))
        var rules = TraceRules(header: header, path: "x.xml", registry: .standard)
        let at = TraceLocation(path: "x.xml", line: 9, column: 1)
        let batch = TraceEvent(time: 1, .batch(BatchUpdate(operations: [.insertSection(at: 0, items: 0)])), location: at)
        #expect(rules.check(batch).map(\.message) == [
            "the batch leaves 100,001 sections; a collection view holds at most 100,000 sections in a replay",
        ])
        var claimed = TraceRules(header: header, path: "x.xml", registry: .standard)
        let counts = TraceEvent(time: 1, .batch(BatchUpdate(countsAfter: [10_000_000, 1], operations: [])), location: at)
        #expect(claimed.check(counts).map(\.message) == [
            "the batch leaves 10,000,001 items; a collection view holds at most 10,000,000 items in a replay",
        ])
    }

    @Test("A circle of more items than the display limit is refused at the frame that would display them, in the display limit's words")
    func circlePastTheDisplayLimit() throws {
        let header = """
              <collection-view width="390" height="844" refresh-rate="60"/>
              <layout name="circle"/>
              <data><section items="12"/></data>
            """
        let file = try TraceFile(header: header, events: """
            <scroll t="0.5" x="0" y="0"/>
            <reload-data t="1"><section items="10001"/></reload-data>
            <scroll t="2" x="0" y="0"/>
            """)
        // The items and the clock hand: counted from the circle, none of them built.
        let message = "\(file.path):8:1: frame 60 (1 s) displays 10,002 elements, more than the limit of 10,000 in "
            + "one frame; the replay stops there"
        let report = try runner.replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(report.failure == message)
        #expect(report.repeats.first?.frames.count == 60)
        #expect(TraceChecker.validate(path: file.path).map(\.description) == [message])
    }

    @Test("A photo album of 100,000 albums replays whole")
    func hundredThousandAlbums() throws {
        let counts = (0..<TraceLimits.sections).map { $0 % 3 + 1 }
        let sections = counts.map { #"<section items="\#($0)"/>"# }.joined()
        let header = """
              <collection-view width="320" height="548" refresh-rate="60"/>
              <layout name="photo-album"/>
              <data>\(sections)</data>
            """
        let file = try TraceFile(header: header, events: """
            <scroll t="0.1" x="0" y="100000"/>
            <scroll t="0.2" x="0" y="8149000"/>
            """)
        let report = try runner.replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0))
        #expect(report.complete)
        #expect(report.failure == nil)
        // Every query scans the whole cache: the emblem, the 199,999 photos and a title per album.
        let queries = try #require(report.counters[.elementQueries])
        #expect(report.counters[.attributesExamined] == queries * (1 + counts.reduce(0, +) + TraceLimits.sections))
        #expect((report.counters[.cellsConfigured] ?? 0) > 0)
    }

    @Test("The JSON readers' caps are the replay's own limits: passes, frames and span paths")
    func jsonCapsAreTheReplays() {
        #expect(JSONInputLimits.repeats == TraceLimits.passes)
        #expect(JSONInputLimits.framesPerRepeat == TraceLimits.frames)
        #expect(JSONInputLimits.spanPaths == Profiler.pathNames.count)
    }

    /// Kept apart from `Fixtures/Invalid`, which the command-line tests replay on the CPU clock: this one
    /// would spend its 600 s there.
    private static let workloadFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Limits/workload-over-limit.xml").path

    @Test("A workload over the limit of a pass: a modelling pass stops with an error having charged no more than the limit; a spending replay is refused before it spends anything")
    func workloadLimit() throws {
        let path = Self.workloadFixture
        let clock = ManualClock()
        let session = try ReplaySession(trace: path, options: ReplayOptions(repeats: 1, warmup: 0), clock: clock)
        let pass = try session.runPass()
        let failure = try #require(pass.failure)
        #expect(failure.message.contains("the workload would pass 600 s in this pass"))
        // Every cost is 1 s: the pass charged at most the limit, and more than the limit minus one cost, modelled
        // into the frames (the engine's own work takes no time on a manual clock), none spent.
        let charged = pass.measurement.frames.reduce(0) { $0 + $1.durationNs }
        #expect(clock.now() == 0)
        #expect(charged <= 600_000_000_000 + 1_000_000_000)
        #expect(charged > 590_000_000_000)
        // Spending it, the replay is refused with the same words at the same place before a pass runs.
        let spending = ManualClock()
        #expect(throws: failure) {
            try ReplaySession(trace: path, options: ReplayOptions(repeats: 1, warmup: 0, workload: .spend), clock: spending)
        }
        #expect(spending.now() == 0)
        // validate stops at the same frame with the same words, on its clock that spends no time.
        let message = "\(path):28:1: frame 126 (2.1 s): the workload would pass 600 s in this pass, the most one "
            + "pass may charge for the <workload> costs; the replay stops before charging it"
        #expect(failure.description == message)
        #expect(TraceChecker.validate(path: path).map(\.description) == [message])
    }

    private func recordingSetup(items: Int) -> RecordingSetup {
        var setup = RecordingSetup()
        setup.parameters = [("item-size", "100 100")]
        setup.items = .exactly(items)
        setup.itemSizes = (.between(40, 400), .between(40, 400))
        return setup
    }

    @Test("A recording of 700,000 items with their own sizes, once refused, writes them as <item-sizes> chunks that read back")
    func recordWritesLargeSizes() throws {
        let header = recordingSetup(items: 700_000).header(seed: 1)
        let recorder = try TraceRecorder(header: header)
        try recorder.finish()
        let text = String(decoding: recorder.bytes, as: UTF8.self)
        #expect(text.contains("<item-sizes>"))
        #expect(!text.contains("item-sizes=\""))
        let trace = try Trace(bytes: recorder.bytes)
        #expect(trace.header.sections.first?.itemSizes?.count == 700_000)
        #expect(trace.header.sections == header.sections)
    }
}
