// The instructions of one steady-scroll frame, as Benchmarks/README.md defines them: callgrind's total for a replay of 2N
// frames minus its total for a replay of N frames, divided by N. Everything a replay does once (starting the
// process, reading the header, preparing the layout, the first screen) cancels out; what is left is the cost
// of a frame of steady scrolling through the engine and the harness (replay loop, profiler, counters).
//
// It writes two traces with TraceXML's writer — a 390 × 844 view, the default flow layout (50-point items,
// 10-point spacing: about 90 items visible), one section of `--items` items, no workload, one `<scroll>` per
// frame at a constant `--speed` (points per frame) — then runs `reel replay --repeat 1 --warmup 0` on each
// under `valgrind --tool=callgrind` and prints Ir(2N), Ir(N) and (Ir(2N) − Ir(N)) / N. When the content is
// shorter than the scroll, the offset goes back and forth (a direction change every pass over the content).
//
//   swift build -c release --scratch-path .build-rel --product reel        # at the top of the repository
//   cd Benchmarks && swift run -c release FrameInstructions --reel ../.build-rel/release/reel \
//       [--items 1000000] [--frames 2000] [--speed 10] [--keep DIR]
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import TraceXML

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "FrameInstructions",
        abstract: "Instructions per steady-scroll frame of a release reel, counted by callgrind: (Ir(2N) − Ir(N)) / N.")

    @Option(help: "The reel binary to measure.")
    var reel = "../.build-rel/release/reel"
    @Option(help: "Items in the trace's one section.")
    var items = 1_000_000
    @Option(help: "N: the frames of the shorter trace (the longer has 2N).")
    var frames = 2_000
    @Option(help: "Points scrolled per frame.")
    var speed = 10.0
    @Option(help: "Keep the traces and callgrind's outputs in this directory.")
    var keep: String?

    func validate() throws {
        guard items > 0, frames > 0, speed > 0 else {
            throw ValidationError("--items, --frames and --speed must be positive")
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("FrameInstructions: \(message)\n".utf8))
    exit(2)
}

/// Writes a steady-scroll trace of `frames` frames to `path`.
func writeTrace(_ path: String, _ options: Options) throws {
    let width = 390.0, height = 844.0, rate = 60.0
    // The default flow metrics: 50-point items, 10 points between items and lines, no insets.
    let perLine = Int((width + 10) / 60)
    let lines = (options.items + perLine - 1) / perLine
    let contentHeight = Double(lines) * 60 - 10
    let range = max(0, contentHeight - height)
    let header = TraceHeader(
        collectionView: CollectionViewConfiguration(size: Size(width: width, height: height), refreshRate: rate),
        layout: LayoutDescription(name: "flow"),
        sections: [SectionDescription(items: options.items)])
    let writer = try TraceWriter(path: path, header: header)
    for frame in 1...options.frames {
        // A triangle wave over the content when it is shorter than the scroll.
        var travelled = Double(frame) * options.speed
        if range > 0, travelled > range {
            travelled = travelled.truncatingRemainder(dividingBy: 2 * range)
            if travelled > range { travelled = 2 * range - travelled }
        }
        let offset = range > 0 ? travelled : 0
        try writer.write(TraceEvent(time: Double(frame) / rate, .scroll(offset: Point(x: 0, y: offset))))
    }
    try writer.finish()
}

/// callgrind's total instruction count for `reel replay` of `trace`.
func instructions(_ trace: String, _ options: Options, _ directory: String) throws -> Int {
    let output = trace + ".callgrind"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["valgrind", "--tool=callgrind", "--callgrind-out-file=\(output)", options.reel, "replay", trace,
                         "--repeat", "1", "--warmup", "0", "--quiet", "--output", "/dev/null"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fail("valgrind \(options.reel) replay \(trace) exited with \(process.terminationStatus)") }
    let text = try String(contentsOfFile: output, encoding: .utf8)
    for line in text.split(separator: "\n") where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
        if let number = line.split(separator: " ").last.flatMap({ Int($0) }) { return number }
    }
    fail("no total in \(output)")
}

let options = Options.parseOrExit()
let directory = options.keep ?? (NSTemporaryDirectory() + "reel-frame-instructions-\(getpid())")
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { if options.keep == nil { try? FileManager.default.removeItem(atPath: directory) } }

var single = options
var double = options
double.frames = 2 * options.frames
let short = directory + "/steady-\(options.items)-\(options.frames).xml"
let long = directory + "/steady-\(options.items)-\(double.frames).xml"
try writeTrace(short, single)
try writeTrace(long, double)
single.frames = options.frames
let irShort = try instructions(short, options, directory)
let irLong = try instructions(long, options, directory)
let perFrame = Double(irLong - irShort) / Double(options.frames)
print("items \(options.items), frames \(options.frames) and \(double.frames), \(options.speed) points per frame")
print("Ir(\(double.frames)) \(irLong)")
print("Ir(\(options.frames)) \(irShort)")
print("instructions per frame \(Int(perFrame.rounded()))")
