public import Foundation
import ReelVersion
public import Testing

/// Golden files: reference outputs beside the tests, in the test target's `Golden/` folder.
///
/// `RECORD_SNAPSHOTS=1 swift test` rewrites them and fails the test, so that a recording is never mistaken
/// for a pass; a missing file is recorded the same way. CI never records.
///
/// Every JSON document Reel writes names the build that wrote it (`"reel_version": "7763b4c-dirty"`), which
/// changes with every commit; outputs are compared and recorded with the running build's version replaced by
/// ``versionPlaceholder``, so that no golden file holds a commit. A version read back from a report (one
/// that is not the running build's) stays as it is.
public struct GoldenFiles: Sendable {
    /// What the running build's `reel_version` reads as in golden files.
    public static let versionPlaceholder = "<reel version>"

    /// `text` with every `"reel_version": "<the running build's version>"` (the JSON writers' spelling) reading
    /// ``versionPlaceholder`` instead.
    public static func normalizingVersion(_ text: String) -> String {
        text.replacingOccurrences(of: "\"reel_version\": \"\(reelVersion)\"",
                                  with: "\"reel_version\": \"\(versionPlaceholder)\"")
    }

    /// The `Golden` folder of the test target.
    public let directory: URL

    /// The golden files of the test target that `file` (a test source, by default the caller's) belongs to:
    /// `Tests/<Target>/Golden/`.
    public init(for file: String = #filePath) {
        var url = URL(fileURLWithPath: file).deletingLastPathComponent()
        while url.deletingLastPathComponent().lastPathComponent != "Tests", url.path != "/" {
            url = url.deletingLastPathComponent()
        }
        directory = url.appendingPathComponent("Golden")
    }

    /// Expects `actual`, its running build's version normalised (``normalizingVersion(_:)``), to equal the
    /// golden file `name` to the byte.
    public func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = Self.normalizingVersion(actual)
        let url = directory.appendingPathComponent(name)
        let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        guard !recording, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url)
                Issue.record("Recorded Golden/\(name). Check it, then run the tests again without RECORD_SNAPSHOTS.",
                             sourceLocation: sourceLocation)
            } catch {
                Issue.record("Could not record Golden/\(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard actual != expected else { return }
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(actualLines, expectedLines).enumerated().first { $1.0 != $1.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        let expectedLine = line < expectedLines.count ? String(expectedLines[line]) : "(end of file)"
        let actualLine = line < actualLines.count ? String(actualLines[line]) : "(end of output)"
        Issue.record("""
            Output differs from Golden/\(name) at line \(line + 1):
              expected: \(expectedLine)
              actual:   \(actualLine)
            If the change is intended, re-record with RECORD_SNAPSHOTS=1 swift test and review the diff.
            """, sourceLocation: sourceLocation)
    }
}
