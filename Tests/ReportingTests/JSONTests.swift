import Testing
import Foundation
@testable import Reporting
import TestSupport

@Suite("JSON writer and reader", .tags(.fast))
struct JSONTests {
    @Test("Numbers: rounded to three decimals, shortest form, integers without .0, never -0",
          arguments: [(1.2, "1.2"), (1.200, "1.2"), (60, "60"), (16.666666, "16.667"), (0.0004, "0"),
                      (-0.0004, "0"), (-0.0, "0"), (0.001, "0.001"), (1234567.8915, "1234567.892"), (-2.5, "-2.5"),
                      (1e15, "1000000000000000"), (9_007_199_254_740_992, "9007199254740992"), (.nan, "null"), (.infinity, "null"),
                      (1e306, "1e+306"), (-.greatestFiniteMagnitude, "-1.7976931348623157e+308")])
    func numbers(value: Double, text: String) {
        #expect(JSONValue.format(value) == text)
    }

    @Test("Strings are escaped; non-ASCII text is kept")
    func strings() throws {
        let value = JSONValue.string("a \"b\" \\ c\nd\té \u{01} 😀")
        let text = value.serialized()
        #expect(text == #""a \"b\" \\ c\nd\té \u0001 😀""#)
        let read = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String
        #expect(read == "a \"b\" \\ c\nd\té \u{01} 😀")
    }

    @Test("Objects keep their order; empty containers stay short")
    func layout() {
        let value = JSONValue.object([
            .init("z", .int(1)), .init("a", .array([])), .init("m", .object([])),
            .init("list", .numbers([1, 2.5])), .init("rows", .array([.object([.init("k", .null)])])),
        ])
        #expect(value.serialized() == """
            {
              "z": 1,
              "a": [],
              "m": {},
              "list": [1, 2.5],
              "rows": [
                {"k": null}
              ]
            }
            """)
    }

    @Test("A report that is not JSON names the line and column where reading stopped",
          arguments: [
              ("{\n  \"a\": x\n}", "r.json:2:8: not valid JSON: invalid value"),
              ("{\"a\" 1}", "r.json:1:6: not valid JSON: "),
              ("[1, 2", "r.json:1:6: not valid JSON: unexpected end of file"),
              ("{\"é\": x}", "r.json:1:7: not valid JSON: invalid value"),
              ("{} x", "r.json:1:4: not valid JSON: "),
              ("", "r.json:1:1: not valid JSON: "),
          ])
    func syntaxErrors(text: String, message: String) {
        do {
            _ = try Report.decode(json: text, path: "r.json")
            Issue.record("decoding \(text) should fail")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test("Too deep a nesting is refused, not a crash")
    func depth() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONReadError.self) { try Report.decode(json: text) }
    }

    @Test("A report survives a round trip: decoding then encoding gives the same bytes", arguments: [true, false])
    func roundTrip(frames: Bool) throws {
        for measurement in [Fixtures.caseStudy(), Fixtures.incomplete(), Measurements.measurement([])] {
            let json = ReportFormat.json.render([Report(measurement)], includeFrames: frames)
            let decoded = try Report.decode(json: json)
            #expect(decoded.count == 1)
            #expect(ReportFormat.json.render(decoded, includeFrames: frames) == json)
        }
    }

    @Test("Decoded figures equal the computed ones, to three decimals")
    func decodedFigures() throws {
        let report = Report(Fixtures.caseStudy())
        let decoded = try #require(try Report.decode(json: ReportFormat.json.render([report], includeFrames: true)).first)
        #expect(decoded.counters == report.counters)
        #expect(decoded.hotPaths.map(\.path) == report.hotPaths.map(\.path))
        #expect(decoded.findings == report.findings)
        #expect(decoded.environment == report.environment)
        #expect(decoded.frameSamples.count == report.frameSamples.count)
        #expect(decoded.perRepeat.map(\.jankyFrames) == report.perRepeat.map(\.jankyFrames))
        #expect(decoded.budgetMs == 8.333)
        #expect(close(decoded.effectiveFPS, report.effectiveFPS, 0.0005))
        #expect(decoded.hitchBand == report.hitchBand)
        #expect(decoded.verdict == report.verdict)
        #expect(decoded.markers == report.markers)
    }

    @Test("A minimal report, without Reel's added keys, is read")
    func minimal() throws {
        let json = """
            {"format": "reel-report", "version": 1, "complete": true, "trace": "t.xml", "layout": "flow",
             "mode": "offsets", "refresh_rate_hz": 60, "budget_ms": 16.667, "repeats": 5, "warmup": 1,
             "frames": 1200, "session_s": 20.0,
             "frame_time_ms": {"mean": 1.2, "p50": 0.9, "p90": 2.1, "p95": 3.0, "p99": 9.8, "max": 21.4},
             "janky_frames": 3, "dropped_frames": 4, "hitch_time_ms": 66.7, "hitch_time_ratio_ms_per_s": 3.3,
             "effective_fps": 59.8, "peak_fps": 60, "counters": {"cells_created": 28},
             "hot_paths": [{"path": "frame/cells/configure", "calls": 940, "total_ms": 240.1, "self_ms": 240.1,
                            "janky_self_ms": 31.0}],
             "worst_frames": [{"index": 0, "t": 0.0, "ms": 21.4, "top_path": "frame/cells/create"}],
             "environment": {"host": "h", "cores": 2, "swift": "6.3.1", "build": "release"}}
            """
        let report = try #require(try Report.decode(json: json).first)
        #expect(report.frames == 1200)
        #expect(report.hitchBand == .good)
        #expect(report.counters == [.cellsCreated: 28])
        #expect(report.hotPaths.first?.callP99Ms == 0)
        #expect(report.worstFrames.first?.topPath == "frame/cells/create")
        #expect(report.findings.isEmpty && report.failure == nil && report.perRepeat.isEmpty)
    }

    @Test("A report that is not a version-1 Reel report says which key is wrong",
          arguments: [
              (#"{"format": "other"}"#, "r.json: 'format': expected 'reel-report', found 'other'"),
              (#"{"format": "reel-report", "version": 2}"#,
               "r.json: 'version': unsupported version 2; this reel reads version 1"),
              (#"{"format": "reel-report", "version": 1}"#, "r.json: 'complete': missing"),
              (#"[{"format": "reel-report", "version": 1.5}]"#, "r.json: '[0].version': expected an integer, found 1.5"),
              ("[1]", "r.json: '[0]': expected an object"),
              ("7", "r.json: the report: expected an object"),
              (#"[{"format": null}]"#, "r.json: '[0].format': expected a string, found null"),
          ])
    func invalidReports(json: String, message: String) {
        do {
            _ = try Report.decode(json: json, path: "r.json")
            Issue.record("decoding \(json) should fail")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("The mode, the clock and the workload are words of their own; another word is refused naming the key and listing them",
          arguments: [("mode", "sideways", "'mode': expected 'offsets' or 'gestures', found 'sideways'"),
                      ("clock", "sundial", "'clock': expected 'cpu', 'wall', 'manual' or 'custom', found 'sundial'"),
                      ("workload", "burn", "'workload': expected 'model' or 'spend', found 'burn'")])
    func words(key: String, word: String, message: String) throws {
        let json = ReportFormat.json.render([Report(Fixtures.caseStudy())], includeFrames: false)
        let decoded = try #require(try Report.decode(json: json).first)
        #expect(decoded.mode == .offsets && decoded.clock == .wall && decoded.workload == .model)
        let line = try #require(json.split(separator: "\n").first { $0.hasPrefix("  \"\(key)\": ") })
        let changed = json.replacingOccurrences(of: String(line), with: "  \"\(key)\": \"\(word)\",")
        #expect(throws: JSONReadError.self) { try Report.decode(json: changed, path: "r.json") }
        do {
            _ = try Report.decode(json: changed, path: "r.json")
        } catch {
            #expect(error.description == "r.json: \(message)")
        }
    }

    @Test("A wrongly typed nested key is named by its path")
    func nestedKey() {
        let json = ReportFormat.json.render([Report(Fixtures.incomplete())])
            .replacingOccurrences(of: #""calls": 6"#, with: #""calls": "six""#)
        do {
            _ = try Report.decode(json: json, path: "r.json")
            Issue.record("decoding should fail")
        } catch {
            #expect(error.description == "r.json: 'hot_paths[1].calls': expected a number")
        }
    }
}
