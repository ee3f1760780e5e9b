import Testing
@testable import TraceXML
import TestSupport

/// One attribute set to one value, where it sits in a trace: the value must be refused by the reader, the
/// writer's checks and the schema alike (``Refusal``: the message is the start of the diagnostic after
/// `x.xml:L:C: `, up to the expectation's range).
typealias RangeCase = Refusal

private func view(_ attributes: String) -> String {
    "  <collection-view \(attributes)/>\n  <layout name=\"flow\"/>\n  <data><section items=\"10\"/></data>\n"
}

private func data(_ sections: String) -> String {
    "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data>\(sections)</data>\n"
}

private func workload(_ attributes: String) -> String {
    "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"10\"/></data>\n"
        + "  <workload><cell reuse-identifier=\"cell\" \(attributes)/></workload>\n"
}

/// Values out of range, and values that are no numbers at all, for every numeric attribute.
let outOfRange: [RangeCase] = [
    RangeCase(header: view(#"width="390" height="844" refresh-rate="1e-11""#),
              "invalid value '1e-11' for attribute 'refresh-rate' of <collection-view>; expected a refresh rate from 1 to 240 Hz"),
    RangeCase(header: view(#"width="390" height="844" refresh-rate="1e-300""#),
              "invalid value '1e-300' for attribute 'refresh-rate' of <collection-view>; expected a refresh rate from 1 to 240 Hz"),
    RangeCase(header: view(#"width="390" height="844" refresh-rate="1e300""#),
              "invalid value '1e300' for attribute 'refresh-rate' of <collection-view>; expected a refresh rate from 1 to 240 Hz"),
    RangeCase(header: view(#"width="390" height="844" refresh-rate="241""#),
              "invalid value '241' for attribute 'refresh-rate' of <collection-view>; expected a refresh rate from 1 to 240 Hz"),
    RangeCase(header: view(#"width="390" height="844" refresh-rate="nan""#),
              "invalid value 'nan' for attribute 'refresh-rate' of <collection-view>; expected a refresh rate"),
    RangeCase(header: view(#"width="390" height="844" refresh-rate="""#),
              "invalid value '' for attribute 'refresh-rate' of <collection-view>; expected a refresh rate"),
    RangeCase(header: view(#"width="1e9" height="844""#),
              "invalid value '1e9' for attribute 'width' of <collection-view>; expected a length from 1 to 100,000 points"),
    RangeCase(header: view(#"width="1e308" height="844""#),
              "invalid value '1e308' for attribute 'width' of <collection-view>; expected a length from 1 to 100,000 points"),
    RangeCase(header: view(#"width="390" height="0""#),
              "invalid value '0' for attribute 'height' of <collection-view>; expected a length from 1 to 100,000 points"),
    RangeCase(header: view(#"width="390" height="inf""#),
              "invalid value 'inf' for attribute 'height' of <collection-view>; expected a length"),
    RangeCase(header: view(#"width="390" height="844" content-inset="0 0 0 1e308""#),
              "invalid value '0 0 0 1e308' for attribute 'content-inset' of <collection-view>; expected insets 'TOP LEFT BOTTOM RIGHT' of lengths from -100,000 to 100,000 points", schema: false),
    RangeCase(header: data(#"<section items="100000000000"/>"#),
              "invalid value '100000000000' for attribute 'items' of <section>; expected a number of items from 0 to 10,000,000"),
    RangeCase(header: data(#"<section items="1000000000000000000000"/>"#),
              "invalid value '1000000000000000000000' for attribute 'items' of <section>; expected a number of items from 0 to 10,000,000"),
    RangeCase(header: data(#"<section items="2" item-sizes="1 1, 1e-320 1"/>"#),
              "invalid value '1 1, 1e-320 1' for attribute 'item-sizes' of <section>; expected sizes 'WIDTH HEIGHT, WIDTH HEIGHT, …' of lengths from 0 to 100,000 points, 'WIDTH HEIGHT*COUNT' for COUNT items of one size, such as '100 100, 50 80*3' (entry 2 '1e-320 1' is not one)", schema: false),
    RangeCase(header: data(#"<section items="1" item-sizes="100001 1"/>"#),
              "invalid value '100001 1' for attribute 'item-sizes' of <section>; expected sizes 'WIDTH HEIGHT, WIDTH HEIGHT, …' of lengths from 0 to 100,000 points, 'WIDTH HEIGHT*COUNT' for COUNT items of one size, such as '100 100, 50 80*3' (entry 1 '100001 1' is not one)", schema: false),
    RangeCase(header: workload(#"create="1e11""#),
              "invalid value '1e11' for attribute 'create' of <cell>; expected a cost from 0 to 1,000 ms"),
    RangeCase(header: workload(#"configure="-1""#),
              "invalid value '-1' for attribute 'configure' of <cell>; expected a cost from 0 to 1,000 ms"),
    RangeCase(events: #"<scroll t="1e9" x="0" y="10"/>"#,
              "invalid value '1e9' for attribute 't' of <scroll>; expected a time from 0 to 86,400 seconds"),
    RangeCase(events: #"<scroll t="86400.5" x="0" y="10"/>"#,
              "invalid value '86400.5' for attribute 't' of <scroll>; expected a time from 0 to 86,400 seconds"),
    RangeCase(events: #"<scroll t="1" x="0" y="1e308"/>"#,
              "invalid value '1e308' for attribute 'y' of <scroll>; expected a coordinate from -10,000,000,000 to 10,000,000,000 points"),
    RangeCase(events: #"<tap t="1" x="-1e11" y="0"/>"#,
              "invalid value '-1e11' for attribute 'x' of <tap>; expected a coordinate"),
    RangeCase(events: #"<drag t="1" phase="ended" x="0" y="0" velocity-x="0" velocity-y="-1e7"/>"#,
              "invalid value '-1e7' for attribute 'velocity-y' of <drag>; expected a velocity from -1,000,000 to 1,000,000 points per second"),
    RangeCase(events: #"<pinch t="1" phase="began" x="0" y="0" scale="1e-320"/>"#,
              "invalid value '1e-320' for attribute 'scale' of <pinch>; expected a scale from 0.001 to 1,000"),
    RangeCase(events: #"<pinch t="1" phase="began" x="0" y="0" scale="1001"/>"#,
              "invalid value '1001' for attribute 'scale' of <pinch>; expected a scale from 0.001 to 1,000"),
    RangeCase(events: #"<batch t="0.1" animated="true" duration="1e9"><delete-items section="0" at="1"/></batch>"#,
              "invalid value '1e9' for attribute 'duration' of <batch>; expected a duration from 0 to 60 seconds"),
    RangeCase(events: #"<set-layout t="1" animated="true" duration="61"><layout name="grid"/></set-layout>"#,
              "invalid value '61' for attribute 'duration' of <set-layout>; expected a duration from 0 to 60 seconds"),
    RangeCase(events: #"<transition t="1" phase="changed" progress="1e308"/>"#,
              "invalid value '1e308' for attribute 'progress' of <transition>; expected a progress from -1 to 2"),
    RangeCase(events: #"<resize t="1" width="1e9" height="100"/>"#,
              "invalid value '1e9' for attribute 'width' of <resize>; expected a length from 1 to 100,000 points"),
    RangeCase(events: #"<select t="1" section="100000" item="0"/>"#,
              "invalid value '100000' for attribute 'section' of <select>; expected a section index from 0 to 99,999"),
    RangeCase(events: #"<menu t="1" section="0" item="10000000" action="copy"/>"#,
              "invalid value '10000000' for attribute 'item' of <menu>; expected an item index from 0 to 9,999,999"),
    RangeCase(events: #"<batch t="1"><insert-section at="0" items="10000001"/></batch>"#,
              "invalid value '10000001' for attribute 'items' of <insert-section>; expected a number of items from 0 to 10,000,000"),
    RangeCase(events: #"<batch t="1"><delete-section at="999999999999999999"/></batch>"#,
              "invalid value '999999999999999999' for attribute 'at' of <delete-section>; expected a section index"),
    RangeCase(events: #"<batch t="1"><delete-items section="0" at="1 10000000"/></batch>"#,
              "invalid value '1 10000000' for attribute 'at' of <delete-items>; expected a list of item indices from 0 to 9,999,999", schema: false),
    RangeCase(events: #"<batch t="1" counts-after="10000001"/>"#,
              "invalid value '10000001' for attribute 'counts-after' of <batch>; expected a list of numbers of items from 0 to 10,000,000", schema: false),
    RangeCase(events: #"<batch t="1"><move-item from="100000 0" to="0 0"/></batch>"#,
              "invalid value '100000 0' for attribute 'from' of <move-item>; expected an index path 'SECTION ITEM'", schema: false),
]

/// The bounds themselves, which every check accepts.
let atBounds: [String] = [
    document(events: "", header: view(#"width="1" height="100000" refresh-rate="240" content-inset="-100000 0 0 100000""#)),
    document(events: "", header: view(#"width="390" height="844" refresh-rate="1""#)),
    document(events: "", header: workload(#"create="1000" configure="0" prepare-for-reuse="0.001""#)),
    document(events: """
        <scroll t="0" x="-10000000000" y="10000000000"/>
        <drag t="1" phase="began" x="0" y="0"/>
        <drag t="1" phase="ended" x="0" y="0" velocity-x="-1000000" velocity-y="1000000"/>
        <pinch t="2" phase="began" x="0" y="0" scale="0.001"/>
        <pinch t="2" phase="ended" x="0" y="0" scale="1000"/>
        <batch t="3" duration="60"><insert-items section="0" at="0" sizes="100000 0"/></batch>
        <transition t="4" phase="began"><layout name="grid"/></transition>
        <transition t="4" phase="changed" progress="-1"/>
        <transition t="4" phase="changed" progress="2"/>
        <transition t="4" phase="finished"/>
        <select t="5" section="0" item="9999999"/>
        <resize t="86400" width="100000" height="1"/>
    """),
]

@Suite("Value ranges", .tags(.fast))
struct ValueRangeTests {
    @Test("A value out of its range, or no number at all, is an error naming the value, the range and why",
          arguments: outOfRange)
    func refused(_ range: RangeCase) throws {
        let error = try #require(readError(range.document))
        #expect(error.hasPrefix("x.xml:"))
        #expect(error.contains(": " + range.message), "\(error)")
    }

    @Test("The exact message for a refresh rate of 1e-11, with its position")
    func refreshRateMessage() {
        let text = document(events: "", header: view(#"width="390" height="844" refresh-rate="1e-11""#))
        #expect(readError(text) == "x.xml:3:45: invalid value '1e-11' for attribute 'refresh-rate' of "
            + "<collection-view>; expected a refresh rate from 1 to 240 Hz (the fastest displays refresh at 240 Hz)")
    }

    @Test("validate reports the same error", arguments: outOfRange)
    func validateAgrees(_ range: RangeCase) {
        let diagnostics = TraceValidator.validate(bytes: bytes(range.document), path: "x.xml")
        #expect(diagnostics.contains { $0.description.contains(": " + range.message) }, "\(diagnostics)")
    }

    @Test("The schema refuses every single out-of-range number too", arguments: outOfRange.filter(\.schemaRefuses))
    func schemaRefuses(_ range: RangeCase) throws {
        let diagnostics = try TraceValidator.schemaPass(source: .memory(bytes(range.document), offset: 0),
                                                        path: "x.xml", limits: .init())
        #expect(!diagnostics.isEmpty, "the schema accepted: \(range.message)")
    }

    @Test("Values at the bounds are read, and the schema accepts them", arguments: atBounds)
    func bounds(_ text: String) throws {
        #expect(readError(text) == nil)
        let diagnostics = try TraceValidator.schemaPass(source: .memory(bytes(text), offset: 0), path: "x.xml",
                                                        limits: .init())
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
    }

    @Test("The writer refuses what the reader refuses, with the same range", arguments: [
        (TraceEvent(time: 1, .scroll(offset: Point(x: 0, y: 1e308))),
         "event 0 (<scroll>) offset y is 1e+308; expected a coordinate from -10,000,000,000 to 10,000,000,000 points (beyond the content of the largest trace)"),
        (TraceEvent(time: 1e9, .marker(label: "")),
         "event 0 (<marker>) time is 1000000000.0; expected a time from 0 to 86,400 seconds (a session lasts at most 24 hours)"),
        (TraceEvent(time: 1, .resize(Size(width: 1e9, height: 1))),
         "event 0 (<resize>) width is 1000000000.0; expected a length from 1 to 100,000 points (25 times the widest display)"),
        (TraceEvent(time: 1, .transition(.changed(progress: 5e-324))),
         "event 0 (<transition>) progress is 5e-324; expected a progress from -1 to 2 (0 is the old layout, 1 the new one)"),
    ])
    func writerRefuses(_ event: TraceEvent, _ message: String) throws {
        let header = TraceHeader(collectionView: CollectionViewConfiguration(size: Size(width: 1, height: 1)),
                                 layout: LayoutDescription(name: "flow"), sections: [])
        let writer = try TraceWriter(header: header)
        #expect { try writer.write(event) } throws: { ($0 as? TraceError)?.message == message }
    }

    @Test("A refresh rate out of range is refused by the writer before anything is written")
    func writerRefusesHeader() {
        let header = TraceHeader(collectionView: CollectionViewConfiguration(size: Size(width: 320, height: 568),
                                                                             refreshRate: 1e9),
                                 layout: LayoutDescription(name: "flow"), sections: [])
        #expect { try TraceWriter(header: header) } throws: {
            ($0 as? TraceError)?.message
                == "refresh rate is 1000000000.0; expected a refresh rate from 1 to 240 Hz (the fastest displays refresh at 240 Hz)"
        }
    }
}

@Suite("Machine limits in the reader", .tags(.fast))
struct ReaderLimitTests {
    @Test("Items in all past the limit are an error at the section that passes it")
    func totalItems() {
        let text = document(events: "", header: data(#"<section items="6000000"/><section items="5000000"/>"#))
        #expect(readError(text) == "x.xml:5:44: <data> holds 11,000,000 items up to this section; a collection view "
            + "holds at most 10,000,000 items in a replay")
        let reload = document(events: #"<reload-data t="1"><section items="10000000"/><section items="1"/></reload-data>"#)
        #expect(readError(reload) == "x.xml:7:56: <reload-data> holds 10,000,001 items up to this section; a "
            + "collection view holds at most 10,000,000 items in a replay")
    }

    @Test("More sections than the limit are an error at the first one too many")
    func sections() {
        let many = String(repeating: "<section items=\"0\"/>", count: TraceLimits.sections + 1)
        let error = readError(document(events: "", header: data(many)))
        #expect(error == "x.xml:5:\(9 + 20 * TraceLimits.sections): more than 100,000 sections in <data>; a collection "
            + "view holds at most 100,000 sections in a replay")
        let enough = String(repeating: "<section items=\"0\"/>", count: TraceLimits.sections)
        #expect(readError(document(events: "", header: data(enough))) == nil)
    }

    /// `<meta>` with `count` attributes named `a0`, `a1`, …
    private func meta(_ count: Int, value: String = "x") -> String {
        let attributes = (0..<count).map { "a\($0)=\"\(value)\"" }.joined(separator: " ")
        return "<?xml version=\"1.0\"?>\n<trace version=\"1\">\n<meta \(attributes)/>\n"
            + "  <collection-view width=\"320\" height=\"568\"/>\n  <layout name=\"flow\"/>\n  <data/>\n  <events/>\n</trace>\n"
    }

    @Test("An element with more attributes than the limit is refused before libxml2 parses it")
    func attributes() {
        let message = "x.xml:3:1: <meta> has more than 256 attributes; an element of a trace (one in <meta> too) has "
            + "at most 256, so that no element costs the XML parser time or memory out of proportion"
        #expect(readError(meta(257)) == message)
        #expect(readError(meta(256)) == nil)
        // 20,000 took validate 16 s and 3 GB in libxml2's RELAX NG validator; 100,000 hung every command in
        // its duplicate-attribute check. Both stop at the 257th now, in the reader and in the schema pass.
        for count in [20_000, 100_000] {
            #expect(readError(meta(count)) == message)
            #expect(TraceValidator.validate(bytes: bytes(meta(count)), path: "x.xml").map(\.description) == [message])
        }
    }

    @Test("Quoted values, comments and processing instructions do not fool the attribute count")
    func attributeCountIgnoresQuotedText() {
        // 256 attributes whose values hold '=' and '>' are within the limit.
        #expect(readError(meta(256, value: "a=b>c=d")) == nil)
        let comment = "<!-- " + String(repeating: "x=\"1\" ", count: 300) + "-->"
        let pi = "<?pi " + String(repeating: "x=\"1\" > ", count: 300) + "?>"
        let text = document(events: comment + "\n" + pi + "\n<scroll t=\"1\" x=\"0\" y=\"0\"/>")
        #expect(readError(text) == nil)
        let inner = String(repeating: "<entry k=\"" + String(repeating: "=", count: 10) + "\"/>", count: 300)
        let nested = "<?xml version=\"1.0\"?>\n<trace version=\"1\">\n<meta>\(inner)</meta>\n"
            + "  <collection-view width=\"320\" height=\"568\"/>\n  <layout name=\"flow\"/>\n  <data/>\n  <events/>\n</trace>\n"
        #expect(readError(nested) == nil)
    }

    @Test("The count follows start tags split across the reader's chunks")
    func attributesAcrossChunks() {
        var counter = AttributeCounter(limit: 3)
        let text = Array("<a x='1' y=\"=>\"><!-- a=b c=d e=f g=h --><b p='1' q='2' r='3' s='4'/>".utf8)
        var offset = 0
        var refused = false
        while offset < text.count && !refused {
            let end = min(offset + 3, text.count)
            refused = !text[offset..<end].withUnsafeBytes { counter.feed($0, at: offset) }
            offset = end
        }
        #expect(refused)
        #expect(counter.tagOffset == 40)
    }
}
