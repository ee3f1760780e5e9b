import Foundation
import TestSupport
import Testing

/// Compares `actual` with the golden file `Golden/<name>`; with `RECORD_SNAPSHOTS=1` in the environment,
/// rewrites the file instead and fails, so that a recording is never mistaken for a pass.
func expectGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = testsDirectory + "Golden/" + name
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        try actual.write(toFile: path, atomically: true, encoding: .utf8)
        Issue.record("Recorded \(path); run again without RECORD_SNAPSHOTS to compare.", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
        Issue.record("No golden file at \(path); run `RECORD_SNAPSHOTS=1 swift test` to record it.",
                     sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected,
            "Output differs from \(path); if the change is intended, re-record with RECORD_SNAPSHOTS=1.",
            sourceLocation: sourceLocation)
}

/// A fresh temporary folder for one test.
func temporaryDirectory() throws -> String {
    try ScratchDirectory.folder("tracexml-" + UUID().uuidString).path
}

/// SplitMix64: a small, seedable generator, so random tests print a seed that reproduces them.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
