import Foundation
import Replay
import TraceXML

/// Where the input is written: `ReplayRunner` replays a trace from a path, as the commands do.
private let tracePath = FileManager.default.temporaryDirectory
    .appendingPathComponent("reel-fuzz-replay-\(ProcessInfo.processInfo.processIdentifier).xml").path

/// Removes the input's file when libFuzzer exits normally (a crash leaves it, beside the saved artifact).
private let removesTraceAtExit: Void = {
    atexit { try? FileManager.default.removeItem(atPath: tracePath) }
}()

/// The frames replayed per input: enough for a batch, a gesture's first phases and a layout switch to run,
/// few enough for thousands of inputs a second.
private let framesPerInput = 30

/// libFuzzer's entry point: the bytes are a trace, replayed for its first 30 frames through
/// ``ReplayRunner/snapshot(_:at:options:)`` — the engine, the layout, the trace rules and the workload on a
/// clock that spends no real time — with the trace's layout, or with `flow` when the input's length is odd.
/// A cut-off trace is accepted, so that the complete events of a cut input still run.
///
/// A `ReplayError` is a correct answer; a trap, a sanitizer report, a hang (`-timeout`) or a blow-up
/// (`-rss_limit_mb`) is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    // The header says the refresh rate, hence the time of frame 30; an input without one is the reader's.
    let refreshRate: Double
    do {
        refreshRate = try TraceReader(bytes: bytes, path: tracePath).header.collectionView.refreshRate
    } catch {
        return 0
    }
    _ = removesTraceAtExit
    guard FileManager.default.createFile(atPath: tracePath, contents: Data(bytes)) else {
        fatalError("fuzz-replay: cannot write \(tracePath)")
    }
    let options = ReplayOptions(layout: size % 2 == 1 ? "flow" : nil, allowsTruncation: true)
    let time = (Double(framesPerInput) - 0.5) / refreshRate
    do {
        let snapshot = try ReplayRunner().snapshot(tracePath, at: time, options: options)
        _ = snapshot.elements.count
    } catch {
        _ = error.description
    }
    return 0
}
