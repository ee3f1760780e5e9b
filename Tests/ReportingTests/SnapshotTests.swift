import Testing
import TestSupport
@testable import Reporting

@Suite("Snapshot report", .tags(.fast))
struct SnapshotTests {
    static let snapshot = SnapshotReport(
        time: 2.5, frame: 150, contentOffset: .init(x: 0, y: 1200), contentSize: .init(width: 390, height: 21900),
        elements: [
            .init(category: .cell, section: 0, item: 36, frame: .init(x: 10, y: 1210, width: 100, height: 100),
                  center: .init(x: 60, y: 1260), size: .init(width: 100, height: 100)),
            .init(category: .cell, section: 0, item: 37, frame: .init(x: 145, y: 1210, width: 100, height: 100),
                  center: .init(x: 195, y: 1260), size: .init(width: 100, height: 100), alpha: 0.5, zIndex: 1,
                  hidden: true, selected: true,
                  transform: [1.2, 0, 0, 0, 0, 1.2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
            .init(category: .supplementary, section: 1, item: 0, kind: "header",
                  frame: .init(x: 0, y: 1300.25, width: 390, height: 40),
                  center: .init(x: 195, y: 1320.25), size: .init(width: 390, height: 40), zIndex: 10),
            .init(category: .decoration, section: 1, item: 0, kind: "background",
                  frame: .init(x: 0, y: 1300, width: 390, height: 1000.333333),
                  center: .init(x: 195, y: 1800.1666665), size: .init(width: 390, height: 1000.333333), zIndex: -1),
        ])

    @Test("JSON: the core keys in their fixed order, kind null for cells")
    func json() {
        golden.expect(Self.snapshot.render(.json), matches: "snapshot.json")
        guard case .object(let members) = Self.snapshot.json,
              case .array(let elements)? = Self.snapshot.json["elements"],
              case .object(let element)? = elements.first
        else {
            Issue.record("a snapshot is an object with an array of element objects")
            return
        }
        #expect(members.map(\.key) == ["time", "frame", "content_offset", "content_size", "elements", "reel_version"])
        #expect(element.map(\.key) == ["category", "section", "item", "kind", "frame", "center", "size", "alpha",
                                        "z_index", "hidden", "selected", "transform"])
        #expect(element[3].value == .null)
    }

    @Test("Text: a header line and one row per element")
    func text() {
        golden.expect(Self.snapshot.render(.text), matches: "snapshot.txt")
    }

    @Test("A subclass's own fields print under \"custom\" after the standard keys, and as name=value flags in text")
    func customFields() {
        let icon = SnapshotReport.Element(
            category: .cell, section: 0, item: 3, frame: .init(x: 32, y: 629, width: 144, height: 144),
            center: .init(x: 104, y: 701), size: .init(width: 144, height: 144),
            custom: [.init(name: "delete-button-hidden", value: .bool(false)),
                     .init(name: "masking-value", value: .number(0.25)), .init(name: "layout-mode", value: .string("square"))])
        let snapshot = SnapshotReport(time: 1, frame: 60, contentOffset: .init(x: 0, y: 0),
                                      contentSize: .init(width: 1936, height: 1004), elements: [icon])
        #expect(snapshot.render(.json).contains("""
                  "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
                  "custom": {
                    "delete-button-hidden": false,
                    "masking-value": 0.25,
                    "layout-mode": "square"
                  }
            """))
        #expect(snapshot.render(.text).contains("delete-button-hidden=false,masking-value=0.25,layout-mode=square"))
        // Standard attributes carry no "custom" key.
        #expect(!Self.snapshot.render(.json).contains("custom"))
    }

    @Test("Numbers print with the shortest text that reads back as the same double; integers without .0")
    func exactNumbers() throws {
        var perspective = SnapshotReport.Element.identity
        perspective[11] = -0.00119
        let third = 1000.0 / 3
        let element = SnapshotReport.Element(
            category: .cell, section: 0, item: 0, frame: .init(x: 0.1 + 0.2, y: third, width: 100, height: -0.0),
            center: .init(x: .infinity, y: -.infinity), size: .init(width: .nan, height: 1e300), alpha: 0.999999,
            transform: perspective)
        let snapshot = SnapshotReport(time: 2.5, frame: 150, contentOffset: .init(x: 0, y: 1200),
                                      contentSize: .init(width: 390, height: 21900), elements: [element])
        let json = snapshot.render(.json)
        #expect(json.contains(#""frame": [0.30000000000000004, 333.3333333333333, 100, 0]"#))
        #expect(json.contains(#""transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.00119, 0, 0, 0, 1]"#))
        #expect(json.contains(#""alpha": 0.999999"#))
        // JSON has no infinity or NaN: they print as null, as in every report.
        #expect(json.contains(#""center": [null, null]"#))
        #expect(json.contains(#""size": [null, 1e+300]"#))
        // Every number reads back as the same double.
        for text in ["0.30000000000000004", "333.3333333333333", "-0.00119", "0.999999", "1e+300"] {
            #expect(Double(text).map { "\($0)" } == text)
        }
        let row = snapshot.render(.text)
        #expect(row.contains("0.30000000000000004") && row.contains("333.3333333333333") && row.contains("-0.00119"))
        #expect(row.contains("content offset (0, 1200)"))
    }

    @Test("An element animating out carries \"disappearing\": true after the standard keys; others carry no key")
    func disappearing() {
        let leaving = SnapshotReport.Element(
            category: .cell, section: 0, item: 1, frame: .init(x: 145, y: 10, width: 100, height: 100),
            center: .init(x: 195, y: 60), size: .init(width: 100, height: 100), alpha: 0.5, disappearing: true,
            custom: [.init(name: "angle", value: .number(0.5))])
        let snapshot = SnapshotReport(time: 0.25, frame: 15, contentOffset: .init(x: 0, y: 0),
                                      contentSize: .init(width: 390, height: 1000), elements: [leaving])
        #expect(snapshot.render(.json).contains("""
                  "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
                  "disappearing": true,
                  "custom": {
            """))
        #expect(snapshot.render(.text).contains("disappearing,angle=0.5"))
        #expect(!Self.snapshot.render(.json).contains("disappearing"))
    }

    @Test("Nothing displayed: just the header")
    func empty() {
        let snapshot = SnapshotReport(time: 0, frame: 0, contentOffset: .init(x: 0, y: 0),
                                      contentSize: .init(width: 0, height: 0), elements: [])
        #expect(snapshot.render(.text)
            == "Snapshot at 0 s · frame 0 · content offset (0, 0) · content size 0 × 0 · 0 elements\n")
        #expect(snapshot.render(.json).contains(#""elements": []"#))
    }
}
