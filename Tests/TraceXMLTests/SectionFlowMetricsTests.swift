import Testing
@testable import TraceXML
import TestSupport

/// A `<section>`'s own flow metrics: `inset`, `minimum-line-spacing`, `minimum-interitem-spacing`,
/// `header-size` and `footer-size`.
@Suite("Section flow metrics", .tags(.fast))
struct SectionFlowMetricsTests {
    static func header(_ section: String) -> String {
        "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"f\"/>\n  <data>\(section)</data>\n"
    }

    @Test("A section's metrics read into the model and write back to the same trace; a section without them has none")
    func readsAndRoundTrips() throws {
        let text = document(events: "", header: Self.header(
            #"<section items="3" inset="1 2 3 4" minimum-line-spacing="5" minimum-interitem-spacing="0" "#
                + #"header-size="100 40" footer-size="0 30"/><section items="2"/>"#))
        let trace = try readTrace(text)
        let sections = trace.header.sections
        #expect(sections[0].flow == SectionDescription.FlowMetrics(
            inset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), minimumLineSpacing: 5, minimumInteritemSpacing: 0,
            headerSize: Size(width: 100, height: 40), footerSize: Size(width: 0, height: 30)))
        #expect(sections[1].flow == .none)
        let written = try TraceWriter.encode(trace)
        #expect(String(decoding: written, as: UTF8.self).contains(
            #"<section items="3" inset="1 2 3 4" minimum-line-spacing="5" minimum-interitem-spacing="0" header-size="100 40" footer-size="0 30"/>"#))
        #expect(try Trace(bytes: written).header.sections == sections)
        #expect(TraceValidator.validate(bytes: bytes(text), path: "x.xml").isEmpty)
    }

    static let spacing = "a spacing from 0 to 100,000 points"
    static let size = "a size 'WIDTH HEIGHT' of lengths from 0 to 100,000 points such as '100 100'"
    static let insets = "insets 'TOP LEFT BOTTOM RIGHT' of lengths from 0 to 100,000 points such as '10 10 10 10'"

    /// Line 5 is `<data>`'s; its `<section items="10" ` puts the next attribute at column 29.
    static let refusals: [Refusal] = [
        Refusal(header: header(#"<section items="10" inset="1 2 -3 4"/>"#),
                "x.xml:5:29: invalid value '1 2 -3 4' for attribute 'inset' of <section>; expected \(insets)"),
        Refusal(header: header(#"<section items="10" inset="1 2 3"/>"#),
                "x.xml:5:29: invalid value '1 2 3' for attribute 'inset' of <section>; expected \(insets)"),
        Refusal(header: header(#"<section items="10" inset="0 0 0 1e6"/>"#),
                "x.xml:5:29: invalid value '0 0 0 1e6' for attribute 'inset' of <section>; expected \(insets)",
                schema: false),
        Refusal(header: header(#"<section items="10" minimum-line-spacing="-1"/>"#),
                "x.xml:5:29: invalid value '-1' for attribute 'minimum-line-spacing' of <section>; expected \(spacing)"),
        Refusal(header: header(#"<section items="10" minimum-interitem-spacing="nan"/>"#),
                "x.xml:5:29: invalid value 'nan' for attribute 'minimum-interitem-spacing' of <section>; expected \(spacing)"),
        Refusal(header: header(#"<section items="10" minimum-line-spacing="1e6"/>"#),
                "x.xml:5:29: invalid value '1e6' for attribute 'minimum-line-spacing' of <section>; expected \(spacing)"),
        Refusal(header: header(#"<section items="10" header-size="10"/>"#),
                "x.xml:5:29: invalid value '10' for attribute 'header-size' of <section>; expected \(size)"),
        Refusal(header: header(#"<section items="10" footer-size="1 1e6"/>"#),
                "x.xml:5:29: invalid value '1 1e6' for attribute 'footer-size' of <section>; expected \(size)",
                schema: false),
    ]

    @Test("A bad value is refused with its position and range, by the reader and by validate", arguments: refusals)
    func refuses(_ refusal: Refusal) throws {
        try refusal.expectRefused()
    }

    @Test("The writer refuses what the reader would")
    func writerRefuses() {
        var trace = Trace(header: TraceHeader(collectionView: CollectionViewConfiguration(size: Size(width: 390, height: 844)),
                                              layout: LayoutDescription(name: "flow"),
                                              sections: [SectionDescription(items: 1, flow: .init(minimumLineSpacing: -1))]),
                          events: [])
        #expect(throws: TraceError.self) { try TraceWriter.encode(trace) }
        trace.header.sections[0].flow = .init(headerSize: Size(width: 1, height: .infinity))
        #expect(throws: TraceError.self) { try TraceWriter.encode(trace) }
    }
}
