import Testing
@testable import TraceXML
import TestSupport

/// Diffable data sources in a trace: section and item identifiers, `<apply>`, `<collection-view ios>` and
/// `<workload><diffable per-item>`.
@Suite("Diffable trace syntax", .tags(.fast))
struct DiffableFormatTests {
    static func header(_ data: String, view: String = "", workload: String = "") -> String {
        "  <collection-view width=\"390\" height=\"844\"\(view)/>\n  <layout name=\"f\"/>\n  <data>\(data)</data>\n\(workload)"
    }

    @Test("Identifier runs read in constant memory per run, write back with the ellipsis, and equal what was written")
    func roundTrip() throws {
        let text = document(events: """
            <apply t="1" animated="false" reconfigure="m3 x7" reload="m4"><section id="recent" items="n0...n1 m0…m999999 x7"/></apply>
            """, header: Self.header(#"<section id="recent" items="m0…m999999 x7 draft m07"/>"#, view: #" ios="14""#,
                                   workload: "  <workload><diffable per-item=\"0.5\"/></workload>\n"))
        let trace = try readTrace(text)
        let section = trace.header.sections[0]
        #expect(section.identifier == "recent")
        #expect(section.items == 1_000_003)
        #expect(section.itemIdentifiers?.runs.count == 4)
        #expect(trace.header.collectionView.iosVersion == 14)
        #expect(trace.header.workload?.diffablePerItem == 0.5)
        guard case .apply(let apply) = trace.events[0].kind else {
            Issue.record("not an apply")
            return
        }
        #expect(!apply.animated && !apply.reloadData && apply.reconfigure == ["m3", "x7"] && apply.reload == ["m4"])
        // "n0...n1" then "m0…m999999": two runs of different prefixes.
        #expect(apply.sections[0].itemIdentifiers?.runs.count == 3)
        let written = String(decoding: try TraceWriter.encode(trace), as: UTF8.self)
        #expect(written.contains(#"<section id="recent" items="m0…m999999 x7 draft m07"/>"#))
        #expect(written.contains(#"<section id="recent" items="n0…n1 m0…m999999 x7"/>"#))
        #expect(written.contains(#"ios="14""#))
        #expect(try Trace(bytes: Array(written.utf8)) == trace)
        #expect(TraceValidator.validate(bytes: bytes(text), path: "x.xml").isEmpty)
    }

    @Test("Defaults are not written: a trace without the new attributes writes as before")
    func defaultsNotWritten() throws {
        let trace = try readTrace(document(events: "", header: Self.header(#"<section items="3"/>"#,
                                                                          workload: "  <workload><diffable/></workload>\n")))
        #expect(trace.header.collectionView.iosVersion == 17)
        #expect(trace.header.workload?.diffablePerItem == 0.00012)
        let written = String(decoding: try TraceWriter.encode(trace), as: UTF8.self)
        #expect(!written.contains("ios=") && !written.contains("diffable") && !written.contains(" id="))
    }

    /// Line 5 is `<data>`'s: its `<section ` puts `items` at column 18.
    static let refusals: [Refusal] = [
        Refusal(header: header(#"<section items="m5…m3"/>"#),
                "x.xml:5:18: invalid run 'm5…m3' in attribute 'items' of <section>; expected a run PREFIXa…PREFIXb: "
                    + "the same prefix on both sides, numbers without leading zeros, a ≤ b", schema: false),
        Refusal(header: header(#"<section items="a1...b4"/>"#),
                "x.xml:5:18: invalid run 'a1...b4' in attribute 'items' of <section>; expected a run PREFIXa…PREFIXb: "
                    + "the same prefix on both sides, numbers without leading zeros, a ≤ b", schema: false),
        Refusal(header: header(#"<section items="10000001"/>"#),
                "x.xml:5:18: invalid value '10000001' for attribute 'items' of <section>; expected a number of items "
                    + "from 0 to 10,000,000 (the most a collection view holds in a replay)"),
        Refusal(header: header(#"<section items="3"/>"#, view: #" ios="12""#),
                "x.xml:3:45: invalid value '12' for attribute 'ios' of <collection-view>; expected an iOS version from 13 to 26"),
        Refusal(header: header(#"<section items="3"/>"#, workload: "  <workload><diffable per-item=\"-1\"/></workload>\n"),
                "x.xml:6:23: invalid value '-1' for attribute 'per-item' of <diffable>; expected a cost from 0 to 1,000 ms (one view's work on the main thread)"),
    ]

    @Test("A bad identifier run, iOS version or diff cost is refused with its position", arguments: refusals)
    func refuses(_ refusal: Refusal) throws {
        #expect(readError(refusal.document) == refusal.message)
        let diagnostics = TraceValidator.validate(bytes: bytes(refusal.document), path: "x.xml")
        #expect(diagnostics.map(\.description).contains(refusal.message), "\(diagnostics.map(\.description))")
        if refusal.schemaRefuses {
            let schema = try TraceValidator.schemaPass(source: .memory(bytes(refusal.document), offset: 0),
                                                       path: "x.xml", limits: .init())
            #expect(!schema.isEmpty)
        }
    }

    @Test("The writer refuses an identifier list that would read back differently")
    func writerRefuses() {
        var section = SectionDescription(identifier: "s", items: ItemIdentifierList(identifiers: ["7"]))
        var trace = Trace(header: TraceHeader(collectionView: CollectionViewConfiguration(size: Size(width: 390, height: 844)),
                                              layout: LayoutDescription(name: "flow"), sections: [section]),
                          events: [])
        #expect(throws: TraceError.self) { try TraceWriter.encode(trace) }
        section.itemIdentifiers = ItemIdentifierList(identifiers: ["a b"])
        trace.header.sections = [section]
        #expect(throws: TraceError.self) { try TraceWriter.encode(trace) }
        trace.header.sections = [SectionDescription(identifier: "s", items: ItemIdentifierList(identifiers: ["7", "8"]))]
        #expect(throws: Never.self) { try TraceWriter.encode(trace) }
    }
}
