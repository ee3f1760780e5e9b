import Testing
import Foundation
import RealModule
import CollectionEngine
import Layouts
import Replay
import Reporting
import TestSupport

/// The shipped Springboard session (`Traces/springboard-edit.xml`) replayed in both modes.
@Suite("Springboard replays", .tags(.shippedTraces))
struct SpringboardReplayTests {
    static let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces/springboard-edit.xml").path

    private let runner = ReplayRunner(makeClock: { ManualClock() })

    @Test("Snapshots show delete-button-hidden under custom: true before the long press, false in edit mode")
    func snapshotCustomField() throws {
        func hidden(at time: Double) throws -> Set<Bool> {
            let snapshot = try runner.snapshot(Self.trace, at: time)
            #expect(!snapshot.elements.isEmpty)
            return Set(snapshot.elements.flatMap { element in
                element.custom.compactMap { field -> Bool? in
                    guard field.name == "delete-button-hidden", case .bool(let value) = field.value else { return nil }
                    return value
                }
            })
        }
        #expect(try hidden(at: 10) == [true])
        #expect(try hidden(at: 15) == [false])
        let json = try runner.snapshot(Self.trace, at: 15).render(.json)
        #expect(json.contains("""
                  "custom": {
                    "delete-button-hidden": false
                  }
            """))
    }

    @Test("Taps, interactions, deletions and selections are counted; edit mode comes and goes; icons jiggle within −2°…+6°",
          arguments: [ReplayMode.offsets, .gestures])
    func counters(mode: ReplayMode) throws {
        var editingFrames = 0, deleteTaps = 0, widths = Set<Double>(), endsEditing = true
        var angles: (low: Double, high: Double) = (0, 0)
        var offsetsInside = true
        let counters = try runner.forEachFrame(Self.trace, options: ReplayOptions(mode: mode)) { _, view in
            guard let layout = view.collectionViewLayout as? SpringboardLayout else { return }
            if layout.isEditing { editingFrames += 1 }
            endsEditing = layout.isEditing
            deleteTaps = layout.deleteButtonTaps
            widths.insert(view.contentSize.width)
            offsetsInside = offsetsInside && view.contentOffset.x <= view.contentSize.width - view.bounds.width
            for cell in view.visibleCells {
                guard let t = cell.layoutAttributes?.transform3D else { continue }
                let degrees = Double.atan2(y: t.m12, x: t.m11) * 180 / .pi
                angles = (min(angles.low, degrees), max(angles.high, degrees))
            }
        }
        #expect(counters.taps > 5)
        #expect(counters.layoutInteractions > 20)
        #expect(counters.itemsDeleted == 5)
        #expect(counters.selections > 0)
        #expect(deleteTaps == counters.itemsDeleted)
        #expect(editingFrames > 300 && !endsEditing)
        // The fifth delete emptied the last column: the content shrank by 192 points.
        #expect(widths.max() == 192 * 15 + 16 && widths.min() == 192 * 14 + 16)
        #expect(offsetsInside)
        #expect(angles.low > -2.000_001 && angles.low < -1.9 && angles.high < 6.000_001 && angles.high > 5.9)
    }
}
