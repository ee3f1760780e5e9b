internal import Foundation

extension GateJudgement {
    /// JUnit XML (SPEC §8): one `<testsuite>` named `reel gate` inside `<testsuites>`, one `<testcase>` per
    /// figure of each trace — `classname` the trace's file name without `.xml` under `reel.gate`, `name` the
    /// figure — failing with a readable message for a regression, `<skipped>` with the reason for a figure not
    /// judged, passing otherwise. Well-formed XML 1.0; readable by Jenkins, GitLab and GitHub test reporters.
    static func junit(_ judgements: [GateJudgement], failures errors: [TraceFailure] = []) -> String {
        let cases = judgements.reduce(0) { $0 + $1.figures.count } + errors.count
        let failures = judgements.reduce(0) { $0 + $1.regressions.count }
        let skipped = judgements.reduce(0) { $0 + $1.notJudged.count }
        let counts = "tests=\"\(cases)\" failures=\"\(failures)\" errors=\"\(errors.count)\" skipped=\"\(skipped)\""
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"reel gate\" \(counts)>",
            "  <testsuite name=\"reel gate\" \(counts) time=\"0\">",
        ]
        for judgement in judgements {
            var traceName = fileName(judgement.trace)
            if traceName.hasSuffix(".xml") { traceName.removeLast(4) }
            let classname = xmlEscape("reel.gate." + traceName.replacingOccurrences(of: ".", with: "_"))
            for row in judgement.figures {
                let open = "    <testcase classname=\"\(classname)\" name=\"\(xmlEscape(row.name))\" time=\"0\""
                switch row.verdict {
                case .regression:
                    lines.append(open + ">")
                    lines.append("      <failure type=\"regression\" message=\"\(xmlEscape(row.sentence(judgement)))\">"
                                 + "\(xmlEscape(row.sentence(judgement)))</failure>")
                    lines.append("    </testcase>")
                case .notJudged:
                    lines.append(open + ">")
                    lines.append("      <skipped message=\"\(xmlEscape("not judged: " + row.reason))\"/>")
                    lines.append("    </testcase>")
                case .improvement, .unchanged:
                    lines.append(open + ">")
                    lines.append("      <system-out>\(xmlEscape(row.sentence(judgement)))</system-out>")
                    lines.append("    </testcase>")
                }
            }
            for note in judgement.notes {
                lines.append("    <system-out>\(xmlEscape(note))</system-out>")
            }
        }
        for error in errors {
            lines.append("    <testcase classname=\"reel.gate\" name=\"\(xmlEscape(error.trace))\" time=\"0\">")
            lines.append("      <error type=\"failed\" message=\"\(xmlEscape(error.message))\">\(xmlEscape(error.message))</error>")
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as XML character data or an attribute value: markup characters escaped, characters XML 1.0
    /// forbids dropped.
    static func xmlEscape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\t", "\n", "\r": output += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

extension FigureJudgement {
    /// `frame/cells/configure regressed: 1.234 ms → 1.567 ms (+27.0 %; p=0.000 n=10+10; worse beyond 10 %,
    /// p=0.000 ≤ 0.01) in photo-grid-browse.xml (flow)`.
    func sentence(_ judgement: GateJudgement) -> String {
        let what = switch verdict {
        case .regression: "regressed"
        case .improvement: "improved"
        case .unchanged: "unchanged"
        case .notJudged: "not judged"
        }
        return "\(name) \(what): \(GateText.value(baseline, of: figure)) → \(GateText.value(current, of: figure)) "
            + "(\(changeText); \(pValue == nil ? "" : evidence + "; ")\(reason)) in \(judgement.trace) (\(judgement.layout))"
    }
}
