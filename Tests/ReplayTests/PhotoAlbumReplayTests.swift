import Testing
import Foundation
import CollectionEngine
import Layouts
import Replay
import Reporting
import TestSupport

/// The shipped photo-album sessions (tutorial 001) replayed: the rotation handler, the stacks' reuse, the
/// emblem at a recorded pull past the top, and the profiler naming the per-query scan.
@Suite("Photo album replays", .tags(.fast))
struct PhotoAlbumReplayTests {
    static func shipped(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Traces/\(name).xml").path
    }

    private let runner = ReplayRunner(makeClock: { ManualClock() })

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
}
