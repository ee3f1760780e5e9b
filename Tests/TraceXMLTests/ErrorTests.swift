import Testing
@testable import TraceXML
import TestSupport

/// A document the reader refuses, the exact diagnostic, and whether the RELAX NG schema refuses it too
/// (some rules — times, counts that must agree, ranges — are beyond RELAX NG).
struct Refusal: CustomTestStringConvertible, Sendable {
    let document: String
    let message: String
    let schemaRefuses: Bool

    init(events: String, _ message: String, schema: Bool = true) {
        document = TraceXMLTests.document(events: events)
        self.message = message
        schemaRefuses = schema
    }

    init(header: String, _ message: String, schema: Bool = true) {
        document = TraceXMLTests.document(events: "", header: header)
        self.message = message
        schemaRefuses = schema
    }

    init(whole: String, _ message: String, schema: Bool = true) {
        document = whole
        self.message = message
        schemaRefuses = schema
    }

    var testDescription: String { message }

    /// Expects the reader and validate to give exactly ``message``, and the schema to refuse the document when
    /// it can (``schemaRefuses``).
    func expectRefused() throws {
        #expect(readError(document) == message)
        let diagnostics = TraceValidator.validate(bytes: bytes(document), path: "x.xml")
        #expect(diagnostics.map(\.description).contains(message))
        if schemaRefuses {
            let schema = try TraceValidator.schemaPass(source: .memory(bytes(document), offset: 0), path: "x.xml",
                                                       limits: .init())
            #expect(!schema.isEmpty)
        }
    }
}

let validHeader = """
  <collection-view width="390" height="844"/>
  <layout name="flow"/>
  <data><section items="10"/></data>
"""

/// What a message about a size list says it expects.
let sizeListExpectation = "sizes 'WIDTH HEIGHT, WIDTH HEIGHT, …' of lengths from 0 to 100,000 points, "
    + "'WIDTH HEIGHT*COUNT' for COUNT items of one size, such as '100 100, 50 80*3'"

/// Line 7 is the first event's line in `document(events:)`; line 3 the first header line.
let refusals: [Refusal] = [
    // Elements.
    Refusal(events: #"<scrol t="1"/>"#,
            "x.xml:7:1: unknown element 'scrol' in <events>; expected one of 'scroll', 'orthogonal-scroll', 'drag', 'tap', 'long-press', 'menu', 'pinch', 'batch', 'reload-data', 'apply', 'scroll-to-item', 'select', 'deselect', 'set-layout', 'transition', 'resize', 'marker'"),
    Refusal(events: #"<batch t="1">  <insert-item section="0" at="1"/></batch>"#,
            "x.xml:7:16: unknown element 'insert-item' in <batch>; expected one of 'delete-items', 'reload-items', 'move-item', 'insert-items', 'insert-section', 'delete-section', 'reload-section', 'move-section'"),
    Refusal(events: #"<scroll t="1" x="0" y="0"><tap t="1" x="0" y="0"/></scroll>"#,
            "x.xml:7:27: unexpected element 'tap' in <scroll>; <scroll> has no child elements"),
    Refusal(events: #"<reload-data t="1"><sections items="1"/></reload-data>"#,
            "x.xml:7:20: unknown element 'sections' in <reload-data>; expected 'section'"),
    Refusal(events: #"<set-layout t="1"></set-layout>"#, "x.xml:7:1: missing element <layout> in <set-layout>"),
    Refusal(events: #"<set-layout t="1"><layout name="a"/><layout name="b"/></set-layout>"#,
            "x.xml:7:37: unexpected element 'layout' in <set-layout>; it takes a single <layout>"),
    Refusal(events: #"<transition t="1" phase="began"/>"#,
            "x.xml:7:1: missing element <layout> in <transition phase=\"began\">"),
    Refusal(events: #"<transition t="1" phase="finished"><layout name="a"/></transition>"#,
            "x.xml:7:36: unexpected element 'layout' in <transition phase=\"finished\">; only phase 'began' takes a <layout>"),
    Refusal(whole: #"<?xml version="1.0"?><tracer version="1"/>"#, "x.xml:1:22: unknown root element 'tracer'; expected 'trace'"),
    Refusal(header: "  <layout name=\"flow\"/>\n" + validHeader,
            "x.xml:3:3: unexpected element 'layout' in <trace>; expected 'collection-view'"),
    Refusal(header: "  <collection-view width=\"1\" height=\"1\"/>\n  <data/>\n",
            "x.xml:4:3: unexpected element 'data' after <collection-view>; expected 'layout'"),
    Refusal(header: validHeader + "  <workloads/>\n",
            "x.xml:5:39: unknown element 'workloads' after <data>; expected 'events'"),
    Refusal(header: validHeader + "  <workload><view reuse-identifier=\"a\"/></workload>\n",
            "x.xml:5:49: unknown element 'view' in <workload>; expected one of 'cell', 'supplementary', 'diffable', 'visible-items-handler'"),
    Refusal(whole: "<?xml version=\"1.0\"?>\n<trace version=\"1\">\n" + validHeader + "</trace>\n",
            "x.xml:2:1: missing element <events> in <trace>"),
    Refusal(whole: "<?xml version=\"1.0\"?>\n<trace version=\"1\">\n" + validHeader + "<events/><marker t=\"1\" label=\"\"/></trace>\n",
            "x.xml:5:46: unexpected element 'marker' after <events>; <events> is the last element of <trace>"),
    Refusal(events: "<marker t=\"1\" label=\"a\">text</marker>",
            "x.xml:7:1: unexpected text 'text' in <marker>; trace elements hold no text"),
    // Attributes.
    Refusal(events: #"<scroll t="1" x="0" y="1" z="2"/>"#, "x.xml:7:27: unknown attribute 'z' on <scroll>; expected one of 't', 'x', 'y'"),
    Refusal(events: #"<scroll t="1" x="0"/>"#, "x.xml:7:1: missing attribute 'y' on <scroll>"),
    Refusal(events: #"<scroll x="0" y="0"/>"#, "x.xml:7:1: missing attribute 't' on <scroll>"),
    Refusal(events: #"<marker t="1" xmlns="urn:x" label=""/>"#,
            "x.xml:7:1: namespace declaration 'xmlns=\"urn:x\"' on <marker> is not allowed; trace elements have no namespace"),
    Refusal(events: #"<drag t="1" phase="ended" x="0" y="0" velocity-y="-10"/>"#,
            "x.xml:7:1: missing attribute 'velocity-x' on <drag> (given 'velocity-y'; a velocity needs both)"),
    Refusal(events: #"<transition t="1" phase="changed"/>"#,
            "x.xml:7:1: missing attribute 'progress' on <transition> with phase=\"changed\""),
    Refusal(events: #"<transition t="1" phase="finished" progress="1"/>"#,
            "x.xml:7:36: attribute 'progress' is only allowed on <transition phase=\"changed\">"),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\" bounce=\"true\"/>\n  <layout name=\"flow\"/>\n  <data/>\n",
            "x.xml:3:45: unknown attribute 'bounce' on <collection-view>; expected one of 'width', 'height', 'refresh-rate', 'content-inset', 'paging', 'deceleration-rate', 'allows-selection', 'allows-multiple-selection', 'prefetching', 'safe-area', 'layout-margins', 'scale', 'layout-direction', 'ios', 'bounces', 'always-bounce-vertical', 'always-bounce-horizontal'"),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout item-size=\"1 1\"/>\n  <data/>\n",
            "x.xml:4:3: missing attribute 'name' on <layout>"),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"\"/>\n  <data/>\n",
            "x.xml:4:11: invalid value '' for attribute 'name' of <layout>; expected a layout name such as 'flow'"),
    // Values.
    Refusal(events: #"<scroll t="1" x="0" y="abc"/>"#,
            "x.xml:7:21: invalid value 'abc' for attribute 'y' of <scroll>; expected a coordinate from -10,000,000,000 to 10,000,000,000 points (beyond the content of the largest trace)"),
    Refusal(events: #"<scroll t="1" x="1,5" y="0"/>"#,
            "x.xml:7:15: invalid value '1,5' for attribute 'x' of <scroll>; expected a coordinate from -10,000,000,000 to 10,000,000,000 points (beyond the content of the largest trace)"),
    Refusal(events: #"<scroll t="-1" x="0" y="0"/>"#,
            "x.xml:7:9: invalid value '-1' for attribute 't' of <scroll>; expected a time from 0 to 86,400 seconds (a session lasts at most 24 hours)"),
    Refusal(events: #"<tap t="1e999" x="0" y="0"/>"#,
            "x.xml:7:6: invalid value '1e999' for attribute 't' of <tap>; expected a time from 0 to 86,400 seconds (a session lasts at most 24 hours)",
            schema: false),
    Refusal(events: #"<pinch t="1" phase="began" x="0" y="0" scale="0"/>"#,
            "x.xml:7:40: invalid value '0' for attribute 'scale' of <pinch>; expected a scale from 0.001 to 1,000",
            schema: false),
    Refusal(events: #"<drag t="1" phase="moved" x="0" y="0"/>"#,
            "x.xml:7:13: invalid value 'moved' for attribute 'phase' of <drag>; expected one of 'began', 'changed', 'ended', 'cancelled'"),
    Refusal(events: #"<transition t="1" phase="ended"/>"#,
            "x.xml:7:19: invalid value 'ended' for attribute 'phase' of <transition>; expected one of 'began', 'changed', 'finished', 'cancelled'"),
    Refusal(events: #"<select t="1" section="-1" item="0"/>"#,
            "x.xml:7:15: invalid value '-1' for attribute 'section' of <select>; expected a section index from 0 to 99,999 (a collection view holds at most 100,000 sections)"),
    Refusal(events: #"<menu t="1" section="0" item="1.5" action="copy"/>"#,
            "x.xml:7:25: invalid value '1.5' for attribute 'item' of <menu>; expected an item index from 0 to 9,999,999 (a collection view holds at most 10,000,000 items)"),
    Refusal(events: #"<scroll-to-item t="1" section="0" item="1" animated="yes"/>"#,
            "x.xml:7:44: invalid value 'yes' for attribute 'animated' of <scroll-to-item>; expected 'true' or 'false'"),
    Refusal(events: #"<scroll-to-item t="1" section="0" item="1" position="middle"/>"#,
            "x.xml:7:44: invalid value 'middle' for attribute 'position' of <scroll-to-item>; expected one of 'top', 'center', 'bottom', 'left', 'right', 'nearest'"),
    Refusal(events: #"<resize t="1" width="100" height="-5"/>"#,
            "x.xml:7:27: invalid value '-5' for attribute 'height' of <resize>; expected a length from 1 to 100,000 points (25 times the widest display)"),
    Refusal(events: #"<batch t="1"><move-item from="0" to="0 1"/></batch>"#,
            "x.xml:7:25: invalid value '0' for attribute 'from' of <move-item>; expected an index path 'SECTION ITEM' such as '0 3', a section index from 0 to 99,999 and an item index from 0 to 9,999,999"),
    Refusal(events: #"<batch t="1"><delete-items section="0" at="1 x"/></batch>"#,
            "x.xml:7:40: invalid value '1 x' for attribute 'at' of <delete-items>; expected a list of item indices from 0 to 9,999,999 (a collection view holds at most 10,000,000 items) such as '0 1 2'"),
    Refusal(events: #"<batch t="1" counts-after=" 1"/>"#,
            "x.xml:7:14: invalid value ' 1' for attribute 'counts-after' of <batch>; expected a list of numbers of items from 0 to 10,000,000 (the most a collection view holds in a replay) such as '0 1 2', at most 100,000 of them"),
    Refusal(events: #"<batch t="1"><insert-items section="0" at="0 1" sizes="10 10; 5 5"/></batch>"#,
            "x.xml:7:49: invalid value '10 10; 5 5' for attribute 'sizes' of <insert-items>; expected sizes 'WIDTH HEIGHT, WIDTH HEIGHT, …' of lengths from 0 to 100,000 points, 'WIDTH HEIGHT*COUNT' for COUNT items of one size, such as '100 100, 50 80*3' (entry 1 '10 10; 5 5' is not one)"),
    Refusal(events: #"<batch t="1"><insert-items section="0" at="0 1" sizes="10 10"/></batch>"#,
            "x.xml:7:49: attribute 'sizes' of <insert-items> has 1 sizes but 'at' has 2 items; expected one size per item",
            schema: false),
    Refusal(events: #"<batch t="1"><insert-section at="1"/></batch>"#, "x.xml:7:14: missing attribute 'items' on <insert-section>"),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"2\" item-sizes=\"1 1\"/></data>\n",
            "x.xml:5:28: attribute 'item-sizes' of <section> has 1 sizes but 'items' is 2; expected one size per item",
            schema: false),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"1\" item-sizes=\"100\"/></data>\n",
            "x.xml:5:28: invalid value '100' for attribute 'item-sizes' of <section>; expected sizes 'WIDTH HEIGHT, WIDTH HEIGHT, …' of lengths from 0 to 100,000 points, 'WIDTH HEIGHT*COUNT' for COUNT items of one size, such as '100 100, 50 80*3' (entry 1 '100' is not one)"),
    // Item sizes: runs 'W H*K' and <item-sizes> chunks.
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"2\"><item-sizes>1 1, 1 x</item-sizes></section></data>\n",
            "x.xml:5:28: invalid sizes '1 1, 1 x' in <item-sizes>; expected \(sizeListExpectation) (entry 2 '1 x' is not one)"),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"2\"><item-sizes>1 1, 100001 1</item-sizes></section></data>\n",
            "x.xml:5:28: invalid sizes '1 1, 100001 1' in <item-sizes>; expected \(sizeListExpectation) (entry 2 '100001 1' is not one)",
            schema: false),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"2\"><item-sizes>1 1*0, 2 2*2</item-sizes></section></data>\n",
            "x.xml:5:28: invalid sizes '1 1*0, 2 2*2' in <item-sizes>; expected a run 'WIDTH HEIGHT*COUNT' of COUNT from 1 to 10,000,000 items (a collection view holds at most 10,000,000 items), not entry 1 '1 1*0'",
            schema: false),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"2\" item-sizes=\"1 1*20000000\"/></data>\n",
            "x.xml:5:28: invalid value '1 1*20000000' for attribute 'item-sizes' of <section>; expected a run 'WIDTH HEIGHT*COUNT' of COUNT from 1 to 10,000,000 items (a collection view holds at most 10,000,000 items), not entry 1 '1 1*20000000'",
            schema: false),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"2\" item-sizes=\"1 1*123456789\"/></data>\n",
            "x.xml:5:28: invalid value '1 1*123456789' for attribute 'item-sizes' of <section>; expected \(sizeListExpectation) (entry 1 '1 1*123456789' is not one)"),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"2\"><item-sizes>1 1*2</item-sizes><item-sizes>2 2</item-sizes></section></data>\n",
            "x.xml:5:58: invalid sizes '2 2' in <item-sizes>; expected one size per item, 2 of them, but entry 1 '2 2' brings them to 3",
            schema: false),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"3\"><item-sizes>1 1*2</item-sizes></section></data>\n",
            "x.xml:5:9: <section> has 2 sizes in its <item-sizes> but 'items' is 3; expected one size per item",
            schema: false),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"2\" item-sizes=\"1 1*2\"><item-sizes>1 1*2</item-sizes></section></data>\n",
            "x.xml:5:47: <section> has both the 'item-sizes' attribute and <item-sizes> elements; expected one or the other"),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"2\"><item-sizes>1 1<b/></item-sizes></section></data>\n",
            "x.xml:5:43: unexpected element 'b' in <item-sizes>; <item-sizes> holds text only"),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"2\"><item-sizes a=\"1\">1 1*2</item-sizes></section></data>\n",
            "x.xml:5:40: unknown attribute 'a' on <item-sizes>; <item-sizes> takes no attributes"),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n  <data><section items=\"1\"><foo/></section></data>\n",
            "x.xml:5:28: unknown element 'foo' in <section>; expected 'item-sizes'"),
    Refusal(events: #"<reload-data t="1"><section items="1"><item-sizes>1</item-sizes></section></reload-data>"#,
            "x.xml:7:39: invalid sizes '1' in <item-sizes>; expected \(sizeListExpectation) (entry 1 '1' is not one)"),
    Refusal(events: #"<batch t="1"><insert-items section="0" at="0" sizes="1 1*2"/></batch>"#,
            "x.xml:7:47: invalid value '1 1*2' for attribute 'sizes' of <insert-items>; expected one size per item, 1 of them, but entry 1 '1 1*2' brings them to 2",
            schema: false),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\" content-inset=\"1 2 3\"/>\n  <layout name=\"f\"/>\n  <data/>\n",
            "x.xml:3:45: invalid value '1 2 3' for attribute 'content-inset' of <collection-view>; expected insets 'TOP LEFT BOTTOM RIGHT' of lengths from -100,000 to 100,000 points such as '10 10 10 10'"),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\" deceleration-rate=\"slow\"/>\n  <layout name=\"f\"/>\n  <data/>\n",
            "x.xml:3:45: invalid value 'slow' for attribute 'deceleration-rate' of <collection-view>; expected 'normal', 'fast' or a factor per millisecond from 0.001 to 0.999 such as '0.995' (closer to 1, a fling coasts for hours)"),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\" deceleration-rate=\"1.5\"/>\n  <layout name=\"f\"/>\n  <data/>\n",
            "x.xml:3:45: invalid value '1.5' for attribute 'deceleration-rate' of <collection-view>; expected 'normal', 'fast' or a factor per millisecond from 0.001 to 0.999 such as '0.995' (closer to 1, a fling coasts for hours)",
            schema: false),
    Refusal(header: "  <collection-view width=\"390\" height=\"844\" refresh-rate=\"0\"/>\n  <layout name=\"f\"/>\n  <data/>\n",
            "x.xml:3:45: invalid value '0' for attribute 'refresh-rate' of <collection-view>; expected a refresh rate from 1 to 240 Hz (the fastest displays refresh at 240 Hz)",
            schema: false),
    Refusal(header: "  <collection-view width=\"390\"\n      height=\"844\" paging=\"1\"/>\n  <layout name=\"f\"/>\n  <data/>\n",
            "x.xml:4:20: invalid value '1' for attribute 'paging' of <collection-view>; expected 'true' or 'false'"),
    // Times and versions.
    Refusal(events: "<scroll t=\"2\" x=\"0\" y=\"0\"/>\n<scroll t=\"1.5\" x=\"0\" y=\"0\"/>",
            "x.xml:8:9: time 1.5 is earlier than the previous event's time 2 (line 7); event times must not decrease",
            schema: false),
    Refusal(whole: "<?xml version=\"1.0\"?>\n<trace version=\"2\">\n" + validHeader + "<events/></trace>\n",
            "x.xml:2:8: unsupported trace version '2'; expected '1'"),
    Refusal(whole: "<?xml version=\"1.0\"?>\n<trace>\n" + validHeader + "<events/></trace>\n",
            "x.xml:2:1: missing attribute 'version' on <trace>"),
    // Not XML.
    Refusal(events: #"<scroll t="1" x="0" y="0">"#,
            "x.xml:8:12: malformed XML: Opening and ending tag mismatch: scroll line 7 and events"),
    Refusal(events: #"<marker t="1" label="a & b"/>"#, "x.xml:7:25: malformed XML: xmlParseEntityRef: no name"),
]

@Suite("Errors", .tags(.fast))
struct ErrorTests {
    @Test("Each refused document gives its exact message and position", arguments: refusals)
    func refusal(_ refusal: Refusal) {
        #expect(readError(refusal.document) == refusal.message)
    }

    @Test("validate reports the reader's error first, as path:line:column: message", arguments: refusals)
    func validateReportsReaderError(_ refusal: Refusal) {
        let diagnostics = TraceValidator.validate(bytes: bytes(refusal.document), path: "x.xml")
        #expect(diagnostics.map(\.description).contains(refusal.message))
        #expect(diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test("The schema alone refuses what the reader refuses, where RELAX NG can say it",
          arguments: refusals.filter(\.schemaRefuses))
    func schemaRefuses(_ refusal: Refusal) throws {
        let diagnostics = try TraceValidator.schemaPass(source: .memory(bytes(refusal.document), offset: 0),
                                                        path: "x.xml", limits: .init())
        #expect(!diagnostics.isEmpty, "the schema accepted a document the reader refuses: \(refusal.message)")
    }

    @Test("A file that does not exist is an I/O error naming it")
    func missingFile() {
        #expect(throws: TraceError.self) { try TraceReader(path: "/nonexistent/x.xml") }
        let diagnostics = TraceValidator.validate(path: "/nonexistent/x.xml")
        #expect(diagnostics.map(\.description) == ["/nonexistent/x.xml: cannot open the trace: No such file or directory"])
    }

    @Test("Positions stay exact past line 65,535, where libxml2's node lines stop")
    func bigLineNumbers() {
        let events = String(repeating: "<scroll t=\"1\" x=\"0\" y=\"0\"/>\n", count: 70_000) + "  <tap t=\"0\" x=\"0\" y=\"0\"/>"
        #expect(readError(document(events: events)) ==
                "x.xml:70007:8: time 0 is earlier than the previous event's time 1 (line 70006); event times must not decrease")
    }
}

@Suite("Writer refusals", .tags(.fast))
struct WriterErrorTests {
    static let header = TraceHeader(collectionView: CollectionViewConfiguration(size: Size(width: 1, height: 1)),
                                    layout: LayoutDescription(name: "flow"), sections: [])

    @Test("Values the format cannot hold are refused before anything is written", arguments: [
        (TraceEvent(time: .nan, .marker(label: "")), "event 0 (<marker>) time is nan; expected a time from 0 to 86,400 seconds (a session lasts at most 24 hours)"),
        (TraceEvent(time: 1, .scroll(offset: Point(x: .infinity, y: 0))), "event 0 (<scroll>) offset x is inf; expected a coordinate from -10,000,000,000 to 10,000,000,000 points (beyond the content of the largest trace)"),
        (TraceEvent(time: 1, .select(item: TraceIndexPath(section: -1, item: 0))), "event 0 (<select>) section is -1; expected a section index from 0 to 99,999 (a collection view holds at most 100,000 sections)"),
        (TraceEvent(time: 1, .marker(label: "a\u{1}b")), "event 0 (<marker>) label contains U+1, which XML 1.0 cannot represent"),
        (TraceEvent(time: 1, .setLayout(LayoutDescription(name: "a", parameters: [.init(name: "1x", value: "")]), animated: true, duration: 0)),
         "layout parameter name '1x' is not an XML name without a prefix"),
        (TraceEvent(time: 1, .pinch(phase: .began, location: .zero, scale: 0)), "event 0 (<pinch>) scale is 0.0; expected a scale from 0.001 to 1,000"),
    ])
    func refusesEvent(_ event: TraceEvent, _ message: String) throws {
        let writer = try TraceWriter(header: Self.header)
        let before = writer.bytes
        #expect { try writer.write(event) } throws: { ($0 as? TraceError)?.message == message }
        #expect(writer.bytes == before)
    }

    static let section = "a section index from 0 to 99,999 (a collection view holds at most 100,000 sections)"
    static let item = "an item index from 0 to 9,999,999 (a collection view holds at most 10,000,000 items)"
    static let items = "a number of items from 0 to 10,000,000 (the most a collection view holds in a replay)"

    static func batch(_ operations: [BatchUpdate.Operation], countsAfter: [Int]? = nil) -> TraceEvent {
        TraceEvent(time: 1, .batch(BatchUpdate(animated: true, duration: 0.3, countsAfter: countsAfter, operations: operations)))
    }

    // Each range is its declaration's (ValueKind), looked up by attribute name: the words stay those of the
    // range the value had before the ranges moved there.
    @Test("Each attribute's value is refused with its declared range's words", arguments: [
        (TraceEvent(time: 1, .drag(phase: .ended, location: .zero, velocity: Point(x: 0, y: .nan))),
         "event 0 (<drag>) velocity y is nan; expected a velocity from -1,000,000 to 1,000,000 points per second"),
        (TraceEvent(time: 1, .resize(Size(width: 0, height: 10))),
         "event 0 (<resize>) width is 0.0; expected a length from 1 to 100,000 points (25 times the widest display)"),
        (TraceEvent(time: 1, .transition(.changed(progress: 3))),
         "event 0 (<transition>) progress is 3.0; expected a progress from -1 to 2 (0 is the old layout, 1 the new one)"),
        (TraceEvent(time: 1, .tap(location: Point(x: 0, y: -.infinity))),
         "event 0 (<tap>) location y is -inf; expected a coordinate from -10,000,000,000 to 10,000,000,000 points (beyond the content of the largest trace)"),
        (batch([], countsAfter: [3, -1]), "event 0 (<batch>) counts-after[1] is -1; expected \(items)"),
        (batch([.deleteItems(section: -1, items: [])]), "event 0 (<batch>) <delete-items> section is -1; expected \(section)"),
        (batch([.reloadItems(section: 0, items: [1, -2])]), "event 0 (<batch>) <reload-items> item is -2; expected \(item)"),
        (batch([.moveItem(from: TraceIndexPath(section: 0, item: 0), to: TraceIndexPath(section: 0, item: -1))]),
         "event 0 (<batch>) <move-item> item is -1; expected \(item)"),
        (batch([.insertItems(section: 0, items: [0, 1], sizes: [Size(width: 1, height: 1)])]),
         "event 0 (<batch>) <insert-items> inserts 2 items but gives 1 sizes"),
        (batch([.insertItems(section: 0, items: [0], sizes: [Size(width: 1, height: -1)])]),
         "event 0 (<batch>) <insert-items> size height is -1.0; expected lengths from 0 to 100,000 points"),
        (batch([.insertSection(at: 0, items: -1)]), "event 0 (<batch>) <insert-section> item count is -1; expected \(items)"),
        (batch([.reloadSection(at: -1, items: 0)]), "event 0 (<batch>) <reload-section> section is -1; expected \(section)"),
        (batch([.deleteSection(at: 100_000)]), "event 0 (<batch>) <delete-section> section is 100000; expected \(section)"),
        (batch([.moveSection(from: 0, to: -1)]), "event 0 (<batch>) <move-section> to is -1; expected \(section)"),
    ])
    func refusesOutOfRange(_ event: TraceEvent, _ message: String) throws {
        let writer = try TraceWriter(header: Self.header)
        #expect { try writer.write(event) } throws: { ($0 as? TraceError)?.message == message }
    }

    static func header(_ change: (inout TraceHeader) -> Void) -> TraceHeader {
        var header = Self.header
        change(&header)
        return header
    }

    @Test("A header's values are refused with their declared ranges' words", arguments: [
        (header { $0.collectionView.size.height = 0 },
         "collection view height is 0.0; expected a length from 1 to 100,000 points (25 times the widest display)"),
        (header { $0.collectionView.refreshRate = 500 }, "refresh rate is 500.0; expected a refresh rate from 1 to 240 Hz (the fastest displays refresh at 240 Hz)"),
        (header { $0.collectionView.contentInset.left = .nan }, "content inset left is nan; expected lengths from -100,000 to 100,000 points"),
        (header { $0.collectionView.decelerationRate = .custom(1) }, "deceleration rate is 1.0; expected a factor per millisecond from 0.001 to 0.999"),
        (header { $0.sections = [SectionDescription(items: 1, itemSizes: TraceSizeList([Size(width: -1, height: 1)]))] },
         "data section 0 item size width is -1.0; expected lengths from 0 to 100,000 points"),
        (header { $0.sections = [SectionDescription(items: -1)] }, "data section 0 item count is -1; expected \(items)"),
        (header { $0.workload = Workload(cells: [Workload.Cell(reuseIdentifier: "c", costs: Workload.Costs(configure: -1))]) },
         "cell 'c' configure cost is -1.0; expected a cost from 0 to 1,000 ms (one view's work on the main thread)"),
        (header { $0.workload = Workload(supplementaries: [Workload.Supplementary(kind: "k", costs: Workload.Costs(prepareForReuse: 2000))]) },
         "supplementary 'k' prepare-for-reuse cost is 2000.0; expected a cost from 0 to 1,000 ms (one view's work on the main thread)"),
    ])
    func refusesHeader(_ header: TraceHeader, _ message: String) throws {
        #expect { try TraceWriter.check(header) } throws: { ($0 as? TraceError)?.message == message }
    }

    @Test("Times that go backwards are refused")
    func backwards() throws {
        let writer = try TraceWriter(header: Self.header)
        try writer.write(TraceEvent(time: 2, .marker(label: "a")))
        #expect { try writer.write(TraceEvent(time: 1, .marker(label: "b"))) } throws: {
            ($0 as? TraceError)?.message == "event 1 (<marker>) time 1 is earlier than the previous event's time 2"
        }
    }
}
