import Testing
@testable import Reporting
import TestSupport

@Suite("Findings in words", .tags(.fast))
struct FindingTests {
    static func findings(_ measurement: ReplayMeasurement, _ rule: Finding.Rule) -> [String] {
        Report(measurement).findings.filter { $0.rule == rule }.map(\.message)
    }

    static func oneRepeat(_ frames: [FrameSample], paths: [PathMeasurement] = [], counters: CounterValues = [:],
                          scrollFrames: Int = 0, rate: Double = 60) -> ReplayMeasurement {
        Measurements.measurement([RepeatMeasurement(frames: frames, paths: paths)], rate: rate, counters: counters,
                                 scrollFrames: scrollFrames)
    }

    // MARK: (a) layout invalidated on every scroll frame

    @Test("Prepares on at least 90 % of at least 10 scroll frames: the layout is invalidated on every scroll frame",
          arguments: [(1198, 1198, true), (9, 10, true), (8, 10, false), (9, 9, false), (0, 0, false),
                      (2, 1200, false), (1300, 1198, true)])
    func everyScrollFrame(prepares: Int, scrollFrames: Int, fires: Bool) {
        let measurement = Self.oneRepeat(Measurements.frames([1]), counters: [.layoutPrepares: prepares],
                                         scrollFrames: scrollFrames)
        let expected = fires ? ["layout invalidated on every scroll frame (`shouldInvalidateLayout(forBoundsChange:)` "
            + "returns true): \(prepares) prepares in \(scrollFrames) scroll frames"] : []
        #expect(Self.findings(measurement, .layoutInvalidatedEveryScrollFrame) == expected)
    }

    @Test("Prepares that the layout asked for itself, not the bounds changes, are not this finding (springs)",
          arguments: [(1198, 1198, true), (1079, 1198, true), (1078, 1198, false), (0, 1198, false)])
    func boundsInvalidations(bounds: Int, scrollFrames: Int, fires: Bool) {
        let measurement = Self.oneRepeat(Measurements.frames([1]), counters: [
            .layoutPrepares: 1920, .boundsInvalidations: bounds,
        ], scrollFrames: scrollFrames)
        #expect(Self.findings(measurement, .layoutInvalidatedEveryScrollFrame).count == (fires ? 1 : 0))
    }

    @Test("Without a layout_prepares counter there is nothing to say")
    func noPrepareCounter() {
        let measurement = Self.oneRepeat(Measurements.frames([1]), scrollFrames: 100)
        #expect(Self.findings(measurement, .layoutInvalidatedEveryScrollFrame).isEmpty)
    }

    // MARK: (b) pool churn

    static func churn(early: Int, late: Int, lateAt: Double = 1.0) -> ReplayMeasurement {
        let frames = [
            FrameSample(index: 0, time: 0, durationNs: 1_000_000, cellsCreated: early),
            FrameSample(index: 1, time: lateAt, durationNs: 1_000_000, cellsCreated: late),
        ]
        return oneRepeat(frames)
    }

    @Test("Cells created from the first second on beyond max(3, 10 % of those before) mean pool churn",
          arguments: [(24, 4, true), (24, 3, false), (100, 10, false), (100, 11, true), (0, 4, true), (0, 3, false)])
    func churn(early: Int, late: Int, fires: Bool) {
        let expected = fires ? ["\(late) cells created after the first second (\(early) before): reuse pool too small?"]
            : []
        #expect(Self.findings(Self.churn(early: early, late: late), .poolChurn) == expected)
    }

    @Test("A frame just before the first second still counts as the first second")
    func churnEdge() {
        #expect(Self.findings(Self.churn(early: 0, late: 10, lateAt: 0.999), .poolChurn).isEmpty)
        #expect(Self.findings(Self.churn(early: 0, late: 10, lateAt: 1.0), .poolChurn).count == 1)
    }

    /// Frames at 10 per second from (created, on screen) pairs.
    static func displayed(_ frames: [(created: Int, onScreen: Int)]) -> ReplayMeasurement {
        oneRepeat(frames.enumerated().map { index, frame in
            FrameSample(index: index, time: Double(index) / 10, durationNs: 1_000_000, cellsCreated: frame.created,
                        cellsOnScreen: frame.onScreen)
        })
    }

    @Test("A layout with every item on screen creating a view per inserted item is not pool churn (the circle)")
    func growingDisplayIsNotChurn() {
        // 12 items at first; from 2 s on the user adds items one at a time up to 30, and deletes one between
        // adds now and then: the deleted view goes back to the pool once it has animated out, and is reused.
        var frames: [(created: Int, onScreen: Int)] = [(12, 12)] + Array(repeating: (0, 12), count: 19)
        for count in 13...30 {
            frames.append((1, count))
            frames.append((0, count))
            if count % 4 == 0 {
                frames.append((0, count))  // deleted: still on screen while it animates out
                frames.append((0, count - 1))  // back in the pool
                frames.append((0, count))  // the next insert reuses it
            }
        }
        #expect(Self.findings(Self.displayed(frames), .poolChurn).isEmpty)
    }

    @Test("Creations while the display does not grow are still pool churn")
    func churnWithSteadyDisplay() {
        var frames: [(created: Int, onScreen: Int)] = [(24, 24)] + Array(repeating: (0, 24), count: 9)
        frames += Array(repeating: (1, 24), count: 6)
        #expect(Self.findings(Self.displayed(frames), .poolChurn)
            == ["6 cells created after the first second (24 before): reuse pool too small?"])
        // Growth explains only the creations it needs: 3 more on screen, 8 created.
        let mixed = Self.displayed([(24, 24)] + Array(repeating: (0, 24), count: 9) + [(8, 27)])
        #expect(Self.findings(mixed, .poolChurn)
            == ["5 cells created after the first second (24 before, besides 3 for more cells on screen): reuse pool too small?"])
        // A display that shrinks and grows back to its peak needs no new views.
        let back = Self.displayed([(24, 24)] + Array(repeating: (0, 24), count: 9) + [(0, 20), (4, 24), (0, 20), (4, 24)])
        #expect(Self.findings(back, .poolChurn)
            == ["8 cells created after the first second (24 before): reuse pool too small?"])
    }

    // MARK: (c) a callback over budget

    @Test("A cell callback whose median call exceeds the budget costs more than the budget on its own")
    func callbackMedian() {
        let measurement = Self.oneRepeat(Measurements.frames([13, 13]), paths: [
            Measurements.path("frame/cells/prepare-for-reuse", callMs: [12, 12, 12]),
            Measurements.path("frame/layout/prepare", callMs: [30]),
        ], rate: 120)
        #expect(Self.findings(measurement, .callbackOverBudget) == [
            "prepare-for-reuse costs 12.0 ms per call, more than the 8.33 ms budget on its own",
        ])
    }

    @Test("Only the longest call over budget: the weaker wording, naming the category when not a cell")
    func callbackMax() {
        let measurement = Self.oneRepeat(Measurements.frames([1]), paths: [
            Measurements.path("frame/supplementary/configure", callMs: [0.4, 0.4, 20]),
        ])
        #expect(Self.findings(measurement, .callbackOverBudget) == [
            "supplementary configure took up to 20.0 ms in one call, more than the 16.67 ms budget on its own "
                + "(median 0.4 ms)",
        ])
    }

    @Test("A callback that costs exactly the budget, or less, is not flagged")
    func callbackAtBudget() {
        let measurement = Self.oneRepeat(Measurements.frames([1]), paths: [
            Measurements.path("frame/cells/configure", callMs: [16, 16, 16]),
            Measurements.path("frame/decoration/apply-attributes", callMs: [1]),
        ], rate: 62.5)
        #expect(Self.findings(measurement, .callbackOverBudget).isEmpty)
    }

    @Test("A repeat's median over budget counts the calls of every repeat")
    func callbackAcrossRepeats() {
        let slow = RepeatMeasurement(frames: Measurements.frames([1]), paths: [
            Measurements.path("frame/cells/configure", callMs: [20, 20]),
        ])
        let fast = RepeatMeasurement(frames: Measurements.frames([1]), paths: [
            Measurements.path("frame/cells/configure", callMs: [1, 1, 1]),
        ])
        let messages = Self.findings(Measurements.measurement([slow, fast]), .callbackOverBudget)
        #expect(messages == [
            "configure took up to 20.0 ms in one call, more than the 16.67 ms budget on its own (median 1.0 ms)",
        ])
    }

    // MARK: (d) janky frames dominated by one path

    @Test("Janky frames where one path took at least half the time, grouped by path, the worst as example")
    func dominated() {
        let frames = [
            Measurements.frame(0, ms: 20, top: "frame/cells/prepare-for-reuse", topMs: 12),
            Measurements.frame(1, ms: 25, top: "frame/cells/prepare-for-reuse", topMs: 12.5),
            Measurements.frame(2, ms: 30, top: "frame/cells/prepare-for-reuse", topMs: 14.9),
            Measurements.frame(3, ms: 10, top: "frame/cells/prepare-for-reuse", topMs: 10),
            Measurements.frame(4, ms: 18, top: "frame/layout/prepare", topMs: 17),
            Measurements.frame(5, ms: 18, top: nil, topMs: 0),
        ]
        #expect(Self.findings(Self.oneRepeat(frames), .frameDominatedByPath) == [
            "2 janky frames dominated by frame/cells/prepare-for-reuse (≥ 50 % of the frame's time); worst: frame 1 "
                + "at 0.017 s, 12.5 of its 25.0 ms",
            "1 janky frame dominated by frame/layout/prepare (≥ 50 % of the frame's time); worst: frame 4 at 0.067 s, "
                + "17.0 of its 18.0 ms",
        ])
    }

    @Test("The initial display is not among the dominated frames unless the report includes it")
    func initialDisplayApart() {
        let frames = [
            Measurements.frame(0, ms: 48, top: "frame/cells/configure", topMs: 29),
            Measurements.frame(1, ms: 5, top: "frame/cells/configure", topMs: 4),
        ]
        var measurement = Self.oneRepeat(frames)
        measurement.window = MeasurementWindow(includesInitialDisplay: false)
        #expect(Self.findings(measurement, .frameDominatedByPath).isEmpty)
        measurement.window = .wholeSession
        #expect(Self.findings(measurement, .frameDominatedByPath).count == 1)
    }

    @Test("Dominated frames are counted per repeat")
    func dominatedPerRepeat() {
        let frame = Measurements.frame(0, ms: 20, top: "frame/cells/configure", topMs: 15)
        let repeats = [[frame], [frame], [Measurements.frame(0, ms: 1)]].map {
            RepeatMeasurement(frames: $0, paths: [])
        }
        let messages = Self.findings(Measurements.measurement(repeats), .frameDominatedByPath)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("0.667 janky frames dominated by frame/cells/configure") == true)
    }

    // MARK: (e) whole-content queries

    static func built(_ built: Int, prepares: Int, queries: Int, displayed: Int) -> ReplayMeasurement {
        oneRepeat(Measurements.frames([1]), counters: [
            .layoutPrepares: prepares, .elementQueries: queries,
            .layoutAttributesBuilt: built, .maxVisibleElements: displayed,
        ])
    }

    @Test("Attributes built per pass (the more of prepares and queries) ≥ 4 × the most displayed and ≥ 200",
          arguments: [
              // The book's springy layout: 2,000 items per prepare, 65 displayed.
              (2000 * 900, 900, 1400, 65, 1286, true),
              // At the edges: exactly 4 × displayed and exactly 200; one short of either.
              (200 * 10, 10, 10, 50, 200, true), (199 * 10, 10, 10, 40, 199, false), (260 * 10, 10, 10, 65, 260, true),
              (259 * 10, 10, 10, 65, 259, false),
              // Plain flow: about what it displays per query, however few prepares.
              (60 * 1800, 2, 1800, 70, 60, false),
              // The tiled springs: the visible rect and a margin per prepare.
              (95 * 900, 900, 1400, 65, 61, false),
          ])
    func wholeContent(built: Int, prepares: Int, queries: Int, displayed: Int, perPass: Int, fires: Bool) {
        let passes = max(prepares, queries)
        let expected = fires ? [
            "whole-content query: the layout builds \(FindingRules.grouped(perPass)) attributes per layout pass for "
                + "at most \(displayed) displayed elements (\(FindingRules.grouped(built)) in "
                + "\(FindingRules.grouped(passes)) passes): it builds attributes for (nearly) all its content on every "
                + "pass (e.g. `layoutAttributesForElements(in:)` over the whole content in `prepare()`, or a query that "
                + "makes every item's attributes and filters them); query only the rect asked for, or keep what you "
                + "computed",
        ] : []
        #expect(Self.findings(Self.built(built, prepares: prepares, queries: queries, displayed: displayed),
                              .wholeContentQueries) == expected)
    }

    @Test("Without the counter, or with nothing built, there is nothing to say")
    func wholeContentWithoutCounter() {
        #expect(Self.findings(Self.oneRepeat(Measurements.frames([1])), .wholeContentQueries).isEmpty)
        #expect(Self.findings(Self.built(0, prepares: 0, queries: 0, displayed: 0), .wholeContentQueries).isEmpty)
        // No pass counted at all: the built attributes are the per-pass figure.
        #expect(Self.findings(Self.built(300, prepares: 0, queries: 0, displayed: 1), .wholeContentQueries).count == 1)
    }

    // MARK: (g) a line re-queried for each item

    static func nested(_ nested: Int, built: Int, prepares: Int, queries: Int, displayed: Int) -> ReplayMeasurement {
        oneRepeat(Measurements.frames([1]), counters: [
            .layoutPrepares: prepares, .elementQueries: queries, .nestedQueries: nested,
            .layoutAttributesBuilt: built, .maxVisibleElements: displayed,
        ])
    }

    @Test("Nested queries per pass ≥ 4: the line is re-queried per item, and that, not the whole content, is named",
          arguments: [
              // A flow subclass re-aligning lines of 7: 2 queries of `super` per displayed item (its line and
              // the item), and 7 attributes per line query; 120 displayed, 1,000 queries.
              (240_000, 960_000, 2, 1_000, 120, "240", "960", true),
              // At the edge: exactly 4 nested queries per pass; one short.
              (40, 40, 10, 10, 1, "4", "4", true), (39, 40, 10, 10, 1, "4", "4", false),
          ])
    func lineRequeries(nested: Int, built: Int, prepares: Int, queries: Int, displayed: Int, perPass: String,
                       builtPerPass: String, fires: Bool) {
        let passes = max(prepares, queries)
        let measurement = Self.nested(nested, built: built, prepares: prepares, queries: queries, displayed: displayed)
        let noun = displayed == 1 ? "element" : "elements"
        let expected = fires ? [
            "per-item query that re-queries its line: the layout queries the flow layout again \(perPass) times per "
                + "layout pass and builds \(builtPerPass) attributes per pass for at most \(displayed) displayed \(noun) "
                + "(\(FindingRules.grouped(nested)) nested queries and \(FindingRules.grouped(built)) attributes in "
                + "\(FindingRules.grouped(passes)) passes): answering each element queries its line or section again "
                + "(`layoutAttributesForElements(in:)` or its neighbours' `layoutAttributesForItem(at:)`), O(k²) for a "
                + "line of k items; compute each line or section once from the answer of one query",
        ] : []
        #expect(Self.findings(measurement, .lineRequeries) == expected)
        // The attributes built per pass would have been a whole-content finding: the nested queries explain them.
        if fires && built / passes >= 200 { #expect(Self.findings(measurement, .wholeContentQueries).isEmpty) }
    }

    @Test("Without nested queries the same attributes built are a whole-content finding")
    func builtWithoutNestedQueries() {
        let measurement = Self.nested(0, built: 960_000, prepares: 2, queries: 1_000, displayed: 120)
        #expect(Self.findings(measurement, .lineRequeries).isEmpty)
        #expect(Self.findings(measurement, .wholeContentQueries).count == 1)
    }

    // MARK: (f) a scan of the whole cache per query

    static func examined(_ examined: Int, queries: Int, displayed: Int) -> ReplayMeasurement {
        oneRepeat(Measurements.frames([1]), counters: [
            .elementQueries: queries, .attributesExamined: examined,
            .maxVisibleElements: displayed,
        ])
    }

    @Test("Attributes examined per element query ≥ 10 × the most displayed and ≥ 200: a scan per query",
          arguments: [
              // Traces/photo-album-library.xml: 1,500 albums, 6,705 photos and titles per query for 46 displayed.
              (14_375_520, 2_144, 46, "6,705", true),
              // At the edges: exactly 10 × displayed and exactly 200; one short of either.
              (200 * 10, 10, 20, "200", true), (199 * 10, 10, 19, "199", false), (300 * 10, 10, 30, "300", true),
              (299 * 10, 10, 30, "299", false),
              // Traces/photo-album-browse.xml, the tutorial's 12 albums: 56 attributes per query for 45 displayed.
              (99_960, 1_785, 45, "56", false),
          ])
    func scanPerQuery(examined: Int, queries: Int, displayed: Int, perQuery: String, fires: Bool) {
        let total = FindingRules.grouped(examined), calls = FindingRules.grouped(queries)
        let expected = fires ? [
            "scan per query: every element query scanned \(perQuery) attributes to display at most \(displayed) (\(total) in "
                + "\(calls) queries): the layout looks at every cached attribute per query (tutorial 001's habit); "
                + "index the cache by row or section so a query reads only what it returns",
        ] : []
        #expect(Self.findings(Self.examined(examined, queries: queries, displayed: displayed), .scanPerQuery) == expected)
    }

    @Test("A layout that reports nothing (flow: the counter is 0) or an old report without it has no scan finding")
    func scanPerQueryWithoutCounter() {
        #expect(Self.findings(Self.oneRepeat(Measurements.frames([1])), .scanPerQuery).isEmpty)
        #expect(Self.findings(Self.examined(0, queries: 1_800, displayed: 70), .scanPerQuery).isEmpty)
        #expect(Self.findings(Self.examined(5_000, queries: 0, displayed: 1), .scanPerQuery).isEmpty)
    }

    @Test("Counts are written with thousands separators", arguments: [
        (0, "0"), (999, "999"), (1_000, "1,000"), (1_234_567, "1,234,567"), (-12_345, "-12,345"),
    ])
    func grouped(value: Int, text: String) {
        #expect(FindingRules.grouped(value) == text)
    }

    @Test("A smooth replay has no findings, and its verdict says so")
    func quiet() {
        let measurement = Self.oneRepeat(Measurements.frames(Array(repeating: 2, count: 90)), paths: [
            Measurements.path("frame/cells/configure", callMs: [0.5, 0.5]),
        ], counters: [.layoutPrepares: 1], scrollFrames: 80)
        let report = Report(measurement)
        #expect(report.findings.isEmpty)
        #expect(report.verdict == "0 of 90 frames janky (0.0 %), hitch time ratio 0.0 ms/s: good")
    }

    @Test("The case study finds everything it should, in rule order")
    func caseStudy() {
        let report = Report(Fixtures.caseStudy())
        #expect(report.findings.map(\.rule) == [
            .layoutInvalidatedEveryScrollFrame, .poolChurn, .callbackOverBudget, .callbackOverBudget,
            .frameDominatedByPath,
        ])
        #expect(report.hotPaths.first?.path == "frame/cells/prepare-for-reuse")
    }
}
