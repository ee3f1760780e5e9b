import Testing
import Foundation
import TestSupport
@testable import Replay

/// UIKit's flow-layout warning for an item too large for its line, as `reel replay` and
/// `reel validate` report it: once per message, with a count, the first time and the event behind it.
@Suite("Engine warnings in replay and validate", .tags(.fast))
struct EngineWarningReplayTests {
    private let runner = ReplayRunner(makeClock: { ManualClock() })

    static let tooWide = "The behavior of the UICollectionViewFlowLayout is not defined because: the item width must "
        + "be less than the width of the UICollectionView minus the section insets left and right values, minus "
        + "the content insets left and right values."
    static let tooTall = "The behavior of the UICollectionViewFlowLayout is not defined because: the item height must "
        + "be less than the height of the UICollectionView minus the section insets top and bottom values, minus "
        + "the content insets top and bottom values."

    @Test("Resizes that leave a line narrower than an item: one warning with a count, at the first resize, in both commands")
    func resizedTooNarrow() throws {
        // 100-point items, 10-point section insets: a width of 110 leaves 90 points, 100 leaves 80; 120 is fine.
        let trace = try TraceFile(events: """
            <resize t="0.5" width="110" height="844"/>
            <resize t="1" width="100" height="844"/>
            <resize t="1.5" width="120" height="844"/>
            """)
        let expected = "\(Self.tooWide) (2 times, first at t = 0.500 s)"
        let m = try runner.replay(trace.path, options: ReplayOptions(repeats: 2, warmup: 1))
        #expect(m.complete)
        #expect(m.warnings == ["\(trace.path):8:1: \(expected)"])
        #expect(TraceChecker.validate(path: trace.path).map(\.description) == ["\(trace.path):8:1: warning: \(expected)"])
    }

    @Test("An item as wide as the line is fine; one wider from the first layout has no event to name")
    func initialLayout() throws {
        let exact = try TraceFile(header: TraceFile.grid.replacingOccurrences(of: "100 100", with: "370 100"), events: "")
        #expect(try runner.replay(exact.path, options: ReplayOptions(repeats: 1, warmup: 0)).warnings.isEmpty)
        #expect(TraceChecker.validate(path: exact.path).isEmpty)

        let wide = try TraceFile(header: TraceFile.grid.replacingOccurrences(of: "100 100", with: "370.5 100"), events: "")
        let expected = "\(Self.tooWide) (at t = 0.000 s)"
        #expect(try runner.replay(wide.path, options: ReplayOptions(repeats: 1, warmup: 0)).warnings
            == ["\(wide.path): \(expected)"])
        #expect(TraceChecker.validate(path: wide.path).map(\.description) == ["\(wide.path): warning: \(expected)"])
    }

    @Test("Scrolling horizontally, the height variant")
    func horizontal() throws {
        let header = TraceFile.grid.replacingOccurrences(
            of: #"<layout name="flow" item-size="100 100""#,
            with: #"<layout name="flow" scroll-direction="horizontal" item-size="100 900""#)
        let trace = try TraceFile(header: header, events: "")
        #expect(try runner.replay(trace.path, options: ReplayOptions(repeats: 1, warmup: 0)).warnings
            == ["\(trace.path): \(Self.tooTall) (at t = 0.000 s)"])
        #expect(TraceChecker.validate(path: trace.path).map(\.message) == ["\(Self.tooTall) (at t = 0.000 s)"])
    }

    @Test("A snapshot in the middle of an animated delete shows the deleted item as disappearing")
    func disappearingInSnapshot() throws {
        let trace = try TraceFile(events: """
            <batch t="0.1" animated="true" duration="0.3" counts-after="299">
              <delete-items section="0" at="1"/>
            </batch>
            """)
        let middle = try runner.snapshot(trace.path, at: 0.25)
        let leaving = middle.elements.filter(\.disappearing)
        #expect(leaving.map { [$0.section, $0.item] } == [[0, 1]])
        #expect(leaving.first.map { $0.alpha > 0 && $0.alpha < 1 } == true)
        // The item that took its place is displayed too, and is not disappearing.
        #expect(middle.elements.contains { $0.item == 1 && !$0.disappearing })
        #expect(middle.render(.json).contains(#""disappearing": true"#))
        #expect(middle.render(.text).contains("disappearing"))
        // Once the animation is over nothing is leaving.
        #expect(try runner.snapshot(trace.path, at: 1, finalStatePastTheEnd: true).elements.allSatisfy { !$0.disappearing })
    }
}
