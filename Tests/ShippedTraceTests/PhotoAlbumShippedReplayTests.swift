import Testing
import Foundation
import CollectionEngine
import Layouts
import Replay
import Reporting
import ShippedTraceSupport
import TestSupport

/// The shipped photo-album sessions (tutorial 001) replayed: the rotation handler, the stacks' reuse, the
/// emblem at a recorded pull past the top, and the profiler naming the per-query scan.
@Suite("Photo album replays of the shipped sessions", .tags(.shippedTraces))
struct PhotoAlbumShippedReplayTests {
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
        // The emblem sits above the first row, shown only past the top: the session was recorded on a view that
        // does not bounce (`bounces="false"`), and replays so in both modes.
        #expect(counters.decorationCreated == 0)
        // Every query scanned the whole cache: 1 emblem, the photos and 12 titles.
        #expect(counters.attributesExamined == counters.elementQueries * (1 + 43 + 12))
    }

    @Test("The profiler names the scan per query on 1,500 albums, not on the tutorial's 12")
    func scanFinding() async throws {
        let library = Report(try await ShippedReplays.measurement("photo-album-library.xml", nil))
        let browse = Report(try await ShippedReplays.measurement("photo-album-browse.xml", nil))
        let scan = library.findings.filter { $0.rule == .scanPerQuery }
        #expect(scan.count == 1)
        #expect(scan.first?.message.hasPrefix("scan per query: every element query scanned 6,705 attributes to display at most") == true)
        #expect(!browse.findings.contains { $0.rule == .scanPerQuery })
        #expect(!browse.findings.contains { $0.rule == .wholeContentQueries })
    }
}
