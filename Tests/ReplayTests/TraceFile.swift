import Foundation
import Reporting
import TestSupport

/// A trace written to a temporary file for the duration of a test.
struct TraceFile {
    let path: String

    /// Writes a trace with `header` (the elements between `<trace>` and `<events>`) and `events`.
    init(header: String = TraceFile.grid, events: String, name: String = #function) throws {
        let directory = try ScratchDirectory.folder("replay")
        let safe = name.filter { $0.isLetter || $0.isNumber }
        path = directory.appendingPathComponent("\(safe)-\(UUID().uuidString.prefix(8)).xml").path
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <trace version="1">
            \(header)
              <events>
            \(events)
              </events>
            </trace>

            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A 390 × 844 screen of 100-point items, 3 per line, with a workload: create 1 ms, configure 0.5 ms,
    /// prepare-for-reuse 0.25 ms.
    static let grid = """
          <collection-view width="390" height="844" refresh-rate="60"/>
          <layout name="flow" item-size="100 100" section-inset="10 10 10 10"/>
          <data><section items="300"/></data>
          <workload><cell reuse-identifier="cell" create="1" configure="0.5" prepare-for-reuse="0.25"/></workload>
        """
}
