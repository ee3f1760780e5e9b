import Testing
import Foundation
import Replay
import Reporting
import TestSupport

/// The engine's observable behaviour on every shipped trace, pinned so that performance work on the engine
/// provably changes nothing: every counter of a replay in each mode, and the display
/// (`reel snapshot`'s JSON) at the middle and at the end of each session, against golden files recorded
/// before the work began (`RECORD_SNAPSHOTS=1` re-records them).
@Suite("Shipped trace goldens")
struct ShippedTraceGoldenTests {
    static let tracesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces")

    /// Every `Traces/*.xml`, by file name.
    static let traces: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: tracesDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted()
    }()

    private let runner = ReplayRunner(makeClock: { ManualClock() })
    private let golden = GoldenFiles()

    @Test("all 21 shipped traces are covered")
    func coversEveryTrace() {
        #expect(Self.traces.count == 21)
    }

    /// The counters of one pass (`--repeat 1 --warmup 0`) in `mode`, one `name value` line each, or the
    /// replay's error.
    private func counters(_ path: String, _ mode: ReplayMode) -> (text: String, frames: Int?, rate: Double?) {
        do {
            let measurement = try runner.replay(path, options: ReplayOptions(mode: mode, repeats: 1, warmup: 0))
            var text = "mode \(mode.rawValue)\nframes \(measurement.repeats.first?.frames.count ?? 0)\n"
            text += "scroll_frames \(measurement.scrollFrames)\ncomplete \(measurement.complete)\n"
            if let failure = measurement.failure { text += "failure \(failure.replacingOccurrences(of: path, with: "<trace>"))\n" }
            for counter in measurement.counters { text += "\(counter.name) \(counter.value)\n" }
            return (text, measurement.repeats.first?.frames.count, measurement.refreshRate)
        } catch {
            return ("mode \(mode.rawValue)\nerror \(error.description.replacingOccurrences(of: path, with: "<trace>"))\n",
                    nil, nil)
        }
    }

    @Test("every counter of each shipped trace, in both modes, and its display at the middle and at the end of its session are what they were at the base commit",
          arguments: ShippedTraceGoldenTests.traces)
    func unchanged(trace: String) throws {
        let path = Self.tracesDirectory.appendingPathComponent(trace).path
        let name = trace.replacingOccurrences(of: ".xml", with: "")
        var text = ""
        var offsets: (frames: Int?, rate: Double?) = (nil, nil)
        for mode in ReplayMode.allCases {
            let replay = counters(path, mode)
            text += replay.text + "\n"
            if mode == .offsets { offsets = (replay.frames, replay.rate) }
        }
        golden.expect(text, matches: "counters-\(name).txt")

        // The display, at two frames of the offsets-mode replay above.
        let frames = try #require(offsets.frames), rate = try #require(offsets.rate)
        try #require(frames > 0)
        var snapshots = ""
        for frame in [frames / 2, frames - 1] {
            // The middle of the frame, so that rounding cannot move it to a neighbour.
            let time = (Double(frame) + 0.5) / rate
            do {
                snapshots += try runner.snapshot(path, at: time).render(.json)
            } catch {
                snapshots += "error \(error.description.replacingOccurrences(of: path, with: "<trace>"))\n"
            }
        }
        golden.expect(snapshots, matches: "snapshot-\(name).json")
    }
}
