import Testing
import Foundation
import Replay
import Reporting
import TestSupport
import TraceXML

@Suite("Shipped traces")
struct ShippedTracesTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Traces")

    @Test("Every shipped trace is exactly what its synthesizer makes", arguments: ShippedTraces.all.map(\.file))
    func upToDate(file: String) throws {
        let entry = try #require(ShippedTraces.all.first { $0.file == file })
        let expected = try TraceWriter.encode(entry.synthesizer.trace())
        let url = Self.traces.appendingPathComponent(file)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
            try Data(expected).write(to: url, options: .atomic)
            Issue.record("Recorded \(file) anew; run the tests again without RECORD_SNAPSHOTS.")
            return
        }
        let actual = try [UInt8](Data(contentsOf: url))
        #expect(actual == expected,
                "Traces/\(file) is not what the synthesizer makes: run RECORD_SNAPSHOTS=1 swift test --filter ShippedTraces")
    }

    @Test("Every shipped trace validates without a problem", arguments: ShippedTraces.all.map(\.file))
    func valid(file: String) {
        #expect(TraceChecker.validate(path: Self.traces.appendingPathComponent(file).path).map(\.description) == [])
    }

    @Test("The synthesizer is deterministic and scrolls within the content")
    func deterministic() throws {
        let entry = ShippedTraces.all[0]
        let a = try TraceWriter.encode(entry.synthesizer.trace())
        let b = try TraceWriter.encode(entry.synthesizer.trace())
        #expect(a == b)
        var other = entry.synthesizer
        other.seed += 1
        #expect(try TraceWriter.encode(other.trace()) != a)
        let content = try SessionSynthesizer.contentSize(of: entry.synthesizer.header)
        let offsets = try entry.synthesizer.events().compactMap { event -> Double? in
            if case .scroll(let offset) = event.kind { return offset.y }
            return nil
        }
        #expect(offsets.count > 500)
        #expect(offsets.allSatisfy { $0 >= 0 && $0 <= content.height - 844 })
    }
}
