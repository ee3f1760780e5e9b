import Foundation
import TestSupport
import Testing

/// Values beyond their limits, through the built `reel`: every command exits
/// 1 with the error, none ends on a signal.
@Suite("Limits through the reel binary", .tags(.endToEnd))
struct LimitCommandTests {
    /// A reproduction: the trace's text and what every command's error says.
    struct Reproduction: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let message: String
        var testDescription: String { name }
    }

    private static func trace(view: String = #"width="320" height="568" refresh-rate="60""#,
                              layout: String = #"item-size="100 100""#, items: String = "50",
                              cost: String = #"create="0.1""#, events: String = #"<scroll t="0.1" x="0" y="10"/>"#,
                              before: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <trace version="1">
        \(before)  <collection-view \(view)/>
          <layout name="flow" \(layout)/>
          <data><section items="\(items)"/></data>
          <workload><cell reuse-identifier="cell" \(cost)/></workload>
          <events>
        \(events)
          </events>
        </trace>

        """
    }

    /// The traces of /work/repro13 that are about values and machine limits.
    static let reproductions: [Reproduction] = [
        Reproduction(name: "t-rr1", text: trace(view: #"width="320" height="568" refresh-rate="1e-11""#),
                     message: "t-rr1.xml:3:45: invalid value '1e-11' for attribute 'refresh-rate' of <collection-view>; "
                        + "expected a refresh rate from 1 to 240 Hz (the fastest displays refresh at 240 Hz)"),
        Reproduction(name: "t-rr2", text: trace(view: #"width="320" height="568" refresh-rate="1e-300""#),
                     message: "t-rr2.xml:3:45: invalid value '1e-300' for attribute 'refresh-rate' of <collection-view>"),
        Reproduction(name: "t-rr3", text: trace(view: #"width="320" height="568" refresh-rate="1e300""#),
                     message: "t-rr3.xml:3:45: invalid value '1e300' for attribute 'refresh-rate' of <collection-view>"),
        Reproduction(name: "t-t1e9", text: trace(events: #"<scroll t="1e9" x="0" y="10"/>"#),
                     message: "t-t1e9.xml:8:9: invalid value '1e9' for attribute 't' of <scroll>; expected a time from 0 "
                        + "to 86,400 seconds (a session lasts at most 24 hours)"),
        Reproduction(name: "t-anim1e9",
                     text: trace(events: #"<batch t="0.1" animated="true" duration="1e9"><delete-items section="0" at="1"/></batch>"#),
                     message: "t-anim1e9.xml:8:32: invalid value '1e9' for attribute 'duration' of <batch>; expected a "
                        + "duration from 0 to 60 seconds"),
        Reproduction(name: "t-items", text: trace(items: "100000000000"),
                     message: "t-items.xml:5:18: invalid value '100000000000' for attribute 'items' of <section>; "
                        + "expected a number of items from 0 to 10,000,000"),
        Reproduction(name: "t-cost", text: trace(cost: #"create="1e11""#),
                     message: "t-cost.xml:6:43: invalid value '1e11' for attribute 'create' of <cell>; expected a cost "
                        + "from 0 to 1,000 ms"),
        Reproduction(name: "t-w308", text: trace(view: #"width="1e308" height="568" refresh-rate="60""#),
                     message: "t-w308.xml:3:20: invalid value '1e308' for attribute 'width' of <collection-view>; "
                        + "expected a length from 1 to 100,000 points (25 times the widest display)"),
        Reproduction(name: "t-wide",
                     text: trace(view: #"width="1e9" height="568" refresh-rate="60""#,
                                 events: #"<batch t="0.1"><delete-items section="0" at="1"/></batch>"#),
                     message: "t-wide.xml:3:20: invalid value '1e9' for attribute 'width' of <collection-view>"),
        Reproduction(name: "t-meta",
                     text: trace(before: "<meta " + (0..<20_000).map { "a\($0)=\"x\"" }.joined(separator: " ") + "/>\n"),
                     message: "t-meta.xml:3:1: <meta> has more than 256 attributes"),
        Reproduction(name: "visible-elements",
                     text: trace(view: #"width="390" height="844" refresh-rate="60""#,
                                 layout: #"item-size="1 1" minimum-line-spacing="0" minimum-interitem-spacing="0""#,
                                 items: "20000", events: #"<scroll t="0" x="0" y="0"/>"#),
                     message: "visible-elements.xml:8:1: frame 0 (0 s) displays 20,000 elements, more than the limit of "
                        + "10,000 in one frame"),
        // 10,000,000 items of 0.0001 points on one screen: the engine builds 10,001 attributes, not 10,000,000.
        Reproduction(name: "t-tiny",
                     text: trace(layout: #"item-size="0.0001 0.0001" minimum-line-spacing="0" minimum-interitem-spacing="0""#,
                                 items: "10000000"),
                     message: "t-tiny.xml: frame 0 (0 s) displays 10,000,000 elements, more than the limit of 10,000 in "
                        + "one frame"),
        Reproduction(name: "deceleration-rate",
                     text: trace(view: #"width="320" height="568" deceleration-rate="0.9999999""#),
                     message: "deceleration-rate.xml:3:45: invalid value '0.9999999' for attribute 'deceleration-rate' of "
                        + "<collection-view>; expected 'normal', 'fast' or a factor per millisecond from 0.001 to 0.999"),
    ]

    @Test("validate, replay and snapshot exit 1 with the error, and no signal", arguments: reproductions)
    func reproduction(_ reproduction: Reproduction) throws {
        let folder = try ScratchDirectory.folder("limit")
        let path = folder.appendingPathComponent(reproduction.name + ".xml").path
        try reproduction.text.write(toFile: path, atomically: true, encoding: .utf8)
        for arguments in [["validate", path], ["replay", path, "--repeat", "1", "--warmup", "0"],
                          ["snapshot", path, "--time", "0.2"]] {
            let result = try ReelProcess.run(arguments: arguments)
            let output = result.stdout + result.stderr
            #expect(!result.signalled, "\(arguments[0]) ended on signal \(result.status)")
            #expect(result.status == 1, "\(arguments[0]): \(output)")
            #expect(output.contains(folder.path + "/" + reproduction.message), "\(arguments[0]): \(output)")
        }
    }
}
