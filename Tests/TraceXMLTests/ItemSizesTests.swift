import Testing
@testable import TraceXML
import TestSupport

/// A trace of one flow section with `sections` as its `<data>`.
private func header(sections: [SectionDescription]) -> TraceHeader {
    TraceHeader(collectionView: CollectionViewConfiguration(size: Size(width: 390, height: 844)),
                layout: LayoutDescription(name: "flow"), sections: sections)
}

/// The text of a trace whose `<data>` is `data`.
private func dataDocument(_ data: String) -> String {
    document(events: "", header: "  <collection-view width=\"390\" height=\"844\"/>\n  <layout name=\"flow\"/>\n\(data)")
}

@Suite("Item sizes: runs and <item-sizes> chunks", .tags(.fast))
struct ItemSizesTests {
    // MARK: The model

    @Test("A size list keeps equal neighbours as one run, and reads like the array of its sizes")
    func runs() {
        let a = Size(width: 100, height: 100)
        let b = Size(width: 50, height: 80)
        var list = TraceSizeList()
        list.append(a, count: 3)
        list.append(a)
        list.append(b, count: 0)
        list.append(b)
        list.append(a, count: 2)
        #expect(list.count == 7)
        #expect(list.runCount == 3)
        #expect(Array(list.runs) == [.init(size: a, count: 4), .init(size: b, count: 1), .init(size: a, count: 2)])
        #expect(Array(list) == [a, a, a, a, b, a, a])
        #expect((0..<7).map { list[$0] } == [a, a, a, a, b, a, a])
        #expect(list.runIndex(containing: 4) == 1)
        #expect(list.firstItem(ofRun: 2) == 5)
        #expect(list == TraceSizeList([a, a, a, a, b, a, a]))
        #expect(list == [a, a, a, a, b, a, a])
        #expect(list != [a, a, a, b, a, a, a])
        #expect(list.description == "100 100*4, 50 80, 100 100*2")
        #expect(TraceSizeList().isEmpty && TraceSizeList().runCount == 0)
    }

    @Test("A million equal sizes cost one run")
    func millionEqual() {
        var list = TraceSizeList()
        for _ in 0..<1_000_000 { list.append(Size(width: 40, height: 40)) }
        #expect(list.count == 1_000_000)
        #expect(list.runCount == 1)
        #expect(list[999_999] == Size(width: 40, height: 40))
    }

    // MARK: Reading

    @Test("Runs read in every size list: item-sizes, <item-sizes> chunks and <insert-items sizes>")
    func readsRuns() throws {
        let text = document(events: """
            <batch t="1"><insert-items section="0" at="0 1 2" sizes="5 5*2, 6 6"/></batch>
            <reload-data t="2"><section items="4"><item-sizes>1 2*3</item-sizes><item-sizes>3 4</item-sizes></section></reload-data>
        """, header: """
          <collection-view width="390" height="844"/>
          <layout name="flow"/>
          <data><section items="5" item-sizes="10 10*4, 20 20"/><section items="3"><item-sizes>1 1,2 2</item-sizes><item-sizes>3  3</item-sizes></section><section items="2"><item-sizes/><item-sizes>7 7*2</item-sizes></section></data>
        """)
        let trace = try readTrace(text)
        let sections = trace.header.sections
        #expect(sections.map(\.items) == [5, 3, 2])
        #expect(Array(sections[0].itemSizes ?? []) == Array(repeating: Size(width: 10, height: 10), count: 4)
                    + [Size(width: 20, height: 20)])
        #expect(sections[0].itemSizes?.runCount == 2)
        #expect(sections[1].itemSizes == [Size(width: 1, height: 1), Size(width: 2, height: 2),
                                          Size(width: 3, height: 3)])
        #expect(sections[2].itemSizes == [Size(width: 7, height: 7), Size(width: 7, height: 7)])
        guard case .batch(let update) = trace.events[0].kind,
              case .insertItems(_, _, let inserted) = update.operations.first else {
            Issue.record("expected a batch inserting items")
            return
        }
        #expect(inserted == [Size(width: 5, height: 5), Size(width: 5, height: 5), Size(width: 6, height: 6)])
        guard case .reloadData(let reloaded) = trace.events[1].kind else {
            Issue.record("expected a reload")
            return
        }
        #expect(reloaded == [SectionDescription(items: 4, itemSizes: [Size(width: 1, height: 2), Size(width: 1, height: 2),
                                                                     Size(width: 1, height: 2), Size(width: 3, height: 4)])])
    }

    @Test("A chunk of 65,536 entries reads; one more is refused at the chunk, with the entry quoted")
    func chunkLimit() throws {
        func chunk(_ entries: Int) -> String {
            (0..<entries).map { $0 % 2 == 0 ? "1 1" : "2 2" }.joined(separator: ", ")
        }
        let full = dataDocument("  <data><section items=\"65536\">\n    <item-sizes>\(chunk(65_536))</item-sizes>\n  </section></data>\n")
        let trace = try readTrace(full)
        #expect(trace.header.sections[0].itemSizes?.count == 65_536)
        #expect(trace.header.sections[0].itemSizes?.runCount == 65_536)
        let over = dataDocument("  <data><section items=\"65537\">\n    <item-sizes>\(chunk(65_537))</item-sizes>\n  </section></data>\n")
        #expect(readError(over) == "x.xml:6:5: invalid sizes '1 1, 2 2, 1 1, 2 2, 1 1, 2 2, 1 1, 2 2, 1 1, 2 2, 1 1, 2 2, …' in "
                    + "<item-sizes>; expected at most 65,536 entries (a run 'WIDTH HEIGHT*COUNT' is one), not entry 65,537 '1 1' and more")
    }

    // MARK: Round trips

    @Test("A million items with their own sizes and with long runs write as chunks and read back equal")
    func millionRoundTrip() throws {
        var g = SeededGenerator(seed: 15)
        var random = TraceSizeList()
        for _ in 0..<1_000_000 {
            random.append(Size(width: Double(40 + Int.random(in: 0...80, using: &g) * 2),
                               height: Double(40 + Int.random(in: 0...80, using: &g) * 2)))
        }
        var runs = TraceSizeList()
        while runs.count < 1_000_000 {
            let length = min(Int.random(in: 1...50_000, using: &g), 1_000_000 - runs.count)
            runs.append(Size(width: Double(Int.random(in: 1...400, using: &g)) / 4, height: 50), count: length)
        }
        var mixed = TraceSizeList()
        mixed.append(Size(width: 100, height: 100), count: 400_000)
        for item in 0..<200_000 { mixed.append(Size(width: Double(item % 7), height: 1.5)) }
        mixed.append(Size(width: 100, height: 100), count: 400_000)
        let sections = [SectionDescription(items: 1_000_000, itemSizes: random),
                        SectionDescription(items: 1_000_000, itemSizes: runs, reuseIdentifier: "photo"),
                        SectionDescription(items: 1_000_000, itemSizes: mixed)]
        let trace = Trace(header: header(sections: sections),
                          events: [TraceEvent(time: 1, .reloadData(sections: [sections[2]]))])
        let written = try TraceWriter.encode(trace)
        let read = try Trace(bytes: written, path: "x.xml")
        #expect(read.header.sections == sections)
        #expect(read.events.map(\.kind) == trace.events.map(\.kind))
        let text = String(decoding: written, as: UTF8.self)
        let chunks = text.components(separatedBy: "<item-sizes>").count - 1
        // 1,000 entries a chunk: about 1,000 chunks for the random section, 201 for each mixed one (200,002
        // runs); the long runs, fewer than 1,000 of them, fit in the attribute.
        #expect(random.runCount > 999_000 && mixed.runCount == 200_002 && runs.runCount < 1_000)
        #expect(chunks == 1_000 + 2 * 201)
        #expect(text.components(separatedBy: "item-sizes=\"").count - 1 == 1)
        #expect(text.contains("<section items=\"1000000\" item-sizes=\"\(runs.description)\" reuse-identifier=\"photo\"/>"))
        // Nothing long: no line of the trace holds more than one chunk.
        #expect(text.split(separator: "\n").allSatisfy { $0.utf8.count < 20_000 })
    }

    @Test("A short list is written in the attribute, equal neighbours as runs")
    func shortListAttribute() throws {
        let a = Size(width: 100, height: 100)
        let b = Size(width: 50, height: 80.5)
        let section = SectionDescription(items: 6, itemSizes: [a, a, a, b, a, a])
        let insert = BatchUpdate.Operation.insertItems(section: 0, items: [6, 7, 8], sizes: [b, b, a])
        let trace = Trace(header: header(sections: [section]),
                          events: [TraceEvent(time: 1, .batch(BatchUpdate(countsAfter: [9], operations: [insert])))])
        let written = try TraceWriter.encode(trace)
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains(#"<section items="6" item-sizes="100 100*3, 50 80.5, 100 100*2"/>"#))
        #expect(text.contains(#"sizes="50 80.5*2, 100 100""#))
        #expect(try Trace(bytes: written, path: "x.xml") == trace)
    }

    @Test("The list switches from the attribute to chunks past 1,000 entries")
    func threshold() throws {
        for runs in [1_000, 1_001] {
            let list = TraceSizeList((0..<runs).map { Size(width: Double($0 % 2), height: 1) })
            let trace = Trace(header: header(sections: [SectionDescription(items: runs, itemSizes: list)]), events: [])
            let written = try TraceWriter.encode(trace)
            let text = String(decoding: written, as: UTF8.self)
            #expect(text.contains("item-sizes=\"") == (runs == 1_000))
            #expect((text.components(separatedBy: "<item-sizes>").count - 1) == (runs == 1_000 ? 0 : 2))
            #expect(try Trace(bytes: written, path: "x.xml") == trace)
        }
    }
}
