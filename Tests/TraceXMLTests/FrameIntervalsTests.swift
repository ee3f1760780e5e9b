import Testing
@testable import TraceXML
import TestSupport

/// `<frame-intervals ms>`: every frame's own interval, as a display whose rate changes reports it (sentry-cocoa
/// PR #1915 derives each frame's budget from CADisplayLink's `targetTimestamp − timestamp` for that reason).
@Suite("Frame intervals", .tags(.fast))
struct FrameIntervalsTests {
    static func header(_ intervals: String, view: String = "") -> String {
        "  <collection-view width=\"390\" height=\"844\"\(view)/>\n  <frame-intervals ms=\"\(intervals)\"/>\n"
            + "  <layout name=\"f\"/>\n  <data/>\n"
    }

    @Test("Runs read into the model, in constant memory per run, and write back byte for byte")
    func readsAndWrites() throws {
        let text = document(events: "", header: Self.header("16.667*600 8.333*1200 20"))
        let trace = try readTrace(text)
        let intervals = try #require(trace.header.frameIntervals)
        #expect(intervals.runCount == 3 && intervals.frameCount == 1801)
        #expect(Array(intervals.runs) == [.init(milliseconds: 16.667, count: 600), .init(milliseconds: 8.333, count: 1200),
                                          .init(milliseconds: 20, count: 1)])
        let written = try TraceWriter.encode(trace)
        #expect(try Trace(bytes: written).header == trace.header)
        #expect(String(decoding: written, as: UTF8.self).contains(#"<frame-intervals ms="16.667*600 8.333*1200 20"/>"#))
        #expect(TraceValidator.validate(bytes: bytes(text), path: "x.xml").isEmpty)
    }

    @Test("A trace without the element reads none and writes none")
    func absent() throws {
        let trace = try readTrace(document(events: ""))
        #expect(trace.header.frameIntervals == nil)
        #expect(!String(decoding: try TraceWriter.encode(trace), as: UTF8.self).contains("frame-intervals"))
    }

    @Test("Equal neighbours are one run however they were written")
    func mergesRuns() throws {
        let trace = try readTrace(document(events: "", header: Self.header("8.333 8.333*2  16.667")))
        #expect(trace.header.frameIntervals?.description == "8.333*3 16.667")
    }

    static let expectation = "frame intervals 'MS MS …' of intervals from 1 to 10,000 ms (a frame lasts at most 10 seconds), "
        + "'MS*COUNT' for COUNT frames of one interval, such as '16.667*600 8.333*1200'"

    /// `ms` starts at column 20 of line 4.
    static let refusals: [Refusal] = [
        Refusal(header: header("16.667*600 0.5"),
                "x.xml:4:20: invalid value '16.667*600 0.5' for attribute 'ms' of <frame-intervals>; expected \(expectation) (entry 2 '0.5' is not one)",
                schema: false),
        Refusal(header: header("16.667*0"),
                "x.xml:4:20: invalid value '16.667*0' for attribute 'ms' of <frame-intervals>; expected \(expectation) (entry 1 '16.667*0' is not one)",
                schema: false),
        Refusal(header: header("16,667"),
                "x.xml:4:20: invalid value '16,667' for attribute 'ms' of <frame-intervals>; expected \(expectation) (entry 1 '16,667' is not one)"),
        Refusal(header: header(""),
                "x.xml:4:20: invalid value '' for attribute 'ms' of <frame-intervals>; expected \(expectation)"),
        Refusal(header: header("8.333*10000000 8.333*368001"),
                "x.xml:4:20: invalid value '8.333*10000000 8.333*368001' for attribute 'ms' of <frame-intervals>; expected at most 10,368,000 frames in all (24 hours at 120 Hz), but entry 2 '8.333*368001' brings them past it",
                schema: false),
    ]

    @Test("A bad list is refused with its position, by the reader, validate and the schema", arguments: refusals)
    func refuses(_ refusal: Refusal) throws {
        try refusal.expectRefused()
    }

    @Test("The element stands after <collection-view> and nowhere else")
    func placement() {
        let misplaced = document(events: "", header: """
          <collection-view width="390" height="844"/>
          <layout name="f"/>
          <frame-intervals ms="8.333"/>
          <data/>
        """)
        #expect(readError(misplaced) == "x.xml:5:3: unexpected element 'frame-intervals' after <layout>; expected 'data'")
    }

    /// UIScrollView's defaults: `bounces` true, `alwaysBounceVertical` and `alwaysBounceHorizontal` false (Apple's
    /// UIScrollView documentation).
    @Test("bounces and always-bounce-* read as UIScrollView's defaults and are written only when not the default")
    func bounceSettings() throws {
        let plain = try readTrace(document(events: "")).header.collectionView
        #expect(plain.bounces && !plain.alwaysBounceVertical && !plain.alwaysBounceHorizontal)
        let text = document(events: "", header: "  <collection-view width=\"390\" height=\"844\" bounces=\"false\" "
            + "always-bounce-vertical=\"true\" always-bounce-horizontal=\"true\"/>\n  <layout name=\"f\"/>\n  <data/>\n")
        let trace = try readTrace(text)
        let view = trace.header.collectionView
        #expect(!view.bounces && view.alwaysBounceVertical && view.alwaysBounceHorizontal)
        #expect(try Trace(bytes: TraceWriter.encode(trace)).header.collectionView == view)
        #expect(TraceValidator.validate(bytes: bytes(text), path: "x.xml").isEmpty)
        let plainText = String(decoding: try TraceWriter.encode(Trace(header: TraceHeader(
            collectionView: plain, layout: LayoutDescription(name: "f"), sections: []), events: [])), as: UTF8.self)
        #expect(!plainText.contains("bounce"))
    }
}
