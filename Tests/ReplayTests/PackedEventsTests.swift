import Testing
import Foundation
@testable import Replay
import Reporting
import TraceXML
import CollectionEngine
import TestSupport

@Suite("The events a session keeps: read back as a reader reads the trace", .tags(.fast))
struct PackedEventsTests {
    /// Every kind of event the scan keeps, a trace that breaks off with an error, and one cut off mid-event.
    static let traces: [(name: String, events: String, cut: Bool)] = [
        ("every kept kind", """
            <scroll t="0.016666666666666666" x="0" y="10"/>
            <drag t="0.02" phase="began" x="10" y="700"/>
            <drag t="0.03" phase="ended" x="10" y="600" velocity-x="0" velocity-y="-900"/>
            <tap t="0.5" x="100" y="100"/>
            <marker t="0.6" label="scrolled"/>
            <select t="0.7" section="0" item="3"/>
            <scroll-to-item t="0.8" section="0" item="40" animated="true"/>
            <resize t="0.9" width="400" height="800"/>
            <scroll t="1" x="0" y="20"/>
            <scroll t="1.0167" x="-0.5" y="-20.25"/>
            <scroll t="1.0333" x="-0.5" y="-20.125"/>
            <drag t="1.05" phase="began" x="12.5" y="600"/>
            <scroll t="1.0500001" x="0" y="1e3"/>
            <scroll t="1.06" x="0" y="-0"/>
            <scroll t="1.07" x="0" y="0.1234567891"/>
            <drag t="1.08" phase="cancelled" x="1" y="2" velocity-x="3.25" velocity-y="-4"/>
            <scroll t="1.1" x="0" y="123456.5"/>
            """, false),
        ("an error after two events", """
            <scroll t="0.02" x="0" y="100"/>
            <tap t="0.03" x="1" y="1"/>
            <scroll t="0.06" x="0" y="fast"/>
            <scroll t="0.08" x="0" y="300"/>
            """, false),
        ("cut off inside an event", """
            <scroll t="0.02" x="0" y="100"/>
            <scroll t="0.04" x="0" y="200"/>
            """, true),
    ]

    private func reader(_ path: String) throws -> TraceReader {
        try TraceReader(path: path, options: .init(allowsTruncation: true))
    }

    @Test("The same events with the same locations, the same error after them, the reader's warnings at the end",
          arguments: 0..<3)
    func sameAsReader(_ index: Int) throws {
        let trace = Self.traces[index]
        let file = try TraceFile(events: trace.events)
        if trace.cut {
            let text = try String(contentsOfFile: file.path, encoding: .utf8)
            try String(text[..<text.range(of: "y=\"200\"")!.lowerBound]).write(toFile: file.path, atomically: true,
                                                                               encoding: .utf8)
        }
        let scanning = try reader(file.path)
        let kept = PackedEvents(path: file.path, reader: scanning)
        var failure: TraceError?
        do {
            while let event = try scanning.next() { #expect(kept.append(event)) }
        } catch {
            failure = error
        }
        kept.finish(scanning, failure: failure)

        let reference = try reader(file.path)
        let cursor = kept.cursor()
        #expect(cursor.warnings == reference.warnings)
        while true {
            let expected: Result<TraceEvent?, TraceError> = Result { () throws(TraceError) in try reference.next() }
            let read: Result<TraceEvent?, TraceError> = Result { () throws(TraceError) in try cursor.next() }
            switch (expected, read) {
            case (.success(let a), .success(let b)):
                #expect(a == b)
                #expect(a?.location == b?.location)
                #expect(cursor.warnings == reference.warnings)
                if a == nil || b == nil {
                    #expect(try cursor.next() == nil)
                    #expect(reference.warnings.isEmpty == !trace.cut)
                    return
                }
            case (.failure(let a), .failure(let b)):
                #expect(a == b)
                #expect(try cursor.next() == nil)
                #expect(cursor.warnings == reference.warnings)
                return
            default:
                Issue.record("the reader gave \(expected), the kept events \(read)")
                return
            }
        }
    }

    @Test("Data changes and layout switches are kept whole, and count at their size")
    func keptWhole() throws {
        let file = try TraceFile(events: """
            <scroll t="0.02" x="0" y="100"/>
            <batch t="0.5"><delete-items section="0" at="1"/></batch>
            """)
        let scanning = try reader(file.path)
        let kept = PackedEvents(path: file.path)
        #expect(kept.append(try #require(try scanning.next())))
        let before = kept.bytes
        let batch = try #require(try scanning.next())
        #expect(kept.append(batch))
        #expect(kept.bytes > before + MemoryLayout<TraceEvent>.stride)
        let cursor = kept.cursor()
        _ = try cursor.next()
        #expect(try cursor.next() == batch)
    }

    @Test("A steady scroll is kept in at most 5 bytes an event")
    func steadyScroll() throws {
        let lines = (1...20_000).map { frame in
            "<scroll t=\"\(String(format: "%.4f", Double(frame) / 60))\" x=\"0\" y=\"\(Double(frame % 2000) * 10.25)\"/>"
        }
        let file = try TraceFile(events: lines.joined(separator: "\n"))
        let scanning = try reader(file.path)
        let kept = PackedEvents(path: file.path, reader: scanning)
        while let event = try scanning.next() { #expect(kept.append(event)) }
        kept.finish(scanning, failure: nil)
        #expect(kept.bytes <= 2 * 65_536)
        let reference = try reader(file.path)
        let cursor = kept.cursor()
        while let event = try reference.next() {
            let read = try cursor.next()
            #expect(read == event && read?.location == event.location)
        }
        #expect(try cursor.next() == nil)
    }

    @Test("Every decimal number of up to 9 places packs, at any previous exponent; a time to 17 digits does not",
          arguments: [UInt64(1), 2, 3])
    func decimalsPack(_ seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        /// `count` × 10⁻ᵉ as the trace writes it: the count's digits with the point `places` from the right.
        func text(_ count: Int64, places: Int) -> String {
            var digits = String(count.magnitude)
            if places > 0 {
                digits = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
                digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
            }
            return (count < 0 ? "-" : "") + digits
        }
        // Within a million points: then a count of 10⁻⁹ is below 2⁵⁰, so that an offset of fewer places after
        // one of 9 packs at 9 places (further out the product may round off the count, and it is kept whole).
        let lines = (1...3_000).map { frame in
            let places = Int(random.next() % 10)
            let points = [1_000, 100_000, 1_000_000][Int(random.next() % 3)] as Int64
            var magnitude = points
            for _ in 0..<places { magnitude *= 10 }
            let count = Int64(random.next() % UInt64(2 * magnitude)) - magnitude
            return "<scroll t=\"\(text(Int64(frame) * 17, places: 3))\" x=\"\(text(count, places: places))\" y=\"\(frame)\"/>"
        }
        let file = try TraceFile(events: lines.joined(separator: "\n"))
        let scanning = try reader(file.path)
        let kept = PackedEvents(path: file.path, reader: scanning)
        while let event = try scanning.next() { #expect(kept.append(event)) }
        kept.finish(scanning, failure: nil)
        // Chunks only: an event kept whole would add its size.
        #expect(kept.bytes.isMultiple(of: 65_536), "seed \(seed)")
        let reference = try reader(file.path)
        let cursor = kept.cursor()
        while let event = try reference.next() {
            let read = try cursor.next()
            #expect(read == event && read?.location == event.location, "seed \(seed)")
        }

        let whole = try TraceFile(events: """
            <scroll t="0.016666666666666666" x="0" y="10"/>
            <scroll t="0.03333333333333333" x="0" y="20"/>
            """)
        let wholeReader = try reader(whole.path)
        let wholeKept = PackedEvents(path: whole.path, reader: wholeReader)
        while let event = try wholeReader.next() { #expect(wholeKept.append(event)) }
        #expect(wholeKept.bytes == 65_536 + 2 * MemoryLayout<TraceEvent>.stride)
    }

    @Test("A replay of kept events measures what a replay reading the trace measures")
    func replayMatches() throws {
        let events = Self.traces[0].events
        let file = try TraceFile(events: events)
        let options = ReplayOptions(repeats: 2, warmup: 1)
        let a = try ReplayRunner(makeClock: { ManualClock() }).replay(file.path, options: options)
        // The same events, read from the trace by the pass.
        let (pass, reader) = try ReplayRunner().makeQuietPass(file.path, options: options, keepsEvents: false)
        let b = pass.run(reader)
        #expect(b.failure == nil)
        let frames = a.repeats[0].frames.count
        #expect(frames > 1)
        #expect(b.framesRun == frames)
        #expect(a.counters == CounterValues(b.counters))
    }
}
