import Testing
import CollectionEngine
import Replay
import Reporting
import TestSupport

/// `<apply>` replayed: a diffable data source's snapshot, diffed into a batch or applied with `reloadData`.
@Suite("Snapshot applies in a replay", .tags(.fast))
struct SnapshotApplyReplayTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    /// The grid of `TraceFile.grid` with 300 identified items and the given extra header text.
    static func header(ios: Int? = nil, perItem: Double? = 0) -> String {
        let version = ios.map { " ios=\"\($0)\"" } ?? ""
        let diffable = perItem.map { "<diffable per-item=\"\($0)\"/>" } ?? ""
        return """
              <collection-view width="390" height="844" refresh-rate="60"\(version)/>
              <layout name="flow" item-size="100 100" section-inset="10 10 10 10"/>
              <data><section id="feed" items="m0…m299"/></data>
              <workload><cell reuse-identifier="cell" create="1" configure="0.5" prepare-for-reuse="0.25"/>\(diffable)</workload>
            """
    }

    private func replay(_ header: String, _ events: String, name: String = #function) throws -> ReplayMeasurement {
        let file = try TraceFile(header: header, events: events, name: name)
        return try runner.replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0))
    }

    // Apple doc page "apply(_:animatingDifferences:completion:)": the data source computes the difference and
    // updates the collection view with it; the engine's batch machinery checks it with UIKit's rules, so a
    // diffed apply costs what the same hand-written batch costs.
    @Test("An apply replays exactly as the batch its diff derives, written by hand")
    func equalsHandWrittenBatch() throws {
        let applied = try replay(Self.header(), """
            <apply t="0.1"><section id="feed" items="n0…n2 m0…m4 m6…m9 m11 m10 m12…m299"/></apply>
            <scroll t="0.5" x="0" y="200"/>
            """)
        let batch = try replay(TraceFile.grid, """
            <batch t="0.1"><delete-items section="0" at="5"/><insert-items section="0" at="0 1 2"/><move-item from="0 11" to="0 12"/></batch>
            <scroll t="0.5" x="0" y="200"/>
            """)
        #expect(applied.failure == nil && batch.failure == nil)
        #expect(applied.repeats[0].frames.map(\.durationNs) == batch.repeats[0].frames.map(\.durationNs))
        for counter in EngineCounter.allCases where ![.snapshotApplies, .snapshotItemsDiffed].contains(counter) {
            #expect(applied.counters[counter] == batch.counters[counter], "\(counter)")
        }
        #expect(applied.counters[.snapshotApplies] == 1)
        #expect(applied.counters[.snapshotItemsDiffed] == 302)
        #expect(applied.counters[.batchUpdates] == 1)
    }

    // Tyler Fox (UIKit), quoted in the WWDC 2021 notes on "Make blazing fast lists and collection views":
    // before iOS 15 `animatingDifferences: false` was `reloadData`, which "throws away all your existing cells";
    // from iOS 15 it diffs and applies the updates without animation.
    @Test("A non-animated apply reloads the data on iOS 14 and diffs on iOS 15", arguments: [14, 15])
    func nonAnimated(ios: Int) throws {
        let m = try replay(Self.header(ios: ios), """
            <apply t="0.1" animated="false"><section id="feed" items="n0 m0…m299"/></apply>
            """)
        #expect(m.failure == nil)
        #expect(m.counters[.snapshotApplies] == 1)
        if ios < 15 {
            // Every displayed cell went back to the pool and was dequeued again.
            #expect(m.counters[.batchUpdates] == 0)
            #expect(m.counters[.snapshotItemsDiffed] == 0)
            #expect((m.counters[.cellsReused] ?? 0) >= 24)
            #expect(m.counters[.snapshotReloads] == 1)
            #expect(Report(m).findings.contains { $0.rule == .snapshotReloads && $0.message.hasPrefix("1 of 1 snapshot apply reloaded the data") })
        } else {
            #expect(m.counters[.batchUpdates] == 1)
            #expect(m.counters[.snapshotItemsDiffed] == 301)
            #expect((m.counters[.cellsReused] ?? 0) + (m.counters[.cellsCreated] ?? 0) <= 24 + 3)
            #expect(m.counters[.snapshotReloads] == 0)
            #expect(!Report(m).findings.contains { $0.rule == .snapshotReloads })
        }
    }

    // Apple doc page "applySnapshotUsingReloadData(_:completion:)": resets the UI "without computing a diff".
    @Test("reload-data applies with reloadData on any iOS version")
    func reloadData() throws {
        let m = try replay(Self.header(), """
            <apply t="0.1" reload-data="true"><section id="feed" items="m0…m299"/></apply>
            """)
        #expect(m.counters[.batchUpdates] == 0 && m.counters[.snapshotItemsDiffed] == 0)
        #expect((m.counters[.cellsReused] ?? 0) >= 24)
    }

    // Tyler Fox (UIKit), same notes: reconfigure keeps the existing cell; reload "replaces the existing cell
    // with a new cell" (GetStream/stream-chat-swift PR #2996 switched to reconfigure for this).
    @Test("Reconfiguring three displayed items creates and dequeues nothing; reloading them dequeues three cells")
    func reconfigureAgainstReload() throws {
        let none = try replay(Self.header(), #"<apply t="0.1"><section id="feed" items="m0…m299"/></apply>"#)
        let reconfigured = try replay(Self.header(), #"<apply t="0.1" reconfigure="m1 m2 m3"><section id="feed" items="m0…m299"/></apply>"#)
        let reloaded = try replay(Self.header(), #"<apply t="0.1" reload="m1 m2 m3"><section id="feed" items="m0…m299"/></apply>"#)
        func dequeued(_ m: ReplayMeasurement) -> Int { (m.counters[.cellsCreated] ?? 0) + (m.counters[.cellsReused] ?? 0) }
        #expect(reconfigured.counters[.itemsReconfigured] == 3)
        #expect(dequeued(reconfigured) == dequeued(none))
        #expect(reconfigured.counters[.cellsConfigured] == (none.counters[.cellsConfigured] ?? 0) + 3)
        #expect(reloaded.counters[.itemsReconfigured] == 0)
        #expect(reloaded.counters[.itemsReloaded] == 3)
        #expect(dequeued(reloaded) == dequeued(none) + 3)
    }

    @Test("The diff's modelled cost is the per-item cost times the new snapshot's items, in its own span")
    func diffCost() throws {
        let m = try replay(Self.header(perItem: 0.1), #"<apply t="0.1"><section id="feed" items="m0…m299"/></apply>"#)
        let frame = try #require(m.repeats[0].frames.last)
        #expect(frame.durationNs == 30_000_000)
        #expect(frame.topPath == "frame/updates/snapshot-diff")
    }

    // The reason UIKit gives (NSInternalInconsistencyException), quoted in app READMEs' troubleshooting notes.
    @Test("A snapshot that repeats an identifier stops the replay with UIKit's words")
    func duplicates() throws {
        let m = try replay(Self.header(), #"<apply t="0.1"><section id="feed" items="m0…m5 m3"/></apply>"#)
        #expect(m.failure?.hasSuffix(
            "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    m3\n)}") == true,
                "\(m.failure ?? "no failure")")
    }

    @Test("An apply after data without identifiers says what it needs")
    func needsSnapshot() throws {
        let m = try replay(TraceFile.grid, #"<apply t="0.1"><section id="feed" items="m0…m5"/></apply>"#)
        #expect(m.failure?.contains("<apply> needs the data it replaces as a snapshot") == true, "\(m.failure ?? "no failure")")
    }
}

/// The finding on reloads where a reconfigure would keep the cells.
@Suite("Reloads instead of reconfigure", .tags(.fast))
struct ReloadsInsteadOfReconfigureFindingTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    // GetStream/stream-chat-swift PR #2996: reloads re-created cells and made avatars flash; reconfigure did not.
    @Test("Applies that reload items and reconfigure none get the finding; reconfiguring applies do not")
    func finding() throws {
        func findings(_ events: String) throws -> [Finding] {
            let file = try TraceFile(header: SnapshotApplyReplayTests.header(), events: events)
            return Report(try runner.replay(file.path, options: ReplayOptions(repeats: 1, warmup: 0))).findings
        }
        let reloads = try findings(#"<apply t="0.1" reload="m1 m2"><section id="feed" items="m0…m299"/></apply>"#)
        #expect(reloads.contains { $0.rule == .reloadsInsteadOfReconfigure && $0.message.hasPrefix("2 items reloaded in 1 snapshot apply") })
        let reconfigures = try findings(#"<apply t="0.1" reconfigure="m1 m2"><section id="feed" items="m0…m299"/></apply>"#)
        #expect(!reconfigures.contains { $0.rule == .reloadsInsteadOfReconfigure })
    }
}
