import Foundation
import Testing
import TestSupport
@testable import Reporting

/// ``JSONInputLimits``: JSON inputs past what a report, a comparison or a judgement can hold are refused on
/// their bytes, naming the file and the place, before anything is decoded.
@Suite("JSON input limits", .tags(.fast))
struct JSONInputLimitsTests {
    /// `{"format": "reel-report", "KEY": OPEN element, element, … CLOSE}` with `count` elements; and where the
    /// array begins, as `line:column`.
    private static func document(key: String, count: Int, element: String = "{}",
                                 object: Bool = false) -> (text: String, place: String) {
        let elements = (0..<count).map { object ? "\"m\($0)\": \(element)" : element }.joined(separator: ", ")
        let text = "{\n  \"format\": \"reel-report\",\n  \"\(key)\": \(object ? "{" : "[")\(elements)\(object ? "}" : "]")\n}\n"
        return (text, "3:\(key.count + 7)")
    }

    /// What `Report.decode` says of `text`, read as from `baseline.json`.
    private static func refusal(_ text: String) -> String? {
        do {
            _ = try Report.decode(json: text, path: "baseline.json")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("An array past what a report holds is refused at its first bracket, naming the file, before it is decoded",
          arguments: [
              ("per_repeat", 10_000, "a report holds one per measured repeat, at most 10,000 (the passes of one command)"),
              ("hot_paths", 37, "a report holds one per span path, of which there are 37"),
              ("worst_frames", 5, "a report holds its 5 slowest frames"),
              ("rounds", 10_000, "a comparison holds one per round, at most 10,000 (the passes of one command)"),
          ])
    func arrayCaps(_ key: String, _ limit: Int, _ holds: String) {
        let past = Self.document(key: key, count: limit + 1)
        // Empty objects: a decoder would refuse the first of them as missing its keys.
        #expect(Self.refusal(past.text)
            == "baseline.json:\(past.place): '\(key)' holds more than \(FindingRules.grouped(limit)) entries: \(holds); not read")
        let within = Self.refusal(Self.document(key: key, count: limit).text)
        #expect(within?.contains("holds more than") == false)
    }

    @Test("A repeat's hot paths are capped as an object's members; an escaped name is the name it decodes to")
    func membersAndEscapes() {
        let members = Self.document(key: "hot_paths_self_ms", count: 38, element: "1", object: true)
        #expect(Self.refusal(members.text)?.hasPrefix("baseline.json:\(members.place): 'hot_paths_self_ms' holds more "
                                                      + "than 37 members") == true)
        let escaped = Self.document(key: #"per\u005frepeat"#, count: 10_001)
        #expect(Self.refusal(escaped.text)?.contains("'per_repeat' holds more than 10,000 entries") == true)
    }

    @Test("per_repeat holds exactly one entry per repeat")
    func perRepeatMatchesRepeats() throws {
        let report = Report(Measurements.measurement(frameTimes: [[10, 20], [11, 21]]))
        #expect(report.perRepeat.count == 2)
        let text = ReportFormat.json.render([report]).replacingOccurrences(of: "\"repeats\": 2", with: "\"repeats\": 3")
        #expect(Self.refusal(text) == "baseline.json: 'per_repeat': 2 entries, but 'repeats' is 3; a report holds one "
            + "per measured repeat")
        #expect(try Report.decode(json: ReportFormat.json.render([report])).first?.perRepeat.count == 2)
    }

    @Test("Frame samples past the report's repeats × the frame limit are refused")
    func frameSamples() {
        let text = "{\"repeats\": 0, \"frame_samples\": [{}]}"
        #expect(Self.refusal(text) == "baseline.json:1:33: 'frame_samples' holds 1 entry, more than the report's 0 "
            + "repeats × 10,368,000 frames a repeat holds at most; not read")
    }

    @Test("More values than the limit, and a nesting deeper than the limit, are refused where they pass it")
    func valuesAndDepth() {
        let values = "[" + String(repeating: "0,", count: JSONInputLimits.values) + "0]"
        #expect(Self.refusal(values) == "baseline.json:1:\(2 * JSONInputLimits.values): more than 8,388,608 values, "
            + "the most Reel reads from a JSON file; not read")
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(Self.refusal(deep) == "baseline.json:1:33: nested more than 32 deep, where Reel's own JSON nests at "
            + "most 9 deep")
    }

    @Test("A file past the byte limit is refused by its size, without being read; a directory in words")
    func bytes() throws {
        let folder = try ScratchDirectory.folder("json-limits")
        let path = folder.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try file.truncate(atOffset: UInt64(JSONInputLimits.bytes + 1))
        try file.close()
        let message = "\(path): 134,217,729 bytes, more than the 134,217,728 (128 MiB) Reel reads from a JSON file; not read"
        #expect { _ = try Report.read(contentsOf: path) } throws: { ($0 as? JSONReadError)?.description == message }
        #expect { _ = try ReelOutput.read(contentsOf: path) } throws: { ($0 as? JSONReadError)?.description == message }
        #expect { _ = try ReelOutput.read(contentsOf: folder.path) } throws: {
            ($0 as? JSONReadError)?.description == "\(folder.path): cannot read: is a directory; expected a JSON file"
        }
    }

    @Test("The merge reader refuses comparisons, judgements and shards past their caps too, naming the file")
    func mergeInputs() {
        let rounds = Self.document(key: "rounds", count: 10_001, element: "[]").text
            .replacingOccurrences(of: "reel-report", with: "reel-comparison")
        #expect {
            _ = try ReelOutput.decode(json: rounds, path: "compare.json")
        } throws: { ($0 as? JSONReadError)?.description.hasPrefix("compare.json:3:13: 'rounds' holds more than 10,000") == true }
        let shard = "{\"format\": \"reel-shard\", \"results\": [{\"format\": \"reel-report\", \"per_repeat\": ["
            + String(repeating: "{}, ", count: 10_000) + "{}]}]}"
        #expect {
            _ = try ReelOutput.decode(json: shard, path: "shard-1.json")
        } throws: { ($0 as? JSONReadError)?.description.hasPrefix("shard-1.json:1:78: 'per_repeat' holds more") == true }
    }
}
