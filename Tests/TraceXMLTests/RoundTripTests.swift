import Testing
@testable import TraceXML
import TestSupport

/// The Trace Format article's example, as the model it must read into.
let specExample: Trace = {
    let flow = LayoutDescription(name: "flow", parameters: [
        .init(name: "scroll-direction", value: "vertical"), .init(name: "item-size", value: "100 100"),
        .init(name: "minimum-line-spacing", value: "10"), .init(name: "minimum-interitem-spacing", value: "10"),
        .init(name: "section-inset", value: "10 10 10 10"), .init(name: "header-size", value: "0 40"),
        .init(name: "footer-size", value: "0 0"),
    ])
    let header = TraceHeader(
        meta: [MetaEntry(key: "recorded-at", value: "2026-11-20T09:30:00Z"),
               MetaEntry(key: "source", value: "reel record --scenario photo-fling --seed 7")],
        collectionView: CollectionViewConfiguration(size: Size(width: 390, height: 844)),
        layout: flow,
        sections: [SectionDescription(items: 200),
                   SectionDescription(items: 3, itemSizes: [Size(width: 100, height: 100),
                                                            Size(width: 50, height: 80),
                                                            Size(width: 120, height: 60)],
                                      reuseIdentifier: "photo")],
        workload: Workload(cells: [.init(reuseIdentifier: "photo", costs: .init(create: 0.8, configure: 0.25, prepareForReuse: 0.02))],
                           supplementaries: [.init(kind: "header", costs: .init(create: 0.3, configure: 0.05))]))
    func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
    func ip(_ s: Int, _ i: Int) -> TraceIndexPath { TraceIndexPath(section: s, item: i) }
    let size100 = Size(width: 100, height: 100)
    let events: [TraceEvent] = [
        TraceEvent(time: 0.016, .scroll(offset: p(0, 14.5))),
        TraceEvent(time: 1, .drag(phase: .began, location: p(200, 600), velocity: nil)),
        TraceEvent(time: 1.016, .drag(phase: .changed, location: p(200, 560), velocity: nil)),
        TraceEvent(time: 1.1, .drag(phase: .ended, location: p(200, 420), velocity: p(0, -2400))),
        TraceEvent(time: 3, .tap(location: p(120, 300))),
        TraceEvent(time: 4, .longPress(phase: .began, location: p(120, 300))),
        TraceEvent(time: 4.6, .longPress(phase: .ended, location: p(120, 300))),
        TraceEvent(time: 4.7, .menu(item: ip(0, 12), action: "copy")),
        TraceEvent(time: 5, .pinch(phase: .began, location: p(195, 420), scale: 1)),
        TraceEvent(time: 5.1, .pinch(phase: .changed, location: p(195, 420), scale: 1.8)),
        TraceEvent(time: 5.3, .pinch(phase: .ended, location: p(195, 420), scale: 2.4)),
        TraceEvent(time: 6, .batch(BatchUpdate(animated: true, duration: 0.3, countsAfter: [201, 3], operations: [
            .deleteItems(section: 0, items: [5, 6]),
            .reloadItems(section: 0, items: [7]),
            .moveItem(from: ip(0, 3), to: ip(0, 9)),
            .insertItems(section: 0, items: [0, 1, 2], sizes: [size100, size100, size100]),
            .insertSection(at: 2, items: 10),
            .deleteSection(at: 4),
            .reloadSection(at: 1, items: 5),
            .moveSection(from: 1, to: 3),
        ]))),
        TraceEvent(time: 7, .reloadData(sections: [SectionDescription(items: 50)])),
        TraceEvent(time: 8, .scrollToItem(item: ip(0, 40), position: .center, animated: true)),
        TraceEvent(time: 8.5, .select(item: ip(0, 3))),
        TraceEvent(time: 8.6, .deselect(item: ip(0, 3))),
        TraceEvent(time: 9, .setLayout(LayoutDescription(name: "cover-flow"), animated: true, duration: 0.5)),
        TraceEvent(time: 10, .transition(.began(LayoutDescription(name: "circle")))),
        TraceEvent(time: 10.1, .transition(.changed(progress: 0.4))),
        TraceEvent(time: 10.3, .transition(.finished)),
        TraceEvent(time: 11, .resize(Size(width: 844, height: 390))),
        TraceEvent(time: 12, .marker(label: "opened album")),
    ]
    return Trace(header: header, events: events)
}()

/// Every optional attribute set to something other than its default, and every enumeration value.
let everyAttribute: Trace = {
    var trace = specExample
    trace.header.collectionView = CollectionViewConfiguration(
        size: Size(width: 1024.5, height: 1), refreshRate: 120,
        contentInset: EdgeInsets(top: 44, left: -1.5, bottom: 34, right: 0.25), isPagingEnabled: true,
        decelerationRate: .fast, allowsSelection: false, allowsMultipleSelection: true, isPrefetchingEnabled: false)
    trace.header.sections.append(SectionDescription(items: 0, itemSizes: [], reuseIdentifier: "empty"))
    trace.header.workload?.supplementaries.append(.init(kind: "footer", costs: .init(prepareForReuse: 1e-3)))
    let more: [TraceEvent] = [
        TraceEvent(time: 12, .drag(phase: .cancelled, location: Point(x: -3, y: 1e10), velocity: Point(x: 0.1, y: 0))),
        TraceEvent(time: 12, .longPress(phase: .changed, location: .zero)),
        TraceEvent(time: 12.5, .pinch(phase: .cancelled, location: .zero, scale: 0.5)),
        TraceEvent(time: 13, .batch(BatchUpdate(animated: false, duration: 0, countsAfter: [], operations: [
            .insertItems(section: 1, items: [], sizes: nil),
            .deleteItems(section: 2, items: []),
        ]))),
        TraceEvent(time: 13, .batch(BatchUpdate(operations: []))),
        TraceEvent(time: 14, .reloadData(sections: [])),
        TraceEvent(time: 15, .scrollToItem(item: TraceIndexPath(section: 1, item: 2), position: .top, animated: false)),
        TraceEvent(time: 15, .scrollToItem(item: TraceIndexPath(section: 1, item: 2), position: .bottom, animated: false)),
        TraceEvent(time: 15, .scrollToItem(item: TraceIndexPath(section: 1, item: 2), position: .left, animated: false)),
        TraceEvent(time: 15, .scrollToItem(item: TraceIndexPath(section: 1, item: 2), position: .right, animated: false)),
        TraceEvent(time: 15, .scrollToItem(item: TraceIndexPath(section: 1, item: 2), position: .nearest, animated: true)),
        TraceEvent(time: 16, .setLayout(LayoutDescription(name: "grid", parameters: [.init(name: "columns", value: "3")]),
                                        animated: false, duration: 0.25)),
        TraceEvent(time: 17, .transition(.began(LayoutDescription(name: "stacked", parameters: [.init(name: "x", value: "<&\"'>")])))),
        TraceEvent(time: 17.5, .transition(.changed(progress: -0.125))),
        TraceEvent(time: 18, .transition(.cancelled)),
        TraceEvent(time: 18, .marker(label: "")),
    ]
    trace.events += more
    return trace
}()

@Suite("Round trips", .tags(.fast))
struct RoundTripTests {
    @Test("The specification's example reads into exactly the expected model, with locations")
    func readsSpecExample() throws {
        let trace = try Trace(contentsOf: fixturePath("spec-example.xml"))
        #expect(trace.header == specExample.header)
        #expect(trace.events.count == specExample.events.count)
        for (read, expected) in zip(trace.events, specExample.events) {
            #expect(read == expected)
        }
        let locations = trace.events.map { $0.location.map { "\($0.line):\($0.column)" } ?? "none" }
        #expect(locations.first == "22:5")
        // `<select …/>  <deselect …/>` share line 46: the second event's column is exact.
        #expect(locations[14] == "46:5" && locations[15] == "46:45")
        #expect(trace.events[0].location?.path == fixturePath("spec-example.xml"))
        #expect(trace.header.layout.location?.description == fixturePath("spec-example.xml") + ":10:3")
        #expect(trace.header.layout["item-size"] == "100 100")
        #expect(trace.header.layout["missing"] == nil)
    }

    @Test("Writing the specification's example gives the golden text, which reads back to the same model")
    func writesSpecExample() throws {
        let written = try TraceWriter.encode(specExample)
        try expectGolden(String(decoding: written, as: UTF8.self), named: "spec-example.written.xml")
        #expect(try Trace(bytes: written) == specExample)
    }

    @Test("Every element, attribute and enumeration value round-trips through the golden text")
    func everyAttributeRoundTrips() throws {
        let written = try TraceWriter.encode(everyAttribute)
        try expectGolden(String(decoding: written, as: UTF8.self), named: "every-attribute.written.xml")
        let read = try Trace(bytes: written)
        #expect(read == everyAttribute)
        #expect(read.events.map(\.kind.elementName) == everyAttribute.events.map(\.kind.elementName))
    }

    @Test("Character and entity references in attribute values read as the characters they stand for")
    func escapedAttributeValues() throws {
        // libxml2 hands a SAX reader every `&` as `&#38;` for it to decode; a literal "&#38;" is written
        // `&amp;#38;` and must stay as it is. A tab or newline written as itself is normalised to a space, one
        // written as a character reference is kept (XML 1.0, 3.3.3).
        let text = document(
            events: #"<marker t="1" label="a &amp; b &#38; c &lt;&#x3C;&gt; &quot;d&apos; &amp;#38; e&#9;f&#10;g"#
                + "\th\ni\"/>",
            header: """
              <meta><entry key="k&amp;" value="&amp;&amp;&#38;x"/></meta>
              <collection-view width="390" height="844"/>
              <layout name="flow"/>
              <data><section items="10"/></data>
            """)
        let trace = try readTrace(text)
        #expect(trace.events.map(\.kind) == [.marker(label: "a & b & c <<> \"d' &#38; e\tf\ng h i")])
        #expect(trace.header.meta.map { [$0.key, $0.value] } == [["k&", "&&&x"]])
    }

    @Test("Numbers are written in their shortest form", arguments: [
        (390.0, "390"), (14.5, "14.5"), (0.016, "0.016"), (-2400, "-2400"), (0.1 + 0.2, "0.30000000000000004"),
        (1e21, "1e+21"), (1e-7, "1e-07"), (-0.0, "0"), (2.2250738585072014e-308, "2.2250738585072014e-308"), (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    ])
    func shortestNumbers(_ value: Double, _ text: String) {
        #expect(TraceNumber.format(value) == text)
        let parsed = Array(text.utf8).withUnsafeBufferPointer { TraceNumber.parse($0) }
        #expect(parsed == value)
    }

    @Test("The number syntax refuses what is not a plain decimal", arguments: [
        "", "-", "+1", "1.", ".5", "1e", "1e+", "0x10", "inf", "nan", "1 ", " 1", "1,5", "1e999", "--1", "5e-324", "1e-320",
    ])
    func numberSyntax(_ text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { TraceNumber.parse($0) } == nil)
    }

    @Test("Decimals of up to 19 significant digits parse to the same Double as strtod", arguments: [
        "9007199254740993", "18446744073709551615", "9999999999999999999", "0.30000000000000004",
        "0.016666666666666666", "1.7976931348623157", "4.9406564584124654", "0.000000000000000000000000001",
        "1234567890.123456789", "0.9999999999999999999", "2.2250738585072014", "-0.1000000000000000055511151231257827",
        "0.000000000000000000000000000", "-0.0000000000000000001",
        // Exactly halfway between two Doubles: ties go to the even significand.
        "1125899906842624.125", "1125899906842624.375", "562949953421312.0625", "562949953421312.1875",
        // Runs of eight digits and more, leading zeros, and what only strtod reads.
        "00000000000000000000012.5", "-00000000.00000000", "12345678901234567890123", "0.00000000000000000000000000012345",
        "1234567812345678", "0.1234567812345678", "99999999.99999999",
    ])
    func longDecimals(_ text: String) throws {
        let parsed = try #require(Array(text.utf8).withUnsafeBufferPointer { TraceNumber.parse($0) })
        let expected = try #require(Array(text.utf8).withUnsafeBufferPointer { cLocaleStrtod($0) })
        #expect(parsed.bitPattern == expected.bitPattern, "\(text)")
    }

    @Test("Long runs of digits with a stray character are refused", arguments: [
        "12345678x", "1234567812345678.", "0.1234567x12345678", "12345678e", "123456781234567/", "1234:5678",
        "0.12345678 ", "-.12345678",
    ])
    func longNumberSyntax(_ text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { TraceNumber.parse($0) } == nil)
    }

    @Test("Seeded random decimals parse to the same Double as strtod")
    func randomDecimals() {
        var generator = SeededGenerator(seed: 0xDEC1_3A15)
        for _ in 0..<40_000 {
            // Shortest forms of random doubles (up to 17 digits) and random digit strings up to 19 digits.
            var text: String
            if Bool.random(using: &generator) {
                let value = Double(bitPattern: UInt64.random(in: 0x3C00_0000_0000_0000...0x4300_0000_0000_0000,
                                                             using: &generator))
                text = TraceNumber.format(value)
            } else {
                let integerDigits = Int.random(in: 0...10, using: &generator)
                let fractionDigits = Int.random(in: 1...27, using: &generator)
                text = integerDigits == 0 ? "0" : String(UInt64.random(in: 1...9, using: &generator))
                for _ in 1..<max(integerDigits, 1) { text += String(UInt64.random(in: 0...9, using: &generator)) }
                text += "."
                for _ in 0..<fractionDigits { text += String(UInt64.random(in: 0...9, using: &generator)) }
            }
            let parsed = Array(text.utf8).withUnsafeBufferPointer { TraceNumber.parse($0) }
            let expected = Array(text.utf8).withUnsafeBufferPointer { cLocaleStrtod($0) }
            if parsed?.bitPattern != expected?.bitPattern {
                Issue.record("\(text): parsed \(String(describing: parsed)), strtod \(String(describing: expected))")
                return
            }
        }
    }

    @Test("Seeded random traces round-trip exactly", arguments: 0..<40)
    func randomTraces(_ index: UInt64) throws {
        let seed = 0x5EED_0000 + index
        var generator = SeededGenerator(seed: seed)
        let trace = RandomTrace.make(using: &generator)
        let written = try TraceWriter.encode(trace)
        let read = try Trace(bytes: written)
        #expect(read.header == trace.header, "seed \(seed)")
        #expect(read.events.count == trace.events.count, "seed \(seed)")
        for (offset, (a, b)) in zip(read.events, trace.events).enumerated() where a != b {
            Issue.record("seed \(seed): event \(offset) differs: read \(a.kind) at \(a.time), wrote \(b.kind) at \(b.time)")
            break
        }
        // Writing what was read gives the same bytes: the output is stable.
        #expect(try TraceWriter.encode(read) == written, "seed \(seed)")
    }

    @Test("A file written event by event is readable after each flush, before finish()")
    func flushesEachEvent() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/session.xml"
        let writer = try TraceWriter(path: path, header: specExample.header)
        for (index, event) in specExample.events.enumerated() {
            try writer.write(event)
            let reader = try TraceReader(path: path, options: .init(allowsTruncation: true))
            var read: [TraceEvent] = []
            while let next = try reader.next() { read.append(next) }
            #expect(read == Array(specExample.events[...index]))
            #expect(reader.isTruncated)
        }
        try writer.finish()
        let complete = try Trace(contentsOf: path)
        #expect(complete == specExample)
    }
}
