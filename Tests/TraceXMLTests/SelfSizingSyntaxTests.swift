import Testing
@testable import TraceXML
import TestSupport

/// The trace syntax of self-sizing cells: `<cell measure>` and `<supplementary measure>` (the cost of one
/// `preferredLayoutAttributesFitting(_:)`), `<section unstable-items unstable-delta>` (cells that never settle).
/// The layout's `estimated-item-size` is a parameter of the flow layout, checked with the layout's parameters.
@Suite("Self-sizing syntax", .tags(.fast))
struct SelfSizingSyntaxTests {
    static func header(_ section: String, workload: String = "") -> String {
        "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"f\"/>\n  <data>\(section)</data>\n\(workload)"
    }

    @Test("Measure costs and unstable items read into the model and write back to the same trace")
    func readsAndRoundTrips() throws {
        let text = document(events: "", header: Self.header(
            #"<section items="30" unstable-items="4 17" unstable-delta="-6"/><section items="2"/>"#,
            workload: #"  <workload><cell reuse-identifier="cell" configure="1" measure="2.5"/><supplementary kind="header" measure="0.5"/></workload>"# + "\n"))
        let trace = try readTrace(text)
        #expect(trace.header.sections[0].unstableItems == [4, 17])
        #expect(trace.header.sections[0].unstableDelta == -6)
        #expect(trace.header.sections[1].unstableItems.isEmpty && trace.header.sections[1].unstableDelta == 0)
        #expect(trace.header.workload?.cells.first?.costs.measure == 2.5)
        #expect(trace.header.workload?.supplementaries.first?.costs.measure == 0.5)
        let written = String(decoding: try TraceWriter.encode(trace), as: UTF8.self)
        #expect(written.contains(#"<section items="30" unstable-items="4 17" unstable-delta="-6"/>"#))
        #expect(written.contains(#"measure="2.5""#))
        #expect(try Trace(bytes: Array(written.utf8)) == trace)
        #expect(TraceValidator.validate(bytes: bytes(text), path: "x.xml").isEmpty)
    }

    @Test("At their defaults the new attributes are not written, so older traces stay byte for byte the same")
    func defaultsAreNotWritten() throws {
        let text = document(events: "", header: Self.header(#"<section items="3"/>"#,
                                                             workload: #"  <workload><cell reuse-identifier="cell" configure="1"/></workload>"# + "\n"))
        let written = String(decoding: try TraceWriter.encode(try readTrace(text)), as: UTF8.self)
        #expect(!written.contains("measure") && !written.contains("unstable"))
    }

    /// Line 5 is `<data>`'s; its `<section items="10" ` puts the next attribute at column 29.
    static let refusals: [Refusal] = [
        Refusal(header: header(#"<section items="10" unstable-items="3 10"/>"#),
                "x.xml:5:29: attribute 'unstable-items' of <section> names item 10 but 'items' is 10; expected item indices from 0 to 9",
                schema: false),
        Refusal(header: header(#"<section items="10" unstable-items="3,4"/>"#),
                "x.xml:5:29: invalid value '3,4' for attribute 'unstable-items' of <section>; expected a list of item indices from 0 to 9,999,999 (a collection view holds at most 10,000,000 items) such as '0 1 2', at most 10,000 of them"),
        Refusal(header: header(#"<section items="10" unstable-delta="2e5"/>"#),
                "x.xml:5:29: invalid value '2e5' for attribute 'unstable-delta' of <section>; expected a size change from -100,000 to 100,000 points (an element's length either way)"),
        Refusal(header: header(#"<section items="10"/>"#, workload: #"  <workload><cell reuse-identifier="cell" measure="-1"/></workload>"# + "\n"),
                "x.xml:6:43: invalid value '-1' for attribute 'measure' of <cell>; expected a cost from 0 to 1,000 ms (one view's work on the main thread)"),
    ]

    @Test("A bad value is refused with its position and what was expected, by the reader and by validate",
          arguments: refusals)
    func refuses(_ refusal: Refusal) throws {
        #expect(readError(refusal.document) == refusal.message)
        let diagnostics = TraceValidator.validate(bytes: bytes(refusal.document), path: "x.xml")
        #expect(diagnostics.map(\.description).contains(refusal.message))
        if refusal.schemaRefuses {
            let schema = try TraceValidator.schemaPass(source: .memory(bytes(refusal.document), offset: 0),
                                                       path: "x.xml", limits: .init())
            #expect(!schema.isEmpty)
        }
    }

    @Test("The writer refuses what the reader would")
    func writerRefuses() {
        var section = SectionDescription(items: 3)
        section.unstableItems = [3]
        var trace = Trace(header: TraceHeader(collectionView: CollectionViewConfiguration(size: Size(width: 390, height: 844)),
                                              layout: LayoutDescription(name: "flow"), sections: [section]),
                          events: [])
        #expect(throws: TraceError.self) { try TraceWriter.encode(trace) }
        trace.header.sections[0].unstableItems = [2]
        trace.header.sections[0].unstableDelta = .infinity
        #expect(throws: TraceError.self) { try TraceWriter.encode(trace) }
        trace.header.sections[0].unstableDelta = 4
        trace.header.workload = Workload(cells: [Workload.Cell(reuseIdentifier: "cell", costs: .init(measure: -2))])
        #expect(throws: TraceError.self) { try TraceWriter.encode(trace) }
    }
}
