import Foundation
import ReelCLI
import Replay
import TraceXML

/// Where the trace is written: `reel record -o` writes a file atomically, as the command does.
private let tracePath = FileManager.default.temporaryDirectory
    .appendingPathComponent("reel-fuzz-record-\(ProcessInfo.processInfo.processIdentifier).xml").path

/// Removes the trace's file when libFuzzer exits normally (a crash leaves it, beside the saved artifact).
private let removesTraceAtExit: Void = {
    atexit { try? FileManager.default.removeItem(atPath: tracePath) }
}()

/// libFuzzer's entry point: the bytes are a `reel record` command line (``RecordArguments``), run in this
/// process through `Reel.run`, as the `reel` binary runs it — option ranges, the scenario's needs, the
/// simulated user and the recorder.
///
/// A correct answer is exit 64 (a usage error), exit 1 (the session reached a machine limit while
/// recording: more elements on screen than a frame may display, a workload past its limit) or exit 0 with a
/// trace `reel validate` finds nothing in. A trap (a scenario giving an input the replay refuses traps in
/// these debug-checked builds), another exit code, or a trace with a problem is a bug; so are a hang
/// (`-timeout`) and a blow-up (`-rss_limit_mb`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var decoder = RecordArguments(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    let arguments = decoder.arguments(output: tracePath)
    _ = removesTraceAtExit
    try? FileManager.default.removeItem(atPath: tracePath)
    let (status, message) = Reel.run(arguments)
    let line = "reel " + arguments.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ")
    switch status {
    case 0:
        let problems = TraceChecker.validate(path: tracePath)
        guard problems.isEmpty else {
            fatalError("fuzz-record: \(line) wrote a trace reel validate finds problems in:\n"
                       + problems.prefix(5).map(\.description).joined(separator: "\n"))
        }
    case 1, 64:
        guard !FileManager.default.fileExists(atPath: tracePath) else {
            fatalError("fuzz-record: \(line) exited \(status) and left a trace: \(message)")
        }
    default:
        fatalError("fuzz-record: \(line) exited \(status): \(message)")
    }
    return 0
}
