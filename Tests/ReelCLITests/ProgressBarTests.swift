import Testing
import Foundation
import Replay
import Reporting
@testable import ReelCLI
import TestSupport

/// A clock the test advances by hand.
private final class ManualSeconds {
    var now = 0.0
}

/// What a bar wrote, in order.
private final class Written {
    var text: [String] = []
}

@Suite("Progress bar", .tags(.endToEnd))
struct ProgressBarTests {
    static let longLabel = "Traces/" + String(repeating: "a-rather-long-folder/", count: 14) + "photo-grid-browse.xml"

    @Test("The line never takes more than width − 1 columns", arguments: [20, 40, 80, 200])
    func fits(width: Int) {
        #expect(Self.longLabel.count >= 300)
        for (fraction, remaining) in [(nil, nil), (0.0, nil), (0.42, 5.0), (1.0, 0.0), (0.5, 100_000.0)] as [(Double?, Double?)] {
            for phase in ["warm-up 1/1", "pass 12/30"] {
                let line = ProgressBar.line(label: Self.longLabel, phase: phase, fraction: fraction, approximate: true,
                                            elapsed: 3_700, remaining: remaining, width: width)
                #expect(TerminalText.columns(line) <= width - 1, "\(width): \(line)")
                #expect(line.hasPrefix(phase) || line.contains("  \(phase)") || width < 20 + 1,
                        "the phase is always shown: \(line)")
            }
        }
    }

    @Test("Each width shows what fits: the label shortened in the middle, the bar, the times")
    func layout() {
        let wide = ProgressBar.line(label: Self.longLabel, phase: "pass 2/3", fraction: 0.42, approximate: false,
                                    elapsed: 3, remaining: 5, width: 200)
        #expect(wide.hasPrefix("Traces/a-rather"))
        #expect(wide.contains("…") && wide.contains("/photo-grid-browse.xml  pass 2/3 ["))
        #expect(wide.hasSuffix("] 42%  0:03 elapsed, 0:05 left"))
        let bar = wide[wide.firstIndex(of: "[")!...wide.firstIndex(of: "]")!]
        #expect(bar.count == ProgressBar.barWidth + 2)
        #expect(bar.filter { $0 == "=" }.count == 12)
        #expect(TerminalText.columns(wide) == 199)

        let eighty = ProgressBar.line(label: Self.longLabel, phase: "pass 2/3", fraction: 0.42, approximate: false,
                                      elapsed: 3, remaining: 5, width: 80)
        #expect(TerminalText.columns(eighty) == 79)
        #expect(eighty.contains("…") && eighty.contains("pass 2/3 [") && eighty.hasSuffix("0:05 left"))

        let short = ProgressBar.line(label: "a.xml", phase: "pass 2/3", fraction: 0.42, approximate: true,
                                     elapsed: 3, remaining: 5, width: 80)
        #expect(short.hasPrefix("a.xml  pass 2/3 [") && short.hasSuffix("] ≈42%  0:03 elapsed, 0:05 left"))

        let narrow = ProgressBar.line(label: Self.longLabel, phase: "pass 2/3", fraction: 0.42, approximate: false,
                                      elapsed: 3, remaining: 5, width: 20)
        #expect(narrow.hasPrefix("pass 2/3") && narrow.contains("42%"))
    }

    @Test("Clock times: m:ss, and h:mm:ss from an hour")
    func clock() {
        #expect(ProgressBar.clock(0) == "0:00")
        #expect(ProgressBar.clock(7.4) == "0:07")
        #expect(ProgressBar.clock(754) == "12:34")
        #expect(ProgressBar.clock(3723) == "1:02:03")
    }

    @Test("Warm-up passes are told apart from measured ones, numbered on their own")
    func warmup() {
        let written = Written()
        var bar = ProgressBar(label: "t.xml", width: 80, now: { 0 }, write: { written.text.append($0) })
        var lines: [String] = []
        for pass in 0..<4 {
            bar.update(ReplayProgress(pass: pass, passes: 4, frame: 1, framesPerPass: 100, warmup: 1))
            lines.append(bar.lastLine ?? "")
        }
        #expect(lines[0].contains("warm-up 1/1"))
        #expect(lines[1].contains("pass 1/3"))
        #expect(lines[3].contains("pass 3/3"))
        #expect(!lines[1...].contains { $0.contains("warm-up") })
    }

    @Test("Remaining time is the frames left at the rate so far (injected clock)")
    func remaining() throws {
        let clock = ManualSeconds()
        var bar = ProgressBar(label: "t.xml", width: 100, now: { clock.now }, write: { _ in })
        // 2 passes of 100 frames: 50 frames done in 5 s, 150 left at 10 frames/s.
        for frame in 1...50 {
            clock.now = Double(frame) / 10
            bar.update(pass: 0, passes: 2, frame: frame, framesPerPass: 100)
        }
        let line = try #require(bar.lastLine)
        #expect(line.hasSuffix("25%  0:05 elapsed, 0:15 left"), "\(line)")
        // Twice as fast from here: 100 frames done in 7.5 s, 100 left at 13.3 frames/s: 7.5 s.
        for frame in 51...100 {
            clock.now = 5 + Double(frame - 50) / 20
            bar.update(pass: 0, passes: 2, frame: frame, framesPerPass: 100)
        }
        bar.update(pass: 1, passes: 2, frame: 0, framesPerPass: 100)
        #expect(bar.lastLine?.hasSuffix("50%  0:08 elapsed, 0:08 left") == true, "\(bar.lastLine ?? "")")
    }

    @Test("No time left is told in the first half second, which is mostly setup")
    func settling() {
        let clock = ManualSeconds()
        var bar = ProgressBar(label: "t.xml", width: 100, now: { clock.now }, write: { _ in })
        clock.now = 0.2
        bar.update(pass: 0, passes: 1, frame: 1, framesPerPass: 100)
        #expect(bar.lastLine?.hasSuffix("1%  0:00 elapsed") == true, "\(bar.lastLine ?? "")")
    }

    @Test("Redrawn about ten times a second, counted in frames")
    func throttled() {
        let clock = ManualSeconds()
        let written = Written()
        var bar = ProgressBar(label: "t.xml", width: 80, now: { clock.now }, write: { written.text.append($0) })
        // 10,000 frames at 1,000 frames a second: 10 s.
        for frame in 1...10_000 {
            clock.now = Double(frame) / 1000
            bar.update(pass: 0, passes: 1, frame: frame, framesPerPass: 10_000)
        }
        #expect(bar.draws >= 90 && bar.draws <= 115, "\(bar.draws) redraws in 10 s")
        #expect(written.text.count == bar.draws)
        #expect(written.text.allSatisfy { $0.hasPrefix("\r\u{1B}[K") })
        bar.clear()
        #expect(written.text.last == "\r\u{1B}[K")
    }

    @Test("The total is known at the first frame: exact for scrolling, an estimate for drags until a pass ends")
    func totalFromTheStart() throws {
        let scrolling = try ReelProcess.trace(events: """
                <scroll t="0.1" x="0" y="300"/>
                <scroll t="0.5" x="0" y="600"/>
            """, name: "progressScrolling")
        var seen: [ReplayProgress] = []
        let measurement = try ReplayRunner(registry: Reel.layouts)
            .replay(scrolling, options: ReplayOptions(repeats: 2, warmup: 1)) { seen.append($0) }
        let frames = try #require(measurement.repeats.first?.frames.count)
        #expect(seen.first?.frame == 1)
        #expect(seen.first?.framesPerPass == frames)
        #expect(seen.allSatisfy { $0.framesPerPass == frames && $0.framesPerPassIsExact && $0.warmup == 1 })
        #expect(seen.count == 3 * frames)
        #expect(seen.first?.isWarmup == true && seen.last?.isWarmup == false)

        let dragging = try ReelProcess.trace(events: """
                <drag t="0.05" phase="began" x="200" y="600"/>
                <drag t="0.1" phase="changed" x="200" y="450"/>
                <drag t="0.15" phase="ended" x="200" y="200" velocity-x="0" velocity-y="-3000"/>
            """, name: "progressDragging")
        var dragged: [ReplayProgress] = []
        let flung = try ReplayRunner(registry: Reel.layouts)
            .replay(dragging, options: ReplayOptions(mode: .gestures, repeats: 1, warmup: 1)) { dragged.append($0) }
        let flungFrames = try #require(flung.repeats.first?.frames.count)
        let first = try #require(dragged.first)
        // The events end at 0.15 s (frame 9 at 60 Hz); the fling runs on past them.
        #expect(first.framesPerPass == 10 && !first.framesPerPassIsExact)
        #expect(flungFrames > 10)
        let measured = dragged.filter { !$0.isWarmup }
        #expect(measured.allSatisfy { $0.framesPerPass == flungFrames && $0.framesPerPassIsExact })
    }
}
