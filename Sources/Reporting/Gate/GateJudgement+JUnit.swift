internal import Foundation

extension GateJudgement {
    /// JUnit XML: one `<testsuite>` named `reel gate` inside `<testsuites>`, one `<testcase>` per
    /// figure of each trace — `classname` the trace's file name without `.xml` under `reel.gate`, `name` the
    /// figure — failing with a readable message for a regression, `<skipped>` with the reason for a figure not
    /// judged, passing otherwise. Well-formed XML 1.0; readable by Jenkins, GitLab and GitHub test reporters.
    static func junit(_ judgements: [GateJudgement], failures errors: [TraceFailure] = []) -> String {
        var document = JUnitXML(name: "reel gate")
        for judgement in judgements {
            var traceName = fileName(judgement.trace)
            if traceName.hasSuffix(".xml") { traceName.removeLast(4) }
            let classname = "reel.gate." + traceName.replacingOccurrences(of: ".", with: "_")
            for row in judgement.budgets {
                var testCase = JUnitXML.TestCase(classname: classname, name: "budget " + row.name)
                let sentence = row.sentence + " in \(judgement.trace) (\(judgement.layout))"
                if row.exceeded {
                    testCase.outcome = .failure(type: "budget exceeded", message: sentence, body: sentence)
                } else {
                    testCase.systemOut = sentence
                }
                document.append(testCase)
            }
            for row in judgement.figures {
                var testCase = JUnitXML.TestCase(classname: classname, name: row.name)
                let sentence = row.sentence(judgement)
                switch row.verdict {
                case .regression: testCase.outcome = .failure(type: "regression", message: sentence, body: sentence)
                case .notJudged: testCase.outcome = .skipped(message: "not judged: " + row.reason)
                case .improvement, .unchanged: testCase.systemOut = sentence
                }
                document.append(testCase)
            }
            document.entries += judgement.notes.map(JUnitXML.Entry.systemOut)
        }
        for error in errors {
            document.append(JUnitXML.TestCase(classname: "reel.gate", name: error.trace,
                                              outcome: .error(type: "failed", message: error.message, body: error.message)))
        }
        return document.rendered
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
