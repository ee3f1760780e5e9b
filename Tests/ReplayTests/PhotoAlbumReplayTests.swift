import Testing
import Foundation
import CollectionEngine
import Layouts
import Replay
import Reporting

/// The shipped photo-album sessions (tutorial 001) replayed: the rotation handler, the stacks' reuse, the
/// emblem at a recorded pull past the top, and the profiler naming the per-query scan.
@Suite("Photo album replays")
struct PhotoAlbumReplayTests {
    static func shipped(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Traces/\(name).xml").path
    }

    private let runner = ReplayRunner(makeClock: { ManualClock() })

    @Test("The browse replays in both modes: two rotations and back, each one prepare; photos and titles reused; no emblem",
          arguments: [ReplayMode.offsets, .gestures])
    func browse(mode: ReplayMode) throws {
        var landscapeFrames = 0, portraitFrames = 0
        var columnsByWidth: [Double: Set<Int>] = [:]
        let counters = try runner.forEachFrame(Self.shipped("photo-album-browse"), options: ReplayOptions(mode: mode)) { _, view in
            guard let layout = view.collectionViewLayout as? PhotoAlbumLayout else { return }
            columnsByWidth[view.bounds.width, default: []].insert(layout.numberOfColumns)
            if view.bounds.width > view.bounds.height { landscapeFrames += 1 } else { portraitFrames += 1 }
        }
        #expect(columnsByWidth == [320: [2], 568: [3]])
        #expect(landscapeFrames > 60 * 5 && portraitFrames > 60 * 20)
        // The first prepare, then one per resize (4), each after two invalidations by the handler's setters.
        #expect(counters.layoutPrepares == 5)
        #expect(counters.layoutInvalidations - 2 == 2 * 4)
        #expect(counters.boundsInvalidations == 0)
        #expect(counters.taps >= 3 && counters.selections >= 3)
        #expect(counters.cellsReused > counters.cellsCreated && counters.supplementaryReused > counters.supplementaryCreated)
        #expect(counters.decorationCreated == 0)
        // Every query scanned the whole cache: 1 emblem, the photos and 12 titles.
        #expect(counters.attributesExamined == counters.elementQueries * (1 + 43 + 12))
    }

    @Test("A recorded pull past the top (offsets mode) shows the emblem above the albums; at rest it is not displayed")
    func emblemAtRecordedOffset() throws {
        let header = """
              <collection-view width="320" height="548" refresh-rate="60"/>
              <layout name="photo-album"/>
              <data>
                <section items="3"/><section items="2"/><section items="4"/><section items="5"/>
              </data>
            """
        let trace = try TraceFile(header: header, events: """
                <scroll t="0.1" x="0" y="-60"/>
                <scroll t="0.2" x="0" y="-150"/>
                <scroll t="0.3" x="0" y="0"/>
            """)
        var frames: [(offset: Double, emblem: Rect?)] = []
        _ = try runner.forEachFrame(trace.path, options: ReplayOptions(mode: .offsets)) { _, view in
            frames.append((view.contentOffset.y, view.visibleDecorationViews.first.map { $0.layoutAttributes?.frame ?? .null }))
        }
        let frame = Rect(x: 110, y: -130, width: 100, height: 100)
        #expect(frames.map(\.offset).contains(-150))
        for (offset, emblem) in frames {
            #expect(emblem == (offset < -30 ? frame : nil), "at offset \(offset)")
        }
        #expect(frames.first?.emblem == nil && frames.last?.offset == 0 && frames.last?.emblem == nil)
        #expect(frames.count { $0.emblem != nil } >= 12)
    }

    @Test("The profiler names the scan per query on 1,500 albums, not on the tutorial's 12")
    func scanFinding() throws {
        let options = ReplayOptions(repeats: 1, warmup: 0)
        let library = Report(try runner.replay(Self.shipped("photo-album-library"), options: options))
        let browse = Report(try runner.replay(Self.shipped("photo-album-browse"), options: options))
        let scan = library.findings.filter { $0.rule == .scanPerQuery }
        #expect(scan.count == 1)
        #expect(scan.first?.message.hasPrefix("every element query scanned 6,705 attributes to display at most") == true)
        #expect(!browse.findings.contains { $0.rule == .scanPerQuery })
        #expect(!browse.findings.contains { $0.rule == .wholeContentQueries })
    }
}
