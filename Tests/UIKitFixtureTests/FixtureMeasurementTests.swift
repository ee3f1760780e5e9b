import Testing
import Replay
import Reporting
import TestSupport

/// Each UIKit-style fixture compared with `flow` on a shipped trace (one interleaved pass each, gestures mode,
/// manual clock), its counters and findings checked, and its report gated.
@Suite("UIKit fixtures' counters, findings, comparisons and gates", .tags(.shippedTraces))
struct FixtureMeasurementTests {
    /// Each fixture with the shipped trace it is measured on.
    static let fixtures: [(layout: String, trace: String)] = [
        (FixtureRegistry.leftAligned, "photo-grid-browse.xml"),
        (FixtureRegistry.waterfall, "photo-grid-browse.xml"),
        (FixtureRegistry.springs, "cats-wall-prepare-for-reuse.xml"),
        (FixtureRegistry.carousel, "horizontal-carousel.xml"),
        (FixtureRegistry.stickyHeaders, "contacts-list.xml"),
        (FixtureRegistry.sectionBackgrounds, "contacts-list.xml"),
        (FixtureRegistry.storeCompositional, "app-store.xml"),
        (FixtureRegistry.insetGroupedList, "settings-list.xml"),
    ]

    @Test("Every fixture replays to the end beside flow, compared figure by figure", arguments: fixtures)
    func compared(layout: String, trace: String) async throws {
        let compared = try await FixtureReplays.compared(layout, on: trace)
        #expect(compared.fixture.complete && compared.flow.complete)
        #expect(compared.comparison.layouts == [layout, "flow"])
        #expect(compared.comparison.rounds == [[layout, "flow"]])
        let built = try #require(compared.comparison.counters.first { $0.counter == .layoutAttributesBuilt })
        #expect(built.values.count == 2)
        // Both displayed what the trace scrolled through.
        #expect((compared.fixture.counters[.cellsConfigured] ?? 0) > 0)
    }

    @Test("Every fixture's report gates against itself as baseline: every counter unchanged, a pass",
          arguments: fixtures)
    func gated(layout: String, trace: String) async throws {
        let report = try await FixtureReplays.compared(layout, on: trace).fixture
        let judgement = try GateJudgement(baseline: report, current: report)
        #expect(judgement.passed)
        #expect(judgement.layout == layout)
        let counters = judgement.figures.filter { if case .counter = $0.figure { true } else { false } }
        #expect(!counters.isEmpty && counters.allSatisfy { $0.verdict == .unchanged || $0.verdict == .notJudged })
        // Budgets hold the user's layout to its own figures as they hold the catalogue's.
        let held = try GateJudgement(baseline: nil, current: report,
                                     budgets: GateBudgets(maxJankyFrames: report.jankyFrames))
        #expect(held.passed && held.budgets.count == 1)
    }

    @Test("The springs ask flow for the whole content on every prepare: the whole-content finding fires")
    func springsQueryTheWholeContent() async throws {
        let compared = try await FixtureReplays.compared(FixtureRegistry.springs, on: "cats-wall-prepare-for-reuse.xml")
        let report = compared.fixture
        #expect(report.findings.contains { $0.rule == .wholeContentQueries }, "\(report.findings)")
        #expect(!compared.flow.findings.contains { $0.rule == .wholeContentQueries })
        // The trace's 900 items scaled to 300 (124 × 124, three a line): 300 per prepare, and the animator
        // invalidates the layout on every frame its springs move.
        let built = try #require(report.counters[.layoutAttributesBuilt])
        let prepares = try #require(report.counters[.layoutPrepares])
        #expect(built >= 300 * prepares && prepares > 100, "\(built) attributes in \(prepares) prepares")
    }

    @Test("The waterfall answers only what is visible: no whole-content or scan finding")
    func waterfallQueriesOnlyTheVisible() async throws {
        let compared = try await FixtureReplays.compared(FixtureRegistry.waterfall, on: "photo-grid-browse.xml")
        let rules = Set(compared.fixture.findings.map(\.rule))
        #expect(!rules.contains(.wholeContentQueries) && !rules.contains(.scanPerQuery), "\(compared.fixture.findings)")
        // The counter sees a user's layout: its one prepare builds the 3,000 items' attributes, its queries none
        // (they hand out what prepare cached).
        #expect(compared.fixture.counters[.layoutPrepares] == 1)
        #expect(compared.fixture.counters[.layoutAttributesBuilt] == 3_000)
    }

    @Test("The left-aligned flow re-queries each item's line: the finding names that cause, not the whole content")
    func leftAlignedRequeriesLines() async throws {
        let compared = try await FixtureReplays.compared(FixtureRegistry.leftAligned, on: "photo-grid-browse.xml")
        let rules = Set(compared.fixture.findings.map(\.rule))
        #expect(rules.contains(.lineRequeries) && !rules.contains(.wholeContentQueries), "\(compared.fixture.findings)")
        #expect(!compared.flow.findings.contains { $0.rule == .lineRequeries })
        // Per cell: flow's item, its copy and its line of three, besides the query's own answer.
        let mine = try #require(compared.fixture.counters[.layoutAttributesBuilt])
        let flows = try #require(compared.flow.counters[.layoutAttributesBuilt])
        #expect(mine >= 5 * flows, "\(mine) against flow's \(flows)")
        // One line query and one item query of `super` per displayed cell per query.
        let nested = try #require(compared.fixture.counters[.nestedQueries])
        let queries = try #require(compared.fixture.counters[.elementQueries])
        #expect(nested >= 2 * (compared.fixture.counters[.cellsConfigured] ?? 0) && nested > 30 * queries)
    }

    @Test("The carousel's own attributes count: a query builds those of the cards in its rect's range")
    func carouselCountsItsAttributes() async throws {
        let compared = try await FixtureReplays.compared(FixtureRegistry.carousel, on: "horizontal-carousel.xml")
        let built = try #require(compared.fixture.counters[.layoutAttributesBuilt])
        let queries = try #require(compared.fixture.counters[.elementQueries])
        let displayed = try #require(compared.fixture.counters[.maxVisibleElements])
        // The range runs from the card left of the rect to the one right of it: at most two more than displayed.
        #expect(built > queries && built <= queries * (displayed + 3))
        #expect(compared.fixture.findings.contains { $0.rule == .layoutInvalidatedEveryScrollFrame })
        #expect(!compared.fixture.findings.contains { $0.rule == .wholeContentQueries })
    }
}
