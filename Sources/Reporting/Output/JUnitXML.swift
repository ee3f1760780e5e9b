internal import Foundation

/// The one JUnit XML writer `reel replay`, `reel compare` and `reel gate` share: one `<testsuites>`
/// holding one `<testsuite>`, its `<properties>`, its test cases and its notes, with the `tests`, `failures`,
/// `errors`, `skipped` and `time` attributes counted from them. What it writes is well-formed XML 1.0 and
/// valid against Jenkins' `junit-10.xsd`, the schema Jenkins, GitLab and GitHub test reporters read.
struct JUnitXML {
    /// How a test case ended.
    enum Outcome: Equatable {
        case passed
        /// The code under test ran and fell short: a regression, a threshold exceeded.
        case failure(type: String, message: String, body: String)
        /// The test could not run to its end: an unreadable trace, a replay that stopped early.
        case error(type: String, message: String, body: String)
        case skipped(message: String)
    }

    /// One `<testcase>`.
    struct TestCase: Equatable {
        var classname: String
        var name: String
        /// Seconds the test case measured.
        var seconds: Double = 0
        var outcome: Outcome = .passed
        /// The case's `<system-out>`, when it has one.
        var systemOut: String?
    }

    /// One child of the test suite, in order.
    enum Entry: Equatable {
        case testCase(TestCase)
        /// A `<system-out>` of the suite: a note that belongs to no one test case.
        case systemOut(String)
    }

    /// The suite's name, also the name of `<testsuites>`: `reel replay`.
    var name: String
    /// The suite's `<properties>`, in order; none writes no `<properties>` element.
    var properties: [(name: String, value: String)] = []
    var entries: [Entry] = []

    init(name: String) {
        self.name = name
    }

    mutating func append(_ testCase: TestCase) {
        entries.append(.testCase(testCase))
    }

    /// The test cases, in order.
    var testCases: [TestCase] {
        entries.compactMap { if case .testCase(let testCase) = $0 { testCase } else { nil } }
    }

    /// The document, ending with a newline.
    var rendered: String {
        let cases = testCases
        let failures = cases.count { if case .failure = $0.outcome { true } else { false } }
        let errors = cases.count { if case .error = $0.outcome { true } else { false } }
        let skipped = cases.count { if case .skipped = $0.outcome { true } else { false } }
        let time = Self.seconds(cases.reduce(0) { $0 + $1.seconds })
        let counts: [(String, String)] = [("tests", String(cases.count)), ("failures", String(failures)),
                                          ("errors", String(errors))]
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            Self.tag("testsuites", [("name", name)] + counts + [("time", time)]),
            "  " + Self.tag("testsuite", [("name", name)] + counts + [("skipped", String(skipped)), ("time", time)]),
        ]
        if !properties.isEmpty {
            lines.append("    <properties>")
            for property in properties {
                lines.append("      " + Self.tag("property", [("name", property.name), ("value", property.value)],
                                                 empty: true))
            }
            lines.append("    </properties>")
        }
        for entry in entries {
            switch entry {
            case .testCase(let testCase):
                lines += Self.lines(of: testCase)
            case .systemOut(let text):
                lines.append("    <system-out>\(Self.escape(text, inAttribute: false))</system-out>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func lines(of testCase: TestCase) -> [String] {
        let open = tag("testcase", [("classname", testCase.classname), ("name", testCase.name),
                                    ("time", seconds(testCase.seconds))])
        var lines = ["    " + open]
        switch testCase.outcome {
        case .passed:
            break
        case .failure(let type, let message, let body):
            lines.append("      " + tag("failure", [("type", type), ("message", message)])
                         + escape(body, inAttribute: false) + "</failure>")
        case .error(let type, let message, let body):
            lines.append("      " + tag("error", [("type", type), ("message", message)])
                         + escape(body, inAttribute: false) + "</error>")
        case .skipped(let message):
            lines.append("      " + tag("skipped", [("message", message)], empty: true))
        }
        if let systemOut = testCase.systemOut {
            lines.append("      <system-out>\(escape(systemOut, inAttribute: false))</system-out>")
        }
        lines.append("    </testcase>")
        return lines
    }

    /// `<name a="1" b="2">`, or `<name a="1"/>` when `empty`.
    private static func tag(_ name: String, _ attributes: [(String, String)], empty: Bool = false) -> String {
        let attributes = attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
        return "<\(name)\(attributes)\(empty ? "/>" : ">")"
    }

    /// Seconds with three decimals, as the schema's `SUREFIRE_TIME` reads them: `1.234`.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? max(0, value) : 0)
    }

    /// `text` as an XML attribute value (`inAttribute`) or character data: markup characters escaped,
    /// characters XML 1.0 forbids dropped; in attributes, tabs and line breaks written as character
    /// references so that they survive attribute-value normalisation, in character data only carriage returns.
    static func escape(_ text: String, inAttribute: Bool = true) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\r": output += "&#13;"
            case "\t", "\n": if inAttribute { output += "&#\(scalar.value);" } else { output.unicodeScalars.append(scalar) }
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
